// Nim: take any number of tokens from one heap. g(n) = n (Bouton).
#include "grundy/rulesets/nim.hpp"

#include <memory>

#include "rulesets/builtin_specs.hpp"
#include "grundy/core/capabilities.hpp"
#include "core/heap_rule_helpers.hpp"

namespace grundy {
namespace {

using rulesets_detail::check_table_request;
using rulesets_detail::proven_pattern;

// A Nim heap says so: misère sums of Nim heaps follow Bouton's misère rule.
class NimHeap final : public HeapComponent, public NimHeapEquivalent {
 public:
  using HeapComponent::HeapComponent;
  std::uint64_t nim_heap() const override { return heap(); }
};

class NimRule final : public HeapRule {
 public:
  std::string text() const override { return "nim"; }

  Nimber value(Context&, std::uint64_t heap) const override { return heap; }

  void for_each_move(std::uint64_t heap, const std::function<bool(const HeapMove&)>& visit) const override {
    for (std::uint64_t taken = 1; taken <= heap; ++taken) {
      if (!visit(rulesets_detail::take(heap, taken))) return;
    }
  }

  // Every smaller heap is one move away and no other value is: one move iff target < heap.
  HeapMoveList moves_to_value(Context&, std::uint64_t heap, Nimber target, std::size_t limit) const override {
    HeapMoveList result;
    if (target < heap) {
      result.total = 1;
      if (limit > 0) result.listed.push_back(rulesets_detail::take(heap, heap - target));
    }
    return result;
  }

  SequenceReport table(Context&, std::uint64_t upto) const override {
    check_table_request(upto, text());
    SequenceReport report;
    report.values.reserve(upto + 1);
    for (std::uint64_t n = 0; n <= upto; ++n) report.values.push_back(n);
    report.pattern = proven_pattern(Periodicity::Kind::arithmetic, 0, 1, 1, "g(n) = n");
    return report;
  }

  // Misère single heap: g-(0) = 1 (no move: the player to move has won), g-(1) = mex{1} = 0,
  // and for n >= 2 the options hold 0 = g-(1), 1 = g-(0) and 2..n-1 (induction), so g-(n) = n.
  SequenceReport misere_table(Context&, std::uint64_t upto) const override {
    check_table_request(upto, text());
    SequenceReport report;
    report.values.reserve(upto + 1);
    for (std::uint64_t n = 0; n <= upto; ++n) report.values.push_back(n == 0 ? 1 : n == 1 ? 0 : n);
    report.pattern = proven_pattern(Periodicity::Kind::arithmetic, 2, 1, 1,
                                    "misère g(0) = 1, g(1) = 0, g(n) = n for n >= 2 (induction on n)");
    return report;
  }

  ComponentPtr component(std::uint64_t heap) const override {
    return std::make_shared<const NimHeap>(shared_from_this(), heap);
  }
};

}  // namespace

HeapRulePtr make_nim() { return std::make_shared<const NimRule>(); }

RulesetSpec nim_ruleset() {
  RulesetSpec spec;
  spec.name = "nim";
  spec.help = {{"nim(heaps…)", "Nim: take any number from one heap (Bouton)"}};
  spec.heap_rule = [](const TermReader& term) {
    term.expect_parameters(0);
    return make_nim();
  };
  spec.samples = [](SampleRequest& request) {
    auto& random = request.random;
    const std::size_t count = request.count;
    return rulesets_detail::heap_samples("nim", 12, random, count);
  };
  return spec;
}

}  // namespace grundy
