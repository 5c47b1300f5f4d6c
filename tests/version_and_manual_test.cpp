// `grundy --version` and `grundy --man` through the real process.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "cli_runner.hpp"

namespace {

using cli_runner::grundy;

TEST(Version, NamesTheVersionTheCommitAndTheFeatures) {
  const cli_runner::CliRun run = grundy("--version");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_EQ(run.out.rfind("grundy 0.", 0), 0u) << run.out;
  // A build from a git checkout names its commit: twelve hex digits.
  EXPECT_TRUE(std::regex_search(run.out, std::regex("\ncommit: ([0-9a-f]{12}|unknown)"))) << run.out;
#ifdef GRUNDY_CLI_HAS_MPI
  EXPECT_NE(run.out.find("MPI              yes"), std::string::npos) << run.out;
#else
  EXPECT_NE(run.out.find("MPI              no"), std::string::npos) << run.out;
#endif
  EXPECT_NE(run.out.find("AVX-512 kernels"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("AVX2 kernels"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("kernels in use"), std::string::npos) << run.out;
}

TEST(Version, SaysWhetherThisCpuHasTheKernels) {
  // What the test reads from the CPU itself, against what grundy says.
  const cli_runner::CliRun cpu = cli_runner::shell("grep -m1 -o -w avx2 /proc/cpuinfo");
  const cli_runner::CliRun run = grundy("--version");
  const std::size_t line = run.out.find("AVX2 kernels");
  ASSERT_NE(line, std::string::npos) << run.out;
  const std::string avx2 = run.out.substr(line, run.out.find('\n', line) - line);
#if defined(__x86_64__)
  if (cpu.out.find("avx2") != std::string::npos) {
    EXPECT_NE(avx2.find("this CPU has them"), std::string::npos) << avx2;
  } else {
    EXPECT_NE(avx2.find("this CPU lacks them"), std::string::npos) << avx2;
  }
#endif
}

TEST(ManualPage, HasEveryCommandAndItsOptions) {
  const cli_runner::CliRun run = grundy("--man");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_EQ(run.out.find(".TH GRUNDY 1"), run.out.find('\n') + 1) << run.out.substr(0, 200);
  for (const char* command : {"value", "explain", "play", "table", "pattern", "graph", "boards", "census", "census octal",
                              "census report", "misere", "quotient", "check"}) {
    EXPECT_NE(run.out.find(std::string(".SS \"grundy ") + command + "\""), std::string::npos) << command;
  }
  // An option with its description, as `grundy table --help` prints it.
  EXPECT_NE(run.out.find(".B \\-\\-upto"), std::string::npos);
  EXPECT_NE(run.out.find(".SH EXIT STATUS"), std::string::npos);
}

TEST(ManualPage, ManShowsItAsTheHelpSaysIt) {
  // man(1) formats the page the build wrote; the help's description of
  // --misere is there word for word (from "play": under a C locale man
  // spells the è of "misère" in ASCII).
  const cli_runner::CliRun man = cli_runner::shell(std::string("MANWIDTH=200 man -l '") + GRUNDY_MANUAL_PAGE_PATH +
                                                   "' 2>&1 | col -b");
  ASSERT_EQ(man.status, 0) << man.out;
  EXPECT_NE(man.out.find("play: the last player to move loses"), std::string::npos) << man.out.substr(0, 2000);
  EXPECT_NE(man.out.find("grundy census octal"), std::string::npos);
}

}  // namespace
