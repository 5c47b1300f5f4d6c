#include "core/tabulated_rule.hpp"

#include <algorithm>

#include "grundy/core/input_error.hpp"
#include "core/heap_rule_helpers.hpp"

namespace grundy::rulesets_detail {

Periodicity detect_pattern(const std::vector<Nimber>& values) {
  Periodicity found = detect_periodicity(values);
  if (found.kind == Periodicity::Kind::none) found = detect_arithmetic_periodicity(values);
  return found;
}

Nimber TabulatedRule::value(Context& context, std::uint64_t heap) const {
  std::lock_guard lock(mutex_);
  ensure(context, heap);
  return values_[heap];
}

HeapMoveList TabulatedRule::moves_to_value(Context& context, std::uint64_t heap, Nimber target,
                                           std::size_t limit) const {
  HeapMoveList result;
  if (heap == 0) return result;
  std::lock_guard lock(mutex_);
  ensure(context, heap - 1);
  for_each_move(heap, [&](const HeapMove& move) {
    context.charge();
    if (values_[heap - move.taken] != target) return true;
    count_one(result.total);
    if (result.listed.size() < limit) result.listed.push_back(take(heap, move.taken));
    return true;
  });
  return result;
}

void TabulatedRule::ensure(Context& context, std::uint64_t heap) const {
  if (heap < values_.size()) return;
  const std::uint64_t limit = value_limit();
  if (heap >= limit) {
    throw LimitError("heap " + std::to_string(heap) + " of " + text() + " is beyond the computed table (" +
                     std::to_string(limit) + " heaps) and no pattern of this rule is proven");
  }
  // Doubling keeps the total work within twice the final table.
  const std::uint64_t size = std::min<std::uint64_t>(std::max<std::uint64_t>({heap + 1, 2 * values_.size(), 1024}), limit);
  values_ = compute(context, size - 1, false);
}

SequenceReport TabulatedRule::report(Context& context, std::uint64_t upto, bool misere) const {
  check_table_request(upto, text());
  if (upto >= value_limit()) {
    throw LimitError("a table of " + text() + " up to " + std::to_string(upto) + " is beyond the limit of " +
                     std::to_string(value_limit()) + " heaps for this rule");
  }
  SequenceReport result;
  const std::vector<std::uint32_t> values = compute(context, upto, misere);
  result.values.assign(values.begin(), values.end());
  // Only a detection: no theorem bounds where these patterns start.
  result.pattern = detect_pattern(result.values);
  return result;
}

}  // namespace grundy::rulesets_detail
