// A user's C++ game whose graph has cycles: the LoopySolver (explored a piece
// at a time) against the Fraenkel–Yesha stages written word for word and the
// product-graph oracle; the adapter's choice of solver (automatic from the
// first cycle found, loopy, normal play only); a test player winning sums of a
// user's loopy game with Nim heaps; the memory bound.
#include <gtest/gtest.h>

#include <random>

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/search/game_adapter.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/search/loopy_solver.hpp"
#include "loopy_reference.hpp"

namespace grundy {
namespace {

using testing::kReferenceInfinite;
using testing::OracleOutcome;
using testing::ProductOracle;
using testing::SmallDigraph;

// "Wind-up" subtraction modulo n: a dial at k (0 < k < n) turns back by s ∈ S,
// modulo n, so it can pass 0 and come round again; at 0 the game is over.
struct WindUp {
  using Position = int;
  int modulus = 7;
  std::vector<int> subtract = {1, 3};
  void moves(int k, std::vector<int>& out) const {
    if (k == 0) return;
    for (int s : subtract) out.push_back(((k - s) % modulus + modulus) % modulus);
  }
  std::string describe(int k) const { return std::to_string(k); }

  SmallDigraph digraph() const {
    SmallDigraph g;
    g.next.resize(modulus);
    for (int k = 0; k < modulus; ++k) {
      std::vector<int> out;
      moves(k, out);
      g.next[k] = out;
    }
    return g;
  }
};

// A digraph given as a game: positions are its vertices.
struct DigraphGame {
  using Position = int;
  SmallDigraph graph;
  void moves(int v, std::vector<int>& out) const { out.insert(out.end(), graph.next[v].begin(), graph.next[v].end()); }
  std::string describe(int v) const { return "v" + std::to_string(v); }
};

int reference_style(const Value& value) {
  return value.is_finite() ? static_cast<int>(value.nimber()) : kReferenceInfinite;
}

TEST(LoopyAdapter, WindUpGamesAgainstTheStagesAndTheOracle) {
  Context context;
  int infinite_seen = 0;
  for (int modulus = 2; modulus <= 14; ++modulus) {
    for (int a = 1; a < modulus; ++a) {
      for (int b = a + 1; b < modulus; ++b) {
        const WindUp rules{modulus, {a, b}};
        auto game = GameAdapter<WindUp>::make(rules, "windup");
        const SmallDigraph g = rules.digraph();
        const testing::ReferenceLabelling reference = testing::reference_labelling(g);
        const ProductOracle oracle({g, SmallDigraph::nim(modulus + 2)});
        for (int k = 0; k < modulus; ++k) {
          const Value v = game->position(k).value(context);
          ASSERT_EQ(reference_style(v), reference.label[k]) << "modulus " << modulus << " S {" << a << "," << b
                                                            << "} at " << k;
          infinite_seen += !v.is_finite();
          // v + *h: P exactly at h = g for finite g; N exactly for h ∈ K for ∞(K).
          for (int h = 0; h < modulus + 2; ++h) {
            const Value sum = v + Value(static_cast<Nimber>(h));
            const OracleOutcome o = oracle.outcome({k, h});
            const Outcome expected = o == OracleOutcome::lose ? Outcome::P
                                     : o == OracleOutcome::win ? Outcome::N
                                                               : Outcome::D;
            ASSERT_EQ(sum.outcome(), expected);
          }
        }
        EXPECT_TRUE(game->loopy() || modulus == 2);
      }
    }
  }
  EXPECT_GT(infinite_seen, 100);
}

TEST(LoopyAdapter, SolverChoice) {
  const WindUp rules{5, {1, 2}};
  Context context;
  // Normal play only: the cycle is an error naming its positions.
  auto strict = GameAdapter<WindUp>::make(rules, "windup", SolverChoice::normal_play);
  EXPECT_THROW((void)strict->position(4).value(context), CycleError);
  EXPECT_FALSE(strict->loopy());
  // Automatic: the normal-play solver until the first cycle. From 3 the game
  // reaches 2, 1, 0 and (from 1) 4 -> 3: a cycle, so the loopy solver takes over.
  auto automatic = GameAdapter<WindUp>::make(rules, "windup");
  EXPECT_EQ(automatic->position(0).value(context), Value(0));
  EXPECT_FALSE(automatic->loopy());
  EXPECT_EQ(automatic->position(3).value(context), Value(0));
  EXPECT_TRUE(automatic->loopy());
  EXPECT_EQ(automatic->position(1).value(context).to_string(), "∞(0)");
  // Loopy from the start: the same values (docs/loopy.md, the wind-up example).
  auto loopy = GameAdapter<WindUp>::make(rules, "windup", SolverChoice::loopy);
  EXPECT_TRUE(loopy->loopy());
  const std::vector<std::string> expected = {"0", "∞(0)", "∞(0)", "0", "∞(0)"};
  for (int k = 0; k < 5; ++k) EXPECT_EQ(loopy->position(k).value(context).to_string(), expected[k]) << k;
}

TEST(LoopyAdapter, ExploredAPieceAtATimeEqualsTheStages) {
  std::mt19937_64 rng(3);
  Context context;
  std::size_t labellings = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 12);
    const DigraphGame game{testing::random_digraph(rng, n, std::uniform_real_distribution<double>(0.05, 0.35)(rng))};
    const testing::ReferenceLabelling reference = testing::reference_labelling(game.graph);
    LoopySolver<DigraphGame> solver(game);
    std::vector<int> order(n);
    for (int v = 0; v < n; ++v) order[v] = v;
    std::shuffle(order.begin(), order.end(), rng);
    std::vector<int> labels(n);
    std::vector<std::uint64_t> counters(n, 0);
    for (int v : order) {
      labels[v] = reference_style(solver.value(v, context));
      ASSERT_EQ(labels[v], reference.label[v]) << game.graph.text() << "v" << v;
    }
    for (int v = 0; v < n; ++v) counters[v] = solver.counter(v, context).value_or(0);
    ASSERT_EQ(testing::check_generalized_sg(game.graph, labels, counters), "") << game.graph.text();
    EXPECT_EQ(solver.explored_positions(), static_cast<std::size_t>(n));
    labellings += solver.labellings();
  }
  EXPECT_GT(labellings, 3000u);  // most trials labelled in several pieces
}

TEST(LoopyAdapter, MemoryBoundAndRecovery) {
  // A dial of 2 000 000 positions: too many for 8 MB.
  const WindUp big{2'000'000, {1, 2}};
  LoopySolver<WindUp> solver(big);
  ContextOptions options;
  options.memory_bytes = 8u << 20;
  Context bounded(options);
  EXPECT_THROW((void)solver.value(1'999'999, bounded), LimitError);
  EXPECT_EQ(solver.explored_positions(), 0u);  // nothing half-explored is kept
  Context context;
  EXPECT_EQ(solver.value(0, context), Value(0));  // the solver is still usable
  EXPECT_EQ(solver.explored_positions(), 1u);
}

// The same dial whose positions each hold 64 KiB beyond their own bytes (as a
// Python object is held behind a position), and say so.
struct HeavyWindUp : WindUp {
  std::size_t owned_bytes(int) const noexcept { return std::size_t{64} << 10; }
};

TEST(LoopyAdapter, MemoryBoundCountsWhatPositionsOwn) {
  // 1000 positions: some 100 KB of the solver's own, and 64 MB owned.
  ContextOptions options;
  options.memory_bytes = 16u << 20;
  Context bounded(options);
  const WindUp light{1000, {1, 2}};
  LoopySolver<WindUp> light_solver(light);
  EXPECT_EQ(light_solver.value(999, bounded), Value(0));  // 999 = 0 (mod 3)
  const HeavyWindUp heavy{{1000, {1, 2}}};
  LoopySolver<HeavyWindUp> heavy_solver(heavy);
  try {
    (void)heavy_solver.value(999, bounded);
    FAIL() << "expected LimitError";
  } catch (const LimitError& e) {
    // Stopped at the first position past the bound: 16 MiB / 64 KiB = 256,
    // less the options just listed (64 KiB each) and the solver's own bytes.
    const std::string message = e.what();
    const std::size_t open = message.rfind('(');
    ASSERT_NE(open, std::string::npos) << message;
    const unsigned long explored = std::stoul(message.substr(open + 1));
    EXPECT_GE(explored, 250u) << message;
    EXPECT_LE(explored, 256u) << message;
  }
  EXPECT_EQ(heavy_solver.explored_positions(), 0u);
  Context context;
  EXPECT_EQ(heavy_solver.value(999, context), Value(0));
}

// A test player follows the winning moves in sums of a wind-up game, a digraph
// game and a Nim heap against an opponent who raises whenever it can.
TEST(LoopyAdapter, TestPlayerWinsSumsOfUsersGames) {
  std::mt19937_64 rng(17);
  int games = 0;
  for (int trial = 0; trial < 60; ++trial) {
    Context context;
    const WindUp rules{3 + static_cast<int>(rng() % 6), {1, 2}};
    const DigraphGame graph_game{testing::random_digraph(rng, 1 + static_cast<int>(rng() % 6), 0.35)};
    auto windup = GameAdapter<WindUp>::make(rules, "windup", SolverChoice::loopy);
    auto digraph = GameAdapter<DigraphGame>::make(graph_game, "digraph");
    const int heaps = 3;
    const ProductOracle oracle({rules.digraph(), graph_game.graph, SmallDigraph::nim(heaps)});
    auto nim_heap = [&](int h) { return Registry::builtin().parse("nim(" + std::to_string(h) + ")"); };
    auto state_of = [&](const Position& p) {
      return std::vector<int>{std::stoi(p[0].arguments()), std::stoi(p[1].arguments().substr(1)),
                              std::stoi(p[2].arguments())};
    };
    for (std::size_t s = 0; s < oracle.states(); ++s) {
      const std::vector<int> at = oracle.decode(s);
      if (oracle.outcome(at) != OracleOutcome::win) continue;
      Position position = windup->position(at[0]) + digraph->position(at[1]) + nim_heap(at[2]);
      std::optional<Move> last;
      bool won = false;
      for (int round = 0; round < 2000 && !won; ++round) {
        AnalysisOptions options;
        options.max_moves = 100;
        options.last_move = last;
        const SumAnalysis analysis = analyze(position, context, options);
        ASSERT_EQ(analysis.outcome, Outcome::N) << position.text();
        ASSERT_FALSE(analysis.winning_moves.empty()) << position.text();
        // Every other game the player takes the listed move that is worst for
        // progress (the largest counter after it); any listed move must do.
        std::size_t pick = rng() % analysis.winning_moves.size();
        if (games % 2 == 1) {
          auto counter_after = [&](const Move& m) {
            const auto* loopy = capability<LoopyCounter>(m.replacement[0]);
            return loopy != nullptr ? loopy->counter(context).value_or(0) : 0;
          };
          for (std::size_t i = 0; i < analysis.winning_moves.size(); ++i) {
            if (counter_after(analysis.winning_moves[i]) > counter_after(analysis.winning_moves[pick])) pick = i;
          }
        }
        position = analysis.winning_moves[pick].after();
        ASSERT_EQ(oracle.outcome(state_of(position)), OracleOutcome::lose) << position.text();
        std::vector<Move> replies, raising;
        for_each_move(position, context, [&](Move&& m) {
          const Value before = m.before[m.component].value(context);
          const Value after = m.replacement.value(context);
          if (!after.is_finite() || after.nimber() > before.nimber()) raising.push_back(m);
          replies.push_back(std::move(m));
          return true;
        });
        if (replies.empty()) {
          won = true;
          break;
        }
        const std::vector<Move>& pool = raising.empty() ? replies : raising;
        last = pool[rng() % pool.size()];
        position = last->after();
      }
      ASSERT_TRUE(won) << "no win from " << windup->position(at[0]).text() << " + " << digraph->position(at[1]).text();
      ++games;
    }
  }
  EXPECT_GT(games, 300);
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// The example of docs/library.md ("Games with cycles"), as written there.
struct Dial {
  using Position = int;
  void moves(int k, std::vector<int>& out) const {
    if (k != 0)
      for (int s : {1, 2}) out.push_back((k - s + 5) % 5);
  }
};

TEST(LoopyAdapter, LibraryDocExample) {
  auto dial = GameAdapter<Dial>::make(Dial{}, "dial");
  Context context;
  EXPECT_EQ(dial->position(4).value(context).to_string(), "∞(0)");
  const Position p = dial->position(4) + Registry::builtin().parse("nim(1)");
  const SumAnalysis a = analyze(p, context);
  EXPECT_EQ(a.outcome, Outcome::D);
  ASSERT_EQ(a.drawing_move_total, 1u);
  EXPECT_EQ(a.drawing_moves[0].after().text(), "dial(2) + nim(1)");
}

}  // namespace
}  // namespace grundy
