// The frictions a newcomer met (issue 26), each through the real `grundy`
// process: both judge layouts of `grundy boards`, tables without --upto that
// stream and stop at a stated bound, value-only answers, theorems in
// `explain`, misère wording, winning moves as runs of takes, hexadecimal codes
// whose first digit is a letter, bounded reads of endless inputs (Ctrl-C
// honoured while a read waits), and a
// checkpoint given as a dangling symbolic link.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace {

using cli_runner::CliRun;
using cli_runner::grundy;
using cli_runner::shell;
using cli_runner::temp_file;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// HDU 1760 gives one board a case and no count line; the multi-board variant
// a count line first. Both are read; the answers are the same boards' answers.
TEST(ContestFrictions, BoardsReadsBothJudgeLayouts) {
  // 2x2 empty: one block fills it (first player wins); 2x2 with a blocked cell: no move.
  const std::string single = temp_file("hdu1760.txt", "2 2\n00\n00\n2 2\n01\n00\n3 3\n000\n000\n000\n");
  const CliRun one = grundy("boards " + single);
  EXPECT_EQ(one.status, 0) << one.out;
  const std::string counted = temp_file("counted.txt", "1\n2 2\n00\n00\n1\n2 2\n01\n00\n1\n3 3\n000\n000\n000\n");
  const CliRun many = grundy("boards " + counted);
  EXPECT_EQ(many.status, 0) << many.out;
  EXPECT_EQ(one.out, many.out);
  EXPECT_EQ(one.out.substr(0, 7), "Yes\nNo\n") << one.out;
  const auto json = nlohmann::json::parse(grundy("boards --json " + single).out);
  EXPECT_EQ(json["layout"], "one board a case");
  // Neither layout fits: the message says which one was expected, and why.
  const CliRun bad = grundy("boards " + temp_file("bad.txt", "2 2\n00\n0x\n"));
  EXPECT_EQ(bad.status, 2) << bad.out;
  EXPECT_TRUE(contains(bad.out, "one board a case")) << bad.out;
  EXPECT_TRUE(contains(bad.out, "count line")) << bad.out;
  EXPECT_EQ(std::count(bad.out.begin(), bad.out.end(), '\n'), 1) << bad.out;
}

// 0.0007 has no period the theorem proves early: without --upto the values
// are printed as they come and the run stops at the stated bound.
TEST(ContestFrictions, TableWithoutUptoStreamsAndStopsAtABound) {
  const CliRun run = grundy("table 0.0007");
  ASSERT_EQ(run.status, 0) << run.out.substr(0, 400);
  EXPECT_TRUE(contains(run.out, "as they are computed")) << run.out.substr(0, 400);
  EXPECT_TRUE(contains(run.out, "no period proven up to heap 65535")) << run.out.substr(run.out.size() - 600);
  EXPECT_TRUE(contains(run.out, "--upto N")) << run.out.substr(run.out.size() - 600);
  // Every value is on its line: the last line of values starts at 65520.
  EXPECT_TRUE(contains(run.out, "\n   65520:")) << run.out.substr(run.out.size() - 600);
  // A proven period still ends the run early (Kayles: 12 after 71).
  const CliRun kayles = grundy("table kayles");
  EXPECT_TRUE(contains(kayles.out, "periodic, proven: preperiod 71, period 12")) << kayles.out;
}

// Ctrl-C keeps what was computed: the values already printed, and with
// --output the values computed so far written to the file.
TEST(ContestFrictions, TableInterruptedKeepsTheComputedValues) {
  const std::string out = ::testing::TempDir() + "grundy_officers_partial.txt";
  std::remove(out.c_str());
  const auto run = cli_runner::run_and_signal({"table", "officers", "--upto", "100000000", "--output", out}, 1.0, SIGINT);
  EXPECT_EQ(run.status, 130) << run.err;
  EXPECT_TRUE(contains(run.err, "written to " + out)) << run.err;
  std::ifstream in(out);
  std::string header;
  std::getline(in, header);
  EXPECT_EQ(header.rfind("# g(n) of officers for n = 0..", 0), 0U) << header;
  // Officers: OEIS A046695 (tests/data) starts 0, 0, 1, 2, 0, 1, 2, 3, 1.
  std::vector<int> first;
  for (int v; first.size() < 9 && in >> v;) first.push_back(v);
  EXPECT_EQ(first, (std::vector<int>{0, 0, 1, 2, 0, 1, 2, 3, 1}));
}

// The value alone when no move is asked for; JSON says the moves were not searched.
TEST(ContestFrictions, ValueOnlyWithoutMoves) {
  const CliRun text = grundy("value 'cram(3x4) + nim(3)' --max-moves 0");
  EXPECT_EQ(text.status, 0) << text.out;
  EXPECT_TRUE(contains(text.out, "not looked for")) << text.out;
  const auto j = nlohmann::json::parse(grundy("value 'cram(3x4) + nim(3)' --max-moves 0 --json").out);
  EXPECT_EQ(j["moves_searched"], false);
  EXPECT_FALSE(j.contains("winning_move_count"));
  // The same value as with moves.
  const auto full = cli_runner::grundy_json("value 'cram(3x4) + nim(3)'");
  EXPECT_EQ(j["value"], full["value"]);
}

// Batch: each heap rule is computed to the largest heap asked, and the answers
// are the single queries' answers.
TEST(ContestFrictions, BatchAnswersEqualSingleQueries) {
  std::string input;
  std::vector<std::string> lines = {"grundy(300)", "grundy(1000) + nim(2)", "grundy(77)", "kayles(5000)", "grundy(999)"};
  for (const std::string& l : lines) input += l + "\n";
  const CliRun batch = grundy("value --batch", input);
  ASSERT_EQ(batch.status, 0) << batch.out;
  std::istringstream answers(batch.out);
  for (const std::string& l : lines) {
    std::string answer;
    std::getline(answers, answer);
    const auto single = cli_runner::grundy_json("value '" + l + "'");
    EXPECT_EQ(answer, single["value"].dump() + (single["outcome"] == "N" ? " first" : " second")) << l;
  }
}

// explain names the theorem that decides and applies it.
TEST(ContestFrictions, ExplainAppliesTheClosedForm) {
  const CliRun moore = grundy("explain 'moore(2)(3,5,6)'");
  EXPECT_EQ(moore.status, 0) << moore.out;
  EXPECT_TRUE(contains(moore.out, "Moore's theorem")) << moore.out;
  // 3 = 011, 5 = 101, 6 = 110: every digit sum is 2, not a multiple of 3.
  EXPECT_TRUE(contains(moore.out, "digit sums, highest digit first: 2 2 2")) << moore.out;
  EXPECT_TRUE(contains(moore.out, "mod k + 1 = 3: 2 2 2 (not all 0)")) << moore.out;
  const CliRun stairs = grundy("explain 'staircase(0,3,1,4)'");
  EXPECT_TRUE(contains(stairs.out, "xor of the coins on the odd steps")) << stairs.out;
  // Steps 1 and 3 hold 3 and 4: 011 xor 100 = 111.
  EXPECT_TRUE(contains(stairs.out, "xor:    111  (7)")) << stairs.out;
  const CliRun lr = grundy("explain 'lr(2,3)(12)'");
  EXPECT_TRUE(contains(lr.out, "floor((x mod (L + R)) / L)")) << lr.out;
  EXPECT_TRUE(contains(lr.out, "x mod (L + R) = 12 mod 5 = 2")) << lr.out;
  EXPECT_TRUE(contains(lr.out, "floor(2 / 2) = 1")) << lr.out;
  const auto j = cli_runner::grundy_json("explain 'bash(3)(10)'");
  EXPECT_EQ(j["theorem"]["conclusion"], "so g(bash(3)(10)) = 2");
}

// A misère P-position need not have nim-value 0: the words say what it is.
TEST(ContestFrictions, MisereWinningMovesAreNotCalledValueZero) {
  const CliRun run = grundy("explain 'nim(1,1,2)' --misere");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_TRUE(contains(run.out, "misère P-position")) << run.out;
  EXPECT_FALSE(contains(run.out, "to a position of value 0")) << run.out;
}

// Many winning moves ([L,R]-Nim with wide ranges, as in ABC297 G) as runs of
// takes, every take of every run checked against the brute force over all takes.
TEST(ContestFrictions, WinningMovesAsRunsOfTakes) {
  const long long low = 100;
  const long long high = 250;
  const std::vector<long long> heaps = {1000, 2000, 777, 5123};
  const auto g = [&](long long x) { return (x % (low + high)) / low; };
  const auto j = cli_runner::grundy_json("value 'lr(100,250)(1000,2000,777,5123)'");
  ASSERT_EQ(j["outcome"], "N");
  long long total = 0;
  for (long long h : heaps) total ^= g(h);
  std::vector<std::pair<long long, long long>> expected;  // (component, take) of every winning move
  for (std::size_t c = 0; c < heaps.size(); ++c) {
    const long long target = g(heaps[c]) ^ total;
    for (long long t = low; t <= std::min(heaps[c], high); ++t) {
      if (g(heaps[c] - t) == target) expected.push_back({static_cast<long long>(c), t});
    }
  }
  ASSERT_GT(expected.size(), 20U);
  EXPECT_EQ(j["winning_move_count"], expected.size());
  ASSERT_TRUE(j.contains("winning_move_runs")) << j.dump();
  EXPECT_EQ(j["winning_move_run_count"], j["winning_move_runs"].size());
  std::vector<std::pair<long long, long long>> from_runs;
  for (const auto& run : j["winning_move_runs"]) {
    for (long long t = run["take_first"].get<long long>(); t <= run["take_last"].get<long long>(); ++t) {
      from_runs.push_back({run["component"].get<long long>(), t});
    }
  }
  std::sort(from_runs.begin(), from_runs.end());
  EXPECT_EQ(from_runs, expected);
  const CliRun text = grundy("value 'lr(100,250)(1000,2000,777,5123)'");
  EXPECT_TRUE(contains(text.out, "runs of takes")) << text.out;
  EXPECT_TRUE(contains(text.out, "lr(100,250)(1000): take 201..250")) << text.out;
  // ABC297 G's scale: heaps of 10^9, L = 10^8, R = 10^9: hundreds of millions of moves, a few runs.
  const CliRun huge = grundy("value 'lr(100000000,1000000000)(1000000000,999999999,123456789)'");
  EXPECT_EQ(huge.status, 0) << huge.out;
  EXPECT_TRUE(contains(huge.out, "All 100000000 winning moves, as 1 run of takes")) << huge.out;
}

// A hexadecimal code whose d0 is a letter (docs/take_and_break.md lists 0xC.1):
// C = split a heap into two or three heaps without taking; 1 = take a heap of
// 1 whole. Against that definition, here.
TEST(ContestFrictions, LetterFirstHexadecimalCodes) {
  const auto j = cli_runner::grundy_json("table 0xC.1 --upto 30");
  std::vector<unsigned> g(31, 0);
  for (unsigned n = 0; n <= 30; ++n) {
    std::set<unsigned> seen;
    if (n == 1) seen.insert(0);
    for (unsigned x = 1; 2 * x <= n; ++x) {
      if (x < n) seen.insert(g[x] ^ g[n - x]);
    }
    for (unsigned x = 1; 3 * x <= n; ++x) {
      for (unsigned y = x; x + 2 * y <= n; ++y) seen.insert(g[x] ^ g[y] ^ g[n - x - y]);
    }
    unsigned v = 0;
    while (seen.count(v)) ++v;
    g[n] = v;
  }
  ASSERT_EQ(j["values"].size(), 31U) << j.dump();
  for (unsigned n = 0; n <= 30; ++n) EXPECT_EQ(j["values"][n], g[n]) << n;
  EXPECT_EQ(grundy("value '0xc.1(7) + nim(1)'").status, 0);
}

// Endless inputs are refused at the bound, quickly, in little memory: 1 GB of
// address space is plenty (the old readers took 15 GB from /dev/zero).
TEST(ContestFrictions, EndlessInputsAreRefusedWithinABound) {
  for (const std::string command : {"value 'cram(@/dev/zero)'", "graph /dev/zero", "boards /dev/zero",
                                    "value -f /dev/zero", "value 'graph(@/dev/zero)(a)'"}) {
    // ASan reserves terabytes of shadow address space at start, which no
    // ulimit -v allows; its run checks the refusal without the limit.
    const std::string limit = cli_runner::kUnderAddressSanitizer ? "" : "ulimit -v 1000000; ";
    const CliRun run = shell(limit + "timeout 60 " + std::string(GRUNDY_CLI_PATH) + " " + command + " 2>&1");
    EXPECT_EQ(run.status, 2) << command << ": " << run.out;
    // A device is refused before any read (input_file.hpp); an endless pipe
    // at the 64 MiB bound (hostile_input_cli_test.cpp).
    EXPECT_TRUE(contains(run.out, "is a device")) << command << ": " << run.out;
    EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 1) << run.out;
  }
}

// Ctrl-C while a read waits for input that never comes (a pipe or FIFO whose
// writer stays open, a terminal): the run blocks SIGINT for its watcher thread,
// so a blocked read(2) was never interrupted and Ctrl-C did nothing until the
// input ended. Each reader of a file: exit 130 at once, with a line that says so.
TEST(ContestFrictions, CtrlCStopsAReadThatWaits) {
  const std::string fifo = ::testing::TempDir() + "grundy_waiting_" + std::to_string(::getpid()) + ".fifo";
  std::filesystem::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // Held open for writing (and reading, so that opening it never blocks): the input never ends.
  const int writer = ::open(fifo.c_str(), O_RDWR);
  ASSERT_GE(writer, 0);
  const std::vector<std::vector<std::string>> commands = {
      {"value", "-f", fifo},          {"value", "--batch", "-f", fifo}, {"explain", "-f", fifo},
      {"boards", fifo},               {"graph", fifo},                  {"value", "cram(@" + fifo + ")"},
      {"value", "nodekayles(@" + fifo + ")"}};
  for (const auto& args : commands) {
    const cli_runner::Signalled run = cli_runner::run_and_signal(args, 0.5, SIGINT);
    EXPECT_EQ(run.status, 130) << args[1] << ": " << run.err;
    EXPECT_LT(run.seconds, 1.0) << args[1];
    EXPECT_NE(run.err.find("interrupted"), std::string::npos) << run.err;
  }
  ::close(writer);
  std::filesystem::remove(fifo);
}

// A checkpoint named by a dangling symbolic link: the file is made where the
// link points, the link stays (docs/take_and_break.md), and a rerun resumes.
TEST(ContestFrictions, CheckpointThroughADanglingLink) {
  const std::string dir = ::testing::TempDir() + "grundy_dangling_" + std::to_string(::getpid());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string link = dir + "/ckpt";
  std::filesystem::create_symlink("target.ckpt", link);
  ASSERT_FALSE(std::filesystem::exists(dir + "/target.ckpt"));
  const CliRun first = grundy("table 0.6 --upto 3000 --checkpoint " + link);
  ASSERT_EQ(first.status, 0) << first.out;
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  EXPECT_TRUE(std::filesystem::is_regular_file(dir + "/target.ckpt"));
  const CliRun again = grundy("table 0.6 --upto 3000 --checkpoint " + link + " --json");
  ASSERT_EQ(again.status, 0) << again.out;
  EXPECT_EQ(nlohmann::json::parse(again.out)["resumed_from"], 3001) << again.out;
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  std::filesystem::remove_all(dir);
}

}  // namespace

namespace {

// `grundy table` of a game on two piles: the grid of values and its
// P-positions — Wythoff's: the Beatty pairs (floor(k phi), floor(k phi^2)),
// here by integer square roots, and row 1 is OEIS A004482.
TEST(ContestFrictions, TableOfATwoPileGame) {
  const auto j = cli_runner::grundy_json("table 'wythoff(a,b)' --upto 40");
  ASSERT_EQ(j["piles"], 2);
  ASSERT_EQ(j["values"].size(), 41U * 41U);
  const std::vector<unsigned> row1 = {1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9};
  for (std::size_t b = 0; b < row1.size(); ++b) EXPECT_EQ(j["values"][41 + b], row1[b]) << b;
  std::set<std::pair<unsigned long long, unsigned long long>> beatty;
  for (unsigned long long k = 0; k <= 40; ++k) {
    unsigned long long root = 0;
    while ((root + 1) * (root + 1) <= 5 * k * k) ++root;
    const unsigned long long a = (k + root) / 2;  // floor(k phi) = floor((k + sqrt(5 k^2)) / 2)
    if (a + k <= 40) {
      beatty.insert({a, a + k});
      beatty.insert({a + k, a});
    }
  }
  std::set<std::pair<unsigned long long, unsigned long long>> listed;
  for (const auto& p : j["p_positions"]) listed.insert({p[0].get<unsigned long long>(), p[1].get<unsigned long long>()});
  EXPECT_EQ(listed, beatty);
  const CliRun text = grundy("table 'nim(a,b)' --upto 5");
  EXPECT_TRUE(contains(text.out, "(0,0) (1,1) (2,2) (3,3) (4,4) (5,5)")) << text.out;
}

}  // namespace
