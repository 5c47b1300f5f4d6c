// Impartial NoGo (src/rulesets/nogo.cpp): the values MCGS publishes
// (tests/data/mcgs_impartial_nogo.txt: its test files), and random boards
// against an oracle written from the rules alone — the whole board as one
// position, every stone of either colour on every empty point, kept when no
// group on the board is left without a liberty; no split into regions, no
// immortal groups, no symmetry; memoised mex. Printing that reads back, the
// words of a move, and bad input through `grundy`.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "nogo_oracle.hpp"
#include "rulesets/nogo.hpp"
#include "test_build.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using testing::context;
using testing::parse;
using testing::value_of;

using testing::NoGoOracle;
using testing::rows_of;
using testing::board_of;

std::vector<testing::PublishedValue> published() { return testing::published_values("mcgs_impartial_nogo.txt"); }

std::size_t points(const std::string& board) {
  return static_cast<std::size_t>(std::count_if(board.begin(), board.end(), [](char c) { return c != '/'; }));
}

// Every published board of at most `most_points` points.
void check_published(std::size_t most_points, std::size_t expected_at_least) {
  std::size_t checked = 0;
  for (const testing::PublishedValue& p : published()) {
    if (points(p.position) > most_points) continue;
    EXPECT_EQ(value_of(parse("nogo(" + p.position + ")")), p.value) << p.position << " (" << p.source << ")";
    ++checked;
  }
  EXPECT_GE(checked, expected_at_least);
}

TEST(ImpartialNoGo, ValuesMcgsPublishes) {
  // 1x1 to 1x12, 2x2 to 2x6, 3x3 and 3x4: about a second.
  check_published(12, 19);
}

TEST(ImpartialNoGoLong, EveryValueMcgsPublishesWithinTheSearchsReach) {
  // Up to 18 points: 1xn to 18, the 38 filled rows of 16 and 18 points, 2x7,
  // 2x8, 3x5 and 4x4: about a minute (the rows with stones, of values up to
  // 6, are the outcome search's slowest). (1x19 to 1x24, 2x9 and 3x6 take
  // 0.3 s to 40 s: docs/performance.md.)
  check_published(18, 67);
}

// `count` random boards of one, two and three rows, at most widest[h - 1]
// columns in h rows: some squares off the board ('#'), then up to five legal
// placements.
// An h×w board with about one square in eight off the board ('#'), then
// fewer than `placements_below` random legal placements.
NoGoOracle::Rows random_rows(std::mt19937_64& random, int h, int w, std::uint64_t placements_below) {
  NoGoOracle::Rows rows(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
  for (auto& row : rows)
    for (char& s : row)
      if (random() % 8 == 0) s = '#';
  const std::uint64_t placements = random() % placements_below;
  for (std::uint64_t k = 0; k < placements; ++k) {
    const std::vector<NoGoOracle::Rows> options = NoGoOracle::options(rows);
    if (options.empty()) break;
    rows = options[random() % options.size()];
  }
  return rows;
}

void check_random_boards(std::uint64_t seed, int count, const int (&widest)[3]) {
  std::mt19937_64 random(seed);
  NoGoOracle oracle;
  for (int t = 0; t < count; ++t) {
    const int h = 1 + t % 3;
    const int w = 1 + static_cast<int>(random() % static_cast<std::uint64_t>(widest[h - 1]));
    const NoGoOracle::Rows rows = random_rows(random, h, w, 6);
    // The oracle knows no '#': it plays on the board as it is, where '#' is
    // neither empty nor a stone, so it is no liberty and no move — off the board.
    const std::string board = board_of(rows);
    const Position p = parse("nogo(" + board + ")");
    EXPECT_EQ(value_of(p), oracle.value(rows)) << board;
    // Its printing reads back as the same game.
    EXPECT_EQ(value_of(parse(p.text())), value_of(p)) << board << " printed " << p.text();
  }
}

TEST(ImpartialNoGo, RandomBoardsAgainstTheRules) {
  // Rows of up to 9 points, 2x5 and 3x3: half a second.
  check_random_boards(35, test_build::trials(300), {9, 5, 3});
}

TEST(ImpartialNoGoLong, RandomLargerBoardsAgainstTheRules) {
  // Rows of up to 11 points, 2x5 to 3x4 (where a point left empty for good
  // first shows its reach): 6000 boards took 23 s.
  check_random_boards(36, test_build::trials(3000), {11, 5, 4});
}

// A random board of 2 to 4 rows and up to 5 columns (trial t): some squares
// off the board ('#'), up to seven legal placements, then (`marked`) some
// empty points left empty for good ('_') and some stones immortal (x, o),
// which only the split writes otherwise — a '_' is a liberty as '.' is, and an
// immortal stone needs none, so the board stays one the rules may reach.
struct RandomBoard {
  NoGoOracle::Rows plain;
  NoGoOracle::Rows marked;
};
RandomBoard random_board(std::mt19937_64& random, int t) {
  const int h = 2 + t % 3;
  const int w = 1 + static_cast<int>(random() % 5);
  const NoGoOracle::Rows rows = random_rows(random, h, w, 8);
  RandomBoard board{rows, rows};
  for (auto& row : board.marked) {
    for (char& s : row) {
      if (s == '.' && random() % 6 == 0) s = '_';
      if ((s == 'X' || s == 'O') && random() % 4 == 0) s = static_cast<char>(s - 'A' + 'a');
    }
  }
  return board;
}

// The split into parts takes two ways (nogo.cpp): boards that fit in 64
// bits with their border by masks, larger ones by lists. The same random
// board, alone and with twenty squares off the board ('#') beside each row
// (too wide for the masks), splits into the same parts.
TEST(ImpartialNoGo, SplitByMasksAndByListsAgree) {
  std::mt19937_64 random(37);
  for (int t = 0; t < test_build::trials(2000); ++t) {
    const NoGoOracle::Rows rows = random_board(random, t).marked;
    const std::string board = board_of(rows);
    NoGoOracle::Rows wide = rows;
    for (auto& row : wide) row += std::string(20, '#');
    const std::string wide_board = board_of(wide);
    EXPECT_EQ(parse("nogo(" + wide_board + ")").text(), parse("nogo(" + board + ")").text()) << board;
  }
}

// So do the placements, which the search and the listing of moves take from
// one chooser: by masks and by lists, the same boards after, in the same
// order, on marked boards; and on plain ones (the rules' letters only) the
// options of the oracle written from the rules alone.
TEST(ImpartialNoGo, PlacementsByMasksAndByListsAgree) {
  std::mt19937_64 random(38);
  const auto letter_board = [](const NoGoOracle::Rows& rows) {
    rulesets_detail::LetterBoard b{static_cast<int>(rows.size()), static_cast<int>(rows[0].size()), ""};
    for (const std::string& row : rows) b.cells += row;
    return b;
  };
  std::size_t listed = 0;
  for (int t = 0; t < test_build::trials(2000); ++t) {
    const RandomBoard board = random_board(random, t);
    const auto marked = letter_board(board.marked);
    const std::vector<std::string> by_masks = impartial_nogo::placements(marked, true);
    EXPECT_EQ(by_masks, impartial_nogo::placements(marked, false)) << board_of(board.marked);
    listed += by_masks.size();
    std::vector<std::string> oracle;
    for (const NoGoOracle::Rows& after : NoGoOracle::options(board.plain)) oracle.push_back(letter_board(after).cells);
    EXPECT_EQ(impartial_nogo::placements(letter_board(board.plain), true), oracle) << board_of(board.plain);
  }
  EXPECT_GT(listed, static_cast<std::size_t>(test_build::trials(2000)) * 3);
}

TEST(ImpartialNoGo, PrintingAndMoves) {
  // X beside O: each keeps its liberties on its own side (MCGS's "XO split").
  EXPECT_EQ(parse("nogo(..XO..)").text(), "nogo(..X) + nogo(O..)");
  // Between X and O at the end nobody may play (an X there takes the O, an O
  // there has no liberty): both groups keep that liberty for good, the X is
  // immortal (x) and the O, with no point beside it that anyone may play, is
  // left out.
  EXPECT_EQ(parse("nogo(..X.O)").text(), "nogo(..x)");
  EXPECT_EQ(parse("nogo(X.O)").text(), "0");
  std::vector<std::string> moves;
  for_each_move(parse("nogo(.X.)"), context(), [&](Move&& m) {
    moves.push_back(m.action + " => " + m.after().text());
    return true;
  });
  // An O beside the X has no liberty; an X there leaves XX. with no move
  // (a third X has no liberty, an O there neither and would take the Xs).
  EXPECT_EQ(moves, (std::vector<std::string>{"place an X at row 1, column 1 => 0",
                                              "place an X at row 1, column 3 => 0"}));
  EXPECT_EQ(value_of(parse("nogo(.X.)")), 1U);
  // Symmetric and colour-exchanged boards are one game, of the value the
  // oracle gives each; '#' squares are off the board.
  NoGoOracle oracle;
  for (const std::string board : {".X.O.", ".O.X.", "X./.O", ".O/X.", "#../...", "O.O/.X.", ".O./O.O/.O.", "..#../..#.."}) {
    EXPECT_EQ(value_of(parse("nogo(" + board + ")")), oracle.value(rows_of(board))) << board;
  }
}

TEST(ImpartialNoGo, WinningMovesThroughTheCommand) {
  // Five empty points in a row are *2 (MCGS): with a heap of 2 a P-position;
  // alone, its winning moves each leave a P-position.
  const nlohmann::json j = cli_runner::grundy_json("value 'nogo(.....) + nim(2)'");
  EXPECT_EQ(j["value"], 0) << j.dump();
  const nlohmann::json k = cli_runner::grundy_json("value 'nogo(.....)'");
  EXPECT_EQ(k["value"], 2) << k.dump();
  ASSERT_FALSE(k["winning_moves"].empty()) << k.dump();
  for (const auto& move : k["winning_moves"]) {
    EXPECT_EQ(value_of(parse(move["after"].get<std::string>())), 0U) << move.dump();
  }
}

// In an expression file or on stdin a '#' inside a word is a square off the
// board, while a '#' after a blank still starts a comment.
TEST(ImpartialNoGo, SquaresOffTheBoardInAFileAreNoComment) {
  const cli_runner::CliRun run =
      cli_runner::grundy("value - --json", "nogo(X.#./.X../..X.) # a board with a hole\n+ nim(1)\n");
  ASSERT_EQ(run.status, 0) << run.out;
  const nlohmann::json j = nlohmann::json::parse(run.out);
  NoGoOracle oracle;
  EXPECT_EQ(j["value"], oracle.value(rows_of("X.#./.X../..X.")) ^ 1U) << run.out;
}

// Bad input: one line naming what and where, exit 2.
TEST(ImpartialNoGo, BadInputOneLineExitTwo) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"'nogo(XOZ.)'", "column 8: a NoGo square is X, O, '.', '#', x, o or '_', not 'Z'"},
      {"'nogo(.X/X)'", "column 9: every row of a NoGo board has 2 squares, as the first"},
      {"'nogo(XO..)'", "column 6: the X group at row 1, column 1 of this NoGo board has no liberty"},
      {"'nogo(.../.X./XOX)'", "column 15: the O group at row 3, column 2 of this NoGo board has no liberty"},
      {"'nogo()'", "column 5: no position given"},
      {"'nogo(" + std::string(10'001, '.') + ")'", "a NoGo board of more than 10000 squares"},
  };
  for (const auto& [args, expected] : cases) cli_runner::expect_refused_in_one_line("value " + args, expected);
}

}  // namespace
}  // namespace grundy
