// Take-and-break sequence engines: values per second at depth, naive/sparse
// ratio, Grundy's game to 2^20, time to prove Kayles' and Dawson's periods.
//
// Rates "at n" restore an engine to g(0..n-1) (computed once per process with
// the automatic engine) and time the next heaps, so they measure the cost per
// heap at that depth, not the average from 0. Officers at 10^7 needs its
// g(0..10^7) first (about 10 s on the 2.6 GHz Zen 4 box, a minute on the older
// Xeon): set GRUNDY_BENCH_DEEP=1 to include it. The last argument "vector" is
// EngineOptions::vector_kernels (0: the portable code only).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <map>
#include <vector>

#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/engine.hpp"
#include "grundy/take_and_break/take_and_break.hpp"
#include "take_and_break/sparse_engine.hpp"
#include "take_and_break/vector_kernels.hpp"

namespace {

using namespace grundy::take_and_break;

const std::vector<Value>& officers_prefix(std::uint64_t n) {
  static std::map<std::uint64_t, std::vector<Value>> cache;
  auto it = cache.find(n);
  if (it == cache.end()) {
    auto engine = make_engine(parse_game_code("0.6"), {.kind = EngineKind::automatic});
    engine->reserve(n);
    engine->extend_to(n);
    it = cache.emplace(n, engine->release()).first;
  }
  return it->second;
}

// args: depth n, engine (0 naive, 1 sparse/automatic), threads, vector kernels; heaps timed per iteration.
void BM_OfficersAt(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  const EngineKind kind = state.range(1) == 0 ? EngineKind::naive : EngineKind::automatic;
  const auto threads = static_cast<unsigned>(state.range(2));
  const bool vector_kernels = state.range(3) != 0;
  // Naive heaps at 10^6 take ~0.3 ms each: fewer of them.
  const std::uint64_t heaps = kind == EngineKind::naive ? 200 : 20000;
  const auto& prefix = officers_prefix(n);
  for (auto _ : state) {
    state.PauseTiming();
    auto engine = make_engine(parse_game_code("0.6"),
                              {.kind = kind, .threads = threads, .vector_kernels = vector_kernels});
    engine->restore(prefix);
    engine->reserve(n + heaps);
    if (kind != EngineKind::naive) engine->extend_to(n + 1);  // the mask is chosen here, untimed
    const std::uint64_t from = engine->size();
    state.ResumeTiming();
    engine->extend_to(from + heaps);
    benchmark::DoNotOptimize(engine->values().back());
  }
  state.counters["values/s"] = benchmark::Counter(static_cast<double>(heaps) * static_cast<double>(state.iterations()),
                                                  benchmark::Counter::kIsRate);
}
BENCHMARK(BM_OfficersAt)
    ->ArgNames({"n", "sparse", "threads", "vector"})
    ->Args({100'000, 0, 1, 1})
    ->Args({100'000, 1, 1, 1})
    ->Args({1'000'000, 0, 1, 1})
    ->Args({1'000'000, 0, 2, 1})
    ->Args({1'000'000, 1, 1, 1})
    ->Args({1'000'000, 1, 1, 0})
    ->Args({1'000'000, 1, 2, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()  // two threads: only wall time tells
    ->Iterations(3);

// args: threads, vector kernels. Officers at 10^7, automatic engine.
void BM_OfficersDeep(benchmark::State& state) {
  if (std::getenv("GRUNDY_BENCH_DEEP") == nullptr) {
    state.SkipWithError("set GRUNDY_BENCH_DEEP=1 (10 s to a minute of setup)");
    return;
  }
  const std::uint64_t n = 10'000'000;
  const auto& prefix = officers_prefix(n);
  const std::uint64_t heaps = 100000;
  for (auto _ : state) {
    state.PauseTiming();
    auto engine = make_engine(parse_game_code("0.6"), {.kind = EngineKind::automatic,
                                                       .threads = static_cast<unsigned>(state.range(0)),
                                                       .vector_kernels = state.range(1) != 0});
    engine->restore(prefix);
    engine->reserve(n + 1 + heaps);
    engine->extend_to(n + 1);
    state.ResumeTiming();
    engine->extend_to(n + 1 + heaps);
  }
  state.counters["values/s"] = benchmark::Counter(static_cast<double>(heaps) * static_cast<double>(state.iterations()),
                                                  benchmark::Counter::kIsRate);
}
BENCHMARK(BM_OfficersDeep)
    ->ArgNames({"threads", "vector"})
    ->Args({1, 1})
    ->Args({2, 1})
    ->Args({1, 0})
    ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

// arg: the kernel set (0 portable, 1 avx2, 2 avx512), side by side in one run:
// Officers at 10^6, automatic engine, one thread, CPU time (a set this CPU
// lacks is skipped with its reason). scripts/bench_officers_kernels.sh does
// the same end to end at 10^7.
void BM_OfficersKernels(benchmark::State& state) {
  const grundy::VectorKernelSet sets[] = {grundy::VectorKernelSet::portable, grundy::VectorKernelSet::avx2,
                                          grundy::VectorKernelSet::avx512};
  const grundy::VectorKernelSet set = sets[state.range(0)];
  try {
    (void)resolve_kernel_set(set);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  const std::uint64_t n = 1'000'000;
  const std::uint64_t heaps = 50000;
  const auto& prefix = officers_prefix(n);
  for (auto _ : state) {
    state.PauseTiming();
    auto engine = make_engine(parse_game_code("0.6"), {.kind = EngineKind::automatic, .kernels = set});
    engine->restore(prefix);
    engine->reserve(n + 1 + heaps);
    engine->extend_to(n + 1);
    state.ResumeTiming();
    engine->extend_to(n + 1 + heaps);
  }
  state.SetLabel(to_string(set));
  state.counters["values/s"] = benchmark::Counter(static_cast<double>(heaps) * static_cast<double>(state.iterations()),
                                                  benchmark::Counter::kIsRate);
}
BENCHMARK(BM_OfficersKernels)->ArgName("set")->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->Iterations(5);

// arg: threads. Rank 0's speculation alone (a distributed run's candidates,
// speculation.cpp), Officers at 10^6, wall time: one thread marks every part
// of a block in order; with T threads the blocks' bands (their rare parts
// from 64·(T+1) on) go to whichever thread is free. No verifier runs, so the
// cores are the speculation's.
void BM_OfficersSpeculation(benchmark::State& state) {
  const auto threads = static_cast<unsigned>(state.range(0));
  const std::uint64_t n = 1'000'000;
  const std::uint64_t heaps = 200'000;
  const auto& prefix = officers_prefix(n);
  const grundy::VectorKernelSet set = resolve_kernel_set(grundy::VectorKernelSet::best);
  detail::SparseEngine::BandTimes times;
  for (auto _ : state) {
    state.PauseTiming();
    detail::SparseEngine engine(parse_game_code("0.6"), threads, false, detail::vector_kernels_of(set));
    engine.restore(prefix);
    engine.reserve(n + heaps + 64);
    engine.extend_to(n + 1);  // the mask is chosen here, untimed
    state.ResumeTiming();
    while (engine.size() < n + 1 + heaps) {
      engine.set_speculative(true);
      engine.extend_to(n + 1 + heaps);
    }
    state.PauseTiming();
    const detail::SparseEngine::BandTimes t = engine.band_times();
    times.heaps += t.heaps;
    times.band_seconds += t.band_seconds;
    times.in_order_seconds += t.in_order_seconds;
    times.own_band_seconds += t.own_band_seconds;
    times.waiting_seconds += t.waiting_seconds;
    state.ResumeTiming();
  }
  state.SetLabel(to_string(set));
  state.counters["values/s"] = benchmark::Counter(static_cast<double>(heaps) * static_cast<double>(state.iterations()),
                                                  benchmark::Counter::kIsRate);
  state.counters["band_ns"] = 1e9 * times.band_seconds / static_cast<double>(std::max<std::uint64_t>(times.heaps, 1));
  state.counters["order_ns"] = 1e9 * times.in_order_seconds / static_cast<double>(std::max<std::uint64_t>(times.heaps, 1));
  state.counters["wait_ns"] = 1e9 * times.waiting_seconds / static_cast<double>(std::max<std::uint64_t>(times.heaps, 1));
  state.counters["own_band_ns"] = 1e9 * times.own_band_seconds / static_cast<double>(std::max<std::uint64_t>(times.heaps, 1));
}
BENCHMARK(BM_OfficersSpeculation)->ArgName("threads")->DenseRange(1, 3)->Unit(benchmark::kMillisecond)
    ->UseRealTime()->Iterations(5);

// Grundy's game from 0 to 2^20 (average rate over the whole run).
void BM_GrundyGameTo2p20(benchmark::State& state) {
  const std::uint64_t count = std::uint64_t{1} << 20;
  for (auto _ : state) {
    auto engine = make_engine(parse_game_code("grundy"), {.kind = EngineKind::automatic});
    engine->reserve(count);
    engine->extend_to(count);
    benchmark::DoNotOptimize(engine->values().back());
  }
  state.counters["values/s"] = benchmark::Counter(static_cast<double>(count) * static_cast<double>(state.iterations()),
                                                  benchmark::Counter::kIsRate);
}
BENCHMARK(BM_GrundyGameTo2p20)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

// A fresh rule answering g(10^18): computes until the period is proven.
void BM_ProvePeriod(benchmark::State& state, const char* game) {
  for (auto _ : state) {
    grundy::Context context;
    const auto rule = grundy::make_take_and_break(game);
    benchmark::DoNotOptimize(rule->value(context, 1'000'000'000'000'000'000));
  }
}
BENCHMARK_CAPTURE(BM_ProvePeriod, kayles, "kayles")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_ProvePeriod, dawson, "dawson")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_ProvePeriod, octal_055, "0.055")->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
