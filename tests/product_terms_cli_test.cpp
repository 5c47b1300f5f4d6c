// Issue 56, finding 4: a term whose size is a product is sized before anything
// is allocated for it. Chomp's 2^64 - 1 square read h + w saturated to
// 2^64 - 1, took C(2^64 - 1, 2^64 - 1) = 1 diagram for its count and went to
// the search: 3.7 GB in 14 s, deaf to Ctrl-C and --memory. Now the closed
// forms answer at once: a square is won by eating (2,2) (Gale), and an L is
// two Nim heaps, whose moves need no search at any size (finding 10).
#include <gtest/gtest.h>

#include <string>

#include "measured_run.hpp"

namespace {

constexpr const char* kMax = "18446744073709551615";

TEST(ProductTerms, TheLargestChompSquareIsAnsweredAtOnceInLittleMemory) {
  const std::string side = kMax;
  const measured_run::Measured run =
      measured_run::run({"value", "--memory", "100", "chomp(" + side + "x" + side + ")"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_LT(run.seconds, 2.0);
  EXPECT_LT(run.peak_megabytes, 50.0 + measured_run::kSanitizerMegabytes);  // the process itself: about 9 MiB
  EXPECT_NE(run.out.find("Outcome: the first player (the one to move) wins"), std::string::npos) << run.out;
  // The one winning move leaves the L of two equal arms.
  EXPECT_NE(run.out.find("Winning moves (1):"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("eat the square at row 2, column 2"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("->  chomp(" + side + ",18446744073709551614x1)"), std::string::npos) << run.out;
}

// A rectangle as large: strategy stealing says who wins, and the value is
// refused in words, not searched.
TEST(ProductTerms, TheLargestChompRectangleGivesTheOutcomeNotASearch) {
  const std::string side = kMax;
  const measured_run::Measured run = measured_run::run({"value", "chomp(" + side + "x18446744073709551614)"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_LT(run.peak_megabytes, 50.0 + measured_run::kSanitizerMegabytes);
  EXPECT_NE(run.out.find("Nim-value: not computed"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("first player (the one to move) wins"), std::string::npos) << run.out;
}

// chomp(15,28x1): an arm of 14 and a leg of 28, past 2^21 diagrams. 14 ^ 28 =
// 18, and the one move to 0 shortens the leg to 14 (row 16 eaten).
TEST(ProductTerms, AnLPastTheSearchGetsItsWinningMove) {
  const measured_run::Measured run = measured_run::run({"value", "chomp(15,28x1)"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("Nim-value: 18"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Winning moves (1):"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("eat the square at row 16, column 1"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("->  chomp(15,14x1)"), std::string::npos) << run.out;
  // Arm 2^64 - 2, leg 2: value (2^64 - 2) ^ 2; the move to 0 takes the arm to 2.
  const measured_run::Measured huge = measured_run::run({"value", "chomp(" + std::string(kMax) + ",2x1)"});
  ASSERT_EQ(huge.status, 0) << huge.err;
  EXPECT_NE(huge.out.find("Nim-value: 18446744073709551612"), std::string::npos) << huge.out;
  EXPECT_NE(huge.out.find("->  chomp(3,2x1)"), std::string::npos) << huge.out;
}

// Cram's RxC past the board's cells: one line, exit 2, the size quoted as
// written (its sides were quoted cut to "1844674407x2").
TEST(ProductTerms, ABoardSizePastTheCellsIsQuotedWhole) {
  const measured_run::Measured run = measured_run::run({"value", "cram(18446744073709551616x2)"});
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.err,
            "grundy: column 6: a board of 18446744073709551616x2 has more than 1024 cells, the most this solver "
            "handles\n");
}

}  // namespace
