// Misère play through the real `grundy` process: `value --misere` on sums no
// single theory covers, `explain --misere`, `grundy misere` and
// `grundy quotient` (text, JSON, checkpoints after a kill, the memory bound,
// bad input). The values themselves are checked against the brute-force
// oracle in misere_*_test.cpp; here, what a person sees.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <utility>

#include "cli_runner.hpp"

namespace {

using cli_runner::CliRun;
using cli_runner::grundy;
using cli_runner::grundy_json;

TEST(MisereCli, ValueSaysWhichMethodDecided) {
  auto j = grundy_json("value 'kayles(10,20,7)' --misere");
  EXPECT_EQ(j["method"]["name"], "misère quotient");
  EXPECT_EQ(j["outcome"], "N");
  EXPECT_EQ(j["winning_move_count"], 4);
  j = grundy_json("value 'kayles(10) + wythoff(2,3)' --misere");
  EXPECT_EQ(j["method"]["name"], "canonical forms");
  j = grundy_json("value 'nim(1,1,2)' --misere");
  EXPECT_EQ(j["method"]["name"], "Bouton's misère rule");
  const CliRun run = grundy("value 'kayles(10) + 0.07(12)' --misere");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("Decided by: misère quotient"), std::string::npos) << run.out;
}

// Every winning move printed leaves a position the same command calls lost.
TEST(MisereCli, WinningMovesLeaveLostPositions) {
  const auto j = grundy_json("value 'kayles(9,6) + 0.07(8)' --misere --max-moves 50");
  ASSERT_EQ(j["outcome"], "N");
  ASSERT_FALSE(j["winning_moves"].empty());
  for (const auto& m : j["winning_moves"]) {
    const auto after = grundy_json("value '" + m["after"].get<std::string>() + "' --misere");
    EXPECT_EQ(after["outcome"], "P") << m["after"];
  }
}

// A sum of 10^4 Kayles heaps (sizes up to 10^6) is decided by the quotient,
// whose pretending function is proven periodic.
// A finite subtraction set is an octal game (sub{S}: the digit 3 at each s in
// S), and its misère quotient is proven periodic by the same octal bound (the
// heap game's max_take): sub{1,2} and 0.33, sub{1,3,4} and 0.3033, the same
// quotient and the same proof.
TEST(MisereCli, SubtractionSetsHaveTheQuotientsOfTheirOctalCodes) {
  for (const auto& [set, code] : {std::pair{"sub{1,2}", "0.33"}, std::pair{"sub{1,3,4}", "0.3033"}}) {
    // The last line is the run's time.
    const auto without_time = [](std::string text) { return text.substr(0, text.find("Computed in")); };
    const std::string by_set = without_time(grundy(std::string("quotient '") + set + "'").out);
    const std::string by_code = without_time(grundy(std::string("quotient ") + code).out);
    EXPECT_NE(by_set.find("proven"), std::string::npos) << by_set;
    std::string renamed = by_code;
    renamed.replace(renamed.find(code), std::string(code).size(), set);
    EXPECT_EQ(by_set, renamed);
  }
}

TEST(MisereCli, ManyKaylesHeapsByTheQuotient) {
  std::mt19937_64 random(4);
  std::string text = "kayles(";
  for (int i = 0; i < 10'000; ++i) text += (i ? "," : "") + std::to_string(1 + random() % 1'000'000);
  text += ")";
  const std::string path = cli_runner::temp_file("misere_kayles.txt", text);
  const auto j = grundy_json("value -f " + path + " --misere --max-moves 3");
  EXPECT_EQ(j["method"]["name"], "misère quotient");
  if (j["outcome"] == "N") {
    EXPECT_FALSE(j["winning_moves"].empty());
  }
}

// A quotient saved by `grundy quotient --checkpoint` decides sums of heaps of
// its code up to the heaps it holds (`value --quotient FILE`): the sum's
// evidence names the saved quotient (heaps 0..24, where the sum alone grows one
// to its largest heap), its outcomes equal those the command finds without it
// on every small sum, a file of another code is left alone, and a missing or
// damaged file is refused with one line and exit 2. (Dawson's Kayles to heap
// 30, |Q| = 360, is past the bound a sum grows a quotient to on its own; with
// the saved one, 10^5 heaps take 0.34 s: docs/performance.md.)
TEST(MisereCli, ValueWithASavedQuotient) {
  const std::string path = ::testing::TempDir() + "misere_saved_007.ckpt";
  std::filesystem::remove(path);
  ASSERT_EQ(grundy("quotient 0.07 --upto 24 --checkpoint " + path).status, 0);
  auto j = grundy_json("value '0.07(12,7,3)' --misere --quotient " + path);
  EXPECT_EQ(j["method"]["name"], "misère quotient");
  EXPECT_NE(j["method"]["detail"].get<std::string>().find("heaps 0..24"), std::string::npos) << j["method"];
  std::mt19937_64 random(8);
  for (int trial = 0; trial < 40; ++trial) {
    std::string sum = "0.07(";
    const int heaps = 1 + static_cast<int>(random() % 3);
    for (int i = 0; i < heaps; ++i) sum += (i ? "," : "") + std::to_string(1 + random() % 14);
    sum += ")";
    const auto with = grundy_json("value '" + sum + "' --misere --quotient " + path);
    const auto without = grundy_json("value '" + sum + "' --misere");
    EXPECT_EQ(with["outcome"], without["outcome"]) << sum;
    EXPECT_EQ(with["winning_move_count"], without["winning_move_count"]) << sum;
  }
  // Another code's sum grows its own quotient.
  j = grundy_json("value 'kayles(10,20,7)' --misere --quotient " + path);
  EXPECT_EQ(j["outcome"], "N");
  EXPECT_EQ(j["winning_move_count"], 4);
  for (const std::string& bad : {::testing::TempDir() + "misere_no_such.ckpt",
                                 cli_runner::temp_file("misere_bad.ckpt", "GRUNDYMQ not really\n")}) {
    const CliRun run = grundy("value '0.07(5)' --misere --quotient " + bad);
    EXPECT_EQ(run.status, 2) << run.out;
    EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 1) << run.out;
    EXPECT_NE(run.out.find(bad), std::string::npos) << run.out;
  }
  std::filesystem::remove(path);
}

TEST(MisereCli, ExplainTeachesWhatDecided) {
  CliRun run = grundy("explain 'kayles(10,20,7)' --misere");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("Decided by: misère quotient"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("is not in P"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("each leaves a misère P-position"), std::string::npos) << run.out;
  run = grundy("explain 'sub{1,2}(3) + nim(2)' --misere");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("Decided by: genus (Conway)"), std::string::npos) << run.out;
}

// CGSuite's notation in and out (the facts from CGSuite's own tests are in
// misere_cgsuite_table_test.cpp).
TEST(MisereCli, MisereCommandPrintsFormAndGenus) {
  auto j = grundy_json("misere '*[[2],0]'");
  EXPECT_EQ(j["form"], "*[2#0]");
  EXPECT_EQ(j["genus"], "1^2");
  EXPECT_EQ(j["phylum"], "restive");
  EXPECT_EQ(j["outcome"], "N");
  j = grundy_json("misere 'nim(2) + nim(2)'");
  EXPECT_EQ(j["form"], "*[2[2]]");
  EXPECT_EQ(j["outcome"], "P");
  EXPECT_EQ(j["misere_value"], 0);
  const CliRun run = grundy("misere 'kayles(5)'");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("Misère canonical form: "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Genus: "), std::string::npos) << run.out;
}

// 0.75 is R8 (Plambeck and Siegel, JCTA 115 (2008)).
TEST(MisereCli, QuotientOfZeroPointSevenFive) {
  const auto j = grundy_json("quotient 0.75 --upto 30");
  EXPECT_EQ(j["size"], 8);
  EXPECT_EQ(j["p_size"], 2);
  EXPECT_EQ(j["presentation"], "<a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>");
  EXPECT_EQ(j["tame"], false);
  EXPECT_EQ(j["period"]["status"], "proven");
  const CliRun run = grundy("quotient 0.75 --upto 30");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("|Q| = 8, |P| = 2"), std::string::npos) << run.out;
}

// Killed with -9 mid-run, the checkpoint brings back the heaps done; the
// rerun goes on from there to the same quotient as a run from scratch.
TEST(MisereCli, QuotientResumesAfterKillNine) {
  const std::string checkpoint = ::testing::TempDir() + "grundy_misere_cli.mq";
  std::remove(checkpoint.c_str());
  // kill -9 once the first checkpoint is on disk (heap timings vary with the
  // machine's load, a fixed delay would not).
  const CliRun killed = cli_runner::shell(
      "(" + std::string(GRUNDY_CLI_PATH) + " quotient 0.07 --upto 40 --quiet --checkpoint-seconds 0.05 --checkpoint " +
      checkpoint + " >/dev/null 2>&1 & pid=$!; i=0; while [ ! -f " + checkpoint +
      " ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; kill -9 $pid; wait $pid; echo \"status $?\")");
  EXPECT_NE(killed.out.find("status 137"), std::string::npos) << killed.out;  // killed, not finished
  ASSERT_TRUE(std::filesystem::exists(checkpoint));
  const auto resumed = grundy_json("quotient 0.07 --upto 26 --checkpoint " + checkpoint);
  const auto fresh = grundy_json("quotient 0.07 --upto 26");
  EXPECT_EQ(resumed["size"], fresh["size"]);
  EXPECT_EQ(resumed["p_size"], fresh["p_size"]);
  std::remove(checkpoint.c_str());
}

TEST(MisereCli, MemoryBoundStopsWithOneLineAndKeepsTheCheckpoint) {
  const std::string checkpoint = ::testing::TempDir() + "grundy_misere_bound.mq";
  std::remove(checkpoint.c_str());
  const CliRun run = grundy("quotient 0.07 --upto 40 --memory 1 --quiet --checkpoint " + checkpoint);
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_NE(run.out.find("grundy: 0.07: stopped after heap"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("memory bound"), std::string::npos) << run.out;
  EXPECT_TRUE(std::filesystem::exists(checkpoint));
  std::remove(checkpoint.c_str());
}

TEST(MisereCli, BadInputExitsTwoNamingTheColumn) {
  CliRun run = grundy("quotient 0.7x");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_NE(run.out.find("column 4"), std::string::npos) << run.out;
  run = grundy("misere 'kayles(1'");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_NE(run.out.find("column"), std::string::npos) << run.out;
  run = grundy("misere '*[[2],0'");
  EXPECT_EQ(run.status, 2) << run.out;
  run = grundy(std::string("value 'graph(@") + GRUNDY_SOURCE_DIR + "/examples/two-cycle.graph)(a)' --misere");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_NE(run.out.find("cycles"), std::string::npos) << run.out;
}

}  // namespace
