// Games with cycles through the `grundy` command: graph files with cycles
// (values ∞(K), outcomes P/N/D in text and JSON), sums with loopy parts in
// `grundy value` (JSON value {"infinite": […]}, outcome D, winner none, drawing
// moves, --previous and the reversal rule), and bad input: one line naming the
// place, exit 2, or a correct ∞ value — never a hang.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

namespace {

struct CliRun {
  int status = -1;
  std::string out;  // stdout and stderr together
};

CliRun grundy(const std::string& args) {
  // `timeout`: a hang fails the test instead of stalling the suite.
  const std::string command = "timeout 60 " + std::string(GRUNDY_CLI_PATH) + " " + args + " 2>&1 < /dev/null";
  CliRun run;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe)) run.out += buffer.data();
  const int raw = pclose(pipe);
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return run;
}

nlohmann::json grundy_json(const std::string& args) {
  const CliRun run = grundy(args + " --json");
  EXPECT_EQ(run.status, 0) << run.out;
  return nlohmann::json::parse(run.out);
}

std::string temp_file(const std::string& name, const std::string& content) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path) << content;
  return path;
}

TEST(LoopyCli, GraphFileWithCycles) {
  const std::string four = temp_file("loopy_four.graph", "a: b\nb: c\nc: d t\nd: a\n");
  auto j = grundy_json("graph " + four);
  EXPECT_EQ(j["cycles"], true);
  EXPECT_EQ(j["values"]["a"], 1);
  EXPECT_EQ(j["values"]["b"], 0);
  EXPECT_EQ(j["values"]["c"], 1);
  EXPECT_EQ(j["values"]["d"], 0);
  EXPECT_EQ(j["outcomes"]["b"], "P");
  EXPECT_EQ(j["p_positions"], 3);
  EXPECT_EQ(j["d_positions"], 0);

  const std::string loops = temp_file("loopy_loops.graph", "x: x\ny: y t\n");
  j = grundy_json("graph " + loops);
  EXPECT_EQ(j["values"]["x"], nlohmann::json({{"infinite", nlohmann::json::array()}}));
  EXPECT_EQ(j["values"]["y"], nlohmann::json({{"infinite", {0}}}));
  EXPECT_EQ(j["outcomes"]["x"], "D");
  EXPECT_EQ(j["outcomes"]["y"], "N");
  EXPECT_EQ(j["d_positions"], 1);

  const CliRun text = grundy("graph " + loops);
  EXPECT_EQ(text.status, 0);
  EXPECT_NE(text.out.find("x  g = ∞  (D: a draw with best play)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("y  g = ∞(0)\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("1 drawn position"), std::string::npos) << text.out;
}

TEST(LoopyCli, SumsWithLoopyParts) {
  const std::string loops = temp_file("loopy_sum.graph", "x: x\ny: y t\n");
  const std::string g = "graph(@" + loops + ")";
  // ∞(0) + *2 = ∞(2): a draw; the moves that keep it are y -> y and 2 -> 1.
  auto j = grundy_json("value '" + g + "(y) + nim(2)'");
  EXPECT_EQ(j["value"], nlohmann::json({{"infinite", {2}}}));
  EXPECT_EQ(j["outcome"], "D");
  EXPECT_EQ(j["winner"], "none");
  EXPECT_EQ(j["winning_move_count"], 0);
  EXPECT_EQ(j["drawing_move_count"], 2);
  EXPECT_EQ(j["drawing_moves"][0]["after"], g + "(y) + nim(2)");
  EXPECT_EQ(j["drawing_moves"][1]["after"], g + "(y) + nim(1)");
  // ∞(0) + *0 ... y alone: the move to t wins.
  j = grundy_json("value '" + g + "(y)'");
  EXPECT_EQ(j["outcome"], "N");
  EXPECT_EQ(j["winner"], "first");
  ASSERT_EQ(j["winning_move_count"], 1);
  EXPECT_EQ(j["winning_moves"][0]["after"], g + "(t)");
  // ∞ + ∞(0) = ∞: a draw, even though y alone is a win.
  j = grundy_json("value '" + g + "(x, y)'");
  EXPECT_EQ(j["value"], nlohmann::json({{"infinite", nlohmann::json::array()}}));
  EXPECT_EQ(j["outcome"], "D");
  // Text: ∞(…) values and the drawing moves with the whole position.
  const CliRun text = grundy("value '" + g + "(y) + nim(2)'");
  EXPECT_NE(text.out.find("Nim-value: ∞(2)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("a draw"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("Drawing moves (2):"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("->  " + g + "(y) + nim(1)"), std::string::npos) << text.out;
}

TEST(LoopyCli, PreviousPositionGivesTheReversal) {
  const std::string two = temp_file("loopy_two.graph", "a: b\nb: a t\n");
  const std::string g = "graph(@" + two + ")";
  auto j = grundy_json("value '" + g + "(b) + " + g + "(a)' --previous '" + g + "(a) + " + g + "(a)'");
  EXPECT_EQ(j["reversal"], true);
  ASSERT_EQ(j["winning_move_count"], 1);
  EXPECT_EQ(j["winning_moves"][0]["after"], g + "(t,a)");  // vertices of one file print as one term
  const CliRun text = grundy("value '" + g + "(b) + " + g + "(a)' --previous '" + g + "(a) + " + g + "(a)'");
  EXPECT_NE(text.out.find("reversal rule"), std::string::npos) << text.out;
  // A --previous position that does not lead here.
  const CliRun wrong = grundy("value '" + g + "(b)' --previous 'nim(3)'");
  EXPECT_EQ(wrong.status, 2) << wrong.out;
  EXPECT_NE(wrong.out.find("no move leads from"), std::string::npos) << wrong.out;
  // A --previous position that does not parse: said so, with the column.
  const CliRun unparsable = grundy("value '" + g + "(b)' --previous 'nim(3'");
  EXPECT_EQ(unparsable.status, 2) << unparsable.out;
  EXPECT_NE(unparsable.out.find("--previous: "), std::string::npos) << unparsable.out;
  EXPECT_NE(unparsable.out.find("column 4"), std::string::npos) << unparsable.out;
}

TEST(LoopyCli, BadInputNamesThePlaceOrGetsTheRightInfiniteValue) {
  const std::string cyclic = temp_file("loopy_bad_cyclic.graph", "a: b\nb: a\n");
  // An undefined vertex in a sum: the column of the name.
  CliRun run = grundy("value 'nim(1) + graph(@" + cyclic + ")(z)'");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_NE(run.out.find("no vertex 'z'"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("column"), std::string::npos) << run.out;
  EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 1) << run.out;
  // A duplicate definition in a graph with cycles: file:line:column.
  const std::string twice = temp_file("loopy_bad_twice.graph", "a: b\nb: a\n  a: a\n");
  run = grundy("graph " + twice);
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_NE(run.out.find("loopy_bad_twice.graph:3:3"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("defined twice"), std::string::npos) << run.out;
  // A self-loop-only vertex in a sum: ∞, a draw, at once.
  const std::string self = temp_file("loopy_self.graph", "x: x\n");
  auto j = grundy_json("value 'graph(@" + self + ")(x) + nim(5) + graph(@" + cyclic + ")(a)'");
  EXPECT_EQ(j["value"], nlohmann::json({{"infinite", nlohmann::json::array()}}));
  EXPECT_EQ(j["outcome"], "D");
  // A vertex named only as a successor is terminal, cycles or not.
  const std::string implied = temp_file("loopy_implied.graph", "a: b end\nb: a\n");
  j = grundy_json("graph " + implied);
  EXPECT_EQ(j["values"]["end"], 0);
  EXPECT_EQ(j["values"]["a"], 1);  // a -> end wins; b's only move is to a
  EXPECT_EQ(j["values"]["b"], 0);
  // The memory bound refuses the labelling with a message.
  run = grundy("graph " + implied + " --memory 0.00001");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_NE(run.out.find("memory bound"), std::string::npos) << run.out;
}

}  // namespace
