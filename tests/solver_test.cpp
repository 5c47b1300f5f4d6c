// The generic solver on small hand-made games whose values are textbook facts.
#include "grundy/solver.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace grundy {
namespace {

// Nim heap as a generic game: options are all smaller heaps, so g(n) = n.
struct NimHeapGame {
  using Position = std::uint64_t;
  void moves(Position p, std::vector<Position>& out) const {
    for (Position q = 0; q < p; ++q) out.push_back(q);
  }
};

// A chain 0 <- 1 <- 2 <- ... : g alternates 0,1,0,1 (the "take one" game).
struct ChainGame {
  using Position = std::uint64_t;
  void moves(Position p, std::vector<Position>& out) const {
    if (p > 0) out.push_back(p - 1);
  }
};

// A game with a 3-cycle 1 -> 2 -> 3 -> 1.
struct CyclicGame {
  using Position = int;
  void moves(Position p, std::vector<Position>& out) const {
    if (p == 0) out.push_back(1);
    if (p >= 1) out.push_back(p % 3 + 1);
  }
  std::string describe(Position p) const { return "v" + std::to_string(p); }
};

// Several Nim heaps as one position, decomposed into single heaps.
struct MultiNim {
  using Position = std::vector<std::uint64_t>;
  void moves(const Position& p, std::vector<Position>& out) const {
    for (std::size_t i = 0; i < p.size(); ++i)
      for (std::uint64_t h = 0; h < p[i]; ++h) {
        Position q = p;
        q[i] = h;
        out.push_back(q);
      }
  }
  void components(const Position& p, std::vector<Position>& out) const {
    for (auto h : p) out.push_back(Position{h});
  }
  std::size_t hash(const Position& p) const {
    std::size_t h = p.size();
    for (auto x : p) h = h * 1000003u + x;
    return h;
  }
};

TEST(Solver, NimHeapValueIsItsSize) {
  NimHeapGame game;
  Solver<NimHeapGame> solver(game);
  for (std::uint64_t n = 0; n < 200; ++n) EXPECT_EQ(solver.value(n), n);
}

TEST(Solver, ChainOfAMillionPositionsNeedsNoRecursion) {
  ChainGame game;
  Solver<ChainGame> solver(game);
  EXPECT_EQ(solver.value(1'000'000), 0u);
  EXPECT_EQ(solver.value(999'999), 1u);
  EXPECT_EQ(solver.stored_positions(), 1'000'001u);
}

// Found by fuzz_expression (moore(5)(85,65), 5675 options a position): polls
// came every 4096 positions, however many options each had, so a search of
// fewer positions with many options never polled and Ctrl-C went unheard. Now
// a poll comes every few thousand options: Nim heap 3000 lists 4.5·10^6 of them
// over 3001 positions.
TEST(Solver, PollsByOptionsListedNotByPositions) {
  NimHeapGame game;
  Solver<NimHeapGame> solver(game);
  int polls = 0;
  solver.set_poll([&] { ++polls; });
  EXPECT_EQ(solver.value(3000), 3000U);
  EXPECT_GE(polls, 100);
}

TEST(Solver, CycleIsReportedWithItsPositions) {
  CyclicGame game;
  Solver<CyclicGame> solver(game);
  try {
    (void)solver.value(0);
    FAIL() << "expected a cycle";
  } catch (const CycleError& e) {
    ASSERT_EQ(e.cycle().size(), 4u);
    EXPECT_EQ(e.cycle().front(), e.cycle().back());
    EXPECT_NE(std::string(e.what()).find("cycle"), std::string::npos);
  }
}

TEST(Solver, DecompositionXorsComponents) {
  MultiNim game;
  Solver<MultiNim> solver(game);
  EXPECT_EQ(solver.value({3, 4, 5}), 3u ^ 4u ^ 5u);
  EXPECT_EQ(solver.value({1, 2, 3}), 0u);
  // Bouton: the winning moves of 3-4-5 make the xor zero; exactly one here (3 -> 1).
  auto wins = solver.winning_moves({3, 4, 5});
  ASSERT_EQ(wins.size(), 1u);
  EXPECT_EQ(wins[0], (std::vector<std::uint64_t>{1, 4, 5}));
}

TEST(Solver, WinningMovesOfASingleHeapGame) {
  ChainGame game;
  Solver<ChainGame> solver(game);
  EXPECT_EQ(solver.winning_moves(5), std::vector<std::uint64_t>{4});
  EXPECT_TRUE(solver.winning_moves(4).empty());
}

}  // namespace
}  // namespace grundy
