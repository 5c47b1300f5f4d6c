// Value arithmetic for games with cycles, by hand from Smith's rules
// (C. A. B. Smith, "Graphs and composite games", 1966): finite + finite is the
// nim-sum; ∞(K) + n = ∞(K ⊕ n); ∞(K) + ∞(L) = ∞ (a draw). Outcomes: 0 is P,
// another nimber N, ∞(K) N exactly when 0 ∈ K, else D. Printing: ∞(0,1), ∞.
// (tests/loopy_oracle_test.cpp checks the same rules against the product-graph
// oracle on random games.)
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/value.hpp"

namespace grundy {
namespace {

TEST(LoopyValue, SmithsSumRules) {
  EXPECT_EQ(Value(5) + Value(3), Value(6));
  // K ⊕ n, sorted again: {0, 2, 7} ⊕ 3 = {3, 1, 4} -> {1, 3, 4}.
  EXPECT_EQ(Value::infinite({0, 2, 7}) + Value(3), Value::infinite({1, 3, 4}));
  EXPECT_EQ((Value::infinite({0, 2, 7}) + Value(3)).reachable(), (std::vector<Nimber>{1, 3, 4}));
  EXPECT_EQ(Value(3) + Value::infinite({0, 2, 7}), Value::infinite({1, 3, 4}));  // either order
  EXPECT_EQ(Value::infinite({0}) + Value::infinite({0}), Value::infinite({}));
  EXPECT_EQ(Value::infinite({1, 2}) + Value::infinite({}), Value::infinite({}));
  // Associative: ∞(K) + a + b = ∞(K ⊕ (a ⊕ b)).
  EXPECT_EQ(Value::infinite({0, 5}) + Value(1) + Value(4), Value::infinite({0, 5}) + Value(5));
  // Infinite and finite values differ; K matters.
  EXPECT_FALSE(Value::infinite({}) == Value(0));
  EXPECT_FALSE(Value::infinite({0}) == Value::infinite({1}));
  EXPECT_EQ(Value::infinite({2, 0, 2}), Value::infinite({0, 2}));  // sorted, deduplicated
  EXPECT_THROW((void)Value::infinite({}).nimber(), std::logic_error);
}

TEST(LoopyValue, Outcomes) {
  EXPECT_EQ(Value(0).outcome(), Outcome::P);
  EXPECT_EQ(Value(4).outcome(), Outcome::N);
  EXPECT_EQ(Value::infinite({0, 3}).outcome(), Outcome::N);
  EXPECT_EQ(Value::infinite({1, 3}).outcome(), Outcome::D);
  EXPECT_EQ(Value::infinite({}).outcome(), Outcome::D);
  // ∞(1,3) + *1 = ∞(0,2): now a win; + *2 = ∞(3,1): still a draw.
  EXPECT_EQ((Value::infinite({1, 3}) + Value(1)).outcome(), Outcome::N);
  EXPECT_EQ((Value::infinite({1, 3}) + Value(2)).outcome(), Outcome::D);
}

TEST(LoopyValue, TextAndJson) {
  EXPECT_EQ(Value(7).to_string(), "7");
  EXPECT_EQ(Value::infinite({1, 0}).to_string(), "∞(0,1)");
  EXPECT_EQ(Value::infinite({}).to_string(), "∞");
  EXPECT_EQ(value_json(Value(7)), nlohmann::json(7));
  EXPECT_EQ(value_json(Value::infinite({1, 0})), nlohmann::json::parse(R"({"infinite": [0, 1]})"));
  EXPECT_EQ(value_json(Value::infinite({})), nlohmann::json::parse(R"({"infinite": []})"));
}

}  // namespace
}  // namespace grundy
