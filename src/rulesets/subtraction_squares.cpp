// sub(squares): a move takes a perfect square (1, 4, 9, 16, …) from a heap.
//
// No closed form is known, and no period exists: the P-positions (OEIS A030193)
// are infinitely many (Golomb 1966) yet of density zero (a consequence of the
// Furstenberg–Sárközy theorem), which no eventually periodic sequence allows. So
// values come from the definition, O(√n) options a heap, computed into a table
// on demand, and no pattern is ever claimed, not even as detected.
#include <memory>

#include "rulesets/builtin_specs.hpp"
#include "core/heap_rule_helpers.hpp"
#include "rulesets/heap_ruleset.hpp"
#include "grundy/core/heap_sequence.hpp"
#include "core/tabulated_rule.hpp"

namespace grundy {
namespace {

class SquaresRule final : public rulesets_detail::TabulatedRule {
 public:
  std::string text() const override { return "sub(squares)"; }

  void for_each_move(std::uint64_t heap, const std::function<bool(const HeapMove&)>& visit) const override {
    // r * r <= heap, without overflow: r <= 2^32 - 1.
    for (std::uint64_t r = 1; r <= 0xFFFFFFFFULL && r * r <= heap; ++r) {
      if (!visit(rulesets_detail::take(heap, r * r))) return;
    }
  }

  SequenceReport table(Context& context, std::uint64_t upto) const override {
    SequenceReport report = TabulatedRule::table(context, upto);
    report.pattern = Periodicity{};  // none claimed
    return report;
  }
  SequenceReport misere_table(Context& context, std::uint64_t upto) const override {
    SequenceReport report = TabulatedRule::misere_table(context, upto);
    report.pattern = Periodicity{};
    return report;
  }

 protected:
  // 10^6 heaps take about 10^9 option visits (a second or two); the bound keeps
  // an on-demand value within that.
  std::uint64_t value_limit() const override { return 1'000'001; }

  std::vector<std::uint32_t> compute(Context& context, std::uint64_t upto, bool misere) const override {
    std::vector<std::uint32_t> g;
    extend_heap_sequence(g, upto, misere ? Play::misere : Play::normal, context, [&](std::uint64_t n, auto&& option) {
      for (std::uint64_t r = 1; r * r <= n; ++r) option(g[n - r * r]);
    });
    return g;
  }
};

}  // namespace

RulesetSpec subtraction_squares_ruleset() {
  return rulesets_detail::heap_ruleset(
      "sub", "squares", {"sub(squares)(heaps…)", "take a perfect square (1, 4, 9, …); computed, no period known"},
      [] { return std::make_shared<const SquaresRule>(); }, 60);
}

}  // namespace grundy
