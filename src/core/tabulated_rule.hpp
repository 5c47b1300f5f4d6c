// Heap rules without a proven pattern whose moves each leave one smaller heap
// (infinite subtraction sets: all-but-a-finite-set, Fibonacci numbers, squares):
// values by the definition, computed into a table that doubles on demand up to
// a bound; heaps beyond the bound are refused, never guessed.
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include "grundy/core/heap_rule.hpp"

namespace grundy::rulesets_detail {

// A (possibly arithmetic) period over most of the table: sequence.hpp's detectors
// require the preperiod to be at most half the table, so two equal values at the
// end of a growing sequence are not called "period 1". Only ever "detected".
[[nodiscard]] Periodicity detect_pattern(const std::vector<Nimber>& values);

class TabulatedRule : public HeapRule {
 public:
  Nimber value(Context& context, std::uint64_t heap) const override;
  SequenceReport table(Context& context, std::uint64_t upto) const override { return report(context, upto, false); }
  SequenceReport misere_table(Context& context, std::uint64_t upto) const override {
    return report(context, upto, true);
  }
  // Every move leaves one heap below `heap`, all in the (bounded) table: scan the
  // rule's own moves, smallest take first; exact count.
  HeapMoveList moves_to_value(Context& context, std::uint64_t heap, Nimber target, std::size_t limit) const override;

 protected:
  // g(0..upto) by the definition, normal or misère (a heap with no move is worth
  // 1); polls the context every so often.
  virtual std::vector<std::uint32_t> compute(Context& context, std::uint64_t upto, bool misere) const = 0;
  // Heaps below this are computed on demand (chosen per rule from its cost per heap).
  [[nodiscard]] virtual std::uint64_t value_limit() const { return 20'000'000; }

 private:
  void ensure(Context& context, std::uint64_t heap) const;
  SequenceReport report(Context& context, std::uint64_t upto, bool misere) const;

  mutable std::mutex mutex_;
  mutable std::vector<std::uint32_t> values_;
};

}  // namespace grundy::rulesets_detail
