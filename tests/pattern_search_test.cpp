// The law search's parts (pattern_formula.hpp, pattern_search.hpp): the
// formulas' domain rules, their three spellings, and the search itself — it
// finds known laws on tables computed here, and whatever it reports on random
// targets holds at every point (checked here by evaluating it), so it never
// claims a law the data does not bear out.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>

#include "grundy/analysis/pattern_formula.hpp"
#include "grundy/analysis/pattern_search.hpp"

namespace grundy::pattern {
namespace {

const auto kNoPoll = [](std::uint64_t) {};

Formula var(std::size_t i) { return Formula::variable(i); }
Formula num(std::int64_t c) { return Formula::constant(c); }
Formula op(Operation o, const Formula& a, const Formula& b) { return Formula::binary(o, a, b); }

TEST(PatternFormula, DomainAndSpellings) {
  const std::vector<std::string> names = {"x", "L", "R"};
  // (x mod (L + R)) div L
  const Formula lr = op(Operation::divide, op(Operation::modulo, var(0), op(Operation::add, var(1), var(2))), var(1));
  EXPECT_EQ(lr.text(names), "(x mod (L + R)) div L");
  EXPECT_EQ(lr.cpp(names), "(x % (L + R)) / L");
  EXPECT_EQ(lr.python(names), "(x % (L + R)) // L");
  const std::vector<std::int64_t> at = {12, 2, 3};
  EXPECT_EQ(lr.evaluate(at), std::optional<std::int64_t>(1));
  // Off the domain: a zero or negative divisor, a negative dividend, overflow.
  EXPECT_FALSE(apply(Operation::divide, 5, 0));
  EXPECT_FALSE(apply(Operation::modulo, -5, 3));
  EXPECT_FALSE(apply(Operation::modulo, 5, -3));
  EXPECT_FALSE(apply(Operation::multiply, std::numeric_limits<std::int64_t>::max(), 2));
  EXPECT_FALSE(apply(Operation::valuation2, 0, 0));
  EXPECT_FALSE(apply(Operation::bit_xor, -1, 2));
  EXPECT_EQ(apply(Operation::valuation2, 40, 0), std::optional<std::int64_t>(3));
  EXPECT_EQ(apply(Operation::big_omega, 360, 0), std::optional<std::int64_t>(6));  // 2^3 3^2 5
  EXPECT_EQ(apply(Operation::parity, 7, 0), std::optional<std::int64_t>(1));
  // A split, and a constant factor written first.
  const Formula split = Formula::select_less(var(0), var(2), num(7), op(Operation::multiply, var(1), num(2)));
  EXPECT_EQ(split.text(names), "(7 if x < R, else (2·L))");
  EXPECT_EQ(split.python(names), "(7 if x < R else (2 * L))");
  EXPECT_EQ(split.evaluate(std::vector<std::int64_t>{1, 5, 3}), std::optional<std::int64_t>(7));
  EXPECT_EQ(split.evaluate(std::vector<std::int64_t>{4, 5, 3}), std::optional<std::int64_t>(10));
  // rebind: x := x - 1
  const Formula shifted = lr.rebind({op(Operation::subtract, var(0), num(1)), var(1), var(2)});
  EXPECT_EQ(shifted.text(names), "((x - 1) mod (L + R)) div L");
}

// Bash on a table computed here: the search finds x mod (m + 1).
TEST(PatternSearch, FindsBashOnComputedTables) {
  std::vector<std::vector<std::int64_t>> points;
  std::vector<Wanted> wanted;
  for (std::int64_t m = 1; m <= 6; ++m) {
    std::vector<std::int64_t> g;
    for (std::int64_t x = 0; x < 40; ++x) {
      std::vector<bool> seen(8, false);
      for (std::int64_t s = 1; s <= m && s <= x; ++s) seen[static_cast<std::size_t>(g[static_cast<std::size_t>(x - s)])] = true;
      std::int64_t v = 0;
      while (seen[static_cast<std::size_t>(v)]) ++v;
      g.push_back(v);
      points.push_back({x, m});
      wanted.push_back(Wanted::exactly(v));
    }
  }
  SearchSpace space;
  space.names = {"x", "m"};
  const SearchResult found = find_formula(space, points, wanted, kNoPoll);
  ASSERT_TRUE(found.formula);
  EXPECT_EQ(found.formula->text(space.names), "x mod (m + 1)");
}

// Whatever it reports holds at every point: random targets (mostly lawless)
// and random laws of the grammar.
TEST(PatternSearch, NeverReportsAFormulaThatFailsAPoint) {
  std::mt19937_64 random(26);
  for (int trial = 0; trial < 12; ++trial) {
    std::vector<std::vector<std::int64_t>> points;
    std::vector<Wanted> wanted;
    const bool lawful = trial % 2 == 0;
    for (std::int64_t a = 1; a <= 5; ++a) {
      for (std::int64_t x = 0; x < 24; ++x) {
        points.push_back({x, a});
        // Laws of the grammar (7, 5 and 5 nodes), or noise.
        const int law = (trial / 2) % 3;
        const std::int64_t v = !lawful   ? static_cast<std::int64_t>(random() % 4)
                               : law == 0 ? (x / (a + 1)) % 3
                               : law == 1 ? (x ^ a) % 3
                                          : std::min(x, 2 * a);
        wanted.push_back(Wanted::exactly(v));
      }
    }
    SearchSpace space;
    space.names = {"x", "a"};
    space.max_size = 7;
    space.split_variables = {0};
    space.threshold_variables = {1};
    const SearchResult found = find_formula(space, points, wanted, kNoPoll);
    if (lawful) {
      EXPECT_TRUE(found.formula) << trial;
    }
    if (!found.formula) continue;
    for (std::size_t i = 0; i < points.size(); ++i) {
      const auto v = found.formula->evaluate(points[i]);
      ASSERT_TRUE(v && wanted[i].accepts(*v)) << found.formula->text(space.names) << " at point " << i;
    }
  }
}

TEST(PatternSearch, AffineFitsAnyCoefficients) {
  std::vector<std::vector<std::int64_t>> points;
  std::vector<std::int64_t> values;
  for (std::int64_t a = 1; a <= 6; ++a) {
    for (std::int64_t b = 1; b <= 6; ++b) {
      points.push_back({a, b});
      values.push_back(17 * a - 5 * b + 40);
    }
  }
  const auto f = find_affine({0, 1}, points, values);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->text({"a", "b"}), "((17·a) - (5·b)) + 40");
  values[3] += 1;  // one point off: no affine law
  EXPECT_FALSE(find_affine({0, 1}, points, values));
}

}  // namespace
}  // namespace grundy::pattern
