// Wythoff's game as a ruleset: outcomes and winning moves at 10^18 from the
// Beatty pairs, checked against P-positions computed here from OEIS A000201
// (the lower Wythoff sequence), and nim-values against the published table.
#include <gtest/gtest.h>

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/input_error.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using testing::parse;
__extension__ using Wide = unsigned __int128;

// OEIS A000201, n = 1..20: floor(n phi); the P-positions are (a_n, a_n + n).
const std::vector<std::uint64_t> kA000201 = {1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32};

TEST(Wythoff, PPositionsAreTheBeattyPairs) {
  for (std::size_t i = 0; i < kA000201.size(); ++i) {
    const std::uint64_t a = kA000201[i];
    const std::uint64_t b = a + (i + 1);
    for (const std::string& text : {"wythoff(" + std::to_string(a) + "," + std::to_string(b) + ")",
                                   "wythoff(" + std::to_string(b) + "," + std::to_string(a) + ")"}) {
      const SumAnalysis r = analyze(parse(text), testing::context());
      EXPECT_EQ(r.outcome, Outcome::P) << text;
      EXPECT_EQ(r.value, Value(0)) << text;
    }
    // One off a P-position is an N-position.
    EXPECT_EQ(analyze(parse("wythoff(" + std::to_string(a) + "," + std::to_string(b + 1) + ")"), testing::context()).outcome,
              Outcome::N);
  }
}

// Wythoff's nim-values, first rows (OEIS A004481 read by antidiagonals; row 0
// is g(0, b) = b, row 1 is 1 2 0 4 5 3 7 8 6 …).
TEST(Wythoff, NimValuesOfSmallPiles) {
  const std::vector<Nimber> row1 = {1, 2, 0, 4, 5, 3, 7, 8, 6};
  for (std::uint64_t b = 0; b < row1.size(); ++b) {
    EXPECT_EQ(testing::value_of(parse("wythoff(1," + std::to_string(b) + ")")), row1[b]) << b;
    EXPECT_EQ(testing::value_of(parse("wythoff(0," + std::to_string(b) + ")")), b);
  }
}

// At 10^18 no value is known, but a lone Wythoff position still says who wins
// and lists every move to a P-position, each checked to be a Beatty pair.
TEST(Wythoff, HugePilesOutcomeAndWinningMoves) {
  const std::string text = "wythoff(1000000000000000000,1234567890123456789)";
  const SumAnalysis r = analyze(parse(text), testing::context(), AnalysisOptions{false, 10});
  EXPECT_FALSE(r.value.has_value());
  EXPECT_FALSE(r.value_note.empty());
  ASSERT_EQ(r.outcome, Outcome::N);
  ASSERT_GE(r.winning_moves.size(), 1u);
  ASSERT_LE(r.winning_moves.size(), 3u);
  for (const Move& m : r.winning_moves) {
    const Position after = m.after();
    // The position after is a P-position: checked through the analysis again
    // (by the integer Beatty test) and the pair's difference k has a = floor(k phi):
    // a_k < k phi < a_k + 1 holds exactly when a_k (a_k - k) < k^2 < (a_k + 1)(a_k + 1 - k).
    EXPECT_EQ(analyze(after, testing::context()).outcome, Outcome::P) << after.text();
    const std::string args = after[0].arguments();
    const std::uint64_t x = std::stoull(args.substr(0, args.find(',')));
    const std::uint64_t y = std::stoull(args.substr(args.find(',') + 1));
    const Wide a = std::min(x, y), b = std::max(x, y), k = b - a;
    EXPECT_TRUE(a * (a - k) < k * k && k * k < (a + 1) * (a + 1 - k)) << after.text();
  }
  // In a sum the value is needed, and refused with the reason.
  EXPECT_THROW((void)analyze(parse(text + " + nim(1)"), testing::context()), LimitError);
}

}  // namespace
}  // namespace grundy
