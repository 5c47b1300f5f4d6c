// Misère quotients (src/misere/quotient_*.cpp, heap_quotient.cpp) against the
// oracle of misere_oracle.hpp, which searches sums of heaps by the rules alone
// and knows no theory, and against published facts about quotients.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "grundy/terms/expression.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/misere/heap_quotient.hpp"
#include "grundy/misere/quotient.hpp"
#include "grundy/misere/quotient_checkpoint.hpp"
#include "grundy/language/registry.hpp"
#include "misere/quotient_engine.hpp"
#include "misere/quotient_verification.hpp"
#include "misere_oracle.hpp"
#include "small_stack.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using misere::Element;
using misere::HeapQuotient;
using misere::MisereQuotient;

HeapRulePtr rule_of(const std::string& text) {
  return Registry::builtin().heap_rule(parse_rule(text));
}

MisereQuotient quotient_of(const std::string& rule, std::uint64_t upto) {
  Context context;
  HeapQuotient q(rule_of(rule), context, 0);
  q.extend_to(upto);
  return q.quotient();
}

// Predictions of Q on random sums of heaps 1..upto equal the oracle. `phi`:
// the class of a heap (a proven period reaches past Q's computed heaps).
void expect_predictions_match(const std::string& rule, const MisereQuotient& q,
                              const std::function<Element(std::uint64_t)>& phi, std::uint64_t upto, int sums,
                              std::uint64_t max_tokens, std::uint64_t seed) {
  testing::HeapOracle oracle(rule_of(rule));
  std::mt19937_64 rng(seed);
  int checked = 0;
  while (checked < sums) {
    std::vector<std::uint64_t> heaps;
    std::uint64_t tokens = 0;
    Element product = 0;
    const std::size_t count = 1 + rng() % 5;
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint64_t h = 1 + rng() % upto;
      if (tokens + h > max_tokens) break;
      tokens += h;
      heaps.push_back(h);
      product = q.monoid.product(product, phi(h));
    }
    const bool predicted_p = q.is_p(product);
    ASSERT_EQ(!predicted_p, oracle.first_player_wins(heaps)) << rule << " heaps " << ::testing::PrintToString(heaps);
    ++checked;
  }
}

void expect_predictions_match(const std::string& rule, const MisereQuotient& q, std::uint64_t upto, int sums,
                              std::uint64_t max_tokens, std::uint64_t seed) {
  expect_predictions_match(
      rule, q, [&](std::uint64_t h) { return q.pretending.at(h); }, upto, sums, max_tokens, seed);
}

bool power_of_two(std::size_t n) { return n != 0 && (n & (n - 1)) == 0; }

// Octal and hexadecimal codes, each with the heap its quotient is taken to
// (.3122, a quaternary game, grows very fast past heap 6).
const std::vector<std::pair<std::string, std::uint64_t>> kCodes = {
    {"0.77", 12},  {"0.07", 12},  {"0.75", 12},  {"0.137", 12}, {"0.6", 12},    {"0.4", 12},    {"0.104", 12},
    {"0.31", 12},  {"0.3122", 6}, {"0.32", 12},  {"0.33", 12},  {"0.51", 12},   {"0.52", 12},   {"0.53", 12},
    {"0.54", 12},  {"0.57", 12},  {"0.71", 12},  {"0.72", 12},  {"0.73", 12},   {"0.74", 12},   {"0.15", 12},
    {"0.16", 12},  {"0.17", 12},  {"0.36", 12},  {"0.44", 12},  {"0.45", 12},   {"0.47", 12},   {"4.7", 12},
    {"0.007", 12}, {"0.11337", 12}, {"0.26", 12}, {"0.14", 12}, {"0x0.8", 12},  {"0x0.F7", 12}, {"0x0.C", 12},
    {"0x0.9", 12}, {"0x0.38", 12}, {"0x0.0F", 12}};

// Thousands of random sums of small heaps for each code: the quotient's
// prediction equals the oracle. And every quotient has even order (Plambeck
// and Siegel, "Misère quotients for impartial games", JCTA 115 (2008)), and
// one with |P| = 2 has order 2^n + 2 or 2^n + 4 (Siegel, "The structure and
// classification of misère quotients", arXiv math/0703070).
TEST(MisereQuotient, PredictionsEqualTheOracleForEveryCode) {
  ASSERT_GE(kCodes.size(), 30U);
  for (const auto& [code, upto] : kCodes) {
    SCOPED_TRACE(code);
    Context context;
    HeapQuotient heap_quotient(rule_of(code), context, 0);
    heap_quotient.extend_to(upto);
    const MisereQuotient& q = heap_quotient.quotient();
    EXPECT_TRUE(q.monoid.size() > 2048 || q.monoid.verify());
    EXPECT_EQ(q.size() % 2, 0U) << "|Q| = " << q.size();
    if (q.p_size() == 2) {
      EXPECT_TRUE(power_of_two(q.size() - 2) || (q.size() > 4 && power_of_two(q.size() - 4))) << "|Q| = " << q.size();
    }
    expect_predictions_match(
        code, q, [&](std::uint64_t h) { return heap_quotient.of(h); }, upto, 3000, 22, 7);
  }
}

// Kayles with larger heaps, further from the quotient's small cases.
TEST(MisereQuotient, KaylesPredictsTheOracleToHeapForty) {
  const MisereQuotient q = quotient_of("kayles", 40);
  expect_predictions_match("kayles", q, 40, 3000, 44, 1);
}

// Plambeck and Siegel (JCTA 2008): the quotient of 0.75 is R8 =
// <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P = {a, b^2}, the smallest
// wild quotient. Here in normal forms, the same relations.
TEST(MisereQuotient, ZeroPointSevenFiveIsR8) {
  const MisereQuotient q = quotient_of("0.75", 40);
  EXPECT_EQ(q.size(), 8U);
  EXPECT_EQ(q.p_size(), 2U);
  EXPECT_EQ(misere::presentation_text(q), "<a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>");
  std::vector<std::string> p;
  for (Element x = 0; x < q.size(); ++x) {
    if (q.is_p(x)) p.push_back(q.monoid.word_text(x));
  }
  EXPECT_EQ(p, (std::vector<std::string>{"a", "b^2"}));
  EXPECT_FALSE(misere::tame_index(q));
}

// Siegel's notes on MisereSolver: the quotient of Dawson's Kayles (0.07) for
// heaps up to 30 has 360 elements.
TEST(MisereQuotient, DawsonsKaylesToHeapThirtyHas360Elements) {
  const MisereQuotient q = quotient_of("0.07", 30);
  EXPECT_EQ(q.size(), 360U);
  EXPECT_EQ(q.size() % 2, 0U);
  // And its predictions, heaps up to 30, against the brute force.
  expect_predictions_match("0.07", q, 30, 1500, 42, 3);
}

// Dawson's chess (0.137) on n is Dawson's Kayles (0.07) on n + 1 (Winning
// Ways): the same quotients, one heap apart.
TEST(MisereQuotient, DawsonsChessIsDawsonsKaylesOneHeapOn) {
  for (std::uint64_t n = 1; n <= 22; ++n) {
    const MisereQuotient chess = quotient_of("0.137", n);
    const MisereQuotient kayles = quotient_of("0.07", n + 1);
    EXPECT_EQ(chess.size(), kayles.size()) << n;
    EXPECT_EQ(chess.p_size(), kayles.p_size()) << n;
  }
}

// Misère Nim's quotients are the tame ones: heaps up to 2^k - 1 give T_(k+1),
// of order 2^(k+1) + 2 with |P| = 2 (Plambeck and Siegel).
TEST(MisereQuotient, NimGivesTheTameQuotients) {
  const std::vector<std::pair<std::uint64_t, unsigned>> cases = {{1, 1}, {3, 2}, {7, 3}, {15, 4}};
  for (const auto& [heaps, n] : cases) {
    const MisereQuotient q = quotient_of("nim", heaps);
    EXPECT_EQ(misere::tame_index(q), std::optional<unsigned>(n)) << heaps;
    if (n >= 2) {
      EXPECT_EQ(q.size(), (std::size_t{1} << n) + 2) << heaps;
      EXPECT_EQ(q.p_size(), 2U) << heaps;
    }
  }
}

// Kayles: the pretending function is proven periodic (period 12, like the
// nim-values), and heaps of any size are then known.
TEST(MisereQuotient, KaylesPeriodIsProven) {
  Context context;
  HeapQuotient q(rule_of("kayles"), context, 0);
  q.extend_to(1000);
  ASSERT_TRUE(q.proven());
  EXPECT_EQ(q.pattern().period, 12U);
  EXPECT_LT(q.heaps(), 200U);  // proven long before heap 1000
  for (std::uint64_t h = q.pattern().preperiod; h < q.heaps(); ++h) EXPECT_EQ(q.of(h), q.of(h + 12)) << h;
  EXPECT_EQ(q.of(1'000'000'000'000ULL), q.of(q.pattern().preperiod + (1'000'000'000'000ULL - q.pattern().preperiod) % 12));
  EXPECT_FALSE(misere::tame_index(q.quotient()));
}

// Two rules in one quotient: predictions for mixed sums equal the oracle.
TEST(MisereQuotient, TwoRulesShareOneQuotient) {
  Context context;
  HeapQuotient q({rule_of("kayles"), rule_of("0.07")}, context, 0);
  q.extend_to(0, 9);
  q.extend_to(1, 11);
  testing::ComponentOracle oracle(context);
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 400; ++trial) {
    const std::uint64_t a = rng() % 10;
    const std::uint64_t b = rng() % 10;
    const std::uint64_t c = rng() % 12;
    Element x = q.quotient().monoid.product(q.of(0, a), q.of(0, b));
    x = q.quotient().monoid.product(x, q.of(1, c));
    const Position p = testing::parse("kayles(" + std::to_string(a) + "," + std::to_string(b) + ") + 0.07(" +
                                      std::to_string(c) + ")");
    ASSERT_EQ(!q.quotient().is_p(x), oracle.first_player_wins(p)) << p.text();
  }
}

// Heaps of two rules to 20 000, built on a thread of 512 KB of stack: the
// marking of a candidate walks the heaps one frame each on a stack of its own
// (its recursion per heap overflowed the 8 MB stack under ASan in CI's fuzz
// run of 2026-11-28, and crashes this test). 0.3 is "take one":
// its heaps alternate between two classes, and the quotient predicts the
// oracle on mixed sums.
TEST(MisereQuotient, ManyHeapsNeedNoCallStackPerHeap) {
  testing::on_small_stack(std::size_t{512} << 10, [] {
    Context context;
    HeapQuotient q({rule_of("kayles"), rule_of("0.3")}, context, 0);
    // The heaps of 0.3 first: kayles' new classes then make candidates of
    // every heap.
    q.extend_to(1, 20'000);
    q.extend_to(0, 5);
    ASSERT_EQ(q.heaps(1), 20'000U);
    for (std::uint64_t h = 3; h <= 20'000; ++h) ASSERT_EQ(q.of(1, h), q.of(1, h - 2)) << h;
    testing::ComponentOracle oracle(context);
    for (std::uint64_t a = 0; a <= 5; ++a) {
      for (std::uint64_t c = 0; c <= 6; ++c) {
        const Element x = q.quotient().monoid.product(q.of(0, a), q.of(1, c));
        const Position p = testing::parse("kayles(" + std::to_string(a) + ") + 0.3(" + std::to_string(c) + ")");
        ASSERT_EQ(!q.quotient().is_p(x), oracle.first_player_wins(p)) << p.text();
      }
    }
  });
}

// The verification can fail: a wrong class for one heap is caught.
TEST(MisereQuotient, VerificationRejectsAWrongPretendingFunction) {
  MisereQuotient q = quotient_of("kayles", 20);
  ASSERT_NE(q.pretending[5], q.pretending[7]);
  q.pretending[7] = q.pretending[5];
  Context context;
  const HeapRulePtr rule = rule_of("kayles");
  std::vector<std::vector<Element>> transitions(21);
  std::vector<std::uint64_t> weights(21, 0);
  for (std::uint64_t h = 1; h <= 20; ++h) {
    std::uint64_t heaviest = 0;
    rule->for_each_move(h, [&](const HeapMove& move) {
      Element x = 0;
      std::uint64_t w = 0;
      for (std::uint64_t leaf : move.leaves) {
        x = q.monoid.product(x, q.pretending[leaf]);
        w += weights[leaf];
      }
      transitions[h].push_back(x);
      heaviest = std::max(heaviest, w);
      return true;
    });
    std::sort(transitions[h].begin(), transitions[h].end());
    transitions[h].erase(std::unique(transitions[h].begin(), transitions[h].end()), transitions[h].end());
    weights[h] = heaviest + 1;
  }
  const misere::Dominance dominance(q);
  const misere::Verification v = misere::verify_quotient(q, dominance, transitions, weights, context, 0);
  EXPECT_FALSE(v.holds);
  EXPECT_FALSE(v.failure.empty());
}

// Normal forms read back as their elements; relations hold in the monoid.
TEST(MisereQuotient, NormalFormsAndRelations) {
  const MisereQuotient q = quotient_of("0.07", 24);
  for (Element x = 0; x < q.size(); ++x) EXPECT_EQ(q.monoid.element(q.monoid.word(x)), x);
  for (const auto& r : q.monoid.relations()) {
    EXPECT_NE(q.monoid.word(r.equals), r.word) << "a relation's left side is not a normal form";
    EXPECT_EQ(q.monoid.element(r.word), r.equals);
  }
}

TEST(MisereQuotient, CheckpointsRoundTripAndRefuseCorruption) {
  const MisereQuotient q = quotient_of("0.07", 26);
  const std::string path = ::testing::TempDir() + "grundy_quotient_test.mq";
  misere::write_quotient_checkpoint(path, {"0.07", q, {1, 2, 25}});
  const std::optional<misere::QuotientCheckpoint> read = misere::read_quotient_checkpoint(path);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->rule, "0.07");
  EXPECT_EQ(read->quotient.pretending, q.pretending);
  EXPECT_EQ(read->quotient.p_portion, q.p_portion);
  EXPECT_EQ(read->quotient.monoid.actions(), q.monoid.actions());
  EXPECT_EQ(read->expansion_heaps, (std::vector<std::uint64_t>{1, 2, 25}));
  // A resumed quotient is verified, and goes on.
  Context context;
  HeapQuotient resumed(rule_of("0.07"), context, 0);
  resumed.resume(read->quotient, read->expansion_heaps);
  resumed.extend_to(28);
  EXPECT_EQ(resumed.quotient().size(), quotient_of("0.07", 28).size());
  // One flipped byte: refused, saying so.
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x10);
  std::ofstream(path, std::ios::binary) << bytes;
  try {
    (void)misere::read_quotient_checkpoint(path);
    FAIL() << "a corrupt checkpoint was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("corrupt"), std::string::npos) << e.what();
  }
  std::ofstream(path, std::ios::binary) << "not a checkpoint";
  EXPECT_THROW((void)misere::read_quotient_checkpoint(path), InputError);
  std::remove(path.c_str());
  EXPECT_FALSE(misere::read_quotient_checkpoint(path));
}

// A quotient that outgrows the memory bound stops with a LimitError, and the
// quotient of the heaps before stays (0.6 grows past 300 elements by heap 16).
TEST(MisereQuotient, MemoryBoundStopsAndKeepsTheHeapsBefore) {
  Context context;
  HeapQuotient q(rule_of("0.6"), context, std::size_t{2} << 20);
  EXPECT_THROW(q.extend_to(40), LimitError);
  const std::uint64_t done = q.heaps();
  EXPECT_GT(done, 8U);
  EXPECT_LT(done, 40U);
  EXPECT_EQ(q.quotient().size(), quotient_of("0.6", done).size());
}

}  // namespace
}  // namespace grundy
