#include "grundy/core/heap_rule.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "grundy/core/heap_sequence.hpp"
#include "grundy/core/input_error.hpp"

namespace grundy {
namespace {

Nimber value_of_leaves(const std::vector<Nimber>& table, const HeapMove& move) {
  Nimber v = 0;
  for (std::uint64_t h : move.leaves) v ^= table[h];
  return v;
}

void count_one(std::uint64_t& total) {
  if (total != UINT64_MAX) ++total;
}

}  // namespace

void check_table_request(std::uint64_t upto, const std::string& rule_text, const std::string& instead) {
  if (upto >= kDefaultTableLimit) {
    throw LimitError("a table of " + rule_text + " up to " + std::to_string(upto) + " is beyond the limit of " +
                     std::to_string(kDefaultTableLimit) + " heaps" + (instead.empty() ? "" : " (" + instead + ")"));
  }
}

HeapMoveList HeapRule::moves_to_value(Context& context, std::uint64_t heap, Nimber target, std::size_t limit) const {
  // Scanning stops here: past it a rule must override with something exact.
  constexpr std::uint64_t kScanLimit = 1'000'000;
  HeapMoveList result;
  std::uint64_t seen = 0;
  bool truncated = false;
  for_each_move(heap, [&](const HeapMove& move) {
    if (++seen > kScanLimit) {
      truncated = true;
      return false;
    }
    context.charge();
    Nimber v = 0;
    for (std::uint64_t h : move.leaves) v ^= value(context, h);
    if (v == target) {
      count_one(result.total);
      if (result.listed.size() < limit) result.listed.push_back(move);
    }
    return true;
  });
  if (truncated) {
    throw LimitError("heap " + std::to_string(heap) + " of " + text() + " has too many moves to list its moves to value " +
                     std::to_string(target));
  }
  return result;
}

// The definition in either play, the one loop of heap_sequence.hpp; a
// move's value is that of the heaps it leaves.
SequenceReport HeapRule::table_by_definition(Context& context, std::uint64_t upto, Play play) const {
  check_table_request(upto, text());
  SequenceReport report;
  extend_heap_sequence(report.values, upto, play, context, [&](std::uint64_t n, auto&& option) {
    for_each_move(n, [&](const HeapMove& move) {
      for (std::uint64_t h : move.leaves) {
        if (h >= n) throw std::logic_error(text() + ": a move must leave smaller heaps");
      }
      if (play == Play::normal) {
        option(value_of_leaves(report.values, move));
      } else if (move.leaves.size() > 1) {
        throw LimitError("misère play of " + text() +
                         " is not supported: its moves split heaps, and misère values do not add");
      } else {
        // Leaving nothing is the end of the game: the player to move there has won.
        option(move.leaves.empty() ? 1 : report.values[move.leaves[0]]);
      }
      return true;
    });
  });
  report.pattern = detect_any_periodicity(report.values);  // as every heap rule's table without a theorem
  return report;
}

SequenceReport HeapRule::table(Context& context, std::uint64_t upto) const {
  return table_by_definition(context, upto, Play::normal);
}

SequenceReport HeapRule::misere_table(Context& context, std::uint64_t upto) const {
  return table_by_definition(context, upto, Play::misere);
}

std::optional<TheoremApplication> HeapRule::theorem(std::uint64_t) const { return std::nullopt; }

std::optional<std::uint64_t> HeapRule::periodicity_check_end(std::uint64_t, std::uint64_t) const {
  return std::nullopt;
}

std::optional<TakeRangeList> HeapRule::take_ranges_to_value(Context& context, std::uint64_t heap, Nimber target,
                                                            std::size_t limit) const {
  constexpr std::size_t kListed = 4096;
  const HeapMoveList moves = moves_to_value(context, heap, target, kListed);
  if (moves.total_is_lower_bound || moves.total > moves.listed.size()) return std::nullopt;
  TakeRangeList out;
  for (const HeapMove& move : moves.listed) {
    const bool single = move.leaves.empty() ? move.taken == heap : move.leaves.size() == 1 && move.leaves[0] + move.taken == heap;
    if (!single || move.taken == 0) return std::nullopt;
  }
  std::vector<std::uint64_t> takes;
  for (const HeapMove& move : moves.listed) takes.push_back(move.taken);
  std::sort(takes.begin(), takes.end());
  for (std::size_t i = 0; i < takes.size();) {
    std::size_t j = i;
    while (j + 1 < takes.size() && takes[j + 1] == takes[j] + 1) ++j;
    ++out.total;
    if (out.listed.size() < limit) out.listed.push_back({takes[i], takes[j]});
    i = j + 1;
  }
  return out;
}

std::string HeapRule::describe(std::uint64_t heap, const HeapMove& move) const {
  std::string out = move.taken == 0 ? "split the heap of " + std::to_string(heap)
                                    : "take " + std::to_string(move.taken) + " from the heap of " + std::to_string(heap);
  if (move.leaves.size() >= 2) {
    out += move.taken == 0 ? " into " : " and split the rest into ";
    for (std::size_t i = 0; i < move.leaves.size(); ++i) {
      if (i) out += (i + 1 == move.leaves.size()) ? " and " : ", ";
      out += std::to_string(move.leaves[i]);
    }
  }
  return out;
}

ComponentPtr HeapRule::component(std::uint64_t heap) const {
  return std::make_shared<const HeapComponent>(shared_from_this(), heap);
}

// ---------------------------------------------------------------------------

Position HeapComponent::after(const HeapMove& move) const {
  if (move.leaves.empty()) return Position(rule_->component(0));
  std::vector<ComponentPtr> parts;
  parts.reserve(move.leaves.size());
  for (std::uint64_t h : move.leaves) parts.push_back(rule_->component(h));
  return Position(std::move(parts));
}

void HeapComponent::for_each_option(Context& context, const std::function<bool(ComponentOption&&)>& visit) const {
  rule_->for_each_move(heap_, [&](const HeapMove& move) {
    context.charge();
    return visit(ComponentOption{rule_->describe(heap_, move), after(move)});
  });
}

OptionList HeapComponent::options_to_value(Context& context, Nimber target, std::size_t limit) const {
  HeapMoveList moves = rule_->moves_to_value(context, heap_, target, limit);
  OptionList result;
  result.total = moves.total;
  result.total_is_lower_bound = moves.total_is_lower_bound;
  result.listed.reserve(moves.listed.size());
  for (const HeapMove& move : moves.listed) result.listed.push_back({rule_->describe(heap_, move), after(move)});
  return result;
}

bool HeapComponent::same_as(const Component& other) const {
  if (const auto* heap = dynamic_cast<const HeapComponent*>(&other)) {
    return heap->heap_ == heap_ && (heap->rule_ == rule_ || heap->rule_->text() == rule_->text());
  }
  return false;
}

namespace {

// Misère values come from the rule's misère table up to this heap, and beyond it
// only from a proven pattern.
constexpr std::uint64_t kMisereTable = 1'000'000;

struct MisereValues {
  SequenceReport report;
  Nimber at(const HeapRule& rule, std::uint64_t heap) const {
    if (heap < report.values.size()) return report.values[heap];
    if (!report.pattern.proven())
      throw LimitError("the misère value of heap " + std::to_string(heap) + " of " + rule.text() +
                       " needs a proven pattern, and none is known");
    return value_from_pattern(report.values, report.pattern, heap);
  }
};

}  // namespace

Nimber HeapComponent::misere_value(Context& context) const {
  const MisereValues values{rule_->misere_table(context, std::min(heap_, kMisereTable))};
  return values.at(*rule_, heap_);
}

OptionList HeapComponent::misere_options_to_zero(Context& context, std::size_t limit) const {
  const MisereValues values{rule_->misere_table(context, std::min(heap_, kMisereTable))};
  OptionList result;
  constexpr std::uint64_t kScanLimit = 1'000'000;
  std::uint64_t seen = 0;
  rule_->for_each_move(heap_, [&](const HeapMove& move) {
    if (++seen > kScanLimit) throw LimitError(text() + ": too many moves to list the misère winning moves");
    // After the move the opponent is to move; they lose iff the position is misère-P.
    const Nimber after_value = move.leaves.empty() ? 1 : values.at(*rule_, move.leaves[0]);
    if (after_value == 0) {
      count_one(result.total);
      if (result.listed.size() < limit) result.listed.push_back({rule_->describe(heap_, move), after(move)});
    }
    return true;
  });
  return result;
}

}  // namespace grundy
