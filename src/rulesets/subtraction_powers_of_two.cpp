// sub(pow2): a move takes a power of two (1, 2, 4, 8, …) from a heap.
//
// g(n) = n mod 3, for every heap, by induction on n. Powers of two are 1 or 2
// mod 3, so no option of n has n's residue, hence (induction) no option is worth
// n mod 3; and the smaller residues are there: n ≡ 1 reaches n-1 (worth 0),
// n ≡ 2 reaches n-1 and n-2 (worth 1 and 0). So g(n) = mex = n mod 3.
// Misère (the terminal heap 0 is worth 1): the same argument through the
// bijection exchanging 0 and 1 gives g⁻(n) = swap01(n mod 3).
// (A classic: HDU 1847, "Good Luck in CET-4 Everybody!".)
#include <memory>

#include "rulesets/builtin_specs.hpp"
#include "core/heap_rule_helpers.hpp"

namespace grundy {
namespace {

using rulesets_detail::proven_pattern;

class PowersOfTwoRule final : public HeapRule {
 public:
  std::string text() const override { return "sub(pow2)"; }

  Nimber value(Context&, std::uint64_t heap) const override { return heap % 3; }

  void for_each_move(std::uint64_t heap, const std::function<bool(const HeapMove&)>& visit) const override {
    for (int k = 0; k < 64; ++k) {
      const std::uint64_t power = std::uint64_t{1} << k;
      if (power > heap) return;
      if (!visit(rulesets_detail::take(heap, power))) return;
    }
  }

  // At most 64 options: each checked against the closed form.
  HeapMoveList moves_to_value(Context&, std::uint64_t heap, Nimber target, std::size_t limit) const override {
    HeapMoveList result;
    for (int k = 0; k < 64; ++k) {
      const std::uint64_t power = std::uint64_t{1} << k;
      if (power > heap) break;
      if ((heap - power) % 3 != target) continue;
      rulesets_detail::count_one(result.total);
      if (result.listed.size() < limit) result.listed.push_back(rulesets_detail::take(heap, power));
    }
    return result;
  }

  SequenceReport table(Context&, std::uint64_t upto) const override {
    return make_table(upto, false);
  }
  SequenceReport misere_table(Context&, std::uint64_t upto) const override { return make_table(upto, true); }

 private:
  SequenceReport make_table(std::uint64_t upto, bool misere) const {
    rulesets_detail::check_table_request(upto, text());
    SequenceReport report;
    report.values.reserve(upto + 1);
    for (std::uint64_t n = 0; n <= upto; ++n) {
      const Nimber r = n % 3;
      report.values.push_back(misere && r <= 1 ? 1 - r : r);
    }
    report.pattern = proven_pattern(Periodicity::Kind::periodic, 0, 3, 0,
                                    misere ? "misère g(n) = n mod 3 with 0 and 1 exchanged (induction on n)"
                                           : "g(n) = n mod 3: powers of two are 1 or 2 mod 3 (induction on n)");
    return report;
  }
};

}  // namespace

RulesetSpec subtraction_powers_of_two_ruleset() {
  RulesetSpec spec;
  spec.name = "sub";
  spec.variant = "pow2";
  spec.help = {{"sub(pow2)(heaps…)", "take a power of two (1, 2, 4, 8, …): g(n) = n mod 3"}};
  spec.heap_rule = [](const TermReader& term) -> HeapRulePtr {
    term.expect_parameters(1);
    return std::make_shared<const PowersOfTwoRule>();
  };
  spec.samples = [](SampleRequest& request) {
    auto& random = request.random;
    const std::size_t count = request.count;
    return rulesets_detail::heap_samples("sub(pow2)", 70, random, count);
  };
  return spec;
}

}  // namespace grundy
