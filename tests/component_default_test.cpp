// A new ruleset is head(), arguments(), for_each_option() and one registry
// line: its value comes from Component::value's default, the definition. Here
// Grundy's game (split a heap into two unequal heaps) written that way, against
// OEIS A002188 (tests/data), in sums with built-in games, and its winning moves.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "grundy/analysis/analysis.hpp"
#include "grundy/language/registry.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

class SplitHeap final : public Component {
 public:
  explicit SplitHeap(std::uint64_t heap) : heap_(heap) {}
  std::string head() const override { return "mysplit"; }
  std::string arguments() const override { return std::to_string(heap_); }
  void for_each_option(Context&, const std::function<bool(ComponentOption&&)>& visit) const override {
    for (std::uint64_t a = 1; 2 * a < heap_; ++a) {
      Position after(std::vector<ComponentPtr>{std::make_shared<SplitHeap>(a), std::make_shared<SplitHeap>(heap_ - a)});
      if (!visit(ComponentOption{"split " + std::to_string(heap_) + " into " + std::to_string(a) + " and " +
                                     std::to_string(heap_ - a),
                                 std::move(after)})) {
        return;
      }
    }
  }

 private:
  std::uint64_t heap_;
};

Registry with_split_heaps() {
  Registry registry(Registry::builtin().specs());
  RulesetSpec spec;
  spec.name = "mysplit";
  spec.help = {{"mysplit(n)", "Grundy's game, written as a bare component"}};
  spec.position = [](const TermReader& term) {
    const ComponentPtr heap = std::make_shared<SplitHeap>(term.only_integer(term.positions(), "heap"));
    return Position(std::vector<ComponentPtr>{heap});
  };
  registry.add(std::move(spec));
  return registry;
}

TEST(ComponentDefault, ValuesByTheDefinitionEqualOeis) {
  const auto terms = testing::reference_terms("oeis_A002188_grundys_game_terms.txt");
  Context context;
  for (std::uint64_t n = 0; n <= 100 && terms.count(n); ++n) {
    EXPECT_EQ(SplitHeap(n).value(context), Value(Nimber{terms.at(n)})) << n;
  }
}

TEST(ComponentDefault, ARegistryLineMakesItJoinSums) {
  const Registry registry = with_split_heaps();
  Context context;
  // g(mysplit(8)) = 2 (A002188), g(nim(3)) = 3: the sum is 1, a first-player win.
  const Position p = registry.parse("mysplit(8) + nim(3)");
  const SumAnalysis a = analyze(p, context);
  ASSERT_TRUE(a.value.has_value());
  EXPECT_EQ(*a.value, Value(Nimber{1}));
  ASSERT_FALSE(a.winning_moves.empty());
  // Every winning move leaves a sum of value 0.
  for (const Move& move : a.winning_moves) EXPECT_EQ(move.after().value(context), Value(Nimber{0})) << move.action;
  // And the text prints back and parses again to the same value.
  EXPECT_EQ(registry.parse(p.text()).value(context), Value(Nimber{1}));
}

}  // namespace
}  // namespace grundy
