// sub(squares): a move takes a perfect square (1, 4, 9, 16, …) from a heap.
//
// No closed form is known, and no period exists: the P-positions (OEIS A030193)
// are infinitely many (Golomb 1966) yet of density zero (a consequence of the
// Furstenberg–Sárközy theorem), which no eventually periodic sequence allows. So
// values come from the definition, O(√n) options a heap, computed into the run's
// table on demand (heap_game_rule.hpp), and no pattern is ever claimed, not even
// as detected.
#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/core/heap_game_rule.hpp"
#include "rulesets/builtin_specs.hpp"
#include "rulesets/heap_ruleset.hpp"

namespace grundy {
namespace squares {

struct SquareSubtraction {
  using Position = std::uint64_t;

  template <class Visit>
  void for_each_move(std::uint64_t heap, Visit&& visit) const {
    // r * r <= heap, without overflow: r <= 2^32 - 1.
    for (std::uint64_t r = 1; r <= 0xFFFFFFFFULL && r * r <= heap; ++r)
      if (!visit(heap - r * r)) return;
  }
  void moves(std::uint64_t heap, std::vector<std::uint64_t>& out) const { append_heap_moves(*this, heap, out); }

  // The theorem above: there is no period to find, in either play.
  std::optional<Periodicity> proven_pattern() const { return Periodicity{}; }
  std::optional<Periodicity> proven_misere_pattern() const { return Periodicity{}; }

  // 10^6 heaps take about 10^9 option visits (a second or two); the bound keeps
  // an on-demand value within that.
  std::uint64_t sequence_limit() const { return 1'000'001; }
};

}  // namespace squares

RulesetSpec subtraction_squares_ruleset() {
  return rulesets_detail::heap_ruleset(
      "sub", "squares", {"sub(squares)(heaps…)", "take a perfect square (1, 4, 9, …); computed, no period known"},
      [] { return HeapGameRule<squares::SquareSubtraction>::make({}, "sub(squares)"); }, 60);
}

}  // namespace grundy
