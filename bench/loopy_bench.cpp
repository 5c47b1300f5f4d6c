// Speed of the loopy labelling (generalized Sprague–Grundy function with
// counters) on large graphs with cycles (docs/performance.md quotes these).
//   vertices/s      labelled vertices per second (the labelling alone; the graph
//                   is built once, outside the timing)
//   stages          Fraenkel–Yesha stages run
//   infinite        fraction of vertices with value ∞(K)
//   largest_value   the largest finite value
//   work_MB         the labelling's working memory (loopy_labelling_bytes)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/game_graph/game_graph.hpp"
#include "grundy/search/loopy_labelling.hpp"
#include "grundy/search/loopy_solver.hpp"

namespace {

using grundy::GameGraph;

// n vertices, each with 0..6 moves (3 on average, so about 3n edges) to
// uniformly random vertices: cycles everywhere, and a seventh of the vertices
// without moves.
GameGraph random_cyclic_graph(std::size_t n) {
  std::mt19937_64 rng(20261);
  std::vector<std::pair<GameGraph::Vertex, GameGraph::Vertex>> edges;
  edges.reserve(3 * n + 16);
  for (std::size_t v = 0; v < n; ++v) {
    const std::size_t degree = rng() % 7;
    for (std::size_t k = 0; k < degree; ++k)
      edges.emplace_back(static_cast<GameGraph::Vertex>(v), static_cast<GameGraph::Vertex>(rng() % n));
  }
  return GameGraph::from_edges(n, edges);
}

// The wind-up subtraction game {1,2,3} on a dial of n: k -> k-s mod n, 0 ends
// the game; exactly 3(n-1) edges and one long cycle through every vertex.
GameGraph wind_up_graph(std::size_t n) {
  std::vector<std::pair<GameGraph::Vertex, GameGraph::Vertex>> edges;
  edges.reserve(3 * n);
  for (std::size_t k = 1; k < n; ++k)
    for (std::size_t s = 1; s <= 3; ++s)
      edges.emplace_back(static_cast<GameGraph::Vertex>(k), static_cast<GameGraph::Vertex>((k + n - s) % n));
  return GameGraph::from_edges(n, edges);
}

void label_graph(benchmark::State& state, const GameGraph& graph) {
  grundy::LoopyLabelling result;
  for (auto _ : state) {
    grundy::Context context;
    result = grundy::label_loopy_graph(grundy::LoopyGraph{graph.row_offsets(), graph.edge_targets(), {}}, context);
    benchmark::DoNotOptimize(result.label.data());
  }
  const auto n = static_cast<double>(graph.size());
  std::size_t infinite = 0;
  grundy::LoopyLabel largest = 0;
  for (grundy::LoopyLabel l : result.label) {
    if (l == grundy::kInfiniteLabel) {
      ++infinite;
    } else {
      largest = std::max(largest, l);
    }
  }
  state.counters["vertices/s"] =
      benchmark::Counter(n * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["edges"] = static_cast<double>(graph.edge_count());
  state.counters["stages"] = result.stages;
  state.counters["infinite"] = static_cast<double>(infinite) / n;
  state.counters["largest_value"] = largest;
  state.counters["work_MB"] =
      static_cast<double>(grundy::loopy_labelling_bytes(graph.size(), graph.edge_count())) / (1 << 20);
}

void BM_LoopyLabelling_Random(benchmark::State& state) {
  label_graph(state, random_cyclic_graph(static_cast<std::size_t>(state.range(0))));
}
BENCHMARK(BM_LoopyLabelling_Random)->Arg(10'000)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

void BM_LoopyLabelling_WindUp(benchmark::State& state) {
  label_graph(state, wind_up_graph(static_cast<std::size_t>(state.range(0))));
}
BENCHMARK(BM_LoopyLabelling_WindUp)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

// A user's game with cycles through the LoopySolver: exploring the positions
// (hashing, the move lists) and labelling them.
struct WindUp {
  using Position = std::uint32_t;
  std::uint32_t modulus;
  void moves(std::uint32_t k, std::vector<std::uint32_t>& out) const {
    if (k == 0) return;
    for (std::uint32_t s = 1; s <= 3; ++s) out.push_back((k + modulus - s) % modulus);
  }
};

void BM_LoopySolver_WindUp(benchmark::State& state) {
  const WindUp game{static_cast<std::uint32_t>(state.range(0))};
  std::size_t explored = 0;
  for (auto _ : state) {
    grundy::Context context;
    grundy::LoopySolver<WindUp> solver(game);
    benchmark::DoNotOptimize(solver.value(game.modulus - 1, context));
    explored = solver.explored_positions();
  }
  state.counters["positions/s"] = benchmark::Counter(static_cast<double>(explored) * static_cast<double>(state.iterations()),
                                                     benchmark::Counter::kIsRate);
}
BENCHMARK(BM_LoopySolver_WindUp)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
