// Bad input never crashes, hangs or escapes as anything but InputError: random
// strings and random mutations of valid expressions and graph files either parse
// or fail with a located InputError.
#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>

#include "grundy/analysis/analysis.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/game_graph/game_graph.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/language/registry.hpp"
#include "test_build.hpp"

namespace grundy {
namespace {

const std::string kAlphabet = "nimsubrdlmoecaykx0123456789.,(){}+@\" -_abg";

std::string mutate(std::string text, std::mt19937_64& rng) {
  const int edits = 1 + static_cast<int>(rng() % 3);
  for (int e = 0; e < edits; ++e) {
    const std::size_t at = text.empty() ? 0 : rng() % (text.size() + 1);
    switch (rng() % 3) {
      case 0: text.insert(at, 1, kAlphabet[rng() % kAlphabet.size()]); break;
      case 1: if (at < text.size()) text.erase(at, 1); break;
      default: if (at < text.size()) text[at] = kAlphabet[rng() % kAlphabet.size()]; break;
    }
  }
  return text;
}

TEST(InputFuzz, ExpressionsParseOrFailWithAColumn) {
  const std::vector<std::string> seeds = {
      "sub{1,2,3}(10) + sub(odd)(7) + nim(9,12)", "lr(1,2)(2,3,3)", "moore(2)(3,5,6)", "staircase(0,3,1,4)",
      "kayles(10) + 0.07(12)", "sub(allbut{2,5})(9)", "bash(3)(7)", "0x0.8(6)"};
  std::mt19937_64 rng(99);
  int parsed = 0, refused = 0;
  const int trials = test_build::trials(4000);
  for (int trial = 0; trial < trials; ++trial) {
    const std::string text = mutate(seeds[rng() % seeds.size()], rng);
    SCOPED_TRACE(text);
    try {
      // A bound like the fuzz harnesses' (16 MB): misère play of a mutated sum
      // may reach the search of the sum, which would otherwise use 512 MB.
      ContextOptions bounded;
      bounded.memory_bytes = std::size_t{16} << 20;
      Context context(bounded);
      const Position position = Registry::builtin().parse(text);
      (void)analyze(position, context, AnalysisOptions{rng() % 4 == 0, 5});
      ++parsed;
    } catch (const InputError& error) {
      // Every refusal names a place, or is a request the theory cannot answer.
      EXPECT_TRUE(error.where().column > 0 || !error.where().file.empty() || dynamic_cast<const LimitError*>(&error) ||
                  std::string(error.what()).find("misère") != std::string::npos)
          << error.what();
      ++refused;
    }
  }
  EXPECT_GT(parsed, trials / 40);
  EXPECT_GT(refused, trials / 40);
}

TEST(InputFuzz, GraphFilesParseOrFailWithALine) {
  const std::string seed = "start: a b\na: end\nb: a, end\nend\n";
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::string text = mutate(seed, rng);
    std::istringstream in(text);
    try {
      const GameGraph g = GameGraph::parse(in, "fuzz.graph");
      (void)g.all_values();
    } catch (const InputError& error) {
      EXPECT_EQ(error.where().file, "fuzz.graph") << text;
    }
  }
}

}  // namespace
}  // namespace grundy
