// Issue 56, finding 10: the stone games' boards read as the others do, and a
// refusal says why. A trailing '/' was taken by cram(0010/) and coins(THH/)
// and refused by clobber(XO/) and nogo(..X./); a board with no move left was
// refused a certificate as "… 0 is not one".
#include <gtest/gtest.h>

#include <string>

#include "measured_run.hpp"

namespace {

TEST(BoardMessages, ATrailingSlashEndsEveryBoard) {
  struct Case {
    std::string term;
    std::string value;
  };
  for (const Case& c : {Case{"clobber(XO/)", "1"}, Case{"nogo(..X./)", "2"}, Case{"cram(0010/)", "1"},
                        Case{"clobber(XO/OX/)", "0"}}) {
    const measured_run::Measured run = measured_run::run({"value", "--max-moves", "0", c.term});
    ASSERT_EQ(run.status, 0) << c.term << ": " << run.err;
    EXPECT_NE(run.out.find("Nim-value: " + c.value + "\n"), std::string::npos) << c.term << ": " << run.out;
  }
  // Two are still an empty row.
  const measured_run::Measured twice = measured_run::run({"value", "clobber(XO//)"});
  EXPECT_EQ(twice.status, 2);
  EXPECT_EQ(twice.err, "grundy: column 12: a Clobber board has no empty rows\n");
}

TEST(BoardMessages, ABoardWithoutAMoveIsRefusedACertificateSayingWhy) {
  const std::string file = ::testing::TempDir() + "board_messages.certificate";
  for (const char* term : {"clobber(X)", "clobber(XX.)", "nogo(#.)"}) {
    const measured_run::Measured run = measured_run::run({"value", "--certificate", file, term});
    EXPECT_EQ(run.status, 2) << term;
    EXPECT_NE(run.err.find("this position has no move left"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("its value 0 follows from the rules alone"), std::string::npos) << run.err;
  }
}

}  // namespace
