// value_largest_heaps_first (analysis.hpp), what `grundy value --batch` does
// before answering a block of lines: a heap rule whose table grows on demand
// (as a take-and-break rule's does) is extended once, to the largest heap of
// the block, not once per larger query. The rule here counts its extensions
// and values heaps by the definition of take-1-or-2 (g = n mod 3, computed).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <mutex>

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/heap_rule.hpp"

namespace grundy {
namespace {

class GrowingRule final : public HeapRule {
 public:
  std::string text() const override { return "growing"; }
  Nimber value(Context&, std::uint64_t heap) const override {
    std::lock_guard lock(mutex_);
    if (heap >= values_.size()) {
      ++extensions_;
      for (std::uint64_t n = values_.size(); n <= heap; ++n) {
        const Nimber a = n >= 1 ? values_[n - 1] : 99;
        const Nimber b = n >= 2 ? values_[n - 2] : 99;
        Nimber v = 0;
        while (v == a || v == b) ++v;
        values_.push_back(v);
      }
    }
    return values_[heap];
  }
  void for_each_move(std::uint64_t heap, const std::function<bool(const HeapMove&)>& visit) const override {
    for (std::uint64_t t = 1; t <= std::min<std::uint64_t>(2, heap); ++t) {
      HeapMove move{t, {}};
      if (t < heap) move.leaves.push_back(heap - t);
      if (!visit(move)) return;
    }
  }
  [[nodiscard]] int extensions() const { return extensions_; }

 private:
  mutable std::mutex mutex_;
  mutable std::vector<Nimber> values_;
  mutable int extensions_ = 0;
};

TEST(Batch, EachHeapRuleIsExtendedOnceToTheLargestHeap) {
  Context context;
  const auto rule = std::make_shared<const GrowingRule>();
  std::vector<Position> positions;
  for (std::uint64_t heap : {5ULL, 1000ULL, 77ULL, 4000ULL, 12ULL}) positions.push_back(Position(rule->component(heap)));
  value_largest_heaps_first(positions, context);
  EXPECT_EQ(rule->extensions(), 1);
  AnalysisOptions value_only;
  value_only.moves = false;
  for (const Position& p : positions) {
    const SumAnalysis a = analyze(p, context, value_only);
    // Take 1 or 2: g(n) = n mod 3.
    const auto* heap = dynamic_cast<const HeapComponent*>(&p[0]);
    ASSERT_NE(heap, nullptr);
    EXPECT_EQ(a.value, Value(heap->heap() % 3));
    EXPECT_FALSE(a.moves_searched);
  }
  EXPECT_EQ(rule->extensions(), 1);  // every later query within the table
}

}  // namespace
}  // namespace grundy
