// Values of games with cycles against an independent oracle: win/lose/draw by
// plain retrograde analysis on the PRODUCT graph of a sum (tests/
// loopy_reference.hpp), which knows nothing of Sprague–Grundy theory.
//  - ∞(K) itself: for a vertex v and every k, v + *k is N exactly when k ∈ K
//    and D otherwise; a finite value g: v + *g is P and v + *k is N for k ≠ g.
//  - Sums of two random digraphs and a Nim heap, outcome by Smith's rules
//    (value.hpp) against the oracle, for every position of the product.
//  - The same through the whole path (graph files, the registry, analyze):
//    outcome, every winning move to an oracle-lost position, the drawing moves
//    exactly the options to oracle draws.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <unistd.h>

#include "grundy/analysis/analysis.hpp"
#include "grundy/game_graph/game_graph.hpp"
#include "grundy/game_graph/game_graph_values.hpp"
#include "grundy/language/registry.hpp"
#include "loopy_reference.hpp"

namespace grundy {
namespace {

using testing::OracleOutcome;
using testing::ProductOracle;
using testing::SmallDigraph;

GameGraph graph_of(const SmallDigraph& g) {
  std::vector<std::pair<GameGraph::Vertex, GameGraph::Vertex>> edges;
  for (int v = 0; v < g.size(); ++v)
    for (int w : g.next[v]) edges.emplace_back(static_cast<GameGraph::Vertex>(v), static_cast<GameGraph::Vertex>(w));
  return GameGraph::from_edges(static_cast<std::size_t>(g.size()), edges);
}

std::vector<Value> values_of(const SmallDigraph& g, Context& context) {
  const GameGraph graph = graph_of(g);
  const GameGraphValues values = GameGraphValues::compute(graph, context);
  std::vector<Value> out;
  for (int v = 0; v < g.size(); ++v) out.push_back(values.value(graph, static_cast<GameGraph::Vertex>(v)));
  return out;
}

Outcome outcome_of(OracleOutcome o) {
  switch (o) {
    case OracleOutcome::lose: return Outcome::P;
    case OracleOutcome::win: return Outcome::N;
    case OracleOutcome::draw: return Outcome::D;
  }
  return Outcome::D;
}

SmallDigraph random_small_digraph(std::mt19937_64& rng, int max_vertices) {
  const int n = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(max_vertices));
  return testing::random_digraph(rng, n, std::uniform_real_distribution<double>(0.08, 0.55)(rng));
}

TEST(LoopyOracle, InfiniteValuesMeanWhatTheySay) {
  std::mt19937_64 rng(2024);
  Context context;
  int infinite_vertices = 0, checks = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const SmallDigraph g = random_small_digraph(rng, 9);
    const std::vector<Value> values = values_of(g, context);
    // Values and K are at most the out-degree; heaps up to n + 2 cover them.
    const int heaps = g.size() + 3;
    const ProductOracle oracle({g, SmallDigraph::nim(heaps)});
    for (int v = 0; v < g.size(); ++v) {
      infinite_vertices += !values[v].is_finite();
      for (int k = 0; k < heaps; ++k) {
        const Outcome seen = outcome_of(oracle.outcome({v, k}));
        Outcome expected;
        if (values[v].is_finite()) {
          expected = values[v].nimber() == static_cast<Nimber>(k) ? Outcome::P : Outcome::N;
        } else {
          const auto& K = values[v].reachable();
          expected = std::binary_search(K.begin(), K.end(), static_cast<Nimber>(k)) ? Outcome::N : Outcome::D;
        }
        ASSERT_EQ(seen, expected) << g.text() << "vertex v" << v << " = " << values[v] << ", heap " << k;
        ++checks;
      }
    }
  }
  EXPECT_GT(infinite_vertices, 2000);
  EXPECT_GT(checks, 50000);
}

TEST(LoopyOracle, SumsOfTwoGraphsAndAHeapFollowSmithsRules) {
  std::mt19937_64 rng(77);
  Context context;
  std::map<Outcome, int> seen_outcomes;
  for (int trial = 0; trial < 2000; ++trial) {
    const SmallDigraph a = random_small_digraph(rng, 7);
    const SmallDigraph b = random_small_digraph(rng, 7);
    const int heaps = 1 + static_cast<int>(rng() % 5);
    const std::vector<Value> va = values_of(a, context);
    const std::vector<Value> vb = values_of(b, context);
    const ProductOracle oracle({a, b, SmallDigraph::nim(heaps)});
    for (std::size_t s = 0; s < oracle.states(); ++s) {
      const std::vector<int> at = oracle.decode(s);
      const Value sum = va[at[0]] + vb[at[1]] + Value(static_cast<Nimber>(at[2]));
      const Outcome expected = outcome_of(oracle.outcome(at));
      ASSERT_EQ(sum.outcome(), expected) << "A:\n"
                                         << a.text() << "B:\n"
                                         << b.text() << "at v" << at[0] << ", v" << at[1] << ", *" << at[2]
                                         << ": " << va[at[0]] << " + " << vb[at[1]] << " + " << at[2] << " = " << sum;
      ++seen_outcomes[expected];
    }
  }
  // Every outcome occurs many times, ∞ + ∞ draws among them.
  EXPECT_GT(seen_outcomes[Outcome::P], 1000);
  EXPECT_GT(seen_outcomes[Outcome::N], 1000);
  EXPECT_GT(seen_outcomes[Outcome::D], 1000);
}

TEST(LoopyOracle, SumsOfThreeGraphs) {
  std::mt19937_64 rng(5);
  Context context;
  for (int trial = 0; trial < 500; ++trial) {
    std::vector<SmallDigraph> parts;
    std::vector<std::vector<Value>> values;
    for (int i = 0; i < 3; ++i) {
      parts.push_back(random_small_digraph(rng, 5));
      values.push_back(values_of(parts.back(), context));
    }
    const ProductOracle oracle(parts);
    for (std::size_t s = 0; s < oracle.states(); ++s) {
      const std::vector<int> at = oracle.decode(s);
      const Value sum = values[0][at[0]] + values[1][at[1]] + values[2][at[2]];
      ASSERT_EQ(sum.outcome(), outcome_of(oracle.outcome(at))) << parts[0].text() << parts[1].text() << parts[2].text();
    }
  }
}

namespace fs = std::filesystem;

struct Scratch {
  fs::path dir;
  Scratch() : dir(fs::temp_directory_path() / ("grundy_loopy_oracle_" + std::to_string(::getpid()))) {
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
};

// The index of each component's vertex, read back from a position's text parts.
int vertex_of(const Component& component) { return std::stoi(component.arguments().substr(1)); }
int heap_of(const Component& component) { return std::stoi(component.arguments()); }

TEST(LoopyOracle, AnalysisOfSumsThroughGraphFiles) {
  Scratch scratch;
  std::mt19937_64 rng(404);
  int winning_moves_checked = 0, drawing_moves_checked = 0;
  for (int trial = 0; trial < 400; ++trial) {
    Context context;
    const SmallDigraph a = random_small_digraph(rng, 6);
    const SmallDigraph b = random_small_digraph(rng, 6);
    const int heaps = 1 + static_cast<int>(rng() % 4);
    const std::string file_a = (scratch.dir / ("a" + std::to_string(trial) + ".graph")).string();
    const std::string file_b = (scratch.dir / ("b" + std::to_string(trial) + ".graph")).string();
    std::ofstream(file_a) << a.text();
    std::ofstream(file_b) << b.text();
    const ProductOracle oracle({a, b, SmallDigraph::nim(heaps)});
    for (std::size_t s = 0; s < oracle.states(); ++s) {
      const std::vector<int> at = oracle.decode(s);
      const std::string text = "graph(@" + file_a + ")(v" + std::to_string(at[0]) + ") + graph(@" + file_b + ")(v" +
                               std::to_string(at[1]) + ") + nim(" + std::to_string(at[2]) + ")";
      const Position position = Registry::builtin().parse(text);
      ASSERT_EQ(position.size(), 3u);
      AnalysisOptions options;
      options.max_moves = 1000;
      const SumAnalysis analysis = analyze(position, context, options);
      ASSERT_EQ(analysis.outcome, outcome_of(oracle.outcome(at))) << a.text() << b.text() << text;
      auto state_after = [&](const Move& m) {
        std::vector<int> next = at;
        const Position after = m.after();
        if (after.size() != 3) {  // nim(0) stays a component; check anyway
          ADD_FAILURE() << after.text();
          return next;
        }
        next = {vertex_of(after[0]), vertex_of(after[1]), heap_of(after[2])};
        return next;
      };
      if (analysis.outcome == Outcome::N) {
        ASSERT_FALSE(analysis.winning_moves.empty()) << text;
        for (const Move& m : analysis.winning_moves) {
          ASSERT_EQ(oracle.outcome(state_after(m)), OracleOutcome::lose) << text << " -> " << m.after().text();
          ++winning_moves_checked;
        }
      }
      if (analysis.outcome == Outcome::D) {
        // Exactly the options to oracle draws.
        std::uint64_t draws = 0;
        for_each_move(position, context, [&](Move&& m) {
          draws += oracle.outcome(state_after(m)) == OracleOutcome::draw;
          return true;
        });
        ASSERT_EQ(analysis.drawing_move_total, draws) << text;
        ASSERT_GT(draws, 0u) << text;
        for (const Move& m : analysis.drawing_moves) {
          ASSERT_EQ(oracle.outcome(state_after(m)), OracleOutcome::draw) << text << " -> " << m.after().text();
          ++drawing_moves_checked;
        }
      }
    }
  }
  EXPECT_GT(winning_moves_checked, 1000);
  EXPECT_GT(drawing_moves_checked, 1000);
}

}  // namespace
}  // namespace grundy
