// Lasker's Nim (see the header). The closed form is proven in Winning Ways by
// induction: the options of n are every smaller heap (taking) and every split
// (a, n - a), and with g as stated the splits' nim-sums cover exactly the
// values the takes miss. The conformance suite holds it to the definition.
//
// Moves to a value, at any heap size and without walking the splits (below).
#include "grundy/rulesets/lasker_nim.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "closed_forms/lasker_math.hpp"
#include "core/heap_rule_helpers.hpp"
#include "grundy/core/heap_game_rule.hpp"
#include "rulesets/builtin_specs.hpp"
#include "rulesets/heap_ruleset.hpp"

namespace grundy {
namespace {

// Written on the game model (heap_game_rule.hpp): the takes and the splits,
// each once and lazily (heap n has n takes and n/2 splits), the closed form,
// its proven pattern and the moves to a value at any heap size.
struct LaskerNim {
  using Position = std::uint64_t;

  template <class Visit>
  void for_each_move(std::uint64_t heap, Visit&& visit) const {
    for (std::uint64_t k = 1; k <= heap; ++k)
      if (!visit(heap - k)) return;
  }
  void moves(std::uint64_t heap, std::vector<std::uint64_t>& out) const { append_heap_moves(*this, heap, out); }

  template <class Visit>
  void for_each_split(std::uint64_t heap, Visit&& visit) const {
    for (std::uint64_t a = 1; a <= heap / 2; ++a)
      if (!visit(heap - a, a)) return;
  }

  // g(4k+3) = 4k+4: the heap 2^64-1 is worth 2^64.
  std::uint64_t largest_heap() const { return UINT64_MAX - 1; }

  std::optional<Nimber> closed_form(std::uint64_t heap) const { return lasker::value(heap); }

  std::optional<Periodicity> proven_pattern() const {
    return rulesets_detail::proven_pattern(
        Periodicity::Kind::arithmetic, 1, 4, 4,
        "Lasker's Nim closed form (Winning Ways): g(4k+1)=4k+1, g(4k+2)=4k+2, g(4k+3)=4k+4, g(4k+4)=4k+3");
  }

  std::optional<TheoremApplication> theorem(std::uint64_t heap) const {
    if (heap == 0) return std::nullopt;
    TheoremApplication t;
    t.theorem = "Lasker's Nim closed form (Winning Ways, ch. 4)";
    t.statement = "g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3: the takes reach every smaller "
                  "value, and the splits' nim-sums cover exactly the one they miss";
    const std::uint64_t k = (heap - 1) / 4;
    const std::uint64_t r = (heap - 1) % 4 + 1;
    t.steps.push_back(std::to_string(heap) + " = 4·" + std::to_string(k) + " + " + std::to_string(r));
    t.conclusion = "so g(lasker(" + std::to_string(heap) + ")) = " + std::to_string(lasker::value(heap));
    return t;
  }

  // Taking leaves heap - k, whose value is the target for exactly one heap,
  // g⁻¹(target) = g(target) (g is an involution on the naturals); 2^64 - 1 is
  // the value of no heap (4k+3 comes from 4k+4 = 2^64).
  std::uint64_t moves_to_value(std::uint64_t heap, Nimber target, std::size_t limit,
                               std::vector<std::uint64_t>& out) const {
    if (target == UINT64_MAX) return 0;
    const std::uint64_t left = lasker::value(target);
    if (left >= heap) return 0;
    if (limit > 0) out.push_back(left);
    return 1;
  }

  // The splits (heap - a, a) with g(a) xor g(heap - a) = target, counted and
  // the smallest listed by a digit DP over the bits of a (lasker_math.hpp).
  std::uint64_t splits_to_value(std::uint64_t heap, Nimber target, std::size_t limit, std::vector<HeapSplit>& out) const {
    const lasker::Splits splits = lasker::splits_to_value(heap, target, limit);
    for (const std::uint64_t a : splits.smallest) out.push_back(HeapSplit{heap - a, a});
    return splits.total;
  }
};

}  // namespace

HeapRulePtr make_lasker_nim() { return HeapGameRule<LaskerNim>::make({}, "lasker"); }

RulesetSpec lasker_nim_ruleset() {
  return rulesets_detail::heap_ruleset(
      "lasker", "", {"lasker(heaps…)", "Lasker's Nim: take any number, or split a heap into two (closed form)"},
      make_lasker_nim, 30);
}

}  // namespace grundy
