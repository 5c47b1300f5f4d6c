// Issue 56, finding 6: an answer's size follows what was asked, not what a
// position expands to. `coins(ruler)(4194303)` (21 bytes) is a row of
// 4 194 303 coins, and each line naming it printed the row: 12.6 MB of text,
// 21 MB of JSON, 2.1 GB for a batch of 100 such lines. Past 300 characters a
// position prints as its first 150 and last 50 characters with its length
// (abbreviated_text.hpp, docs/expressions.md); --full-positions prints it whole.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "measured_run.hpp"

namespace {

constexpr const char* kRow = "coins(ruler)(4194303)";

TEST(LongPositions, AHugeRowIsAbbreviatedInTextAndJson) {
  const measured_run::Measured text = measured_run::run({"value", kRow});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_LT(text.out.size(), 2000U);
  // 4 194 303 coins: T's and the last one H; "coins(ruler)(" and ")" around them.
  const std::string shown = "coins(ruler)(" + std::string(137, 'T') + "…" + std::string(48, 'T') + "H) (4194317 characters in all)";
  EXPECT_NE(text.out.find("Position: " + shown + "\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("Nim-value: 1\n"), std::string::npos) << text.out;
  const measured_run::Measured json = measured_run::run({"value", "--json", kRow});
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_LT(json.out.size(), 3000U);
  const nlohmann::json j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["expression"], shown);
  EXPECT_EQ(j["components"][0]["text"], shown);
  EXPECT_EQ(j["value"], 1);
}

// explain and play print the same abbreviation (8.4 MB and 4.2 MB before).
TEST(LongPositions, ExplainAndPlayAbbreviateAHugeRowToo) {
  const std::string shown = "coins(ruler)(" + std::string(137, 'T') + "…" + std::string(48, 'T') + "H) (4194317 characters in all)";
  const measured_run::Measured explained = measured_run::run({"explain", kRow});
  ASSERT_EQ(explained.status, 0) << explained.err;
  EXPECT_LT(explained.out.size(), 4000U);
  EXPECT_NE(explained.out.find("So g(" + shown + ") = 1"), std::string::npos) << explained.out;
  const cli_runner::CliRun played = cli_runner::grundy(std::string("play '") + kRow + "'", "q\n");
  EXPECT_LT(played.out.size(), 8000U);
  EXPECT_NE(played.out.find("position: " + shown + "\n"), std::string::npos) << played.out;
}

TEST(LongPositions, FullPositionsPrintsTheRowWhole) {
  const measured_run::Measured run = measured_run::run({"value", "--full-positions", "--max-moves", "0", kRow});
  ASSERT_EQ(run.status, 0) << run.err;
  // The position and its one component, each whole.
  const std::string row = "coins(ruler)(" + std::string(4194302, 'T') + "H)";
  EXPECT_NE(run.out.find("Position: " + row + "\n"), std::string::npos);
  EXPECT_NE(run.out.find("  " + row + "  g = 1\n"), std::string::npos);
}

// 20 lines of the row: each JSON answer bounded (was 21 MB each).
TEST(LongPositions, BatchAnswersAreBoundedEachOne) {
  const std::string input = ::testing::TempDir() + "long_positions_batch.txt";
  {
    std::ofstream out(input);
    for (int i = 0; i < 20; ++i) out << kRow << "\n";
  }
  const measured_run::Measured run = measured_run::run({"value", "--batch", "--json"}, -1, SIGINT, input);
  ASSERT_EQ(run.status, 0) << run.err;
  std::size_t lines = 0;
  std::size_t longest = 0;
  for (std::size_t at = 0; at < run.out.size();) {
    const std::size_t end = run.out.find('\n', at);
    longest = std::max(longest, end - at);
    EXPECT_EQ(nlohmann::json::parse(run.out.substr(at, end - at))["value"], 1);
    ++lines;
    at = end + 1;
  }
  EXPECT_EQ(lines, 20U);
  EXPECT_LT(longest, 3000U);
  // --full-positions would unbound them: refused with --batch.
  const measured_run::Measured full = measured_run::run({"value", "--batch", "--full-positions"}, -1, SIGINT, input);
  EXPECT_EQ(full.status, 2);
  EXPECT_EQ(full.err,
            "grundy: --full-positions is for one answer: a --batch answer prints each position abbreviated past 300 "
            "characters, so that an answer stays bounded\n");
}

// A position within the length prints as before, whole.
TEST(LongPositions, AShortPositionIsPrintedWhole) {
  const measured_run::Measured run = measured_run::run({"value", "coins(ruler)(20)"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out.find("characters in all"), std::string::npos) << run.out;
}

}  // namespace
