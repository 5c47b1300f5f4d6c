#include "grundy/rulesets/nim.hpp"

#include <memory>

#include "heap_move_text.hpp"

namespace grundy {
namespace {

using rulesets_detail::check_table_request;
using rulesets_detail::proven_pattern;

class NimRule final : public HeapRule {
 public:
  std::string text() const override { return "nim"; }

  Nimber value(std::uint64_t heap) const override { return heap; }

  void for_each_move(std::uint64_t heap, const std::function<bool(const HeapMove&)>& visit) const override {
    for (std::uint64_t taken = 1; taken <= heap; ++taken) {
      HeapMove move{taken, {}};
      if (taken < heap) move.leaves.push_back(heap - taken);
      if (!visit(move)) return;
    }
  }

  // Every smaller heap is one move away and no other value is: one move iff target < heap.
  MoveList moves_to_value(std::uint64_t heap, Nimber target, std::size_t limit) const override {
    MoveList result;
    if (target < heap) {
      result.total = 1;
      if (limit > 0) result.listed.push_back(rulesets_detail::take_move(text(), heap, heap - target));
    }
    return result;
  }

  SequenceReport table(std::uint64_t upto) const override {
    check_table_request(upto, text());
    SequenceReport report;
    report.values.reserve(upto + 1);
    for (std::uint64_t n = 0; n <= upto; ++n) report.values.push_back(n);
    report.pattern = proven_pattern(Periodicity::Kind::arithmetic, 0, 1, 1, "g(n) = n");
    return report;
  }

  // Misère single heap: g-(0) = 1 (no move: the player to move has won), g-(1) = mex{1} = 0,
  // and for n >= 2 the options hold 0 = g-(1), 1 = g-(0) and 2..n-1 (induction), so g-(n) = n.
  SequenceReport misere_table(std::uint64_t upto) const override {
    check_table_request(upto, text());
    SequenceReport report;
    report.values.reserve(upto + 1);
    for (std::uint64_t n = 0; n <= upto; ++n) report.values.push_back(n == 0 ? 1 : n == 1 ? 0 : n);
    report.pattern = proven_pattern(Periodicity::Kind::arithmetic, 2, 1, 1,
                                    "misère g(0) = 1, g(1) = 0, g(n) = n for n >= 2 (induction on n)");
    return report;
  }

  bool is_plain_nim() const override { return true; }
};

}  // namespace

HeapRulePtr make_nim() { return std::make_shared<const NimRule>(); }

}  // namespace grundy
