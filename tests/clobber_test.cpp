// Impartial Clobber (src/rulesets/clobber.cpp): the values MCGS publishes
// (tests/data/mcgs_impartial_clobber.txt: its test files, with values from
// MCGS and CGSuite 2.1.1), and random boards against an oracle written from
// the rules alone — the whole board as one position, no split into groups and
// no symmetry, memoised mex; printing that reads back, the words of a move,
// and bad input through `grundy`.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "clobber_oracle.hpp"
#include "rulesets/clobber_grid.hpp"
#include "test_build.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using testing::ClobberOracle;
using testing::context;
using testing::parse;
using testing::value_of;


std::vector<testing::PublishedValue> published() { return testing::published_values("mcgs_impartial_clobber.txt"); }

Nimber clobber_value(const std::string& board) {
  return board == "-" ? 0 : value_of(parse("clobber(" + board + ")"));
}

std::size_t squares(const std::string& board) {
  return static_cast<std::size_t>(std::count_if(board.begin(), board.end(), [](char c) { return c != '/'; }));
}

// Every published board of one row of at most `row_most` squares, of two
// rows of at most `board_most`, and of three rows or more of at most
// `tall_most` (clobber_grid's search: 2×13 in 10 s, but 3×8 in 42 s and
// 4×6 in 103 s; docs/performance.md).
void check_published(std::size_t row_most, std::size_t board_most, std::size_t tall_most, std::size_t expected_at_least) {
  std::size_t checked = 0;
  for (const testing::PublishedValue& p : published()) {
    const auto rows = static_cast<std::size_t>(std::count(p.position.begin(), p.position.end(), '/')) + 1;
    const std::size_t columns = squares(p.position) / rows;
    const std::size_t most = rows == 1 ? row_most : (rows == 2 || columns <= 2) ? board_most : tall_most;
    if (squares(p.position) > most) continue;
    EXPECT_EQ(clobber_value(p.position), p.value) << p.position << " (" << p.source << ")";
    ++checked;
  }
  EXPECT_GE(checked, expected_at_least);
}

TEST(ImpartialClobber, ValuesMcgsPublishes) {
  // (XO)^n to n = 32, (XXO)^n to n = 21, random rows of up to 32 squares,
  // boards of up to 14 squares (2x7, 3x4): 0.3 s.
  check_published(64, 14, 14, 140);
}

TEST(ImpartialClobberLong, EveryValueMcgsPublishesWithinTheSearchsReach) {
  // Every row ((XO)^n to n = 200, (XXO)^n to n = 100), every board of two
  // rows (to 2×13), boards of three rows or more to 21 squares (3×7, 4×5):
  // 162 s with the other core busy. Left out: 3×8, 4×6 and 5×5.
  check_published(400, 26, 21, 399);
}

TEST(ImpartialClobber, RandomBoardsAgainstTheRules) {
  std::mt19937_64 random(34);
  ClobberOracle oracle;
  const int count = test_build::trials(300);
  for (int t = 0; t < count; ++t) {
    // Rows, two and three rows, columns (tall boxes: clobber_grid's keys
    // turn them to lie flat) and four rows.
    const int shape = t % 5;
    const int h = shape == 0 ? 1 : shape == 1 ? 2 : shape == 2 ? 3 : shape == 3 ? 3 + static_cast<int>(random() % 4) : 4;
    const int w = shape == 0   ? 1 + static_cast<int>(random() % 10)
                  : shape == 1 ? 1 + static_cast<int>(random() % 5)
                  : shape == 2 ? 3
                  : shape == 3 ? 1 + static_cast<int>(random() % 2)
                               : 3;
    std::string board;
    for (int r = 0; r < h; ++r) {
      if (r > 0) board += '/';
      for (int c = 0; c < w; ++c) board += "XXOO."[random() % 5];
    }
    const Position p = parse("clobber(" + board + ")");
    EXPECT_EQ(value_of(p), oracle.value(ClobberOracle::rows_of(board))) << board;
    // Its printing reads back as the same game.
    EXPECT_EQ(value_of(parse(p.text())), value_of(p)) << board << " printed " << p.text();
  }
}

// The search's keys and options (clobber_grid.cpp's fast paths: groups grown
// from the moved stone's neighbours, keys cut and turned with word operations)
// against the definition, order included (a certificate's claims follow it),
// on boards of every box shape the keys hold, dense and sparse.
TEST(ImpartialClobber, OptionKeysAgainstTheDefinition) {
  std::mt19937_64 random(2718);
  const int count = test_build::trials(1500);
  std::size_t options = 0;
  for (int t = 0; t < count; ++t) {
    const int h = 1 + static_cast<int>(random() % 7);
    const auto widths = static_cast<unsigned>(static_cast<int>(clobber_grid::kMostSquares) / h);
    const int w = 1 + static_cast<int>(random() % widths);
    // Empty squares from none (checkerboards and full boards) to half.
    const unsigned empty_in_eight = static_cast<unsigned>(t % 5);
    const bool checkerboard = t % 3 == 0;
    rulesets_detail::LetterBoard board{h, w, ""};
    for (int r = 0; r < h; ++r) {
      for (int c = 0; c < w; ++c) {
        const char stone = checkerboard ? ((r + c) % 2 == 0 ? 'X' : 'O') : (random() % 2 == 0 ? 'X' : 'O');
        board.cells += random() % 8 < empty_in_eight ? '.' : stone;
      }
    }
    const auto fast = clobber_grid::option_lists(board, true);
    const auto definition = clobber_grid::option_lists(board, false);
    ASSERT_EQ(fast, definition) << board.text();
    options += fast.size();
  }
  EXPECT_GE(options, static_cast<std::size_t>(count));
}

TEST(ImpartialClobber, PrintingAndMoves) {
  // Groups are parts of their own; a group of one colour, with no move, is left out.
  EXPECT_EQ(parse("clobber(XO.XX.OX)").text(), "clobber(XO) + clobber(OX)");
  EXPECT_EQ(parse("clobber(XO.XX./....OX)").text(), "clobber(XO) + clobber(XX./.OX)");
  EXPECT_EQ(parse("clobber(XX..O)").text(), "0");
  EXPECT_EQ(parse("clobber(.../.XO/...)").text(), "clobber(XO)");
  std::vector<std::string> moves;
  for_each_move(parse("clobber(XOX)"), context(), [&](Move&& m) {
    moves.push_back(m.action + " => " + m.after().text());
    return true;
  });
  // Every move leaves two stones apart or two of one colour: no move, 0. The
  // two captures by an X leave the same board (XX), told as the first.
  EXPECT_EQ(moves, (std::vector<std::string>{"move the X at row 1, column 1 onto the O at row 1, column 2 => 0",
                                              "move the O at row 1, column 2 onto the X at row 1, column 1 => 0",
                                              "move the O at row 1, column 2 onto the X at row 1, column 3 => 0",
                                              "move the X at row 1, column 1 onto the O at row 1, column 2 => 0"}));
  EXPECT_EQ(value_of(parse("clobber(XOX)")), 1U);
  // Symmetric and colour-exchanged boards are one game, of the value the
  // oracle gives each.
  ClobberOracle oracle;
  for (const std::string board : {"XOX", "OXO", "XO/OX", "OX/XO", "XOO/.X.", ".X./OOX"}) {
    EXPECT_EQ(value_of(parse(std::string("clobber(") + board + ")")), oracle.value(ClobberOracle::rows_of(board))) << board;
  }
}

TEST(ImpartialClobber, WinningMovesThroughTheCommand) {
  // (XO)^4 = XOXOXOXO is *2 (MCGS): with a heap of 2 a P-position; alone,
  // its winning moves each leave a P-position.
  const nlohmann::json j = cli_runner::grundy_json("value 'clobber(XOXOXOXO) + nim(2)'");
  EXPECT_EQ(j["value"], 0) << j.dump();
  const nlohmann::json k = cli_runner::grundy_json("value 'clobber(XOXOXOXO)'");
  EXPECT_EQ(k["value"], 2) << k.dump();
  ASSERT_FALSE(k["winning_moves"].empty()) << k.dump();
  for (const auto& move : k["winning_moves"]) {
    EXPECT_EQ(value_of(parse(move["after"].get<std::string>())), 0U) << move.dump();
  }
}

// Bad input: one line naming what and where, exit 2.
TEST(ImpartialClobber, BadInputOneLineExitTwo) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"'clobber(XOZ)'", "column 11: a Clobber square is X, O or '.', not 'Z'"},
      {"'clobber(XO/X)'", "column 12: every row of a Clobber board has 2 squares, as the first"},
      {"'clobber(XO//XO)'", "column 12: a Clobber board has no empty rows"},
      {"'clobber()'", "column 8: no position given"},
      {"'clobber(XO,OX)'", "clobber"},
      {"'clobber(" + std::string(10'001, 'X') + ")'", "a Clobber board of more than 10000 squares"},
  };
  for (const auto& [args, expected] : cases) cli_runner::expect_refused_in_one_line("value " + args, expected);
}

}  // namespace
}  // namespace grundy
