#include "grundy/heap_rule.hpp"

#include <limits>
#include <stdexcept>

#include "grundy/input_error.hpp"

namespace grundy {
namespace {

Nimber value_of_leaves(const std::vector<Nimber>& table, const HeapMove& move) {
  Nimber v = 0;
  for (std::uint64_t h : move.leaves) v ^= table[h];
  return v;
}

void check_table_size(std::uint64_t upto, const std::string& rule) {
  if (upto >= kDefaultTableLimit) {
    throw LimitError("a table of " + rule + " up to " + std::to_string(upto) +
                     " is beyond the limit of " + std::to_string(kDefaultTableLimit) +
                     " heaps for this rule");
  }
}

}  // namespace

MoveList HeapRule::moves_to_value(std::uint64_t heap, Nimber target, std::size_t limit) const {
  // Scanning stops here: past it a rule must override with something exact.
  constexpr std::uint64_t kScanLimit = 1'000'000;
  MoveList result;
  std::uint64_t seen = 0;
  bool truncated = false;
  for_each_move(heap, [&](const HeapMove& move) {
    if (++seen > kScanLimit) {
      truncated = true;
      return false;
    }
    Nimber v = 0;
    for (std::uint64_t h : move.leaves) v ^= value(h);
    if (v == target) {
      ++result.total;
      if (result.listed.size() < limit) {
        std::string after;
        if (move.leaves.empty()) {
          after = text() + "(0)";
        } else {
          after = text() + "(";
          for (std::size_t i = 0; i < move.leaves.size(); ++i) {
            if (i) after += ",";
            after += std::to_string(move.leaves[i]);
          }
          after += ")";
        }
        result.listed.push_back({describe(heap, move), after});
      }
    }
    return true;
  });
  if (truncated) {
    throw LimitError("heap " + std::to_string(heap) + " of " + text() +
                     " has too many moves to list its winning moves");
  }
  return result;
}

SequenceReport HeapRule::table(std::uint64_t upto) const {
  check_table_size(upto, text());
  SequenceReport report;
  report.values.reserve(upto + 1);
  MexSet options;
  for (std::uint64_t n = 0; n <= upto; ++n) {
    options.clear();
    for_each_move(n, [&](const HeapMove& move) {
      for (std::uint64_t h : move.leaves) {
        if (h >= n) throw std::logic_error(text() + ": a move must leave smaller heaps");
      }
      options.insert(value_of_leaves(report.values, move));
      return true;
    });
    report.values.push_back(options.mex());
  }
  report.pattern = detect_periodicity(report.values);
  return report;
}

SequenceReport HeapRule::misere_table(std::uint64_t upto) const {
  check_table_size(upto, text());
  SequenceReport report;
  report.values.reserve(upto + 1);
  MexSet options;
  for (std::uint64_t n = 0; n <= upto; ++n) {
    options.clear();
    bool any_move = false;
    for_each_move(n, [&](const HeapMove& move) {
      any_move = true;
      if (move.leaves.size() > 1) {
        throw LimitError("misère play of " + text() +
                         " is not supported: its moves split heaps, and misère values do not add");
      }
      // Leaving nothing is the end of the game: the player to move there has won.
      options.insert(move.leaves.empty() ? 1 : report.values[move.leaves[0]]);
      return true;
    });
    report.values.push_back(any_move ? options.mex() : 1);
  }
  report.pattern = detect_periodicity(report.values);
  return report;
}

std::string HeapRule::describe(std::uint64_t heap, const HeapMove& move) const {
  std::string out = "take " + std::to_string(move.taken) + " from the heap of " + std::to_string(heap);
  if (move.leaves.size() > 1) {
    out += ", leaving heaps";
    for (std::size_t i = 0; i < move.leaves.size(); ++i) {
      out += (i == 0 ? " " : (i + 1 == move.leaves.size() ? " and " : ", "));
      out += std::to_string(move.leaves[i]);
    }
  }
  return out;
}

namespace {

class HeapComponent final : public Component {
 public:
  HeapComponent(HeapRulePtr rule, std::uint64_t heap) : rule_(std::move(rule)), heap_(heap) {}

  std::string text() const override { return rule_->text() + "(" + std::to_string(heap_) + ")"; }
  Nimber value() const override { return rule_->value(heap_); }
  MoveList moves_to_value(Nimber target, std::size_t limit) const override {
    return rule_->moves_to_value(heap_, target, limit);
  }
  std::optional<std::uint64_t> as_nim_heap() const override {
    if (rule_->is_plain_nim()) return heap_;
    return std::nullopt;
  }

 private:
  HeapRulePtr rule_;
  std::uint64_t heap_;
};

}  // namespace

ComponentPtr make_heap_component(HeapRulePtr rule, std::uint64_t heap) {
  return std::make_unique<HeapComponent>(std::move(rule), heap);
}

}  // namespace grundy
