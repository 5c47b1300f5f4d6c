// Placement games as expression-language components, and `grundy boards`.
#include "grundy/language/registry.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "grundy/interfaces/boards_command.hpp"
#include "grundy/placement/moves.hpp"
#include "grundy/search/placement_options.hpp"
#include "grundy/search/placement_searches.hpp"
#include "grundy/search/placement_solver.hpp"
#include "placement_brute_force.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

Nimber value_of(const std::string& text) { return testing::value_of(testing::parse(text)); }

TEST(PlacementComponent, Names) {
  for (const char* n : {"blocks2x2", "cram", "bars", "polyominoes", "nodekayles_grid", "nodekayles_king",
                        "nodekayles_path"}) {
    ExprTerm term;
    term.head = n;
    EXPECT_EQ(Registry::builtin().spec_for(term).name, n);
  }
}

TEST(PlacementComponent, ValuesMatchTheSolver) {
  EXPECT_EQ(value_of("cram(1x7)"), 1u);           // A002187(6)
  EXPECT_EQ(value_of("nodekayles_path(5)"), 3u);  // A002187(5)
  EXPECT_EQ(value_of("bars(3)(4x4)"),
            placement::PlacementSolver(placement::bars_rule(3)).value(placement::empty_board(4, 4)));
  const placement::Rule rule = placement::polyominoes_rule({"v3", "i3"});
  EXPECT_EQ(value_of("polyominoes(v3,i3)(3x4)"), placement::testing::brute_force_value(rule, placement::empty_board(3, 4)));
}

// Boards print inline (rows of 0/1 joined by '/') and parse back to equal boards.
TEST(PlacementComponent, InlineBoardsRoundTrip) {
  const Position p = testing::parse("cram(0110/0000/1000)");
  EXPECT_EQ(p.text(), "cram(0110/0000/1000)");
  EXPECT_EQ(testing::parse("cram(00/00)").text(), "cram(2x2)");
  EXPECT_EQ(testing::parse("cram(0010/)").text(), "cram(0010/)");
  EXPECT_EQ(value_of("cram(0010/)"), 1u);  // a free pair and a single cell
  EXPECT_THROW((void)testing::parse("cram(011/00)"), InputError);
  EXPECT_THROW((void)testing::parse("cram(012/000)"), InputError);
}

TEST(PlacementComponent, WinningMovesAreListedWithTheBoardAfter) {
  // 2x2 blocks on 3x3: any block kills every other, value 1; all 4 moves win.
  const Position c = testing::parse("blocks2x2(3x3)");
  EXPECT_EQ(testing::value_of(c), 1u);
  const testing::TextMoveList wins = testing::moves_to_value(c[0], 0, 10);
  EXPECT_EQ(wins.total, 4u);
  ASSERT_EQ(wins.listed.size(), 4u);
  EXPECT_EQ(wins.listed[0].action, "place a 2x2 block at rows 1-2, columns 1-2");
  EXPECT_EQ(wins.listed[0].result, "blocks2x2(110/110/000)");
  EXPECT_EQ(testing::moves_to_value(c[0], 0, 1).listed.size(), 1u);
  // Cram 1x4 (value 2): the middle domino leaves two single cells (value 0).
  const Position cram = testing::parse("cram(1x4)");
  const testing::TextMoveList to_zero = testing::moves_to_value(cram[0], 0, 10);
  ASSERT_EQ(to_zero.total, 1u);
  EXPECT_EQ(to_zero.listed[0].action, "place a horizontal domino at row 1, columns 2-3");
  // Node Kayles on the 2x2 king graph: every vertex takes all four, so four
  // moves leave one board — each told in its own words, listed and winning.
  const Position king = testing::parse("nodekayles_king(2x2)");
  const testing::TextMoveList four = testing::moves_to_value(king[0], 0, 10);
  ASSERT_EQ(four.total, 4u);
  ASSERT_EQ(four.listed.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(four.listed[i].action, "take the vertex at row " + std::to_string(i / 2 + 1) + ", column " +
                                         std::to_string(i % 2 + 1) + " and its neighbours");
    EXPECT_EQ(four.listed[i].result, "nodekayles_king(11/11)");
  }
  std::vector<std::string> actions;
  king[0].for_each_option(testing::context(), [&](ComponentOption&& o) {
    actions.push_back(o.action);
    return true;
  });
  EXPECT_EQ(actions.size(), 4u);
  EXPECT_EQ(actions.back(), "take the vertex at row 2, column 2 and its neighbours");
}

// The run's choice of search (placement::PlacementOptions::search, the CLI's
// --search) reaches the solver, and both searches give the same values and
// winning moves.
TEST(PlacementComponent, SearchChosenByTheContext) {
  // cram(4x5) = 2 and the L-shaped board = 3 (both by the brute force below):
  // the sum is 1, and the winning moves in cram(4x5) go to value 3.
  const placement::Rule cram = placement::cram_rule();
  std::uint64_t to_three = 0;
  for (const placement::PlacementMove& m : placement::legal_moves(cram, placement::empty_board(4, 5))) {
    to_three += placement::testing::brute_force_value(cram, m.after) == 3 ? 1 : 0;
  }
  ASSERT_GT(to_three, 0u);
  for (const placement::SearchChoice search : {placement::SearchChoice::requested_set, placement::SearchChoice::outcome}) {
    ContextOptions options;
    placement::PlacementOptions chosen;
    chosen.search = search;
    options.families.set(chosen);
    Context context(options);
    const Position p = Registry::builtin().parse("cram(4x5) + cram(0000/0000/0011)");
    EXPECT_EQ(p.value(context).nimber(), 1u);
    const auto solver = placement::PlacementSearches::of(context)->solver_for(cram);
    EXPECT_EQ(solver->search(), search == placement::SearchChoice::outcome ? placement::PlacementSolver::Search::outcome
                                                                   : placement::PlacementSolver::Search::requested_set);
    EXPECT_EQ(p[0].options_to_value(context, 3, 100).total, to_three);
  }
}

// The mirror strategy is a declared fast path of the Context: on, the symmetric
// 4x6 board is 0 without a search; off, the definition searches it and must
// find the same 0 (Winning Ways: even x even Cram is a second-player win), and
// boards the strategy does not settle keep their values.
TEST(PlacementComponent, MirrorStrategyIsAFastPathOfTheContext) {
  std::size_t stored[2] = {0, 0};
  Nimber other[2] = {0, 0};
  for (const bool mirror : {true, false}) {
    ContextOptions options;
    options.fast_paths.mirror_strategy = mirror;
    Context context(options);
    EXPECT_EQ(Registry::builtin().parse("cram(4x6)").value(context).nimber(), 0u);
    other[mirror ? 0 : 1] = Registry::builtin().parse("cram(3x5) + cram(0000/0000/0011)").value(context).nimber();
    stored[mirror ? 0 : 1] = placement::PlacementSearches::of(context)->stored_positions();
  }
  EXPECT_EQ(other[0], other[1]);
  EXPECT_LT(stored[0] * 10, stored[1]) << "with the mirror: " << stored[0] << ", without: " << stored[1];
}

TEST(PlacementComponent, BadTerms) {
  EXPECT_THROW((void)testing::parse("cram"), InputError);
  EXPECT_THROW((void)testing::parse("cram(8y8)"), InputError);
  EXPECT_THROW((void)testing::parse("cram(3)(8x8)"), InputError);
  EXPECT_THROW((void)testing::parse("bars(8x8)"), InputError);
  EXPECT_THROW((void)testing::parse("bars(0)(8x8)"), InputError);
  try {
    (void)testing::parse("polyominoes(i3,q9)(8x8)");
    ADD_FAILURE() << "an unknown polyomino was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().column, 16u);
  }
  EXPECT_THROW((void)testing::parse("cram(40x40)"), LimitError);
}

std::string boards(const std::string& input, placement::BoardsOptions options = {}) {
  std::istringstream in(input);
  std::ostringstream out;
  Context context;
  placement::run_boards(in, "in.txt", options, out, context);
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
