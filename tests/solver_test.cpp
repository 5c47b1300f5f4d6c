// The generic solver on small hand-made games whose values are textbook facts.
#include "grundy/core/solver.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <type_traits>
#include <utility>
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
  // 4001 positions but 4000·4001/2 = 8·10^6 options listed: a poll every 2^16
  // units of work is 122 polls; one per 2^16 positions would be none.
  EXPECT_EQ(solver.value(4000), 4000U);
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

namespace grundy {
namespace {

// Euclid's game: from (a, b) with a <= b, take a positive multiple of the
// smaller from the larger; a position with a 0 has no move. From (1, n) every
// (1, m), m < n, is an option: depth n and fan-out n.
struct EuclidGame {
  using Position = std::pair<std::uint64_t, std::uint64_t>;
  std::size_t hash(const Position& p) const { return p.first * 1000003u + p.second; }
  void moves(const Position& p, std::vector<Position>& out) const {
    auto [a, b] = p;
    if (a > b) std::swap(a, b);
    if (a == 0) return;
    for (std::uint64_t k = 1; k * a <= b; ++k) out.push_back({std::min(a, b - k * a), std::max(a, b - k * a)});
  }
};

// Wythoff's game with the dense-index hook: positions (a, b) with b <= B are
// the indices a·(B+1) + b of an array.
struct DenseWythoff {
  using Position = std::pair<std::uint32_t, std::uint32_t>;
  std::uint32_t max_b = 0;
  std::size_t dense_index(const Position& p) const { return std::size_t{p.first} * (max_b + 1) + p.second; }
  std::size_t hash(const Position& p) const { return dense_index(p); }
  void moves(const Position& p, std::vector<Position>& out) const {
    for (std::uint32_t k = 1; k <= p.first; ++k) out.push_back({p.first - k, p.second});
    for (std::uint32_t k = 1; k <= p.second; ++k) out.push_back({p.first, p.second - k});
    for (std::uint32_t k = 1; k <= p.first && k <= p.second; ++k) out.push_back({p.first - k, p.second - k});
  }
};

// Euclid's game by the definition with a plain memo (recursion: depth n).
Nimber euclid_reference(std::uint64_t a, std::uint64_t b, std::map<std::pair<std::uint64_t, std::uint64_t>, Nimber>& memo) {
  if (a > b) std::swap(a, b);
  if (a == 0) return 0;
  if (auto it = memo.find({a, b}); it != memo.end()) return it->second;
  MexSet seen;
  for (std::uint64_t k = 1; k * a <= b; ++k) seen.insert(euclid_reference(std::min(a, b - k * a), std::max(a, b - k * a), memo));
  return memo[{a, b}] = seen.mex();
}

// Frames past the options budget drop their lists and list them again: the
// values are the same, and the stack holds about depth positions, not
// depth × fan-out (here 3000 × 3000 / 2 = 4.5 million without dropping).
TEST(Solver, BoundedOptionsGiveTheSameValuesAsKeepingThem) {
  const EuclidGame game;
  std::map<std::pair<std::uint64_t, std::uint64_t>, Nimber> memo;
  Solver<EuclidGame> keeping(game);
  Solver<EuclidGame> bounded(game);
  bounded.set_memory_limit(1 << 20);  // a quarter of it, 32768 positions, for the stack's options
  for (const auto& [a, b] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{{1, 3000}, {7, 2000}, {12, 1730}, {55, 89}}) {
    const Nimber expected = euclid_reference(a, b, memo);
    EXPECT_EQ(keeping.value({a, b}), expected) << a << "," << b;
    EXPECT_EQ(bounded.value({a, b}), expected) << a << "," << b;
  }
}

// The table bound holds: a search that needs more stops with LimitError,
// and the solver stays usable for what fits.
TEST(Solver, TableBoundStopsWithLimitErrorAndTheSolverStaysUsable) {
  const ChainGame game;
  Solver<ChainGame> solver(game);
  solver.set_memory_limit(64 * 1024);
  EXPECT_THROW((void)solver.value(100'000), LimitError);
  EXPECT_EQ(solver.value(11), 1U);
}

// A chain with no end under a bound: the search's own frames count against
// it (a frame per position deep), so it stops with LimitError rather than
// growing past the bound, and what was finished stays usable.
struct EndlessChain {
  using Position = std::uint64_t;
  void moves(Position p, std::vector<Position>& out) const { out.push_back(p + 1); }
};

TEST(Solver, AChainWithNoEndStopsWithinTheBoundCountingItsFrames) {
  const EndlessChain game;
  Solver<EndlessChain> solver(game);
  solver.set_memory_limit(4 << 20);
  EXPECT_THROW((void)solver.value(0), LimitError);
  // Deep: the table and the frames shared the 4 MiB (a frame is tens of bytes).
  EXPECT_GT(solver.abandoned_depth(), 10'000U);
  EXPECT_LE(solver.table_bytes(), std::size_t{4} << 20);
  EXPECT_EQ(solver.stored_positions(), 0U);  // nothing on the chain was finished
}

// A game whose moves change between two listings (here: after the first call
// for position 1000) would get a wrong mex from the values kept: a frame that
// dropped its options and lists them again checks their number.
struct FickleNim {
  using Position = std::uint64_t;
  mutable std::map<Position, int> calls;
  void moves(Position p, std::vector<Position>& out) const {
    for (Position q = p; q-- > 0;) out.push_back(q);
    if (p == 1000 && ++calls[p] > 1) out.push_back(0);
  }
  std::string describe(Position p) const { return "heap " + std::to_string(p); }
};

TEST(Solver, MovesListedAgainDifferentlyAreNamed) {
  const FickleNim game;
  Solver<FickleNim> solver(game);
  solver.set_memory_limit(1 << 20);  // 32768 options kept: frames past that drop theirs
  try {
    (void)solver.value(1200);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("listed 1000 options of heap 1000, then 1001 when asked again"),
              std::string::npos)
        << e.what();
  }
  // The honest game through a fresh solver: g(n) = n.
  const NimHeapGame nim;
  Solver<NimHeapGame> honest(nim);
  honest.set_memory_limit(1 << 20);
  EXPECT_EQ(honest.value(1200), 1200U);
}

// The dense table gives what the hash table gives; the chosen table is the
// dense one for a game with the hook.
TEST(Solver, DenseIndexTableEqualsHashTable) {
  DenseWythoff game;
  game.max_b = 60;
  Solver<DenseWythoff> dense(game);
  Solver<DenseWythoff, HashTable<DenseWythoff>> hashed(game);
  static_assert(std::is_same_v<DefaultTable<DenseWythoff>, DenseTable<DenseWythoff>>);
  for (std::uint32_t a = 0; a <= 40; a += 3)
    for (std::uint32_t b = 0; b <= 60; b += 7) EXPECT_EQ(dense.value({a, b}), hashed.value({a, b})) << a << "," << b;
  // Wythoff's P-positions (a_k, b_k) = (floor(k phi), floor(k phi^2)): 0 there.
  for (const auto& [a, b] : std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 0}, {1, 2}, {3, 5}, {4, 7}, {6, 10}, {8, 13}})
    EXPECT_EQ(dense.value({a, b}), 0U) << a << "," << b;
}

}  // namespace
}  // namespace grundy
