// The loop every game benchmark times: parse the text and analyse it in a
// fresh Context each iteration, as `grundy value` does for one position.
#pragma once

#include <benchmark/benchmark.h>

#include <string>

#include "grundy/analysis/analysis.hpp"
#include "grundy/language/registry.hpp"

namespace grundy::bench {

// moves = false: parse and value only (`grundy value --max-moves 0`).
inline void analyze_text(benchmark::State& state, const std::string& text, bool moves = true) {
  AnalysisOptions options;
  options.moves = moves;
  for (auto _ : state) {
    Context context;
    const Position position = Registry::builtin().parse(text);
    benchmark::DoNotOptimize(analyze(position, context, options));
  }
}

}  // namespace grundy::bench
