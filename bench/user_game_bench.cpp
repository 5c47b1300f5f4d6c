// A user's own game written against the library, valued by grundy::Solver, beside
// what a contestant writes by hand (docs/performance.md quotes these):
//   Wythoff's game as a C++ type with every move listed (take any number from
//   one pile, or the same number from both), from (a, b) = (300, 500) and
//   (1000, 1500);
//   - Solver with its default table (a hash table),
//   - Solver with the game's dense index (a·(B+1) + b: an array instead),
//   - the same with the position at each index named too (valued bottom up),
//   - a plain array DP over a ≤ A, b ≤ B (the contestant's loop),
//   - a memo in std::unordered_map (the contestant's other habit), through
//     std::function and a mex set, and as ten lines with a recursive lambda;
// All give the same value (checked here).
//
// A subtraction game, the 30 primes <= 113 taken from a heap, to heap 10^7, as a
// user writes it (`Position = std::uint64_t`, the heap its own dense index),
// valued by Solver, beside the contestant's byte-array DP (values <= 30 fit a
// byte); both give the same values (checked here).
//
// Each benchmark reports the process's peak resident memory (peak_rss_MB,
// getrusage): run one benchmark a process (--benchmark_filter) for its own.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <functional>
#include <unordered_map>
#include <vector>

#include "grundy/core/nimber.hpp"
#include "grundy/core/solver.hpp"

namespace {

// The process's peak resident memory so far, in MB.
double peak_rss_mb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

struct Piles {
  std::uint32_t a = 0;
  std::uint32_t b = 0;
  bool operator==(const Piles&) const = default;
};

struct PilesHash {
  std::size_t operator()(const Piles& p) const noexcept { return (std::size_t{p.a} << 32) | p.b; }
};

// As a user writes it: the position and every move.
struct Wythoff {
  using Position = Piles;
  std::size_t hash(const Piles& p) const noexcept { return PilesHash{}(p); }
  void moves(const Piles& p, std::vector<Piles>& out) const {
    for (std::uint32_t k = 1; k <= p.a; ++k) out.push_back({p.a - k, p.b});
    for (std::uint32_t k = 1; k <= p.b; ++k) out.push_back({p.a, p.b - k});
    for (std::uint32_t k = 1; k <= p.a && k <= p.b; ++k) out.push_back({p.a - k, p.b - k});
  }
};

// The same game, declaring that its positions below (A, B) are the indices
// a·(B+1) + b of an array: the solver keeps its values there.
struct DenseWythoff : Wythoff {
  std::uint32_t max_b = 0;
  std::size_t dense_index(const Piles& p) const noexcept { return std::size_t{p.a} * (max_b + 1) + p.b; }
};

// And that every index below names a position: the solver values them bottom
// up, index 0 first, as the DP below does.
struct EnumeratedWythoff : DenseWythoff {
  Piles position_at(std::size_t index) const noexcept {
    return {static_cast<std::uint32_t>(index / (max_b + 1)), static_cast<std::uint32_t>(index % (max_b + 1))};
  }
};

grundy::Nimber array_dp(std::uint32_t A, std::uint32_t B) {
  std::vector<grundy::Nimber> g(std::size_t{A + 1} * (B + 1));
  auto at = [&](std::uint32_t a, std::uint32_t b) -> grundy::Nimber& { return g[std::size_t{a} * (B + 1) + b]; };
  grundy::MexSet seen;
  for (std::uint32_t a = 0; a <= A; ++a)
    for (std::uint32_t b = 0; b <= B; ++b) {
      seen.clear();
      for (std::uint32_t k = 1; k <= a; ++k) seen.insert(at(a - k, b));
      for (std::uint32_t k = 1; k <= b; ++k) seen.insert(at(a, b - k));
      for (std::uint32_t k = 1; k <= a && k <= b; ++k) seen.insert(at(a - k, b - k));
      at(a, b) = seen.mex();
    }
  return at(A, B);
}

// What a contestant writes: the same table, a byte a value seen (a nim-value
// of (a, b) is at most a + b, so a + b + 1 bytes, cleared at each position).
grundy::Nimber plain_dp(std::uint32_t A, std::uint32_t B) {
  std::vector<std::uint32_t> g(std::size_t{A + 1} * (B + 1));
  auto at = [&](std::uint32_t a, std::uint32_t b) -> std::uint32_t& { return g[std::size_t{a} * (B + 1) + b]; };
  std::vector<char> seen(std::size_t{A} + B + 2);
  for (std::uint32_t a = 0; a <= A; ++a)
    for (std::uint32_t b = 0; b <= B; ++b) {
      std::fill(seen.begin(), seen.begin() + a + b + 2, 0);
      for (std::uint32_t k = 1; k <= a; ++k) seen[at(a - k, b)] = 1;
      for (std::uint32_t k = 1; k <= b; ++k) seen[at(a, b - k)] = 1;
      for (std::uint32_t k = 1; k <= a && k <= b; ++k) seen[at(a - k, b - k)] = 1;
      std::uint32_t m = 0;
      while (seen[m]) ++m;
      at(a, b) = m;
    }
  return at(A, B);
}

grundy::Nimber unordered_map_memo(std::uint32_t A, std::uint32_t B) {
  std::unordered_map<Piles, grundy::Nimber, PilesHash> memo;
  std::function<grundy::Nimber(Piles)> g = [&](Piles p) -> grundy::Nimber {
    if (auto it = memo.find(p); it != memo.end()) return it->second;
    std::vector<Piles> options;
    Wythoff{}.moves(p, options);
    grundy::MexSet seen;
    for (const Piles& q : options) seen.insert(g(q));
    return memo[p] = seen.mex();
  };
  return g({A, B});
}

// The same memo as a contestant writes it without std::function and a mex
// set: a recursive lambda, the key a 64-bit word, a vector<bool> of the values
// seen (a mex of n options is at most n).
grundy::Nimber ten_line_memo(std::uint32_t A, std::uint32_t B) {
  std::unordered_map<std::uint64_t, grundy::Nimber> memo;
  auto g = [&](auto&& self, Piles p) -> grundy::Nimber {
    const std::uint64_t key = (std::uint64_t{p.a} << 32) | p.b;
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    std::vector<Piles> options;
    Wythoff{}.moves(p, options);
    std::vector<bool> seen(options.size() + 1);
    for (const Piles& q : options)
      if (const grundy::Nimber v = self(self, q); v < seen.size()) seen[v] = true;
    grundy::Nimber m = 0;
    while (seen[m]) ++m;
    return memo[key] = m;
  };
  return g(g, Piles{A, B});
}

// Wythoff's nim-values are not known in closed form; the four must agree.
void check_agree(std::uint32_t A, std::uint32_t B, grundy::Nimber value) {
  if (array_dp(A, B) != value) throw std::logic_error("the solvers disagree on Wythoff");
}

// Solver<Game> from (A, B): the user's Wythoff as it is, with its dense index
// (an array, its bound max_b), or with the position at each index too.
template <class Game>
void BM_WythoffSolverOf(benchmark::State& state) {
  const auto A = static_cast<std::uint32_t>(state.range(0));
  const auto B = static_cast<std::uint32_t>(state.range(1));
  grundy::Nimber v = 0;
  for (auto _ : state) {
    Game game;
    if constexpr (requires { game.max_b; }) game.max_b = B;
    grundy::Solver<Game> solver(game);
    v = solver.value({A, B});
    benchmark::DoNotOptimize(v);
  }
  state.counters["peak_rss_MB"] = peak_rss_mb();
  check_agree(A, B, v);
}
void BM_WythoffSolver(benchmark::State& state) { BM_WythoffSolverOf<Wythoff>(state); }
void BM_WythoffSolverDenseIndex(benchmark::State& state) { BM_WythoffSolverOf<DenseWythoff>(state); }
void BM_WythoffSolverBottomUp(benchmark::State& state) { BM_WythoffSolverOf<EnumeratedWythoff>(state); }

void BM_WythoffArrayDP(benchmark::State& state) {
  const auto A = static_cast<std::uint32_t>(state.range(0));
  const auto B = static_cast<std::uint32_t>(state.range(1));
  for (auto _ : state) benchmark::DoNotOptimize(array_dp(A, B));
  state.counters["peak_rss_MB"] = peak_rss_mb();
}

// A hand-written twin of the solver (the plain DP, the unordered_map memo).
template <grundy::Nimber (*kValue)(std::uint32_t, std::uint32_t)>
void BM_WythoffByHand(benchmark::State& state) {
  const auto A = static_cast<std::uint32_t>(state.range(0));
  const auto B = static_cast<std::uint32_t>(state.range(1));
  grundy::Nimber v = 0;
  for (auto _ : state) {
    v = kValue(A, B);
    benchmark::DoNotOptimize(v);
  }
  state.counters["peak_rss_MB"] = peak_rss_mb();
  check_agree(A, B, v);
}
void BM_WythoffPlainDP(benchmark::State& state) { BM_WythoffByHand<plain_dp>(state); }
void BM_WythoffUnorderedMap(benchmark::State& state) { BM_WythoffByHand<unordered_map_memo>(state); }
void BM_WythoffUnorderedMapTenLines(benchmark::State& state) { BM_WythoffByHand<ten_line_memo>(state); }

// The 30 primes <= 113.
constexpr std::array<std::uint64_t, 30> kPrimes = {2,  3,  5,  7,  11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47,
                                                   53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113};

// As a user writes it: a heap, and a move takes one of the primes from it.
struct PrimeSubtraction {
  using Position = std::uint64_t;
  void moves(std::uint64_t heap, std::vector<std::uint64_t>& out) const {
    for (const std::uint64_t p : kPrimes)
      if (p <= heap) out.push_back(heap - p);
  }
};

// The same game, declaring that a heap is its own index in an array.
struct DensePrimeSubtraction : PrimeSubtraction {
  std::size_t dense_index(std::uint64_t heap) const noexcept { return heap; }
};

// And that every index is a heap: valued bottom up, as the DP below.
struct EnumeratedPrimeSubtraction : DensePrimeSubtraction {
  std::uint64_t position_at(std::size_t index) const noexcept { return index; }
};

// The contestant's loop: a byte a value (a mex of 30 options is at most 30),
// the values seen as the bits of one word.
std::vector<std::uint8_t> prime_subtraction_dp(std::uint64_t n) {
  std::vector<std::uint8_t> g(n + 1);
  for (std::uint64_t h = 0; h <= n; ++h) {
    std::uint64_t seen = 0;
    for (const std::uint64_t p : kPrimes)
      if (p <= h) seen |= std::uint64_t{1} << g[h - p];
    g[h] = static_cast<std::uint8_t>(std::countr_one(seen));
  }
  return g;
}

// The solver's values of every heap 0..n (after valuing n, all are stored)
// against the DP's.
template <class Solver>
void check_prime_subtraction(Solver& solver, std::uint64_t n) {
  const std::vector<std::uint8_t> g = prime_subtraction_dp(n);
  for (std::uint64_t h = 0; h <= n; h += 1 + h / 1000)
    if (solver.value(h) != g[h]) throw std::logic_error("the solver and the DP disagree on the prime subtraction game");
  if (solver.value(n) != g[n]) throw std::logic_error("the solver and the DP disagree on the prime subtraction game");
}

template <class Game>
void BM_PrimeSubtractionSolver(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) {
    const Game game;
    grundy::Solver<Game> solver(game);
    benchmark::DoNotOptimize(solver.value(n));
    state.PauseTiming();
    // Before the check, whose DP takes memory of its own.
    state.counters["peak_rss_MB"] = peak_rss_mb();
    check_prime_subtraction(solver, n);
    state.ResumeTiming();
  }
}
void BM_PrimeSubtractionSolverDenseIndex(benchmark::State& state) {
  BM_PrimeSubtractionSolver<DensePrimeSubtraction>(state);
}
void BM_PrimeSubtractionSolverBottomUp(benchmark::State& state) {
  BM_PrimeSubtractionSolver<EnumeratedPrimeSubtraction>(state);
}
void BM_PrimeSubtractionSolverHashTable(benchmark::State& state) {
  BM_PrimeSubtractionSolver<PrimeSubtraction>(state);
}

void BM_PrimeSubtractionByteDP(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(prime_subtraction_dp(n).back());
  state.counters["peak_rss_MB"] = peak_rss_mb();
}

BENCHMARK(BM_WythoffSolver)->Args({300, 500})->Args({1000, 1500})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_WythoffSolverDenseIndex)->Args({300, 500})->Args({1000, 1500})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_WythoffSolverBottomUp)->Args({300, 500})->Args({1000, 1500})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_WythoffArrayDP)->Args({300, 500})->Args({1000, 1500})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_WythoffPlainDP)->Args({300, 500})->Args({1000, 1500})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_WythoffUnorderedMap)->Args({300, 500})->Args({1000, 1500})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_WythoffUnorderedMapTenLines)->Args({300, 500})->Args({1000, 1500})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_PrimeSubtractionSolverDenseIndex)->Arg(10'000'000)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_PrimeSubtractionSolverBottomUp)->Arg(10'000'000)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_PrimeSubtractionSolverHashTable)->Arg(10'000'000)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_PrimeSubtractionByteDP)->Arg(10'000'000)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
