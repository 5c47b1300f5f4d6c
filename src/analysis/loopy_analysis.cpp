#include "grundy/analysis/loopy_analysis.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/capabilities.hpp"
#include "grundy/core/input_error.hpp"

namespace grundy {
namespace {

// Options valued one by one to find the drawing moves of one component.
constexpr std::uint64_t kDrawScanLimit = 100'000;

std::optional<std::uint64_t> counter_of(const LoopyCounter* loopy, Context& context) {
  return loopy != nullptr ? loopy->counter(context) : std::nullopt;
}

std::optional<std::uint64_t> counter_of(const Component& component, Context& context) {
  return counter_of(capability<LoopyCounter>(component), context);
}

void add_options(SumAnalysis& out, const Position& position, std::size_t index, OptionList&& options,
                 std::size_t max_moves) {
  const std::uint64_t room = std::numeric_limits<std::uint64_t>::max() - out.winning_move_total;
  out.winning_move_total += std::min(room, options.total);
  out.winning_move_total_is_lower_bound = out.winning_move_total_is_lower_bound || options.total_is_lower_bound;
  for (ComponentOption& option : options.listed) {
    if (out.winning_moves.size() >= max_moves) break;
    out.winning_moves.push_back(Move{index, std::move(option.action), std::move(option.after), position});
  }
}

std::size_t room(const SumAnalysis& out, const AnalysisOptions& options) {
  return options.max_moves - std::min(options.max_moves, out.winning_moves.size());
}

// The reversal rule; false when the last move did not raise a component with a
// counter out of a P-position.
bool add_reversals(const Position& position, Context& context, const AnalysisOptions& options, SumAnalysis& out) {
  const Move& last = *options.last_move;
  if (!(last.after() == position)) {
    throw InputError("the last move given (" + last.action + ") does not lead to the position " + position.text());
  }
  if (last.replacement.size() != 1) return false;  // a move that split a component: no single counter to lower
  const std::size_t index = last.component;
  const Component& old_part = last.before[index];
  const std::optional<std::uint64_t> old_counter = counter_of(old_part, context);
  if (!old_counter) return false;
  const Value old_value = old_part.value(context);
  if (!(last.before.value(context) == Value(0))) return false;
  const Value new_value = position[index].value(context);
  if (new_value.is_finite() && new_value.nimber() < old_value.nimber()) return false;

  // Property B: the new position has a follower of the old value with a smaller counter.
  std::vector<std::pair<std::uint64_t, ComponentOption>> answers;
  position[index].for_each_option(context, [&](ComponentOption&& option) {
    if (option.after.size() == 1 && option.after.value(context) == old_value) {
      const std::optional<std::uint64_t> c = counter_of(option.after[0], context);
      if (c && *c < *old_counter) answers.emplace_back(*c, std::move(option));
    }
    return true;
  });
  if (answers.empty()) {
    throw std::logic_error("reversal rule: " + position[index].text() + " has no follower of value " +
                           old_value.to_string() + " with a counter below " + std::to_string(*old_counter));
  }
  // Smallest counter first: the answer that leaves the least room for more raises.
  std::stable_sort(answers.begin(), answers.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  out.reversal = true;
  out.winning_move_total = answers.size();
  for (auto& [c, option] : answers) {
    if (out.winning_moves.size() >= options.max_moves) break;
    out.winning_moves.push_back(Move{index, std::move(option.action), std::move(option.after), position});
  }
  return true;
}

// The components' values in Smith's terms: the nim-sum of the finite ones,
// how many are infinite and the first two of those.
struct ComponentKinds {
  Nimber finite_sum = 0;
  std::size_t infinite_count = 0;
  std::size_t first_infinite = 0;
  std::size_t second_infinite = 0;
};

ComponentKinds kinds_of(const SumAnalysis& analysis) {
  ComponentKinds kinds;
  for (std::size_t i = 0; i < analysis.components.size(); ++i) {
    const Value& v = *analysis.components[i].value;
    if (v.is_finite()) {
      kinds.finite_sum ^= v.nimber();
    } else {
      (kinds.infinite_count == 0 ? kinds.first_infinite : kinds.second_infinite) = i;
      ++kinds.infinite_count;
    }
  }
  return kinds;
}

void add_winning_moves(const Position& position, Context& context, const AnalysisOptions& options,
                       SumAnalysis& out) {
  if (options.last_move && add_reversals(position, context, options, out)) return;
  const Value& total = *out.value;
  if (!total.is_finite()) {
    // 0 ∈ K: one infinite component X, the rest worth t ∈ K; X must go to t.
    const ComponentKinds kinds = kinds_of(out);
    const std::size_t infinite = kinds.first_infinite;
    add_options(out, position, infinite,
                position[infinite].options_to_value(context, kinds.finite_sum, room(out, options)), options.max_moves);
    return;
  }
  const Nimber sum = total.nimber();
  for (std::size_t i = 0; i < position.size(); ++i) {
    const Nimber v = out.components[i].value->nimber();
    const Nimber target = v ^ sum;
    if (target > v && counter_of(position[i], context)) continue;  // raising a component with cycles
    add_options(out, position, i, position[i].options_to_value(context, target, room(out, options)),
                options.max_moves);
  }
}

void add_drawing_moves(const Position& position, Context& context, const AnalysisOptions& options,
                       SumAnalysis& out) {
  // The sum of every component but one, by Smith's rules, from three numbers.
  const ComponentKinds kinds = kinds_of(out);
  const Nimber finite_sum = kinds.finite_sum;
  const std::size_t infinite_count = kinds.infinite_count;
  const std::size_t first_infinite = kinds.first_infinite;
  const std::size_t second_infinite = kinds.second_infinite;
  auto rest_without = [&](std::size_t i) -> Value {
    const Value& v = *out.components[i].value;
    if (v.is_finite()) {
      if (infinite_count >= 2) return Value::infinite({});
      return *out.components[first_infinite].value + Value(finite_sum ^ v.nimber());
    }
    if (infinite_count >= 3) return Value::infinite({});
    if (infinite_count == 2) {
      const std::size_t other = i == first_infinite ? second_infinite : first_infinite;
      return *out.components[other].value + Value(finite_sum);
    }
    return Value(finite_sum);
  };
  for (std::size_t i = 0; i < position.size(); ++i) {
    const Value rest = rest_without(i);
    std::uint64_t seen = 0;
    position[i].for_each_option(context, [&](ComponentOption&& option) {
      if (++seen > kDrawScanLimit) {
        out.drawing_move_total_is_lower_bound = true;
        return false;
      }
      context.charge();
      if ((rest + option.after.value(context)).outcome() != Outcome::D) return true;
      ++out.drawing_move_total;
      if (out.drawing_moves.size() < options.max_moves) {
        out.drawing_moves.push_back(Move{i, std::move(option.action), std::move(option.after), position});
      }
      return true;
    });
  }
}

}  // namespace

bool has_loopy_parts(const SumAnalysis& analysis, Context& context) {
  CapabilityLookup<LoopyCounter> loopy;
  for (const ComponentReport& report : analysis.components) {
    if (!report.value->is_finite() || counter_of(loopy(*report.component), context)) return true;
  }
  return false;
}

void add_loopy_moves(const Position& position, Context& context, const AnalysisOptions& options,
                     SumAnalysis& analysis) {
  switch (analysis.outcome) {
    case Outcome::N: add_winning_moves(position, context, options, analysis); return;
    case Outcome::D: add_drawing_moves(position, context, options, analysis); return;
    case Outcome::P: return;
  }
}

std::optional<Move> move_between(const Position& before, const Position& after, Context& context) {
  std::optional<Move> found;
  for_each_move(before, context, [&](Move&& move) {
    if (move.after() == after) found = std::move(move);
    return !found;
  });
  return found;
}

}  // namespace grundy
