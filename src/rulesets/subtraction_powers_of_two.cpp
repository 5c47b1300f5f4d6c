// sub(pow2): a move takes a power of two (1, 2, 4, 8, …) from a heap.
//
// g(n) = n mod 3, for every heap, by induction on n. Powers of two are 1 or 2
// mod 3, so no option of n has n's residue, hence (induction) no option is worth
// n mod 3; and the smaller residues are there: n ≡ 1 reaches n-1 (worth 0),
// n ≡ 2 reaches n-1 and n-2 (worth 1 and 0). So g(n) = mex = n mod 3.
// Misère (the terminal heap 0 is worth 1): the same argument through the
// bijection exchanging 0 and 1 gives g⁻(n) = swap01(n mod 3).
// (A classic: HDU 1847, "Good Luck in CET-4 Everybody!".)
#include <optional>
#include <vector>

#include "grundy/core/heap_game_rule.hpp"
#include "rulesets/builtin_specs.hpp"
#include "core/heap_rule_helpers.hpp"
#include "rulesets/heap_ruleset.hpp"

namespace grundy {
namespace {

// Written on the game model (heap_game_rule.hpp): the moves, the closed forms
// and their proven periods. The moves to a value need no hook of their own: a
// heap has at most 64 options, each valued by the closed form.
struct PowersOfTwo {
  using Position = std::uint64_t;

  void moves(std::uint64_t heap, std::vector<std::uint64_t>& out) const {
    for (int k = 0; k < 64; ++k) {
      const std::uint64_t power = std::uint64_t{1} << k;
      if (power > heap) return;
      out.push_back(heap - power);
    }
  }

  std::optional<Nimber> closed_form(std::uint64_t heap) const { return heap % 3; }
  std::optional<Nimber> misere_closed_form(std::uint64_t heap) const {
    const Nimber r = heap % 3;
    return r <= 1 ? 1 - r : r;
  }

  std::optional<Periodicity> proven_pattern() const {
    return rulesets_detail::proven_pattern(Periodicity::Kind::periodic, 0, 3, 0,
                                           "g(n) = n mod 3: powers of two are 1 or 2 mod 3 (induction on n)");
  }
  std::optional<Periodicity> proven_misere_pattern() const {
    return rulesets_detail::proven_pattern(Periodicity::Kind::periodic, 0, 3, 0,
                                           "misère g(n) = n mod 3 with 0 and 1 exchanged (induction on n)");
  }
};

}  // namespace

RulesetSpec subtraction_powers_of_two_ruleset() {
  return rulesets_detail::heap_ruleset(
      "sub", "pow2", {"sub(pow2)(heaps…)", "take a power of two (1, 2, 4, 8, …): g(n) = n mod 3"},
      [] { return HeapGameRule<PowersOfTwo>::make({}, "sub(pow2)"); }, 70);
}

}  // namespace grundy
