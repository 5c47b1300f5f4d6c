// Issue 56, finding 8: the outcome search (Lemoine–Viennot, outcome_engine.hpp)
// on a board of hundreds of squares — Clobber 20×20, where a node lists ~760
// options, each split and made canonical — polled every 4096 nodes: SIGINT at
// 1 s ended it 6.6 s later; it printed no progress; under --memory 200 it
// reached 378 MB (the keys' letters and the stack uncounted) and named "the
// memory bound of 100 MiB" (its tables' halves). Now it polls at every node,
// reports progress, counts keys and stack, and names the bound the user set.
#include <gtest/gtest.h>

#include <string>

#include "measured_run.hpp"

namespace {

std::string checkerboard(int side) {
  std::string board;
  for (int r = 0; r < side; ++r) {
    if (r > 0) board += '/';
    for (int c = 0; c < side; ++c) board += (r + c) % 2 == 0 ? 'X' : 'O';
  }
  return "clobber(" + board + ")";
}

// Signalled at a moment of the search; within a second it ends, 128 + the signal.
void expect_ended_within_a_second(double after, int sig) {
  const measured_run::Measured run = measured_run::run({"value", checkerboard(20)}, after + cli_runner::kStartAllowance, sig);
  ASSERT_FALSE(run.ended_before_signal) << run.out << run.err;
  EXPECT_EQ(run.status, 128 + sig) << after << " s: " << run.err;
  EXPECT_LT(run.seconds, 1.0 + cli_runner::kExitScanAllowance) << "signalled after " << after << " s";
  EXPECT_NE(run.err.find("interrupted"), std::string::npos) << run.err;
}

// At its start (the first descent, frames of ~760 options made) and at its
// first values: it took 6.6 s at 1 s.
TEST(OutcomeSearchBounds, SigintEndsTheSearchWithinASecondEarly) {
  expect_ended_within_a_second(0.3, SIGINT);
  expect_ended_within_a_second(1.0, SIGINT);
}

// Deep in the search, with its part search's values in the tables.
TEST(OutcomeSearchBounds, SigintEndsTheSearchWithinASecondLater) { expect_ended_within_a_second(2.5, SIGINT); }

// SIGTERM took 4.8 s.
TEST(OutcomeSearchBounds, SigtermEndsTheSearchWithinASecond) { expect_ended_within_a_second(1.0, SIGTERM); }

TEST(OutcomeSearchBounds, ALongSearchReportsProgress) {
  // Signalled at 4 s, the first line due at 0.2 s: under ctest -j2 on two
  // busy cores the first seconds of a run go to starting it (one failure at 2.5 s).
  const measured_run::Measured run =
      measured_run::run({"value", "--progress", "--progress-after", "0.2", checkerboard(20)}, 4.0, SIGINT);
  EXPECT_EQ(run.status, 130) << run.err;
  EXPECT_NE(run.err.find("outcome search: "), std::string::npos) << run.err;
  EXPECT_NE(run.err.find(" nodes, "), std::string::npos) << run.err;
}

// --memory 60: refused naming 60 MiB, within it (its peak a little above: the
// process's own 10 MiB and the allocator's rounding of each key's letters).
TEST(OutcomeSearchBounds, TheMemoryBoundIsKeptAndNamedAsGiven) {
  const measured_run::Measured run = measured_run::run({"value", "--memory", "60", checkerboard(20)});
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_NE(run.err.find("the memory bound of 60 MiB (--memory"), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find("30 MiB"), std::string::npos) << run.err;
  // Not under a sanitizer: ASan's redzones and its quarantine of the stack's
  // freed blocks took this run to 499 MB, counted bytes of 59 MiB.
  if (!cli_runner::kUnderAddressSanitizer && !cli_runner::kUnderThreadSanitizer) {
    EXPECT_LT(run.peak_megabytes, 60 * 1.3) << run.err;
    // And the peak is the search's, which counted 59 MiB before it stopped
    // (69 MiB measured): grundy's own, not that of the program that started
    // it (measured_spawn: /bin/true started by it peaks at 1 MiB) nor of this
    // test binary.
    EXPECT_GT(run.peak_megabytes, 50.0) << run.err;
  }
}

}  // namespace
