// The textbook games' fast paths, end to end through the library as
// `grundy value` runs them: parse, value, and the winning moves (first 20,
// all counted). Euclid's game at (10^18, 10^18 + 1) and (1, 10^18) by
// Nivasch's formula; coin rows of 10^6 random coins under each rule with a
// formula and a user's rule; Turning Corners and a product on 64 × 64 boards.
// Figures in docs/performance.md ("Textbook games").
#include <benchmark/benchmark.h>

#include <random>
#include <string>

#include "analyze_text.hpp"

namespace {

using grundy::bench::analyze_text;

void BM_EuclidNextToEachOther(benchmark::State& state) {
  analyze_text(state, "euclid(1000000000000000000,1000000000000000001)");
}
BENCHMARK(BM_EuclidNextToEachOther)->Unit(benchmark::kMicrosecond);

// 10^18 options; one winning move, found by the formula.
void BM_EuclidOneAgainstHuge(benchmark::State& state) { analyze_text(state, "euclid(1,1000000000000000000)"); }
BENCHMARK(BM_EuclidOneAgainstHuge)->Unit(benchmark::kMicrosecond);

// The longest continued fraction of 64-bit numbers: consecutive Fibonacci numbers.
void BM_EuclidFibonacci(benchmark::State& state) {
  analyze_text(state, "euclid(4660046610375530309,7540113804746346429)");
}
BENCHMARK(BM_EuclidFibonacci)->Unit(benchmark::kMicrosecond);

std::string random_coins(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::string row(count, 'T');
  for (char& c : row) c = random() % 2 ? 'H' : 'T';
  return row;
}

// Arg 0: the rule (0 ruler, 1 mockturtles, 2 turningturtles, 3 twins, 4 a
// user's rule); arg 1: 1 with the winning moves (20 listed, all counted), 0
// the value only.
void BM_CoinRowOfAMillion(benchmark::State& state) {
  static const char* const kRules[] = {"ruler", "mockturtles", "turningturtles", "twins", "turn{0}{0,1}{0,3}{0,2,5}"};
  analyze_text(state, std::string("coins(") + kRules[state.range(0)] + ")(" + random_coins(1'000'000, 6) + ")",
               state.range(1) != 0);
  state.SetLabel(std::string(kRules[state.range(0)]) + (state.range(1) != 0 ? ", with moves" : ", value only"));
}
BENCHMARK(BM_CoinRowOfAMillion)->ArgsProduct({{0, 1, 2, 3, 4}, {0, 1}})->Unit(benchmark::kMillisecond);

void BM_MoebiusRowOf128(benchmark::State& state) {
  analyze_text(state, "coins(moebius)(" + random_coins(128, 7) + ")");
}
BENCHMARK(BM_MoebiusRowOf128)->Unit(benchmark::kMillisecond);

std::string random_board(std::size_t side, std::uint64_t seed) {
  std::string board;
  for (std::size_t y = 0; y < side; ++y) board += (y ? "/" : "") + random_coins(side, seed + y);
  return board;
}

void BM_TurningCorners64(benchmark::State& state) { analyze_text(state, "corners(" + random_board(64, 8) + ")"); }
BENCHMARK(BM_TurningCorners64)->Unit(benchmark::kMillisecond);

void BM_MockTurtlesSquared64(benchmark::State& state) {
  analyze_text(state, "coins(mockturtles,mockturtles)(" + random_board(64, 9) + ")");
}
BENCHMARK(BM_MockTurtlesSquared64)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
