// Lasker's Nim (see the header). The closed form is proven in Winning Ways by
// induction: the options of n are every smaller heap (taking) and every split
// (a, n - a), and with g as stated the splits' nim-sums cover exactly the
// values the takes miss. The conformance suite holds it to the definition.
//
// Moves to a value, at any heap size and without walking the splits:
//  * taking leaves n - k, whose value is the target for exactly one heap,
//    g⁻¹(target) = g(target) (g is an involution on the naturals);
//  * the splits (n - a, a) with g(a) xor g(n - a) = target are counted and the
//    smallest listed by a digit DP over the bits of a (lasker_math.hpp).
#include "grundy/rulesets/lasker_nim.hpp"

#include <memory>

#include "rulesets/builtin_specs.hpp"
#include "grundy/core/input_error.hpp"
#include "core/heap_rule_helpers.hpp"
#include "rulesets/heap_ruleset.hpp"
#include "closed_forms/lasker_math.hpp"

namespace grundy {
namespace {

class LaskerRule final : public HeapRule {
 public:
  std::string text() const override { return "lasker"; }
  // g(4k+3) = 4k+4: the heap 2^64-1 is worth 2^64.
  std::uint64_t largest_heap() const override { return UINT64_MAX - 1; }

  Nimber value(Context&, std::uint64_t heap) const override { return lasker::value(heap); }

  // Splits first (taking nothing), then takes of 1..n.
  void for_each_move(std::uint64_t heap, const std::function<bool(const HeapMove&)>& visit) const override {
    HeapMove move;
    for (std::uint64_t a = 1; a <= heap / 2; ++a) {
      move.leaves = {heap - a, a};
      if (!visit(move)) return;
    }
    for (std::uint64_t k = 1; k <= heap; ++k) {
      if (!visit(rulesets_detail::take(heap, k))) return;
    }
  }

  // Exact at any heap size, without walking the n/2 splits (see above).
  HeapMoveList moves_to_value(Context&, std::uint64_t heap, Nimber target, std::size_t limit) const override {
    HeapMoveList result;
    const lasker::Splits splits = lasker::splits_to_value(heap, target, limit);
    result.total = splits.total;
    for (std::uint64_t a : splits.smallest) result.listed.push_back(HeapMove{0, {heap - a, a}});
    // The one heap worth `target` is g(target) (g is an involution); 2^64 - 1 is
    // the value of no heap (4k+3 comes from 4k+4 = 2^64).
    if (target != UINT64_MAX) {
      const std::uint64_t left = lasker::value(target);
      if (left < heap) {
        rulesets_detail::count_one(result.total);
        if (result.listed.size() < limit) result.listed.push_back(rulesets_detail::take(heap, heap - left));
      }
    }
    return result;
  }

  std::string describe(std::uint64_t heap, const HeapMove& move) const override {
    if (move.taken == 0 && move.leaves.size() == 2) {
      return "split the heap of " + std::to_string(heap) + " into " + std::to_string(move.leaves[0]) + " and " +
             std::to_string(move.leaves[1]);
    }
    return HeapRule::describe(heap, move);
  }

  SequenceReport table(Context&, std::uint64_t upto) const override {
    check_table_request(upto, text());
    SequenceReport report;
    report.values.reserve(upto + 1);
    for (std::uint64_t n = 0; n <= upto; ++n) report.values.push_back(lasker::value(n));
    report.pattern = rulesets_detail::proven_pattern(
        Periodicity::Kind::arithmetic, 1, 4, 4,
        "Lasker's Nim closed form (Winning Ways): g(4k+1)=4k+1, g(4k+2)=4k+2, g(4k+3)=4k+4, g(4k+4)=4k+3");
    return report;
  }
};

}  // namespace

HeapRulePtr make_lasker_nim() { return std::make_shared<const LaskerRule>(); }

RulesetSpec lasker_nim_ruleset() {
  return rulesets_detail::heap_ruleset(
      "lasker", "", {"lasker(heaps…)", "Lasker's Nim: take any number, or split a heap into two (closed form)"},
      make_lasker_nim, 30);
}

}  // namespace grundy
