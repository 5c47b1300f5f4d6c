// Euclid's game, euclid(a,b): held to its definition. The oracle below is the
// rule itself — subtract a positive multiple of the smaller number from the
// larger, never below zero — memoised over every pair up to 300; it knows
// nothing of Nivasch's formula, which the ruleset uses. The conformance suite
// holds the samples to the definition as well; here every pair up to 300, the
// moves to every value, pairs scaled up to 2^63, and the command line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "grundy/analysis/analysis.hpp"
#include "grundy/core/input_error.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using testing::parse;
using testing::value_of;

// g(a, b) for every pair 0 <= a, b <= side, by the definition: the mex of the
// values of (a, b - k·a) (a <= b), k = 1 .. b / a; no move from a pair with a 0.
class EuclidOracle {
 public:
  explicit EuclidOracle(std::uint64_t side) : side_(side), values_((side + 1) * (side + 1), 0) {
    // A move lowers the larger number, so by increasing sum every option is known.
    for (std::uint64_t sum = 0; sum <= 2 * side; ++sum) {
      for (std::uint64_t a = sum > side ? sum - side : 0; a <= std::min(sum, side); ++a) {
        const std::uint64_t b = sum - a;
        at(a, b) = mex_of(options(a, b));
      }
    }
  }

  Nimber value(std::uint64_t a, std::uint64_t b) const { return values_[a * (side_ + 1) + b]; }

  // The options of (a, b), in the pair's order.
  static std::vector<std::pair<std::uint64_t, std::uint64_t>> options(std::uint64_t a, std::uint64_t b) {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
    if (a == 0 || b == 0) return out;
    if (a <= b) {
      for (std::uint64_t k = 1; k * a <= b; ++k) out.emplace_back(a, b - k * a);
    } else {
      for (std::uint64_t k = 1; k * b <= a; ++k) out.emplace_back(a - k * b, b);
    }
    return out;
  }

 private:
  Nimber& at(std::uint64_t a, std::uint64_t b) { return values_[a * (side_ + 1) + b]; }

  Nimber mex_of(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& options) const {
    std::set<Nimber> seen;
    for (const auto& [a, b] : options) seen.insert(value(a, b));
    Nimber m = 0;
    while (seen.count(m)) ++m;
    return m;
  }

  std::uint64_t side_;
  std::vector<Nimber> values_;
};

std::string euclid(std::uint64_t a, std::uint64_t b) {
  return "euclid(" + std::to_string(a) + "," + std::to_string(b) + ")";
}

const EuclidOracle& oracle() {
  static const EuclidOracle table(300);
  return table;
}

TEST(Euclid, EveryPairUpTo300EqualsTheDefinition) {
  for (std::uint64_t a = 0; a <= 300; ++a) {
    for (std::uint64_t b = 0; b <= 300; ++b) {
      ASSERT_EQ(value_of(parse(euclid(a, b))), oracle().value(a, b)) << euclid(a, b);
    }
  }
}

// Small values from the rules, worked by hand: (1, n) is Nim (n options, to
// values n − 1 … 0); (n, kn) reaches (n, jn) for j < k, so it is worth k; from
// (n, n + 1) the one move is to (n, 1), worth n, so it is worth 0 for n >= 2.
TEST(Euclid, HandWorkedValues) {
  EXPECT_EQ(value_of(parse("euclid(0,0)")), 0u);
  EXPECT_EQ(value_of(parse("euclid(0,7)")), 0u);
  EXPECT_EQ(value_of(parse("euclid(5,5)")), 1u);
  EXPECT_EQ(value_of(parse("euclid(1,9)")), 9u);
  EXPECT_EQ(value_of(parse("euclid(7,21)")), 3u);
  EXPECT_EQ(value_of(parse("euclid(2,3)")), 0u);
  EXPECT_EQ(value_of(parse("euclid(3,5)")), 1u);  // -> (3,2) worth 0
}

// The moves to each value, listed by the formula, are exactly the options of
// that value by the definition, with their count (random pairs up to 300 and
// every value from 0 to one past the largest option's).
TEST(Euclid, MovesToEachValueEqualTheDefinition) {
  std::mt19937_64 random(33);
  std::uniform_int_distribution<std::uint64_t> number(0, 300);
  for (int trial = 0; trial < 400; ++trial) {
    const std::uint64_t a = number(random);
    const std::uint64_t b = trial % 7 == 0 ? a * (1 + trial % 3) % 301 : number(random);
    const Position p = parse(euclid(a, b));
    Nimber top = 0;
    for (const auto& [x, y] : EuclidOracle::options(a, b)) top = std::max(top, oracle().value(x, y));
    for (Nimber target = 0; target <= top + 1; ++target) {
      std::multiset<std::string> expected;
      for (const auto& [x, y] : EuclidOracle::options(a, b)) {
        if (oracle().value(x, y) == target) expected.insert(euclid(x, y));
      }
      const auto moves = testing::moves_to_value(p[0], target, 10);
      std::multiset<std::string> listed;
      for (const auto& m : moves.listed) listed.insert(m.result);
      ASSERT_EQ(listed, expected) << euclid(a, b) << " to " << target;
      ASSERT_EQ(moves.total, expected.size()) << euclid(a, b) << " to " << target;
    }
  }
}

// The game graph of (d·a, d·b) is that of (a, b) with every number times d, so
// the values agree: pairs up to 300 scaled as far as 2^63 go, checked against
// the oracle. 2^63 itself is taken; 2^63 + 1 is refused.
TEST(Euclid, ScaledPairsUpTo2To63) {
  std::mt19937_64 random(63);
  std::uniform_int_distribution<std::uint64_t> number(0, 300);
  const std::uint64_t top = std::uint64_t{1} << 63;
  for (int trial = 0; trial < 2000; ++trial) {
    const std::uint64_t a = number(random);
    const std::uint64_t b = number(random);
    const std::uint64_t larger = std::max<std::uint64_t>({a, b, 1});
    const std::uint64_t d = std::uniform_int_distribution<std::uint64_t>(1, top / larger)(random);
    ASSERT_EQ(value_of(parse(euclid(a * d, b * d))), oracle().value(a, b)) << euclid(a * d, b * d);
  }
  EXPECT_EQ(value_of(parse(euclid(top, top))), 1u);
  EXPECT_EQ(value_of(parse(euclid(1, top))), top);
  EXPECT_EQ(value_of(parse(euclid(top - 1, top))), 0u);
  EXPECT_EQ(value_of(parse(euclid(top / 3, top / 3 * 2))), 2u);
  EXPECT_THROW((void)parse(euclid(top + 1, 5)), InputError);
  EXPECT_THROW((void)parse("euclid(18446744073709551615,1)"), InputError);
}

// (1, 10^18) has 10^18 options: its winning move, and the move to any value,
// come from the formula, not from listing them. (10^18, 10^18 + 1) is a loss.
TEST(Euclid, HugePairsWithoutListingTheirOptions) {
  const std::uint64_t e18 = 1'000'000'000'000'000'000ULL;
  const Position p = parse(euclid(1, e18));
  EXPECT_EQ(value_of(p), e18);
  const SumAnalysis a = analyze(p, testing::context(), AnalysisOptions{false, 10});
  ASSERT_EQ(a.winning_move_total, 1u);
  EXPECT_EQ(a.winning_moves[0].after().text(), "euclid(1,0)");
  EXPECT_EQ(a.winning_moves[0].action, "subtract 1000000000000000000 × 1 from 1000000000000000000");
  const auto to_five = testing::moves_to_value(p[0], 5, 10);
  ASSERT_EQ(to_five.total, 1u);
  EXPECT_EQ(to_five.listed[0].result, "euclid(1,5)");
  EXPECT_EQ(value_of(parse(euclid(e18, e18 + 1))), 0u);
  // A sum: the winning moves of euclid(1, 10^18) + nim(7) lower the pair to (1, 7).
  const SumAnalysis sum = analyze(parse(euclid(1, e18) + " + nim(7)"), testing::context(), AnalysisOptions{false, 10});
  ASSERT_EQ(sum.winning_move_total, 1u);
  EXPECT_EQ(sum.winning_moves[0].after().text(), "euclid(1,7) + nim(7)");
}

TEST(Euclid, BadInputIsOneLineWithTheColumnAndExitTwo) {
  for (const auto& [text, column] : std::vector<std::pair<std::string, std::string>>{
           {"euclid(9223372036854775809,3)", "column 8"},
           {"euclid(3)", "column 7"},
           {"euclid(3,4,5)", "column 7"},
           {"euclid(3,x)", "column 10"},
           {"euclid(2)(3,4)", "column 7"}}) {
    const cli_runner::CliRun run = cli_runner::grundy("value '" + text + "'");
    EXPECT_EQ(run.status, 2) << text << ": " << run.out;
    EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 1) << text << ": " << run.out;
    EXPECT_NE(run.out.find(column), std::string::npos) << text << ": " << run.out;
  }
}

// `grundy explain` names the theorem that decided, and `grundy play` plays a
// winning move from the formula.
TEST(Euclid, ExplainNamesNivaschAndPlayWins) {
  const cli_runner::CliRun explain = cli_runner::grundy("explain 'euclid(5,13)'");
  ASSERT_EQ(explain.status, 0) << explain.out;
  EXPECT_NE(explain.out.find("By Nivasch's formula"), std::string::npos) << explain.out;
  EXPECT_NE(explain.out.find("13/5 = [2; 1, 1, 2]"), std::string::npos) << explain.out;
  EXPECT_NE(explain.out.find("[2; 1, 1, 3] = 18/7"), std::string::npos) << explain.out;
  EXPECT_NE(explain.out.find("So g = 2"), std::string::npos) << explain.out;
  const cli_runner::CliRun huge = cli_runner::grundy("explain 'euclid(1000000000000000000,1000000000000000001)'");
  ASSERT_EQ(huge.status, 0) << huge.out;
  EXPECT_NE(huge.out.find("So g = 0"), std::string::npos) << huge.out;
  // The computer moves first from a winning position and must leave a loss.
  const cli_runner::CliRun play = cli_runner::grundy("play 'euclid(1,1000000000000000000)' --first computer", "q\n");
  EXPECT_NE(play.out.find("euclid(1,0)"), std::string::npos) << play.out;
}

}  // namespace
}  // namespace grundy
