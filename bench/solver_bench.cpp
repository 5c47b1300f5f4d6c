// Throughput and memory of the generic solver (docs/performance.md quotes these).
//   positions/s   = stored positions per second of a cold solve
//   bytes/position = transposition-table bytes / stored positions
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "grundy/game_graph/game_graph.hpp"
#include "grundy/core/solver.hpp"

namespace {

// A subtraction game as a user would write it against the concept.
struct SubtractionGame {
  using Position = std::uint64_t;
  std::vector<std::uint64_t> set;
  void moves(Position heap, std::vector<Position>& out) const {
    for (std::uint64_t s : set) {
      if (s <= heap) out.push_back(heap - s);
    }
  }
};

void BM_GenericSolver_Subtraction134(benchmark::State& state) {
  const SubtractionGame game{{1, 3, 4}};
  const auto heap = static_cast<std::uint64_t>(state.range(0));
  std::size_t stored = 0, bytes = 0;
  for (auto _ : state) {
    grundy::Solver<SubtractionGame> solver(game);
    benchmark::DoNotOptimize(solver.value(heap));
    stored = solver.stored_positions();
    bytes = solver.table_bytes();
  }
  state.counters["positions/s"] = benchmark::Counter(static_cast<double>(stored) * static_cast<double>(state.iterations()),
                                                     benchmark::Counter::kIsRate);
  state.counters["bytes/position"] = static_cast<double>(bytes) / static_cast<double>(stored);
}
BENCHMARK(BM_GenericSolver_Subtraction134)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

// A random DAG of n vertices: v -> v-1 (so everything is reachable from the top)
// and three more moves to random lower vertices; ~4n edges.
grundy::GameGraph random_dag(std::size_t n) {
  std::mt19937_64 rng(12345);
  std::vector<std::pair<grundy::GameGraph::Vertex, grundy::GameGraph::Vertex>> edges;
  edges.reserve(4 * n);
  for (std::size_t v = 1; v < n; ++v) {
    const auto from = static_cast<grundy::GameGraph::Vertex>(v);
    edges.emplace_back(from, from - 1);
    for (int k = 0; k < 3; ++k) edges.emplace_back(from, static_cast<grundy::GameGraph::Vertex>(rng() % v));
  }
  return grundy::GameGraph::from_edges(n, edges);
}

void BM_GenericSolver_Graph(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const grundy::GameGraph graph = random_dag(n);
  std::size_t stored = 0, bytes = 0;
  for (auto _ : state) {
    grundy::Solver<grundy::GameGraph> solver(graph);
    benchmark::DoNotOptimize(solver.value(static_cast<grundy::GameGraph::Vertex>(n - 1)));
    stored = solver.stored_positions();
    bytes = solver.table_bytes();
  }
  state.counters["positions/s"] = benchmark::Counter(static_cast<double>(stored) * static_cast<double>(state.iterations()),
                                                     benchmark::Counter::kIsRate);
  state.counters["bytes/position"] = static_cast<double>(bytes) / static_cast<double>(stored);
}
BENCHMARK(BM_GenericSolver_Graph)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

// The graph's own evaluator (reverse topological order), for comparison.
void BM_GraphAllValues(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const grundy::GameGraph graph = random_dag(n);
  for (auto _ : state) benchmark::DoNotOptimize(graph.all_values());
  state.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(n) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_GraphAllValues)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
