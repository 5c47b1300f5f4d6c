// `grundy value` on long placement searches: --table (load, save, resume, refuse
// damaged files), --memory (refuse a bound the board cannot fit), --progress
// (stderr only), and SIGTERM saving the work (exit 143). Runs the built binary
// with stdout and stderr kept apart, since where the lines go is under test.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "cli_runner.hpp"

namespace {

struct CliResult {
  int status = -1;
  std::string out;
  std::string err;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// CTest runs each test of this file in its own process, two at a time: the pid keeps
// their scratch files (captured stdout/stderr, tables) apart.
std::string temp_path(const std::string& name) {
  return testing::TempDir() + "placement_cli_" + std::to_string(::getpid()) + "_" + name;
}

// Removes this process's scratch files when a test ends.
class PlacementCli : public testing::Test {
 protected:
  void TearDown() override {
    const std::string prefix = "placement_cli_" + std::to_string(::getpid()) + "_";
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(testing::TempDir(), ec))
      if (entry.path().filename().string().rfind(prefix, 0) == 0) std::filesystem::remove(entry.path(), ec);
  }
};

CliResult grundy(const std::string& args) {
  const std::string out = temp_path("stdout.txt");
  const std::string err = temp_path("stderr.txt");
  const std::string command =
      std::string(GRUNDY_CLI_PATH) + " " + args + " > " + out + " 2> " + err + " < /dev/null";
  const int raw = std::system(command.c_str());
  CliResult run;
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  run.out = slurp(out);
  run.err = slurp(err);
  return run;
}

// "saved: N positions (L loaded, S search nodes)" from a --table run.
struct Saved {
  long positions = -1;
  long loaded = -1;
  long searched = -1;
};

Saved saved_line(const std::string& err) {
  std::smatch m;
  Saved s;
  if (std::regex_search(err, m, std::regex(R"(saved: (\d+) positions \((\d+) loaded, (\d+) search nodes\))"))) {
    s.positions = std::stol(m[1]);
    s.loaded = std::stol(m[2]);
    s.searched = std::stol(m[3]);
  }
  return s;
}

// Cram 4x7: g = 3, about 0.02 s and 2 000 search nodes (5 000 positions stored).
constexpr const char* kBoard = "'cram(4x7)'";

TEST_F(PlacementCli, TableRoundTripGivesTheSameValueWithLessSearch) {
  const std::string table = temp_path("roundtrip.bin");
  std::filesystem::remove(table);
  const CliResult first = grundy(std::string("value ") + kBoard + " --table " + table);
  ASSERT_EQ(first.status, 0) << first.err;
  ASSERT_TRUE(std::filesystem::exists(table));
  EXPECT_FALSE(std::filesystem::exists(table + ".tmp"));
  const Saved a = saved_line(first.err);
  ASSERT_GT(a.positions, 0) << first.err;
  EXPECT_EQ(a.loaded, 0);

  const CliResult second = grundy(std::string("value ") + kBoard + " --table " + table);
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_EQ(second.out, first.out);  // same value and winning moves
  EXPECT_NE(second.out.find("Nim-value: 3"), std::string::npos) << second.out;
  const Saved b = saved_line(second.err);
  EXPECT_EQ(b.loaded, a.positions);
  EXPECT_EQ(b.positions, a.positions);  // nothing new was needed
  EXPECT_LT(b.searched, a.searched / 10) << second.err;
}

TEST_F(PlacementCli, DamagedOrForeignTableIsRefused) {
  const std::string table = temp_path("damaged.bin");
  std::filesystem::remove(table);
  ASSERT_EQ(grundy("value 'cram(4x5)' --table " + table).status, 0);
  std::string bytes = slurp(table);
  ASSERT_GT(bytes.size(), 100u);

  // Cut in the middle of an entry.
  std::ofstream(table, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() - 7);
  CliResult run = grundy("value 'cram(4x5)' --table " + table);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("truncated or damaged"), std::string::npos) << run.err;
  EXPECT_EQ(run.out, "");

  // One bit flipped (issue 14: a flipped value byte was accepted and printed
  // a wrong value with exit 0): refused, nothing printed, the file kept as it is.
  std::string flipped = bytes;
  flipped[bytes.size() / 2] = static_cast<char>(flipped[bytes.size() / 2] ^ 4);
  std::ofstream(table, std::ios::binary | std::ios::trunc) << flipped;
  run = grundy("value 'cram(4x5)' --table " + table);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find(table + ": the table file is truncated or damaged"), std::string::npos) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(slurp(table), flipped);

  std::ofstream(table, std::ios::binary | std::ios::trunc) << "not a table at all";
  run = grundy("value 'cram(4x5)' --table " + table);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("not a placement table file"), std::string::npos) << run.err;

  // A whole table of another rule.
  std::ofstream(table, std::ios::binary | std::ios::trunc) << bytes;
  run = grundy("value 'bars(3)(4x5)' --table " + table);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("saved for cram"), std::string::npos) << run.err;
}

// --threads 2 (two threads on one board's tables once it runs past half a
// second) prints what one thread prints; other counts are refused.
TEST_F(PlacementCli, TwoThreadsPrintTheSame) {
  const CliResult one = grundy("value 'cram(5x6) + nim(1)' --json");
  const CliResult two = grundy("value 'cram(5x6) + nim(1)' --json --threads 2");
  EXPECT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(two.status, 0) << two.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_NE(two.out.find("\"value\": 3"), std::string::npos) << two.out;  // g(cram 5x6) = 2, xor 1
  for (const char* bad : {"0", "65", "two"}) {
    const CliResult refused = grundy(std::string("value 'cram(3x3)' --threads ") + bad);
    EXPECT_EQ(refused.status, 2) << bad;
    EXPECT_NE(refused.err.find("--threads"), std::string::npos) << refused.err;
    EXPECT_EQ(refused.out, "");
  }
}

TEST_F(PlacementCli, MemoryBoundTooSmallIsRefused) {
  const CliResult run = grundy("value 'cram(5x6)' --memory 0.01");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("cannot hold the tables"), std::string::npos) << run.err;
  EXPECT_EQ(run.out, "");
  // A bound it fits gives the right value.
  const CliResult fits = grundy(std::string("value ") + kBoard + " --memory 8");
  EXPECT_EQ(fits.status, 0) << fits.err;
  EXPECT_NE(fits.out.find("Nim-value: 3"), std::string::npos) << fits.out;
}

TEST_F(PlacementCli, ProgressGoesToStderrOnlyAndOnlyWhenAsked) {
  const std::string line = "grundy: placement search:";
  // Threshold 0 so that a 0.2 s search reports; the default is 1 s.
  const CliResult asked = grundy(std::string("value ") + kBoard + " --progress --progress-after 0");
  ASSERT_EQ(asked.status, 0) << asked.err;
  EXPECT_NE(asked.err.find(line), std::string::npos) << asked.err;
  EXPECT_NE(asked.err.find("positions stored"), std::string::npos) << asked.err;
  EXPECT_EQ(asked.out.find(line), std::string::npos);
  EXPECT_EQ(asked.out.find("positions stored"), std::string::npos);

  // The tables' room against the run's bound: by default half of physical
  // memory (sysconf's figure, which /proc/meminfo's MemTotal also gives).
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t total_kib = 0;
  while (meminfo >> key && key != "MemTotal:") meminfo.ignore(256, '\n');
  ASSERT_TRUE(meminfo >> total_kib);
  const auto half_mb = static_cast<std::uint64_t>(std::llround(static_cast<double>(total_kib) / 2048.0));
  const std::size_t at = asked.err.find(" MB bound)");
  ASSERT_NE(at, std::string::npos) << asked.err;
  const std::size_t from = asked.err.rfind("of a ", at);
  ASSERT_NE(from, std::string::npos) << asked.err;
  const std::uint64_t shown = std::stoull(asked.err.substr(from + 5, at - from - 5));
  EXPECT_NEAR(static_cast<double>(shown), static_cast<double>(half_mb), 1.0) << asked.err;
  const CliResult bounded = grundy(std::string("value ") + kBoard + " --progress --progress-after 0 --memory 100");
  EXPECT_NE(bounded.err.find("of a 100 MB bound)"), std::string::npos) << bounded.err;
  const CliResult unbounded = grundy(std::string("value ") + kBoard + " --progress --progress-after 0 --memory 0");
  EXPECT_NE(unbounded.err.find(", no bound)"), std::string::npos) << unbounded.err;

  // Not a terminal and no --progress: silent.
  const CliResult quiet = grundy(std::string("value ") + kBoard + " --progress-after 0");
  EXPECT_EQ(quiet.status, 0);
  EXPECT_EQ(quiet.err, "");
  // A fast answer stays silent even with --progress (default 1 s threshold).
  const CliResult fast = grundy("value 'cram(4x5)' --progress");
  EXPECT_EQ(fast.err, "");
}

TEST_F(PlacementCli, SigtermSavesTheTableAndExits143) {
  const std::string table = temp_path("interrupted.bin");
  std::filesystem::remove(table);
  // Cram 5x8 takes tens of seconds: it is still searching after 1 s.
  const cli_runner::Signalled run = cli_runner::run_and_signal({"value", "cram(5x8)", "--table", table}, 1.0, SIGTERM);
  ASSERT_TRUE(run.exited);
  EXPECT_EQ(run.status, 128 + SIGTERM);
  const std::string& message = run.err;
  EXPECT_NE(message.find("interrupted; work saved in " + table), std::string::npos) << message;
  ASSERT_TRUE(std::filesystem::exists(table));
  // The saved work loads (same rule) and a smaller board still gets its value.
  const CliResult resumed = grundy("value 'cram(4x5)' --table " + table);
  EXPECT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_NE(resumed.out.find("Nim-value: 2"), std::string::npos) << resumed.out;
  EXPECT_GT(saved_line(resumed.err).loaded, 0) << resumed.err;
}

}  // namespace
