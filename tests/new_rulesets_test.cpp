// Rulesets added with the registry: each checked against published values
// (besides the conformance suite, which holds them to the definition).
#include <gtest/gtest.h>

#include <vector>

#include "grundy/input_error.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using testing::parse;
using testing::value_of;

// HDU 1847 ("Good Luck in CET-4 Everybody!"): taking a power of two, the second
// player wins exactly when n is a multiple of 3.
TEST(PowersOfTwo, LosesExactlyOnMultiplesOfThree) {
  for (std::uint64_t n = 0; n <= 1000; ++n) {
    EXPECT_EQ(value_of(parse("sub(pow2)(" + std::to_string(n) + ")")) == 0, n % 3 == 0) << n;
  }
  const std::uint64_t huge = 999'999'999'999'999'999ULL;
  EXPECT_EQ(value_of(parse("sub(pow2)(" + std::to_string(huge) + ")")), huge % 3);
  const auto moves = testing::moves_to_value(parse("sub(pow2)(1000000000000000000)")[0], 0, 100);
  // 10^18 ≡ 1 (mod 3): the winning moves take 2^k ≡ 1 (mod 3), i.e. even k, with 2^k <= 10^18.
  EXPECT_EQ(moves.total, 30u);  // k = 0, 2, …, 58
  const SequenceReport table = Registry::builtin().heap_rule(parse_rule("sub(pow2)"), testing::context())->table(testing::context(), 30);
  EXPECT_TRUE(table.pattern.proven());
  EXPECT_EQ(table.pattern.period, 3u);
}

// OEIS A030193: the losing positions of subtract-a-square.
TEST(Squares, LosingPositionsAreOeisA030193) {
  const std::vector<std::uint64_t> a030193 = {0,   2,   5,   7,   10,  12,  15,  17,  20,  22,  34,  39,  44,
                                              52,  57,  62,  65,  67,  72,  85,  95,  109, 119, 124, 127, 130,
                                              132, 137, 142, 147, 150, 170, 177, 180, 182, 187, 192, 197, 204,
                                              210, 215, 238, 243, 249, 255, 257, 260, 262, 267};
  std::vector<std::uint64_t> zeros;
  for (std::uint64_t n = 0; n <= 267; ++n) {
    if (value_of(parse("sub(squares)(" + std::to_string(n) + ")")) == 0) zeros.push_back(n);
  }
  EXPECT_EQ(zeros, a030193);
  const SequenceReport table =
      Registry::builtin().heap_rule(parse_rule("sub(squares)"), testing::context())->table(testing::context(), 5000);
  EXPECT_EQ(table.pattern.kind, Periodicity::Kind::none);  // none claimed
  EXPECT_THROW((void)value_of(parse("sub(squares)(1000000000000)")), LimitError);
}

}  // namespace
}  // namespace grundy
