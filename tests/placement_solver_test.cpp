// The placement solver against values from outside: OEIS octal-game sequences
// (tests/data, see SOURCES.md there), the symmetry-strategy facts of
// Cram, and the brute-force twin (tests/placement_brute_force.hpp) on random
// boards with blocked cells.
#include "grundy/search/placement_solver.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>

#include "grundy/core/input_error.hpp"
#include "grundy/placement/moves.hpp"
#include "placement_brute_force.hpp"
#include "test_support.hpp"

namespace grundy::placement {
namespace {

// "n a(n)" lines of a published table (tests/data).
std::map<std::size_t, Nimber> reference(const std::string& name) {
  std::map<std::size_t, Nimber> terms;
  for (const auto& [n, value] : grundy::testing::reference_terms(name)) terms[n] = value;
  return terms;
}

// Dawson's chess (.137), A002187 offset 0. The file holds n = 0..131; beyond,
// the sequence is periodic with period 34 (OEIS, quoted in the file's header:
// exceptions only up to n = 51).
Nimber dawsons_chess(std::size_t n) {
  static const auto terms = reference("oeis_A002187_dawsons_chess_0.137_terms.txt");
  while (n >= 132) n -= 34;
  return terms.at(n);
}

Board strip(std::size_t rows, std::size_t cols) { return empty_board(rows, cols); }

// Cram on 1xN is Dawson's Kayles (.07: a domino takes 2 adjacent cells of a row,
// leaving 0, 1 or 2 rows), whose values are A002187 shifted by one.
TEST(PlacementSequences, CramOnOneRowIsDawsonsKayles) {
  PlacementSolver solver(cram_rule());
  for (std::size_t n = 1; n <= 131; ++n) EXPECT_EQ(solver.value(strip(1, n)), dawsons_chess(n - 1)) << "1x" << n;
}

// Boards beyond 64, 128 and 256 cells use the 2-, 4- and 16-word bitboards.
TEST(PlacementSequences, CramOnLongRowsUsesWideBitboards) {
  PlacementSolver solver(cram_rule());
  for (std::size_t n : {100u, 127u, 160u}) {
    EXPECT_EQ(solver.value(strip(1, n)), dawsons_chess(n - 1)) << "1x" << n;
    EXPECT_EQ(solver.value(strip(n, 1)), dawsons_chess(n - 1)) << n << "x1";
  }
}

TEST(PlacementSequencesLong, CramOnLongerRows) {
  PlacementSolver solver(cram_rule());
  for (std::size_t n : {257u}) {
    EXPECT_EQ(solver.value(strip(1, n)), dawsons_chess(n - 1)) << "1x" << n;
    EXPECT_EQ(solver.value(strip(n, 1)), dawsons_chess(n - 1)) << n << "x1";
  }
}

// A 2x2 block on 2xN takes two whole adjacent columns: dominoes on 1xN again.
TEST(PlacementSequences, BlocksOnTwoRowsAreDawsonsKayles) {
  PlacementSolver solver(blocks2x2_rule());
  for (std::size_t n = 1; n <= 60; ++n) EXPECT_EQ(solver.value(strip(2, n)), dawsons_chess(n - 1)) << "2x" << n;
}

TEST(PlacementSequencesLong, BlocksOnTwoAndThreeRowsToTheEndOfTheFile) {
  PlacementSolver solver(blocks2x2_rule());
  for (std::size_t n = 61; n <= 131; ++n) {
    EXPECT_EQ(solver.value(strip(2, n)), dawsons_chess(n - 1)) << "2x" << n;
    EXPECT_EQ(solver.value(strip(3, n)), dawsons_chess(n - 1)) << "3x" << n;
  }
}

// On 3xN a block takes rows 1-2 or 2-3 of two adjacent columns; either way the
// middle row of those columns is gone, so no later block may use columns c-1..c+2.
// In block positions (N-1 of them, one per column pair) a move kills its own and
// both neighbours: Node Kayles on a path of N-1, i.e. Dawson's chess a(N-1) —
// the same values as 2xN. Checked first against the brute-force twin.
TEST(PlacementSequences, BlocksOnThreeRowsAreDawsonsChess) {
  const Rule rule = blocks2x2_rule();
  PlacementSolver solver(rule);
  for (std::size_t n = 1; n <= 8; ++n) {
    EXPECT_EQ(testing::brute_force_value(rule, strip(3, n)), dawsons_chess(n - 1)) << "3x" << n;
  }
  for (std::size_t n = 1; n <= 60; ++n) EXPECT_EQ(solver.value(strip(3, n)), dawsons_chess(n - 1)) << "3x" << n;
}

// Node Kayles on a path: a vertex and its neighbours go, i.e. 3 adjacent pins (2
// at an end, 1 if alone): octal .137, Dawson's chess, A002187 with no shift.
// (Not Kayles .77: on P3 Node Kayles is 2, Kayles 3 — checked below.)
TEST(PlacementSequences, NodeKaylesOnPathsIsDawsonsChess) {
  const Rule rule = node_kayles_rule(GraphFamily::grid);
  PlacementSolver solver(rule);
  for (std::size_t n = 1; n <= 10; ++n) EXPECT_EQ(testing::brute_force_value(rule, strip(1, n)), dawsons_chess(n));
  for (std::size_t n = 1; n <= 131; ++n) EXPECT_EQ(solver.value(strip(1, n)), dawsons_chess(n)) << "P" << n;
  static const auto kayles = reference("oeis_A002186_kayles_0.77_terms.txt");
  EXPECT_NE(solver.value(strip(1, 3)), kayles.at(3));
}

// Kayles (.77) is placing a monomino or a domino on a row: knock down 1 or 2
// adjacent pins.
TEST(PlacementSequences, MonominoesAndDominoesOnARowAreKayles) {
  static const auto kayles = reference("oeis_A002186_kayles_0.77_terms.txt");
  PlacementSolver solver(polyominoes_rule({"mono", "domino"}));
  for (const auto& [n, v] : kayles) {
    if (n >= 1 && n <= 1024) {
      EXPECT_EQ(solver.value(strip(1, n)), v) << "1x" << n;
    }
  }
}

// Bars of 3 on a row: take 3 adjacent cells, leaving 0, 1 or 2 rows: .007
// (Treblecross), whose values are A071426 a(n-2) (SOURCES.md).
TEST(PlacementSequences, BarsOfThreeOnARowAreTreblecross) {
  static const auto terms = reference("oeis_A071426_octal_0.11337_terms.txt");
  PlacementSolver solver(bars_rule(3));
  for (std::size_t n = 3; n <= 100; ++n) EXPECT_EQ(solver.value(strip(1, n)), terms.at(n - 2)) << "1x" << n;
}

// 2x2 blocks on RxC are Node Kayles on the (R-1)x(C-1) king graph of block
// positions (two blocks overlap exactly when their corners are king-adjacent);
// the solver relies on it, so it is checked here between the two brute-force
// twins, on random boards with blocked cells, and on empty boards by the solver.
TEST(PlacementSolver, BlocksAreNodeKaylesOnKingGraphs) {
  const Rule blocks = blocks2x2_rule();
  const Rule king = node_kayles_rule(GraphFamily::king);
  std::mt19937_64 rng(3);
  for (int i = 0; i < 150; ++i) {
    const std::size_t rows = 2 + rng() % 4;
    const std::size_t cols = 2 + rng() % 4;
    const Board b = testing::random_board(rng, rows, cols, 0.15);
    Board positions = empty_board(rows - 1, cols - 1);
    for (std::size_t r = 0; r + 1 < rows; ++r)
      for (std::size_t c = 0; c + 1 < cols; ++c)
        positions.free[r * (cols - 1) + c] =
            b.is_free(r, c) && b.is_free(r + 1, c) && b.is_free(r, c + 1) && b.is_free(r + 1, c + 1);
    EXPECT_EQ(testing::brute_force_value(blocks, b), testing::brute_force_value(king, positions))
        << board_to_text(b);
  }
  PlacementSolver solver(blocks2x2_rule());
  for (std::size_t n = 2; n <= 5; ++n) {
    EXPECT_EQ(solver.value(strip(n, n)), testing::brute_force_value(king, strip(n - 1, n - 1)));
  }
}

// Cram, symmetry strategy: on even x even boards the second player answers every
// domino with its image under the half turn (never overlapping: a domino's centre
// is an edge midpoint, the board's a lattice point), so the value is 0; on
// even x odd boards the first player takes the central domino and then mirrors.
TEST(PlacementSolver, CramSymmetryStrategy) {
  PlacementSolver solver(cram_rule());
  solver.set_exact_cells(1 << 20);  // full mex only: the search's own mirror shortcut stays out
  for (std::size_t r = 2; r <= 6; r += 2) {
    for (std::size_t c = 1; c <= 7; ++c) {
      if (r * c > 24) continue;
      if (c % 2 == 0) {
        EXPECT_EQ(solver.value(strip(r, c)), 0u) << r << "x" << c;
      } else {
        EXPECT_NE(solver.value(strip(r, c)), 0u) << r << "x" << c;
      }
    }
  }
}

struct GameCase {
  const char* name;
  Rule rule;
};

std::vector<GameCase> all_games() {
  return {{"blocks2x2", blocks2x2_rule()},
          {"cram", cram_rule()},
          {"bars3", bars_rule(3)},
          {"v3_i3", polyominoes_rule({"v3", "i3"})},
          {"t4_s4_l4", polyominoes_rule({"t4", "s4", "l4", "domino"})},
          {"hdominoes", placement_rule("hdominoes", "domino", {shape_from_rows({"##"})}, false)},
          {"fixed_l", placement_rule("l", "piece", {shape_from_rows({"##", "#."})}, false)},
          {"nodekayles_grid", node_kayles_rule(GraphFamily::grid)},
          {"nodekayles_king", node_kayles_rule(GraphFamily::king)}};
}

// Hundreds of random boards per game, both searches (full mex only, and the
// outcome search from 0 cells up), against the brute-force twin.
void check_random_boards(std::size_t count, std::size_t max_cells, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (const GameCase& game : all_games()) {
    PlacementSolver mex_only(game.rule);
    mex_only.set_exact_cells(1 << 20);
    PlacementSolver outcome(game.rule);
    outcome.set_exact_cells(0);
    PlacementSolver standard(game.rule);
    for (std::size_t i = 0; i < count; ++i) {
      std::size_t rows = 1 + rng() % 6;
      std::size_t cols = 1 + rng() % 6;
      while (rows * cols > max_cells) --cols;
      const Board b = testing::random_board(rng, rows, cols, 0.25 * static_cast<double>(rng() % 3));
      const Nimber expected = testing::brute_force_value(game.rule, b);
      ASSERT_EQ(mex_only.value(b), expected) << game.name << "\n" << board_to_text(b);
      ASSERT_EQ(outcome.value(b), expected) << game.name << "\n" << board_to_text(b);
      ASSERT_EQ(standard.value(b), expected) << game.name << "\n" << board_to_text(b);
    }
  }
}

TEST(PlacementSolver, RandomBoardsMatchBruteForce) { check_random_boards(150, 16, 20261122); }

TEST(PlacementSolverLong, MoreRandomBoardsMatchBruteForce) { check_random_boards(600, 20, 7); }

// value = mex of the values the listed moves leave (the move list is the one the
// CLI and the expression language show).
TEST(PlacementSolver, ValueIsMexOfListedMoves) {
  std::mt19937_64 rng(99);
  for (const GameCase& game : all_games()) {
    PlacementSolver solver(game.rule);
    for (int i = 0; i < 40; ++i) {
      const Board b = testing::random_board(rng, 1 + rng() % 5, 1 + rng() % 6, 0.2);
      std::vector<Nimber> options;
      for (const PlacementMove& m : legal_moves(game.rule, b)) options.push_back(solver.value(m.after));
      EXPECT_EQ(solver.value(b), mex(options)) << game.name << "\n" << board_to_text(b);
    }
  }
}

// has_value (the outcome search on board + *target, used to list winning moves)
// against the value itself, each from a fresh solver so that neither reads the
// other's tables; the outcome search everywhere (exact cells 0) and by default.
TEST(PlacementSolver, HasValueAgreesWithValue) {
  std::mt19937_64 rng(2024);
  for (const GameCase& game : all_games()) {
    for (int exact : {0, -1}) {
      for (int i = 0; i < 25; ++i) {
        const Board b = testing::random_board(rng, 1 + rng() % 5, 1 + rng() % 6, 0.2);
        PlacementSolver valued(game.rule);
        const Nimber v = valued.value(b);
        PlacementSolver asked(game.rule);
        if (exact == 0) asked.set_exact_cells(0);
        for (Nimber t = 0; t <= v + 2; ++t) {
          EXPECT_EQ(asked.has_value(b, t), t == v) << game.name << " target " << t << "\n" << board_to_text(b);
        }
      }
    }
  }
}

// Two threads on shared tables (set_threads(2), at once: solo time 0) against
// one thread, on random boards of 30 to 42 cells (searches of 10^3 to 10^5
// sums, so that both threads really run), values and has_value. With a tight
// memory bound (twice the least: the requested-set search stores few
// positions, so 8 times the least was never reached) the shared tables fill
// up, and the threads stop, flush and start again. The counts check that the two-thread paths did run.
TEST(PlacementSolver, TwoThreadsAgreeWithOne) {
  std::mt19937_64 rng(77);
  std::size_t valued_on_two = 0;
  std::size_t asked_on_two = 0;
  std::size_t restarts = 0;
  std::size_t flushes = 0;
  const std::pair<Rule, std::pair<std::size_t, std::size_t>> games[] = {
      {cram_rule(), {6, 6}}, {bars_rule(3), {6, 7}}, {node_kayles_rule(GraphFamily::grid), {6, 7}}};
  for (const auto& [rule, size] : games) {
    for (int i = 0; i < 2; ++i) {
      const Board b = testing::random_board(rng, size.first, size.second, 0.1);
      PlacementSolver one(rule);
      const Nimber v = one.value(b);
      PlacementSolver two(rule);
      two.set_threads(2);
      two.set_solo_seconds(0);
      if (i == 1) two.set_memory_limit(2 * two.minimum_memory_bytes(b));
      EXPECT_EQ(two.value(b), v) << rule.name << "\n" << board_to_text(b);
      valued_on_two += two.parallel_searches();
      restarts += two.parallel_restarts();
      flushes += two.table_flushes();
      if (i == 1) continue;
      PlacementSolver asked(rule);
      asked.set_threads(2);
      asked.set_solo_seconds(0);
      EXPECT_TRUE(asked.has_value(b, v)) << rule.name << "\n" << board_to_text(b);
      EXPECT_FALSE(asked.has_value(b, v + 1)) << rule.name << "\n" << board_to_text(b);
      asked_on_two += asked.parallel_searches();
    }
  }
  EXPECT_EQ(valued_on_two, 6U);  // every value search here ran on two threads
  EXPECT_GE(asked_on_two, 3U);   // and at least one has_value of each game
  EXPECT_GT(restarts, 0U);       // a shared table filled and grew
  EXPECT_GT(flushes, 0U);        // and, at the bound, was flushed in place
}

// A 32x32 board, mostly blocked: its value is the xor of its parts solved alone.
TEST(PlacementSolver, LargeSparseBoardIsTheSumOfItsParts) {
  Board big = empty_board(32, 32);
  for (auto& cell : big.free) cell = 0;
  std::mt19937_64 rng(5);
  PlacementSolver solver(cram_rule());
  Nimber expected = 0;
  for (std::size_t k = 0; k < 6; ++k) {
    const Board part = testing::random_board(rng, 4, 5, 0.2);
    expected ^= solver.value(part);
    const std::size_t r0 = 5 * (k / 3) + 1;
    const std::size_t c0 = 10 * (k % 3) + 1;
    for (std::size_t r = 0; r < 4; ++r)
      for (std::size_t c = 0; c < 5; ++c) big.free[(r0 + r) * 32 + c0 + c] = part.free[r * 5 + c];
  }
  // A long snake, too wide for small bitboards: a 1x30 corridor along the bottom.
  for (std::size_t c = 1; c <= 30; ++c) big.free[31 * 32 + c] = 1;
  expected ^= dawsons_chess(29);
  PlacementSolver fresh(cram_rule());
  EXPECT_EQ(fresh.value(big), expected);
}

TEST(PlacementSolver, TableSavedAndLoaded) {
  const std::string path = ::testing::TempDir() + "placement_table.bin";
  PlacementSolver first(cram_rule());
  const Nimber v = first.value(strip(5, 5));
  (void)first.value(strip(1, 100));
  first.save_table(path);
  PlacementSolver second(cram_rule());
  second.load_table(path);
  EXPECT_EQ(second.stored_positions(), first.stored_positions());
  EXPECT_EQ(second.value(strip(5, 5)), v);
  PlacementSolver other(blocks2x2_rule());
  EXPECT_THROW(other.load_table(path), InputError);
  {
    std::ofstream damaged(path, std::ios::binary | std::ios::app);
    damaged << "xyz";
  }
  PlacementSolver third(cram_rule());
  EXPECT_THROW(third.load_table(path), InputError);
  std::remove(path.c_str());
}

TEST(PlacementSolver, MemoryLimitFlushesButStaysCorrect) {
  PlacementSolver unlimited(cram_rule());
  PlacementSolver bounded(cram_rule());
  // The least bound a 5x5 board accepts: the tables at their first size and one doubling.
  const std::size_t kLimit = bounded.minimum_memory_bytes(strip(5, 5));
  bounded.set_memory_limit(kLimit);
  // Odd boards: even x even ones are settled at once by the mirror strategy.
  // (The requested-set search stores few positions: boards that still need
  // more than the bound.)
  EXPECT_EQ(bounded.value(strip(4, 5)), unlimited.value(strip(4, 5)));
  EXPECT_EQ(bounded.value(strip(5, 5)), unlimited.value(strip(5, 5)));
  EXPECT_EQ(bounded.value(strip(3, 11)), unlimited.value(strip(3, 11)));
  EXPECT_EQ(bounded.value(strip(4, 7)), unlimited.value(strip(4, 7)));
  EXPECT_GT(bounded.table_flushes(), 0u);
  // The bound covers all tables together.
  EXPECT_LE(bounded.table_bytes(), kLimit);
}

TEST(PlacementSolver, MemoryLimitTooSmallForTheBoardIsRefused) {
  PlacementSolver solver(cram_rule());
  solver.set_memory_limit(solver.minimum_memory_bytes(strip(5, 5)) - 1);
  EXPECT_THROW((void)solver.value(strip(5, 5)), InputError);
  // Wider boards need the tables of more bitboard widths.
  EXPECT_GT(solver.minimum_memory_bytes(strip(12, 12)), solver.minimum_memory_bytes(strip(5, 5)));
}

TEST(PlacementSolver, PollHookRunsDuringTheSearchAndMayAbandonIt) {
  PlacementSolver solver(cram_rule());
  std::size_t polls = 0;
  solver.set_poll([&] {
    if (++polls == 3) throw std::runtime_error("stop");
  });
  EXPECT_THROW((void)solver.value(strip(5, 6)), std::runtime_error);
  EXPECT_EQ(polls, 3u);
  // The tables keep only finished values: the same solver still answers right.
  solver.set_poll(nullptr);
  PlacementSolver fresh(cram_rule());
  EXPECT_EQ(solver.value(strip(5, 6)), fresh.value(strip(5, 6)));
}

TEST(PlacementSolverLong, CramSixBySixIsZero) {
  PlacementSolver solver(cram_rule());
  EXPECT_EQ(solver.value(strip(6, 6)), 0u);
}

}  // namespace
}  // namespace grundy::placement

namespace grundy::placement {
namespace {

// The mirror (Tweedledum-Tweedledee) strategy settles a region symmetric under
// an involution with no self-colliding move without any search. The search
// skips the check for regions whose canonical form showed no symmetry at all
// (Region::asymmetric); this pins that symmetric ones still get it: Cram on
// even x even boards, empty or with half-turn-symmetric holes, is 0 with no
// outcome-search node (8x8 would take far too long to search).
TEST(PlacementSolver, MirrorStrategySettlesSymmetricBoardsWithoutSearch) {
  // Small boards first: without the shortcut they fail fast, before 8x8.
  const std::vector<Board> boards = {
      empty_board(6, 6),
      parse_board_rows("000000\n010000\n000100\n001000\n000010\n000000\n", "half-turn"),
      empty_board(4, 10),
      empty_board(6, 8),
      empty_board(8, 8),
      parse_board_rows("00000000\n00100000\n00000000\n00000000\n00000000\n00000000\n00000100\n00000000\n",
                       "half-turn 8x8"),
  };
  for (const Board& board : boards) {
    PlacementSolver solver(cram_rule());
    ASSERT_EQ(solver.value(board), 0u) << board_to_text(board);
    ASSERT_EQ(solver.searched_sums(), 0u) << board_to_text(board);
  }
}

}  // namespace
}  // namespace grundy::placement
