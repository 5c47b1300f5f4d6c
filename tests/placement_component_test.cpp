// Placement games as expression-language components, and `grundy boards`.
#include "grundy/placement/placement_component.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "grundy/placement/boards_command.hpp"
#include "grundy/placement/moves.hpp"
#include "grundy/placement/solver.hpp"
#include "placement_brute_force.hpp"

namespace grundy {
namespace {

ExprArg word(const std::string& text, std::size_t column = 1) {
  ExprArg a;
  a.kind = ExprArg::Kind::word;
  a.text = text;
  a.column = column;
  return a;
}

ExprArg integer(std::uint64_t v) {
  ExprArg a;
  a.kind = ExprArg::Kind::integer;
  a.integer = v;
  a.text = std::to_string(v);
  return a;
}

ExprTerm term(const std::string& head, std::vector<std::vector<ExprArg>> groups) {
  ExprTerm t;
  t.head = head;
  t.column = 1;
  for (auto& args : groups) t.groups.push_back(ExprGroup{'(', std::move(args), 1});
  t.text = head;
  return t;
}

TEST(PlacementComponent, Names) {
  for (const char* n : {"blocks2x2", "cram", "bars", "polyominoes", "nodekayles_grid", "nodekayles_king",
                        "nodekayles_path"}) {
    EXPECT_TRUE(is_placement_game_name(n)) << n;
  }
  EXPECT_FALSE(is_placement_game_name("nim"));
}

TEST(PlacementComponent, ValuesMatchTheSolver) {
  EXPECT_EQ(make_placement_component(term("cram", {{word("1x7")}}))->value(), 1u);  // A002187(6)
  EXPECT_EQ(make_placement_component(term("nodekayles_path", {{integer(5)}}))->value(), 3u);  // A002187(5)
  const auto bars = make_placement_component(term("bars", {{integer(3)}, {word("4x4")}}));
  EXPECT_EQ(bars->value(), placement::PlacementSolver(placement::bars_rule(3)).value(placement::empty_board(4, 4)));
  const auto poly = make_placement_component(term("polyominoes", {{word("v3"), word("i3")}, {word("3x4")}}));
  const placement::Rule rule = placement::polyominoes_rule({"v3", "i3"});
  EXPECT_EQ(poly->value(), placement::testing::brute_force_value(rule, placement::empty_board(3, 4)));
}

TEST(PlacementComponent, WinningMovesAreListedWithTheBoardAfter) {
  // 2x2 blocks on 3x3: any block kills every other, value 1; all 4 moves win.
  const auto c = make_placement_component(term("blocks2x2", {{word("3x3")}}));
  EXPECT_EQ(c->value(), 1u);
  const MoveList wins = c->moves_to_value(0, 10);
  EXPECT_EQ(wins.total, 4u);
  ASSERT_EQ(wins.listed.size(), 4u);
  EXPECT_EQ(wins.listed[0].action, "place a 2x2 block at rows 1-2, columns 1-2");
  EXPECT_EQ(wins.listed[0].result, "110\n110\n000\n");
  EXPECT_EQ(c->moves_to_value(0, 1).listed.size(), 1u);
  // Cram 1x4 (value 2): the middle domino leaves two single cells (value 0).
  const auto cram = make_placement_component(term("cram", {{word("1x4")}}));
  const MoveList to_zero = cram->moves_to_value(0, 10);
  ASSERT_EQ(to_zero.total, 1u);
  EXPECT_EQ(to_zero.listed[0].action, "place a horizontal domino at row 1, columns 2-3");
}

TEST(PlacementComponent, BadTerms) {
  EXPECT_THROW((void)make_placement_component(term("cram", {})), InputError);
  EXPECT_THROW((void)make_placement_component(term("cram", {{word("8y8")}})), InputError);
  EXPECT_THROW((void)make_placement_component(term("cram", {{integer(3)}, {word("8x8")}})), InputError);
  EXPECT_THROW((void)make_placement_component(term("bars", {{word("8x8")}})), InputError);
  EXPECT_THROW((void)make_placement_component(term("bars", {{integer(0)}, {word("8x8")}})), InputError);
  EXPECT_THROW((void)make_placement_component(term("polyominoes", {{word("q9", 14)}, {word("8x8")}})), InputError);
  try {
    (void)make_placement_component(term("polyominoes", {{word("q9", 14)}, {word("8x8")}}));
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().column, 14u);
  }
  EXPECT_THROW((void)make_placement_component(term("cram", {{word("40x40")}})), LimitError);
}

std::string boards(const std::string& input, placement::BoardsOptions options = {}) {
  std::istringstream in(input);
  std::ostringstream out;
  placement::run_boards(in, "in.txt", options, out);
  return out.str();
}

TEST(PlacementBoardsCommand, AnswersPerCase) {
  // 2x2: one block (value 1) -> Yes. Two 2x2 boards: 1 xor 1 = 0 -> No. 3x4: a
  // block in columns 2-3 kills all (value... brute force decides).
  const placement::Rule rule = placement::blocks2x2_rule();
  const std::string expected_34 =
      placement::testing::brute_force_value(rule, placement::empty_board(3, 4)) != 0 ? "Yes" : "No";
  EXPECT_EQ(boards("1\n2 2\n00\n00\n2\n2 2\n00\n00\n2 2\n00\n00\n1\n3 4\n0000\n0000\n0000\n"),
            "Yes\nNo\n" + expected_34 + "\n");
  EXPECT_EQ(boards("1\n2 2\n01\n00\n"), "No\n");
  placement::BoardsOptions cram;
  cram.game = "cram";
  EXPECT_EQ(boards("1\n1 4\n0000\n", cram), "Yes\n");
  EXPECT_EQ(boards("1\n2 2\n00\n00\n", cram), "No\n");
}

TEST(PlacementBoardsCommand, Json) {
  placement::BoardsOptions options;
  options.json = true;
  const auto report = nlohmann::json::parse(boards("2\n3 3\n000\n000\n000\n2 2\n00\n01\n", options));
  ASSERT_EQ(report["cases"].size(), 1u);
  const auto& c = report["cases"][0];
  EXPECT_EQ(c["answer"], "Yes");
  EXPECT_EQ(c["xor"], 1);
  EXPECT_EQ(c["boards"][0]["value"], 1);
  EXPECT_EQ(c["boards"][1]["value"], 0);
  EXPECT_EQ(c["winning_move_count"], 4);
  EXPECT_EQ(c["winning_moves"][0]["board"], 1);
}

TEST(PlacementBoardsCommand, BadInput) {
  EXPECT_THROW((void)boards("1\n2 2\n00\n0a\n"), InputError);
  placement::BoardsOptions options;
  options.game = "chess";
  EXPECT_THROW((void)boards("1\n1 1\n0\n", options), InputError);
}

}  // namespace
}  // namespace grundy
