// The `grundy` command end to end: textbook answers, JSON, exit codes and the
// one-line errors for bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

#include "cli_runner.hpp"

namespace {

using cli_runner::CliRun;
using cli_runner::grundy;
using cli_runner::grundy_json;
using cli_runner::temp_file;

// The mixed sum of the issue: heap 1 takes 1-3 (g = 10 mod 4 = 2), heap 2 takes an
// odd number (g = 7 mod 2 = 1), the rest are Nim (9, 12). 2^1^9^12 = 6; the only
// winning move is 12 -> 10 (no other component can reach v xor 6).
TEST(Cli, MixedSumFromTheIssue) {
  const auto j = grundy_json("value 'sub{1,2,3}(10) + sub(odd)(7) + nim(9,12)'");
  EXPECT_EQ(j["value"], 6);
  EXPECT_EQ(j["outcome"], "N");
  ASSERT_EQ(j["winning_move_count"], 1);
  EXPECT_EQ(j["winning_moves"][0]["result"], "nim(10)");
  EXPECT_EQ(j["components"].size(), 4u);
}

TEST(Cli, TextOutputSaysWhoWinsAndHow) {
  const CliRun run = grundy("value 'nim(3,4,5)'");
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("Nim-value: 2"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("first player"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("take 2 from the heap of 3"), std::string::npos) << run.out;
}

// [L,R]-Nim: g(x) = floor((x mod (L+R))/L).
TEST(Cli, ConstrainedNimTextbookPositions) {
  auto j = grundy_json("value 'lr(1,2)(2,3,3)'");  // 2 ^ 0 ^ 0
  EXPECT_EQ(j["value"], 2);
  EXPECT_EQ(j["winner"], "first");
  j = grundy_json("value 'lr(1,1)(3,1,4,1,5)'");  // 1 ^ 1 ^ 0 ^ 1 ^ 1
  EXPECT_EQ(j["value"], 0);
  EXPECT_EQ(j["winner"], "second");
  EXPECT_EQ(j["winning_move_count"], 0);
}

TEST(Cli, MisereNim) {
  auto j = grundy_json("value 'nim(1,1,1)' --misere");  // odd number of 1-heaps: mover loses
  EXPECT_EQ(j["outcome"], "P");
  j = grundy_json("value 'nim(1,1)' --misere");
  EXPECT_EQ(j["outcome"], "N");
  j = grundy_json("value 'nim(1,1,2)' --misere");  // leave three 1-heaps
  EXPECT_EQ(j["outcome"], "N");
  ASSERT_EQ(j["winning_move_count"], 1);
  EXPECT_EQ(j["winning_moves"][0]["result"], "nim(1)");
  j = grundy_json("value 'nim(2,2)' --misere");  // some heap >= 2, xor 0
  EXPECT_EQ(j["outcome"], "P");
}

// Misère play reaches every sum of games that end (misere_cli_test.cpp has
// sub{1,2}(3) + nim(2), once refused here); a game with cycles is still
// refused, saying why.
TEST(Cli, MisereRefusedWhereTheoryDoesNotReach) {
  const CliRun run = grundy(std::string("value 'graph(@") + GRUNDY_SOURCE_DIR + "/examples/two-cycle.graph)(a)' --misere");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.out.find("misère"), std::string::npos) << run.out;
}

// Staircase Nim, step 0 the floor: odd steps hold 3 and 4, 3 ^ 4 = 7.
TEST(Cli, StaircaseNim) {
  const auto j = grundy_json("value 'staircase(0,3,1,4)'");
  EXPECT_EQ(j["value"], 7);
  EXPECT_EQ(j["winner"], "first");
}

// Subtraction {1,3,4}: 0 1 0 1 2 3 2, period 7 from 0 (Winning Ways).
TEST(Cli, TableWithProvenPeriod) {
  const auto j = grundy_json("table 'sub{1,3,4}' --upto 20");
  const std::vector<int> expected = {0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2};
  EXPECT_EQ(j["values"].get<std::vector<int>>(), expected);
  EXPECT_EQ(j["pattern"]["period"], 7);
  EXPECT_EQ(j["pattern"]["preperiod"], 0);
  EXPECT_EQ(j["pattern"]["proven"], true);
}

TEST(Cli, HugeHeapOfAFiniteSubtractionGame) {
  // 10^18 mod 4 = 0 for {1,2,3}.
  const auto j = grundy_json("value 'sub{1,2,3}(1000000000000000000)'");
  EXPECT_EQ(j["value"], 0);
}

TEST(Cli, GraphFileAndVertices) {
  const std::string path = std::string(GRUNDY_SOURCE_DIR) + "/examples/textbook.graph";
  auto j = grundy_json("graph " + path);
  EXPECT_EQ(j["values"]["h5"], 2);  // subtraction {1,2}: 5 mod 3
  // side's only option is h1 (g 1), so g(side) = 0; start reaches h5 (2), h2 (2)
  // and side (0): mex{0, 2} = 1.
  EXPECT_EQ(j["values"]["side"], 0);
  EXPECT_EQ(j["values"]["start"], 1);
}

struct BadInput {
  std::string args;
  std::string expected_in_message;
};

TEST(Cli, BadInputExitsWithTwoAndNamesThePlace) {
  const std::string cyclic = temp_file("cyclic.graph", "a: b\nb: a\n");
  const std::string malformed = temp_file("malformed.graph", "a: b\nb c\n");
  const std::vector<BadInput> cases = {
      {"value 'nimm(3)'", "column 1"},
      {"value 'nim(3) + foo(2)'", "column 10"},
      {"value 'nim(-3)'", "column 5"},
      {"value 'nim(18446744073709551616)'", "64 bits"},
      {"value ''", "empty"},
      {"value 'nim(3'", "column 4"},
      {"value 'nim(3,4) +'", "column"},
      {"value 'lr(2,1)(5)'", "lr"},
      {"value 'graph(@" + cyclic + ")(c)'", "no vertex 'c'"},
      {"graph " + malformed, ":2:3"},
      {"graph /nonexistent/file.graph", "cannot open"},
      {"table 'moore(2)' --upto 5", "moore"},
      {"value", "no position"},
      {"table 0.8 --upto 10", "not octal"},
      {"table . --upto 10", "column 1"},
      {"table '' --upto 10", "empty"},
      {"table 2.7 --upto 10", "never end"},
      {"table 0.6 --upto 100000000000000", "memory"},
      {"value '0x.F7(10) + 0.8(3)'", "column 15"},
      {"frobnicate", "frobnicate"},
  };
  for (const auto& c : cases) {
    const CliRun run = grundy(c.args);
    EXPECT_EQ(run.status, 2) << c.args << "\n" << run.out;
    EXPECT_NE(run.out.find(c.expected_in_message), std::string::npos) << c.args << "\n" << run.out;
    EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 1) << "one line: " << run.out;
  }
}

}  // namespace
