// Misère quotients (src/misere/quotient_*.cpp) against the oracle of
// misere_oracle.hpp, which searches sums of heaps by the rules alone, and
// against the published facts about quotients.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "grundy/misere/quotient.hpp"
#include "grundy/take_and_break/take_and_break.hpp"
#include "misere/quotient_engine.hpp"
#include "misere_oracle.hpp"
#include "test_support.hpp"

namespace {

using namespace grundy;
using namespace grundy::misere;

std::vector<std::vector<std::uint32_t>> options_of(const HeapRule& rule, std::uint64_t heap) {
  std::vector<std::vector<std::uint32_t>> options;
  rule.for_each_move(heap, [&](const HeapMove& move) {
    std::vector<std::uint32_t> leaves(move.leaves.begin(), move.leaves.end());
    std::sort(leaves.begin(), leaves.end());
    options.push_back(std::move(leaves));
    return true;
  });
  std::sort(options.begin(), options.end());
  options.erase(std::unique(options.begin(), options.end()), options.end());
  return options;
}

MisereQuotient quotient_of(const std::string& code, std::uint64_t upto) {
  Context context;
  const HeapRulePtr rule = make_take_and_break(code, context);
  QuotientEngine engine(context, 0);
  for (std::uint64_t h = 1; h <= upto; ++h) engine.add_heap(options_of(*rule, h));
  return engine.quotient();
}

// Predictions of the quotient on random sums of small heaps equal the oracle.
void expect_predictions_match(const std::string& code, std::uint64_t upto, int sums, std::uint64_t seed) {
  Context context;
  const HeapRulePtr rule = make_take_and_break(code, context);
  const MisereQuotient q = quotient_of(code, upto);
  grundy::testing::HeapOracle oracle(rule);
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < sums; ++trial) {
    std::vector<std::uint64_t> heaps;
    const std::size_t count = 1 + rng() % 4;
    std::uint64_t tokens = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint64_t h = rng() % (std::min<std::uint64_t>(upto, 12) + 1);
      tokens += h;
      heaps.push_back(h);
    }
    if (tokens > 26) continue;
    const bool predicted_p = q.is_p(q.of_heaps(heaps));
    ASSERT_EQ(!predicted_p, oracle.first_player_wins(heaps)) << code << " heaps " << ::testing::PrintToString(heaps);
  }
}

TEST(MisereQuotient, KaylesPredictsTheOracle) { expect_predictions_match("0.77", 20, 2000, 1); }
TEST(MisereQuotient, DawsonsKaylesPredictsTheOracle) { expect_predictions_match("0.07", 20, 2000, 2); }

TEST(MisereQuotient, SizesOfSmallGames) {
  for (const char* code : {"0.77", "0.07", "0.75", "0.137", "0.6", "0.4", "0.104", "0.31"}) {
    const MisereQuotient q = quotient_of(code, 24);
    std::cerr << code << ": |Q| = " << q.size() << ", |P| = " << q.p_size() << " " << presentation_text(q) << "\n";
    EXPECT_EQ(q.size() % 2, 0U) << code;
  }
}

}  // namespace
