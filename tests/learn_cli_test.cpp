// `grundy explain`, `grundy value --batch`, tables without --upto, and the
// papercuts a new user hit — each through the real `grundy` process.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <array>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace {

using CliOutput = cli_runner::CliRun;
using cli_runner::grundy;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// sub{1,2,3}(7): options 6, 5, 4 worth 6 mod 4 = 2, 1, 0; mex 3.
TEST(Explain, OptionsAndMexOfAComponent) {
  const CliOutput run = grundy("explain 'sub{1,2,3}(7)' --json");
  ASSERT_EQ(run.status, 0) << run.out;
  const auto j = nlohmann::json::parse(run.out);
  ASSERT_EQ(j["options"].size(), 3u);
  const std::vector<std::string> after = {"sub{1,2,3}(6)", "sub{1,2,3}(5)", "sub{1,2,3}(4)"};
  const std::vector<int> values = {2, 1, 0};
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(j["options"][i]["after"], after[i]);
    EXPECT_EQ(j["options"][i]["value"], values[i]);
    EXPECT_FALSE(j["options"][i]["action"].get<std::string>().empty());
  }
  EXPECT_EQ(j["mex"], 3);
  EXPECT_EQ(j["value"], 3);
  const CliOutput text = grundy("explain 'sub{1,2,3}(7)'");
  EXPECT_TRUE(contains(text.out, "the least value not among them (the mex) is 3")) << text.out;
}

// 3 = 011, 4 = 100, 5 = 101; their xor is 010 = 2; the move is 3 -> 1.
TEST(Explain, BinaryXorOfASum) {
  const CliOutput run = grundy("explain 'nim(3,4,5)'");
  ASSERT_EQ(run.status, 0) << run.out;
  for (const char* line : {"g = 011", "g = 100", "g = 101", "xor 010"}) EXPECT_TRUE(contains(run.out, line)) << run.out;
  EXPECT_TRUE(contains(run.out, "3 -> 3 xor 2 = 1: take 2 from the heap of 3  ->  nim(1,4,5)")) << run.out;
  const auto j = nlohmann::json::parse(grundy("explain 'nim(3,4,5)' --json").out);
  EXPECT_EQ(j["xor"]["binary"], "010");
  EXPECT_EQ(j["components"][0]["binary"], "011");
  EXPECT_EQ(j["winning_moves"][0]["from_value"], 3);
  EXPECT_EQ(j["winning_moves"][0]["to_value"], 1);
}

TEST(Explain, BigHeapsByTheirPatternAndMisereByBoutonsRule) {
  const CliOutput big = grundy("explain 'kayles(1000000)'");
  ASSERT_EQ(big.status, 0) << big.out;
  EXPECT_TRUE(contains(big.out, "period 12 from heap 71, so g(1000000) = g(76)")) << big.out;
  const CliOutput misere = grundy("explain 'nim(1,1,2)' --misere");
  EXPECT_TRUE(contains(misere.out, "exactly one heap has 2 or more")) << misere.out;
  const CliOutput empty = grundy("explain 'nim(0)'");
  EXPECT_TRUE(contains(empty.out, "has no move")) << empty.out;
}

// 2000 random sums of Nim heaps and subtraction {1,3,4} heaps, one a line;
// the answers against values computed here: Nim heap n is n, sub{1,3,4}
// follows 0 1 0 1 2 3 2 (period 7, Winning Ways) — computed by mex below.
TEST(Batch, AnswersEveryLineAndGoesOnAfterABadOne) {
  std::vector<int> sub134(200);
  for (int n = 0; n < 200; ++n) {
    std::vector<bool> seen(8, false);
    for (int s : {1, 3, 4})
      if (s <= n) seen[static_cast<std::size_t>(sub134[static_cast<std::size_t>(n - s)])] = true;
    int m = 0;
    while (seen[static_cast<std::size_t>(m)]) ++m;
    sub134[static_cast<std::size_t>(n)] = m;
  }
  std::mt19937_64 random(99);
  std::string input;
  std::vector<std::string> expected;
  for (int i = 0; i < 2000; ++i) {
    if (i == 1000) {
      input += "nim(3) + foo(2)\n";
      expected.push_back("error: <stdin>:1001:10: unknown ruleset 'foo'");
    }
    const int a = static_cast<int>(random() % 64), b = static_cast<int>(random() % 64), c = static_cast<int>(random() % 200);
    input += "nim(" + std::to_string(a) + "," + std::to_string(b) + ") + sub{1,3,4}(" + std::to_string(c) + ")\n";
    const int v = a ^ b ^ sub134[static_cast<std::size_t>(c)];
    expected.push_back(std::to_string(v) + (v ? " first" : " second"));
  }
  const CliOutput run = grundy("value --batch", input);
  EXPECT_EQ(run.status, 2);  // one line failed
  std::istringstream lines(run.out);
  std::string line;
  std::size_t i = 0;
  for (; std::getline(lines, line) && i < expected.size(); ++i) {
    if (expected[i].rfind("error:", 0) == 0) {
      ASSERT_EQ(line.rfind(expected[i], 0), 0u) << line;
    } else {
      ASSERT_EQ(line, expected[i]) << "line " << i + 1;
    }
  }
  EXPECT_EQ(i, expected.size());
  // JSON: one object a line.
  const CliOutput json = grundy("value --batch --json", "nim(1,2)\nnim(\n");
  std::istringstream json_lines(json.out);
  std::getline(json_lines, line);
  EXPECT_EQ(nlohmann::json::parse(line)["value"], 3);
  std::getline(json_lines, line);
  EXPECT_EQ(nlohmann::json::parse(line)["line"], 2);
}

// `grundy samples`: each ruleset's own small positions, to try. Every line a
// position the same program values (through a real pipe into --batch), the
// same seed the same lines, files written where --files says and named there,
// and bad requests one line with exit 2.
TEST(Samples, EveryRulesetsPositionsGoStraightIntoBatch) {
  const std::string folder = ::testing::TempDir() + "grundy-samples-test";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  const std::string samples = std::string(GRUNDY_CLI_PATH) + " samples --count 4 --seed 7 --files " + folder;
  const cli_runner::CliRun listed = cli_runner::shell(samples + " 2>/dev/null");
  ASSERT_EQ(listed.status, 0) << listed.out;
  std::istringstream lines(listed.out);
  std::string line;
  std::set<std::string> usages;
  std::size_t count = 0;
  bool names_a_file = false;
  while (std::getline(lines, line)) {
    ++count;
    const std::size_t comment = line.find("  # ");
    ASSERT_NE(comment, std::string::npos) << line;
    usages.insert(line.substr(comment + 4));
    names_a_file = names_a_file || contains(line, "@" + folder + "/");
  }
  EXPECT_GE(usages.size(), 34u);  // every spec of the registry (34 on 2026-11-29)
  EXPECT_GE(count, 3 * usages.size());
  EXPECT_TRUE(usages.count("nim(heaps…)") && usages.count("cram(7x7), cram(0110/0000)") &&
              usages.count("nodekayles(@file)"));
  EXPECT_TRUE(names_a_file);
  EXPECT_TRUE(std::filesystem::exists(folder + "/sample.graph"));
  const cli_runner::CliRun valued =
      cli_runner::shell(samples + " 2>/dev/null | timeout 120 " + GRUNDY_CLI_PATH + " value --batch 2>&1");
  EXPECT_EQ(valued.status, 0) << valued.out;
  EXPECT_EQ(static_cast<std::size_t>(std::count(valued.out.begin(), valued.out.end(), '\n')), count);
  EXPECT_FALSE(contains(valued.out, "error")) << valued.out;
  // The same seed draws the same positions; one ruleset alone, as JSON.
  EXPECT_EQ(cli_runner::shell(samples + " 2>/dev/null").out, listed.out);
  const CliOutput nim = grundy("samples nim --count 5 --json");
  ASSERT_EQ(nim.status, 0) << nim.out;
  std::istringstream nim_lines(nim.out);
  std::size_t nims = 0;
  while (std::getline(nim_lines, line)) {
    const auto j = nlohmann::json::parse(line);
    EXPECT_EQ(j["ruleset"], "nim(heaps…)");
    EXPECT_EQ(j["expression"].get<std::string>().rfind("nim(", 0), 0u);
    ++nims;
  }
  EXPECT_GE(nims, 5u);
  cli_runner::expect_refused_in_one_line("samples nosuchgame", "no ruleset named 'nosuchgame'");
  cli_runner::expect_refused_in_one_line("samples --count 1001", "--count");
  cli_runner::expect_refused_in_one_line("samples nim --files " + folder + "/absent", "not a folder");
  std::filesystem::remove_all(folder);
}

TEST(Tables, TakeAndBreakWithoutUptoComputesUntilProven) {
  const CliOutput run = grundy("table kayles");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_TRUE(contains(run.out, "periodic, proven: preperiod 71, period 12")) << run.out;
  // With --upto short of the proof, the run goes on past it to prove.
  const CliOutput short_run = grundy("table kayles --upto 100");
  EXPECT_TRUE(contains(short_run.out, "proven: preperiod 71, period 12")) << short_run.out;
  // Values not listed are said to be so, with the way to get them.
  const CliOutput many = grundy("table officers --upto 150000");
  EXPECT_TRUE(contains(many.out, "not listed")) << many.out;
  EXPECT_TRUE(contains(many.out, "--output")) << many.out;
}

TEST(Papercuts, EachFixed) {
  // No arguments: the help, not an error.
  CliOutput run = grundy("");
  EXPECT_EQ(run.status, 0);
  EXPECT_TRUE(contains(run.out, "Usage: grundy")) << run.out;
  // A negative number for an unsigned option is refused, not wrapped.
  run = grundy("table kayles --upto -5");
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(contains(run.out, "must be 0 or more, not -5")) << run.out;
  // A position with no move says so.
  run = grundy("value 'nim(0)'");
  EXPECT_TRUE(contains(run.out, "No move is possible")) << run.out;
  EXPECT_FALSE(contains(run.out, "Every move loses")) << run.out;
  // A non-ASCII character is quoted whole, at its column in characters.
  run = grundy("value 'nim(3) + é(2)'");
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(contains(run.out, "column 10: expected a ruleset name or a take-and-break code, found 'é'")) << run.out;
  // -f: file:line:column for errors found after parsing too, and # comments.
  const std::string file = testing::TempDir() + "papercut_position.txt";
  std::ofstream(file) << "# a comment line\nnim(3,4) +  # heaps\n  foo(5)\n";
  run = grundy("value -f " + file);
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(contains(run.out, file + ":3:3: unknown ruleset 'foo'")) << run.out;
  std::ofstream(file) << "# a comment line\nnim(3,4) +  # heaps\n  nim(7)\n";
  run = grundy("value -f " + file);
  EXPECT_EQ(run.status, 0) << run.out;
  // boards --help shows its own examples.
  run = grundy("boards --help");
  EXPECT_TRUE(contains(run.out, "grundy boards examples/cases.txt")) << run.out;
  EXPECT_FALSE(contains(run.out, "grundy table officers")) << run.out;
  // Usage hints name the ruleset's own syntax.
  run = grundy("value nim");
  EXPECT_TRUE(contains(run.out, "nim(heaps…)")) << run.out;
  EXPECT_FALSE(contains(run.out, "(…)(5)")) << run.out;
  // Misère JSON shows no normal-play component values.
  const auto j = nlohmann::json::parse(grundy("value 'nim(1,1,2)' --misere --json").out);
  EXPECT_TRUE(j["components"][2]["value"].is_null());
  // A long position is not echoed back whole.
  std::string big = "nim(";
  for (int i = 0; i < 5000; ++i) big += (i ? "," : "") + std::to_string(1000 + i);
  std::ofstream(file) << big << ")\n";
  run = grundy("value -f " + file);
  const std::size_t position_line = run.out.find("Position: ");
  ASSERT_NE(position_line, std::string::npos);
  EXPECT_LT(run.out.find('\n', position_line) - position_line, 300u);
  // The shipped example files exist and answer.
  run = grundy(std::string("boards ") + GRUNDY_SOURCE_DIR + "/examples/cases.txt");
  EXPECT_EQ(run.out, "Yes\nYes\n");
  run = grundy(std::string("value 'blocks2x2(@") + GRUNDY_SOURCE_DIR + "/examples/board.txt)'");
  EXPECT_EQ(run.status, 0) << run.out;
}

}  // namespace
