// Chomp and poset games valued by search (docs/performance.md): rectangles and
// 3-rowed boards near the search bound of 2^21 diagrams, two rows by Sun's
// formula at any size, divisor games — each in a fresh run, through the
// registry and `analyze` as `grundy value --max-moves 0` runs them.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "analyze_text.hpp"

namespace {

const std::vector<std::string> kPositions = {
    "chomp(6x6)",  "chomp(8x8)",    "chomp(10x10)", "chomp(11x11)",   "chomp(3x100)",
    "chomp(3x160)", "chomp(4x60)",  "chomp(2x1000000000000000000)", "divisors(720)", "divisors(1680)",
    "divisors(5040)"};

void BM_ChompValue(benchmark::State& state) {
  const std::string& text = kPositions[static_cast<std::size_t>(state.range(0))];
  state.SetLabel(text);
  grundy::bench::analyze_text(state, text, false);
}
BENCHMARK(BM_ChompValue)->DenseRange(0, static_cast<int>(kPositions.size()) - 1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
