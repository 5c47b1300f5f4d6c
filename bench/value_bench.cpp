// `grundy value` on Nim with 10^5 heaps of sizes up to 10^18: parsing, building
// the components, the nim-sum and every winning move (docs/performance.md).
#include <benchmark/benchmark.h>

#include <random>
#include <string>

#include "grundy/analysis/analysis.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/language/registry.hpp"

namespace {

std::string big_nim(std::size_t heaps) {
  std::mt19937_64 rng(2026);
  std::string text = "nim(";
  for (std::size_t i = 0; i < heaps; ++i) {
    if (i) text += ",";
    text += std::to_string(1 + rng() % 1'000'000'000'000'000'000ull);
  }
  return text + ")";
}

void BM_ValueOfBigNim(benchmark::State& state) {
  const std::string text = big_nim(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    grundy::Context context;
    const grundy::Position position = grundy::Registry::builtin().parse(text);
    benchmark::DoNotOptimize(grundy::analyze(position, context, {false, 20}));
  }
  state.counters["heaps/s"] = benchmark::Counter(static_cast<double>(state.range(0)) * static_cast<double>(state.iterations()),
                                                 benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ValueOfBigNim)->Arg(100'000)->Unit(benchmark::kMillisecond);

void BM_MisereValueOfBigNim(benchmark::State& state) {
  const std::string text = big_nim(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    grundy::Context context;
    const grundy::Position position = grundy::Registry::builtin().parse(text);
    benchmark::DoNotOptimize(grundy::analyze(position, context, {true, 20}));
  }
}
BENCHMARK(BM_MisereValueOfBigNim)->Arg(100'000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
