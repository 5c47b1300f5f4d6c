// Rulesets added with the registry: each checked against published values
// (besides the conformance suite, which holds them to the definition).
#include <gtest/gtest.h>

#include <vector>

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/input_error.hpp"
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
  const SequenceReport table = Registry::builtin().heap_rule(parse_rule("sub(pow2)"))->table(testing::context(), 30);
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
      Registry::builtin().heap_rule(parse_rule("sub(squares)"))->table(testing::context(), 5000);
  EXPECT_EQ(table.pattern.kind, Periodicity::Kind::none);  // none claimed
  EXPECT_THROW((void)value_of(parse("sub(squares)(1000000000000)")), LimitError);
}

// Lasker's Nim lists its winning moves from the closed form at any heap size
// (before, lasker(2147483647) and lasker(1000000,1) were refused: "too many
// moves to list"). Each listed move is checked here with the closed form of
// Winning Ways written again: g(4k+1)=4k+1, g(4k+2)=4k+2, g(4k+3)=4k+4, g(4k+4)=4k+3.
std::uint64_t lasker_g(std::uint64_t n) {
  if (n == 0) return 0;
  switch (n % 4) {
    case 3: return n + 1;
    case 0: return n - 1;
    default: return n;
  }
}

TEST(Lasker, WinningMovesOfHugeHeaps) {
  for (const std::string text : {"lasker(2147483647)", "lasker(1000000,1)", "lasker(1000000000000000000,7,12)",
                                 "lasker(123456789012345) + nim(5)"}) {
    const Position p = parse(text);
    const SumAnalysis a = analyze(p, testing::context(), AnalysisOptions{false, 50});
    ASSERT_TRUE(a.first_player_wins()) << text;
    ASSERT_GE(a.winning_move_total, 1u) << text;
    for (const Move& m : a.winning_moves) {
      // The whole position after the move, valued here by the formula.
      std::uint64_t total = 0;
      const Position after = m.after();
      for (std::size_t i = 0; i < after.size(); ++i) {
        const std::string part = after[i].text();
        const std::uint64_t n = std::stoull(part.substr(part.find('(') + 1));
        total ^= part.rfind("lasker", 0) == 0 ? lasker_g(n) : n;
      }
      EXPECT_EQ(total, 0u) << text << ": " << m.action << " -> " << after.text();
    }
  }
}

}  // namespace
}  // namespace grundy
