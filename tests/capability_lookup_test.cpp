// CapabilityLookup (capabilities.hpp) remembers the last class it saw and the
// offset of the capability in it; asked about a run of components of many
// classes in random order, it must give exactly what dynamic_cast gives, for
// capabilities a class has (at different offsets) and ones it lacks.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "grundy/core/capabilities.hpp"
#include "grundy/core/heap_rule.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

template <class C>
void expect_same_as_dynamic_cast(const std::vector<const Component*>& parts) {
  CapabilityLookup<C> lookup;
  std::size_t present = 0;
  for (const Component* part : parts) {
    const C* expected = dynamic_cast<const C*>(part);
    ASSERT_EQ(lookup(*part), expected) << part->text() << " asked for " << typeid(C).name();
    present += expected != nullptr ? 1 : 0;
  }
  // The sample holds classes with and without C, so both paths ran.
  EXPECT_GT(present, 0u) << typeid(C).name();
  EXPECT_LT(present, parts.size()) << typeid(C).name();
}

// A component with no capability at all: every built-in class has some (the
// model's parts all may apply a theorem), so the sample needs one that lacks them.
class Plain final : public Component {
 public:
  std::string head() const override { return "plain"; }
  std::string arguments() const override { return ""; }
  void for_each_option(Context&, const std::function<bool(ComponentOption&&)>&) const override {}
  bool same_as(const Component& other) const override { return dynamic_cast<const Plain*>(&other) != nullptr; }
};

TEST(CapabilityLookup, EqualsDynamicCastOverASumOfManyClasses) {
  // Heap rules (one class with four capabilities), a closed form with a
  // theorem, a two-pile game with rows, a board drawn as rows, a Node Kayles
  // graph: each class puts its bases elsewhere.
  const Position sum = testing::parse(
      "nim(5) + kayles(7) + .137(12) + moore(2)(1,2,3) + staircase(1,2,3) + wythoff(3,5) + cram(2x3) + "
      "lr(1,2)(9) + sub{1,2}(6) + bash(3)(10) + grundy(9) + nodekayles_path(6) + bars(2)(3x3)") +
                       Position(std::make_shared<const Plain>());
  ASSERT_GE(sum.size(), 10u);
  std::mt19937_64 random(20261126);
  std::uniform_int_distribution<std::size_t> pick(0, sum.size() - 1);
  std::vector<const Component*> parts;
  for (int i = 0; i < 5000; ++i) {
    // Runs of one class, as sums mostly are, and single changes of class.
    const Component* part = &sum[pick(random)];
    const int run = static_cast<int>(random() % 4) + 1;
    for (int k = 0; k < run; ++k) parts.push_back(part);
  }
  expect_same_as_dynamic_cast<NimHeapEquivalent>(parts);
  expect_same_as_dynamic_cast<MisereHeap>(parts);
  expect_same_as_dynamic_cast<DecidedByTheorem>(parts);
  expect_same_as_dynamic_cast<TakeRanges>(parts);
  expect_same_as_dynamic_cast<DrawnAsBoard>(parts);
  expect_same_as_dynamic_cast<HeapComponent>(parts);
}

}  // namespace
}  // namespace grundy
