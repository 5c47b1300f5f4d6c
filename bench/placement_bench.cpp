// Placement games on empty boards, each solved from an empty table per iteration
// (so the time is the whole search, not a table lookup). Counters: "value" (the
// nim-value), "stored" (table entries), "sums" (outcome-search nodes).
//
// Baseline: ../shared/baselines/tetris_map_memo.cpp needs ~46 s for 2x2 blocks
// on an empty 8x8 board on this machine class. Measured results and the slow
// cases left out here: docs/placement_results.md.
#include <benchmark/benchmark.h>

#include "grundy/search/placement_solver.hpp"

namespace {

using grundy::placement::PlacementSolver;
using grundy::placement::Rule;

void solve(benchmark::State& state, const Rule& rule, unsigned threads = 1) {
  const auto rows = static_cast<std::size_t>(state.range(0));
  const auto cols = static_cast<std::size_t>(state.range(1));
  const grundy::placement::Board board = grundy::placement::empty_board(rows, cols);
  grundy::Nimber value = 0;
  std::size_t stored = 0;
  std::size_t sums = 0;
  for (auto _ : state) {
    PlacementSolver solver(rule);
    solver.set_threads(threads);
    value = solver.value(board);
    stored = solver.stored_positions();
    sums = solver.searched_sums();
    benchmark::DoNotOptimize(value);
  }
  state.counters["value"] = static_cast<double>(value);
  state.counters["stored"] = static_cast<double>(stored);
  state.counters["sums"] = static_cast<double>(sums);
}

void Blocks2x2(benchmark::State& state) { solve(state, grundy::placement::blocks2x2_rule()); }
void Cram(benchmark::State& state) { solve(state, grundy::placement::cram_rule()); }
// Two threads on shared tables (PlacementSolver::set_threads): wall time.
void CramThreads(benchmark::State& state) {
  solve(state, grundy::placement::cram_rule(), static_cast<unsigned>(state.range(2)));
}
void NodeKaylesKing(benchmark::State& state) {
  solve(state, grundy::placement::node_kayles_rule(grundy::placement::GraphFamily::king));
}

// 2x2 blocks: squares up to 9x9 (10x10 did not finish in 400 s), and 4xN, 5xN.
BENCHMARK(Blocks2x2)->Args({6, 6})->Args({7, 7})->Args({8, 8})->Unit(benchmark::kMillisecond);
BENCHMARK(Blocks2x2)->Args({9, 9})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(Blocks2x2)->ArgsProduct({{4, 5}, {4, 5, 6, 7, 8, 9, 10, 11}})->Unit(benchmark::kMillisecond);
// Cram: squares to 6x6 (7x7 did not finish in 10 minutes), 4xN to 9 and 5xN to
// 7 (5x8 takes ~30 s, 4x11 ~2 minutes: docs/placement_results.md).
BENCHMARK(Cram)->Args({4, 4})->Args({5, 5})->Args({5, 6})->Args({6, 6})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(Cram)->ArgsProduct({{4}, {4, 5, 6, 7, 8, 9}})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(Cram)->ArgsProduct({{5}, {4, 5, 6, 7}})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(CramThreads)
    ->ArgNames({"rows", "cols", "threads"})
    ->ArgsProduct({{5}, {7}, {1, 2}})
    ->ArgsProduct({{4}, {9}, {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);
// Node Kayles on the 7x7 king graph is 2x2 blocks on 8x8.
BENCHMARK(NodeKaylesKing)->Args({7, 7})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
