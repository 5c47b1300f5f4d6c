// The run's one memory bound (include/grundy/core/memory_budget.hpp): every
// engine of a sum takes its share of it, so that a sum of several families
// under `--memory B` holds at most B in its tables, whatever it holds. Before,
// each family's table got the whole bound: Clobber 2×12 + NoGo 1×22 under
// --memory 64 peaked at 82.6 MB (each alone 45 MB).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "measured_run.hpp"
#include "grundy/core/memory_budget.hpp"

namespace {

using grundy::MemoryBudget;

TEST(MemoryBudget, SharesTakeWhatTheOthersLeave) {
  MemoryBudget budget(1000);
  MemoryBudget::Share a(budget);
  MemoryBudget::Share b(budget);
  EXPECT_EQ(a.limit(), 1000U);
  a.hold(600);
  EXPECT_EQ(budget.held(), 600U);
  EXPECT_EQ(b.limit(), 400U);
  EXPECT_EQ(a.limit(), 1000U);  // its own bytes are its to keep
  b.hold(400);
  a.hold(700);  // past what is left: the limit says so, the next growth refuses
  EXPECT_EQ(b.limit(), 300U);
  a.hold(100);
  EXPECT_EQ(b.limit(), 900U);
  {
    MemoryBudget::Share c(budget);
    c.hold(500);
    EXPECT_EQ(a.limit(), 100U);
    b.hold(900);
    EXPECT_EQ(a.limit(), 1U);  // a full budget refuses, never reads as no bound
  }
  EXPECT_EQ(budget.held(), 1000U);  // c gave its bytes back
  MemoryBudget none(0);
  MemoryBudget::Share d(none);
  d.hold(std::size_t{1} << 40);
  EXPECT_EQ(d.limit(), 0U);  // no bound
}

// `grundy ARGS` through its real process (measured_run.hpp): stdout and
// stderr together, as a user reads them.
struct Measured {
  int status = -1;
  std::string out;
  double peak_megabytes = 0;
};

Measured measured(const std::vector<std::string>& args) {
  const measured_run::Measured run = measured_run::run(args);
  return {run.status, run.out + run.err, run.peak_megabytes};
}

// A sum of four families — impartial Clobber and one-row NoGo (the part
// search), Cram (the region search) and Officers, 0.6 (a take-and-break
// sequence) — each alone holding about a bound's worth of tables, under one
// bound: the process stays within the bound plus what it holds with no table
// at all (measured in the same test: the program, its libraries, the parsed
// sum), whether the sum fits (the value) or not (exit 2, the bound named).
TEST(MemoryBudget, ASumOfFourFamiliesStaysWithinOneBound) {
  if (cli_runner::kUnderAddressSanitizer || cli_runner::kUnderThreadSanitizer) {
    GTEST_SKIP() << "a sanitizer's shadow memory and quarantine are no table's";
  }
  // Alone, each holds 2–9 MB beside the program's 8 (Zen 4, 2026-12-02):
  // together 33 MB, which the old bound let through under --memory 16.
  const std::string sum =
      "clobber(XOXOXOXOXOX/OXOXOXOXOXO) + nogo(....................) + cram(5x7) + 0.6(2000000)";
  const Measured fixed = measured({"value", "--max-moves", "0", "nim(1) + clobber(XO) + nogo(...) + cram(2x2) + 0.6(3)"});
  ASSERT_EQ(fixed.status, 0) << fixed.out;
  // The slack: stacks, the analysis's vectors, the allocator's own pages.
  constexpr double kSlackMegabytes = 6;
  for (const int bound : {40, 16}) {
    const Measured run = measured({"value", "--memory", std::to_string(bound), "--max-moves", "0", sum});
    EXPECT_LE(run.peak_megabytes, bound + fixed.peak_megabytes + kSlackMegabytes)
        << "--memory " << bound << ": " << run.out << "(no table: " << fixed.peak_megabytes << " MB)";
    if (run.status == 0) {
      EXPECT_NE(run.out.find("Nim-value: "), std::string::npos) << run.out;
    } else {
      EXPECT_EQ(run.status, 2) << run.out;
      EXPECT_NE(run.out.find("memory bound of " + std::to_string(bound) + " MiB"), std::string::npos) << run.out;
    }
  }
}

}  // namespace
