// Green Hackenbush on random pictures of 10^5 (and 10^6) edges from a file:
// trees with cycles closed into them, repeated edges and loops — reading the
// file, the fusion and colon principles, and (separately) every winning move
// (docs/performance.md).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "analyze_text.hpp"
#include "grundy/analysis/analysis.hpp"
#include "grundy/language/registry.hpp"

namespace {

// A random tree grown edge by edge (70%), with cycles closed into it (20%:
// an edge between two vertices already there, a repeated edge now and then)
// and loops (10%).
std::string picture_file(std::size_t edges) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("grundy_hackenbush_bench_" + std::to_string(edges) + ".txt")).string();
  std::mt19937_64 random(2026);
  std::ofstream out(path);
  std::uint64_t vertices = 1;
  for (std::size_t i = 0; i < edges; ++i) {
    const std::uint64_t u = random() % vertices;
    const auto kind = random() % 10;
    if (kind < 7) {
      out << u << "-" << vertices++ << "\n";
    } else if (kind < 9) {
      out << u << "-" << random() % vertices << "\n";
    } else {
      out << u << "-" << u << "\n";
    }
  }
  return path;
}

void BM_HackenbushValue(benchmark::State& state) {
  const std::string text = "hackenbush(@" + picture_file(static_cast<std::size_t>(state.range(0))) + ")";
  grundy::bench::analyze_text(state, text, false);
  state.counters["edges/s"] = benchmark::Counter(static_cast<double>(state.range(0)) * static_cast<double>(state.iterations()),
                                                 benchmark::Counter::kIsRate);
}
BENCHMARK(BM_HackenbushValue)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

// A random tree with triangles, each standing on a stalk of its own (a
// bridge to a fresh vertex), and loops: its 2-edge-connected parts stay
// triangles, so every winning move is found in linear time. (On the picture
// above, random chords fuse most of it into one part, and the moves, a
// revaluation of that part per edge, are refused past 2^24 steps.)
std::string small_cycles_file(std::size_t edges) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("grundy_hackenbush_small_" + std::to_string(edges) + ".txt")).string();
  std::mt19937_64 random(7);
  std::ofstream out(path);
  std::uint64_t vertices = 1;
  for (std::size_t i = 0; i < edges;) {
    const std::uint64_t u = random() % vertices;
    const auto kind = random() % 10;
    if (kind < 6) {
      out << u << "-" << vertices++ << "\n";
      i += 1;
    } else if (kind < 9) {
      const std::uint64_t a = vertices++;
      const std::uint64_t b = vertices++;
      const std::uint64_t c = vertices++;
      out << u << "-" << a << "\n" << a << "-" << b << "\n" << b << "-" << c << "\n" << c << "-" << a << "\n";
      i += 4;
    } else {
      out << u << "-" << u << "\n";
      i += 1;
    }
  }
  return path;
}

void BM_HackenbushWinningMoves(benchmark::State& state) {
  const std::string text = "hackenbush(@" + small_cycles_file(static_cast<std::size_t>(state.range(0))) + ")";
  for (auto _ : state) {
    grundy::Context context;
    const grundy::Position position = grundy::Registry::builtin().parse(text);
    benchmark::DoNotOptimize(grundy::analyze(position, context, {false, 20}));
  }
}
BENCHMARK(BM_HackenbushWinningMoves)->Arg(100'000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
