// The solver's fast paths held equal to the plain definition on random games:
// a game with a dense index descends into a frame's last unknown option
// (solver.hpp, kDescendsLast), the values of a run of options go through a
// plain buffer and one mex pass, and the dense table keeps its values in 8,
// 16 or 32 bits as they need (solver_tables.hpp). Each against a recursion
// over the same moves written here, and against the solver with a hash table
// (a game without the hook, which descends into the first unknown option).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "grundy/core/solver.hpp"

namespace grundy {
namespace {

// A random game on 0..n-1: position p moves to a few of the positions below
// it, listed in a random order (duplicates allowed), so that the first and
// the last unknown option of a frame differ.
struct RandomDag {
  using Position = std::uint64_t;
  std::vector<std::vector<std::uint64_t>> options;
  mutable std::size_t listings = 0;  // calls of moves()
  void moves(std::uint64_t p, std::vector<std::uint64_t>& out) const {
    ++listings;
    out.insert(out.end(), options[p].begin(), options[p].end());
  }
  std::string describe(std::uint64_t p) const { return "p" + std::to_string(p); }
};

struct DenseRandomDag : RandomDag {
  std::size_t dense_index(std::uint64_t p) const noexcept { return p; }
};

// `far`: one option in `far` jumps anywhere below (0: none, long chains only).
RandomDag random_dag(std::mt19937_64& random, std::size_t n, std::size_t max_options, unsigned far = 4) {
  RandomDag game;
  game.options.resize(n);
  for (std::size_t p = 1; p < n; ++p) {
    // Without far jumps, at least half the most (long chains of wide frames).
    const std::size_t count = far == 0 ? max_options / 2 + random() % (max_options / 2 + 1) : random() % (max_options + 1);
    for (std::size_t k = 0; k < count; ++k) {
      // Mostly near p (long chains), sometimes far below it.
      const std::uint64_t step = far != 0 && random() % far == 0 ? 1 + random() % p : 1 + random() % std::min<std::size_t>(p, 3);
      game.options[p].push_back(p - step);
    }
  }
  return game;
}

// The definition: g(p) = mex of the options' values, by recursion.
Nimber definition(const RandomDag& game, std::uint64_t p, std::map<std::uint64_t, Nimber>& memo) {
  if (const auto it = memo.find(p); it != memo.end()) return it->second;
  std::vector<Nimber> values;
  for (const std::uint64_t q : game.options[p]) values.push_back(definition(game, q, memo));
  return memo[p] = mex(values);
}

TEST(SolverFastPath, DenseIndexGamesEqualTheDefinitionAndTheHashTable) {
  std::mt19937_64 random(55);
  for (int round = 0; round < 60; ++round) {
    const std::size_t n = 50 + random() % 3000;
    DenseRandomDag dense;
    static_cast<RandomDag&>(dense) = random_dag(random, n, 1 + random() % 12);
    const RandomDag& plain = dense;
    Solver<DenseRandomDag> by_dense(dense);
    Solver<RandomDag> by_hash(plain);
    std::map<std::uint64_t, Nimber> memo;
    // From the top first (one deep search), then a few others.
    std::vector<std::uint64_t> asked = {n - 1};
    for (int k = 0; k < 20; ++k) asked.push_back(random() % n);
    for (const std::uint64_t p : asked) {
      const Nimber expected = definition(plain, p, memo);
      EXPECT_EQ(by_dense.value(p), expected) << "round " << round << ", position " << p;
      EXPECT_EQ(by_hash.value(p), expected) << "round " << round << ", position " << p;
    }
  }
}

// Under a small bound the frames drop their options past the budget and list
// them again (the known tail kept across the drop): the same values.
TEST(SolverFastPath, DenseIndexGamesUnderABoundEqualTheDefinition) {
  std::mt19937_64 random(56);
  for (int round = 0; round < 10; ++round) {
    const std::size_t n = 5000 + random() % 5000;
    DenseRandomDag dense;
    static_cast<RandomDag&>(dense) = random_dag(random, n, 40, 0);
    Solver<DenseRandomDag> bounded(dense);
    bounded.set_memory_limit(1 << 20);  // 32768 options kept by the stack
    std::map<std::uint64_t, Nimber> memo;
    // The recursion in steps from below: its depth stays small.
    for (std::uint64_t p = 0; p < n; p += 500) (void)definition(dense, p, memo);
    dense.listings = 0;
    EXPECT_EQ(bounded.value(n - 1), definition(dense, n - 1, memo)) << "round " << round;
    EXPECT_GT(dense.listings, bounded.stored_positions()) << "no frame listed its moves again";
  }
}

// A cycle in a game with a dense index is still found, whichever option the
// search descends into first, and the solver stays usable.
struct DenseCycle {
  using Position = std::uint64_t;
  // 0 is the end; 1..9 each move to 0 and to the next, 9 back to 5: a cycle 5 -> … -> 9 -> 5.
  void moves(std::uint64_t p, std::vector<std::uint64_t>& out) const {
    if (p == 0) return;
    out.push_back(p == 9 ? 5 : p + 1);
    out.push_back(0);
  }
  std::size_t dense_index(std::uint64_t p) const noexcept { return p; }
  std::string describe(std::uint64_t p) const { return "v" + std::to_string(p); }
};

TEST(SolverFastPath, DenseIndexGamesFindCycles) {
  const DenseCycle game;
  Solver<DenseCycle> solver(game);
  try {
    (void)solver.value(1);
    FAIL() << "expected a cycle";
  } catch (const CycleError& e) {
    ASSERT_EQ(e.cycle().size(), 6U);
    EXPECT_EQ(e.cycle().front(), "v5");
    EXPECT_EQ(e.cycle().back(), "v5");
  }
  EXPECT_EQ(solver.value(0), 0U);
  EXPECT_EQ(solver.stored_positions(), 1U);
}

// A game that also names the position at each index is valued bottom up
// (solver.hpp, sweep_to): the same values as the definition, whether its
// moves all lead to smaller indices or not (a position with an option above
// it is handed to the depth-first search), with indices that name no
// position (std::optional), and under a poll that stops the loop midway and
// a second call that goes on from there.
struct EnumeratedRandomDag : DenseRandomDag {
  std::uint64_t position_at(std::size_t index) const noexcept { return index; }
};

// Positions 0..n-1 of `game` whose index is twice the position: the odd
// indices name none.
struct SpreadRandomDag : RandomDag {
  std::size_t dense_index(std::uint64_t p) const noexcept { return 2 * p; }
  std::optional<std::uint64_t> position_at(std::size_t index) const {
    if (index % 2 != 0) return std::nullopt;
    return index / 2;
  }
};

TEST(SolverFastPath, BottomUpGamesEqualTheDefinition) {
  static_assert(IndexEnumeratedGame<EnumeratedRandomDag> && IndexEnumeratedGame<SpreadRandomDag>);
  static_assert(!IndexEnumeratedGame<DenseRandomDag>);
  std::mt19937_64 random(58);
  for (int round = 0; round < 40; ++round) {
    const std::size_t n = 50 + random() % 3000;
    RandomDag plain = random_dag(random, n, 1 + random() % 12);
    if (round % 2 == 1) {
      // Positions renamed by a permutation that moves each a few places: the
      // game has no cycle still, and some options lie above their position.
      std::vector<std::uint64_t> name(n);
      for (std::size_t i = 0; i < n; ++i) name[i] = i;
      for (std::size_t i = 0; i + 1 < n; ++i)
        if (random() % 3 == 0) std::swap(name[i], name[std::min(n - 1, i + 1 + random() % 6)]);
      RandomDag renamed;
      renamed.options.resize(n);
      for (std::size_t i = 0; i < n; ++i)
        for (const std::uint64_t q : plain.options[i]) renamed.options[name[i]].push_back(name[q]);
      plain = renamed;
    }
    EnumeratedRandomDag enumerated;
    static_cast<RandomDag&>(enumerated) = plain;
    SpreadRandomDag spread;
    static_cast<RandomDag&>(spread) = plain;
    Solver<EnumeratedRandomDag> by_sweep(enumerated);
    Solver<SpreadRandomDag> by_spread(spread);
    std::map<std::uint64_t, Nimber> memo;
    std::vector<std::uint64_t> asked;
    for (int k = 0; k < 10; ++k) asked.push_back(random() % n);
    asked.push_back(n - 1);
    for (const std::uint64_t p : asked) {
      const Nimber expected = definition(plain, p, memo);
      EXPECT_EQ(by_sweep.value(p), expected) << "round " << round << ", position " << p;
      EXPECT_EQ(by_spread.value(p), expected) << "round " << round << ", position " << p;
    }
    // Each position listed at most twice (once by the loop, once more by the
    // search it hands a position with an option above it to).
    EXPECT_LE(enumerated.listings, 2 * n) << "round " << round;
  }
}

TEST(SolverFastPath, BottomUpGamesStoppedByAPollGoOnWhereTheyStopped) {
  std::mt19937_64 random(59);
  EnumeratedRandomDag game;
  static_cast<RandomDag&>(game) = random_dag(random, 200'000, 6);
  Solver<EnumeratedRandomDag> solver(game);
  int polls = 0;
  solver.set_poll([&] {
    if (++polls == 3) throw std::runtime_error("stopped");
  });
  EXPECT_THROW((void)solver.value(199'999), std::runtime_error);
  const std::size_t stored = solver.stored_positions();
  EXPECT_GT(stored, 1000U);
  EXPECT_LT(stored, 199'999U);
  const std::size_t listed = game.listings;
  std::map<std::uint64_t, Nimber> memo;
  for (std::uint64_t p = 0; p < 200'000; p += 1000) (void)definition(game, p, memo);
  EXPECT_EQ(solver.value(199'999), definition(game, 199'999, memo));
  // Each position listed once in all: the finished ones were not valued again.
  EXPECT_LE(game.listings - listed + stored, std::size_t{200'000} + 2);
}

// Options that name a copy of a position (canonical() maps copy p + n to
// p), so that an option is not its own table key: the bottom-up loop reads
// them through option_value, not the table's run of reads; and positions
// with many options, so that values pass 254 and the dense table holds 16
// bits. Against the definition on the same moves, copies mapped back.
struct CanonicalEnumeratedDag {
  using Position = std::uint64_t;
  const RandomDag* originals = nullptr;  // positions 0..n-1
  std::uint64_t n = 0;
  std::uint64_t copy_mask = 0;  // option k of a position names the copy when bit k % 64 is set
  void moves(std::uint64_t p, std::vector<std::uint64_t>& out) const {
    const std::vector<std::uint64_t>& options = originals->options[p % n];
    for (std::size_t k = 0; k < options.size(); ++k) out.push_back(options[k] + ((copy_mask >> (k % 64)) & 1U) * n);
  }
  std::uint64_t canonical(std::uint64_t p) const noexcept { return p % n; }
  std::size_t dense_index(std::uint64_t p) const noexcept { return p; }
  std::uint64_t position_at(std::size_t index) const noexcept { return index; }
};

TEST(SolverFastPath, BottomUpGamesWithCanonicalFormsAndWideValuesEqualTheDefinition) {
  std::mt19937_64 random(61);
  for (int round = 0; round < 6; ++round) {
    // Every position moves to all of those below it (a Nim heap's moves, so
    // values in the hundreds; one option left out would cap the mex at its
    // value), listed in a random order.
    const std::size_t n = 600 + random() % 300;
    RandomDag plain;
    plain.options.resize(n);
    for (std::size_t p = 1; p < n; ++p) {
      for (std::uint64_t q = 0; q < p; ++q) plain.options[p].push_back(q);
      std::shuffle(plain.options[p].begin(), plain.options[p].end(), random);
    }
    CanonicalEnumeratedDag game;
    game.originals = &plain;
    game.n = n;
    game.copy_mask = random();
    Solver<CanonicalEnumeratedDag> solver(game);
    std::map<std::uint64_t, Nimber> memo;
    for (std::uint64_t p = 0; p < n; p += 50) (void)definition(plain, p, memo);
    const Nimber top = definition(plain, n - 1, memo);
    EXPECT_GT(top, 254U) << "round " << round;
    EXPECT_EQ(solver.value(2 * n - 1), top) << "round " << round;  // the copy of the top
    for (int k = 0; k < 20; ++k) {
      const std::uint64_t p = random() % (2 * n);
      EXPECT_EQ(solver.value(p), definition(plain, p % n, memo)) << "round " << round << ", position " << p;
    }
  }
}

// A position whose index the table cannot hold is refused at once, with or
// without a memory bound, not valued index after index up to it.
struct EnumeratedChain {
  using Position = std::uint64_t;
  mutable std::size_t listings = 0;
  void moves(std::uint64_t n, std::vector<std::uint64_t>& out) const {
    ++listings;
    if (n > 0) out.push_back(n - 1);
  }
  std::size_t dense_index(std::uint64_t n) const noexcept { return n; }
  std::uint64_t position_at(std::size_t index) const noexcept { return index; }
};

TEST(SolverFastPath, BottomUpGamesPastTheTablesReachAreRefusedAtOnce) {
  const EnumeratedChain game;
  Solver<EnumeratedChain> bounded(game);
  bounded.set_memory_limit(std::size_t{1} << 20);
  EXPECT_THROW((void)bounded.value(5'000'000), LimitError);
  Solver<EnumeratedChain> unbounded(game);
  EXPECT_THROW((void)unbounded.value(1'000'000'000'000'000'000), LimitError);
  EXPECT_EQ(game.listings, 0U);
  // Within reach, bottom up: each position listed once.
  EXPECT_EQ(unbounded.value(1001), 1U);
  EXPECT_EQ(game.listings, 1002U);
}

// A cycle among positions the loop reaches is still found (through the
// depth-first search a position with an option not yet valued is handed to).
struct EnumeratedCycle : DenseCycle {
  std::uint64_t position_at(std::size_t index) const noexcept { return index; }
};

TEST(SolverFastPath, BottomUpGamesFindCycles) {
  const EnumeratedCycle game;
  Solver<EnumeratedCycle> solver(game);
  EXPECT_THROW((void)solver.value(9), CycleError);
  EXPECT_EQ(solver.value(0), 0U);
}

// The dense table's widths: values of 8 bits, then one of 16, then one of 32,
// each width keeping what was stored, its marks and its count.
struct Identity {
  using Position = std::size_t;
  std::size_t dense_index(std::size_t i) const noexcept { return i; }
};

TEST(SolverFastPath, DenseTableWidensAsItsValuesNeed) {
  const Identity index;
  DenseTable<Identity> table(index, 0);
  std::map<std::size_t, Nimber> stored;
  std::mt19937_64 random(57);
  const auto check = [&] {
    ASSERT_EQ(table.size(), stored.size());
    for (const auto& [i, v] : stored) ASSERT_EQ(table.find(i), v) << i;
    std::size_t visited = 0;
    table.for_each([&](std::size_t i, Nimber v) {
      ++visited;
      EXPECT_EQ(stored.at(i), v);
    });
    EXPECT_EQ(visited, stored.size());
  };
  for (int k = 0; k < 3000; ++k) {
    const std::size_t i = random() % 5000;
    const Nimber v = random() % 8 == 0 ? kInProgress : random() % 254;
    table.set(i, v);
    stored[i] = v;
  }
  EXPECT_EQ(table.memory_bytes(), 8192U);  // a byte a value, doubled past 5000
  check();
  for (const Nimber wide : {Nimber{254}, Nimber{65533}, Nimber{65534}, Nimber{4'000'000'000}}) {
    const std::size_t i = random() % 6000;
    table.set(i, wide);
    stored[i] = wide;
    check();
  }
  EXPECT_EQ(table.find(1'000'000), kEmpty);
  table.erase_all(kInProgress);
  std::erase_if(stored, [](const auto& entry) { return entry.second == kInProgress; });
  check();
  EXPECT_THROW(table.set(7, kInProgress - 1), LimitError);  // past 32 bits
}

// The dense table's run of reads (find_run) against find(), value by value,
// at each of its widths, and where it stops: at the first option not stored
// or in progress.
TEST(SolverFastPath, DenseTableRunsOfReadsEqualItsFinds) {
  const Identity index;
  DenseTable<Identity> table(index, 0);
  std::mt19937_64 random(62);
  for (const Nimber widest : {Nimber{200}, Nimber{60000}, Nimber{3'000'000'000}}) {
    for (int k = 0; k < 2000; ++k) {
      const std::size_t i = random() % 3000;
      table.set(i, random() % 16 == 0 ? kInProgress : random() % (widest + 1));
    }
    for (int run = 0; run < 200; ++run) {
      std::vector<std::size_t> positions;
      for (int k = 0; k < 40; ++k) positions.push_back(random() % 3200);  // some past the table's end
      std::vector<Nimber> read;
      const std::size_t known = table.find_run(positions.data(), positions.data() + positions.size(),
                                               [&read](Nimber v) { read.push_back(v); });
      ASSERT_EQ(read.size(), known);
      std::size_t expected = 0;
      while (expected < positions.size() && table.find(positions[expected]) < kInProgress) {
        ASSERT_EQ(read[expected], table.find(positions[expected])) << "width for " << widest;
        ++expected;
      }
      ASSERT_EQ(known, expected) << "width for " << widest;
    }
  }
}

}  // namespace
}  // namespace grundy
