// Ctrl-C (SIGINT) and SIGTERM stop every long computation of `grundy value`
// within a second, through the run's Context: exit status 130 and a line that
// says so. Run through the real process, signalled from outside.
#include <gtest/gtest.h>

#include <fstream>

#include <csignal>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace {

using cli_runner::run_and_signal;
using Stopped = cli_runner::Signalled;

// Officers to 3·10^7 heaps takes tens of seconds; Ctrl-C ends it at once.
TEST(Cancellation, CtrlCStopsATakeAndBreakValueWithinASecond) {
  const Stopped run = run_and_signal({"value", "officers(30000000)"}, 1.5, SIGINT);
  EXPECT_EQ(run.status, 130) << run.err;
  EXPECT_LT(run.seconds, 1.0);
  EXPECT_NE(run.err.find("interrupted"), std::string::npos) << run.err;
}

// One-row NoGo's own search (nogo_row.cpp) polls the run's context through
// the game's watch() hook: 1×26 takes many minutes, Ctrl-C ends it at once,
// with and without --certificate.
TEST(Cancellation, CtrlCStopsTheOneRowNoGoSearch) {
  const std::string row = "nogo(" + std::string(26, '.') + ")";
  const std::string certificate = ::testing::TempDir() + "never_written.certificate";
  for (const std::vector<std::string>& args : {std::vector<std::string>{"value", row},
                                               std::vector<std::string>{"value", "--certificate", certificate, row}}) {
    const Stopped run = run_and_signal(args, 1.0 + cli_runner::kStartAllowance, SIGINT);
    EXPECT_EQ(run.status, 130) << run.err;
    EXPECT_LT(run.seconds, 1.0);
    EXPECT_NE(run.err.find("interrupted"), std::string::npos) << run.err;
  }
  EXPECT_FALSE(std::ifstream(certificate).good()) << "a certificate of an interrupted search";
}

TEST(Cancellation, SigtermStopsAPlacementSearchWithoutATable) {
  const Stopped run = run_and_signal({"value", "cram(6x7)"}, 1.0, SIGTERM);
  EXPECT_EQ(run.status, 128 + SIGTERM) << run.err;  // 143, as shells report a terminated command
  EXPECT_LT(run.seconds, 1.0);
  EXPECT_NE(run.err.find("interrupted; nothing was saved"), std::string::npos) << run.err;
}

// Boards of about 1000 cells: one node of the search generates ~1000 moves,
// each split into parts and made canonical on a 16-word board. Polling counted
// in nodes left 0.6-0.9 s between two polls here (and 12 s under ASan on Node
// Kayles' 8x80 king graph: found by the expression fuzz harness); polling by
// the work charged per move stops in about 10 ms.
TEST(Cancellation, CtrlCStopsAPlacementSearchOnALargeBoardAtOnce) {
  for (const char* game : {"nodekayles_grid(31x33)", "cram(31x33)"}) {
    const Stopped run = run_and_signal({"value", game}, 0.3 + cli_runner::kStartAllowance, SIGINT);
    EXPECT_EQ(run.status, 130) << game << ": " << run.err;
    EXPECT_LT(run.seconds, 0.3 + cli_runner::kExitScanAllowance) << game;
    EXPECT_NE(run.err.find("interrupted"), std::string::npos) << run.err;
  }
}

TEST(Cancellation, CtrlCStopsATableOfASubtractionGame) {
  // sub(squares) to 10^6 needs about 10^9 steps.
  const Stopped run = run_and_signal({"table", "sub(squares)", "--upto", "1000000"}, 0.5, SIGINT);
  EXPECT_EQ(run.status, 130) << run.err;
  EXPECT_LT(run.seconds, 1.0);
}

// Misère play: building and verifying a quotient (.07 to heap 60 takes
// minutes), and a sum of ten Dawson's Kayles heaps (the quotient grown within
// its work bound, then the search of the sum). Each loop charges the work
// meter, so Ctrl-C is heard after the same amount of work as everywhere.
TEST(Cancellation, CtrlCStopsMisereComputationsWithinASecond) {
  const std::vector<std::vector<std::string>> runs = {
      {"quotient", "0.07", "--upto", "60"},
      {"value", "--misere", "dawson(30,29,28,27,26,25,24,23,22,21)"},
  };
  for (const auto& args : runs) {
    for (double after : {0.3, 1.5}) {
      const Stopped run = run_and_signal(args, after + cli_runner::kStartAllowance, SIGINT);
      EXPECT_EQ(run.status, 130) << args[1] << " after " << after << " s: " << run.err;
      EXPECT_LT(run.seconds, 1.0) << args[1] << " after " << after << " s";
      EXPECT_NE(run.err.find("interrupted"), std::string::npos) << run.err;
    }
  }
}

}  // namespace
