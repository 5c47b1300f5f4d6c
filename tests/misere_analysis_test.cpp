// The misère analysis of sums (src/analysis/misere_analysis.cpp) and the
// misère canonical forms of positions (src/misere/position_forms.cpp) against
// the oracle of misere_oracle.hpp, which searches the sum itself by the games'
// options and knows no theory: every registered ruleset's small positions
// (its conformance samples), alone, in pairs and with other rulesets; the
// winning moves, each checked to leave a misère P-position, and counted.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "grundy/analysis/analysis.hpp"
#include "grundy/search/game_adapter.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/misere/canonical_forms.hpp"
#include "grundy/misere/heap_quotient.hpp"
#include "grundy/language/registry.hpp"
#include "misere/position_forms.hpp"
#include "misere_oracle.hpp"
#include "test_support.hpp"
#include "test_build.hpp"

namespace grundy {
namespace {

namespace fs = std::filesystem;

struct Scratch {
  fs::path dir;
  Scratch() : dir(fs::temp_directory_path() / ("grundy_misere_" + std::to_string(::getpid()))) {
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
};

// Sums the oracle can search quickly: at most this many positions.
constexpr std::size_t kOracleBudget = 60'000;

bool has_cycles(const Position& position, Context& context) {
  try {
    (void)analyze(position, context, AnalysisOptions{true, 0});
    return false;
  } catch (const InputError& e) {
    if (std::string(e.what()).find("cycles") != std::string::npos) return true;
    throw;
  }
}

// The analysis of `position` in misère play against the oracle: the outcome,
// and every winning move (all of them, counted) leaves a P-position; when the
// count is exact, it is the number of options that do. False when the sum is
// too large for the oracle.
bool check_against_oracle(const Position& position, Context& context, std::string* method = nullptr) {
  SCOPED_TRACE(position.text());
  testing::ComponentOracle oracle(context, kOracleBudget);
  bool first_wins = false;
  try {
    first_wins = oracle.first_player_wins(position);
  } catch (const testing::ComponentOracle::TooLarge&) {
    return false;
  }
  SumAnalysis a;
  try {
    a = analyze(position, context, AnalysisOptions{true, 1000});
  } catch (const LimitError& e) {
    ADD_FAILURE() << position.text() << ": " << e.what();
    return true;
  }
  EXPECT_TRUE(a.evidence.has_value());
  if (method != nullptr && a.evidence) *method = a.evidence->method;
  EXPECT_EQ(a.first_player_wins(), first_wins) << "decided by " << (a.evidence ? a.evidence->method : "?");
  if (a.first_player_wins() != first_wins) return true;
  std::uint64_t winning = 0;
  try {
    for (std::size_t i = 0; i < position.size(); ++i) {
      position[i].for_each_option(context, [&](ComponentOption&& option) {
        if (!oracle.first_player_wins(position.replaced(i, option.after))) ++winning;
        return true;
      });
    }
  } catch (const testing::ComponentOracle::TooLarge&) {
    return true;
  }
  for (const Move& m : a.winning_moves) {
    EXPECT_FALSE(oracle.first_player_wins(m.after())) << "winning move " << m.action << " leaves " << m.after().text();
  }
  if (!a.winning_move_total_is_lower_bound) {
    EXPECT_EQ(a.winning_move_total, winning) << "decided by " << (a.evidence ? a.evidence->method : "?");
  }
  return true;
}

std::vector<std::string> samples_of(const RulesetSpec& spec, std::mt19937_64& random, const Scratch& scratch,
                                    std::size_t count) {
  SampleRequest request{random, count, scratch.dir.string()};
  return spec.samples(request);
}

// Every ruleset: its samples alone and in pairs, against the oracle.
TEST(MisereAnalysis, EveryRulesetAgainstTheOracle) {
  Scratch scratch;
  std::mt19937_64 random(23);
  for (const RulesetSpec& spec : Registry::builtin().specs()) {
    SCOPED_TRACE(spec.name + " " + spec.variant);
    Context context;
    std::vector<Position> small;
    for (const std::string& text : samples_of(spec, random, scratch, test_build::trials(30))) {
      const Position p = Registry::builtin().parse(text);
      if (has_cycles(p, context)) continue;
      if (check_against_oracle(p, context)) small.push_back(p);
    }
    EXPECT_GE(small.size(), 3U) << "too few samples the oracle can search";
    for (int trial = 0; trial < test_build::trials(12) && small.size() >= 2; ++trial) {
      const Position sum = small[random() % small.size()] + small[random() % small.size()];
      (void)check_against_oracle(sum, context);
    }
  }
}

// Small samples of every ruleset (no cycles, searched by the oracle within
// `budget` positions), so that their sums stay within the oracle's reach.
std::vector<std::string> small_samples(std::mt19937_64& random, const Scratch& scratch, std::size_t per_ruleset,
                                       std::size_t budget) {
  std::vector<std::string> pool;
  Context context;
  for (const RulesetSpec& spec : Registry::builtin().specs()) {
    for (std::string& text : samples_of(spec, random, scratch, per_ruleset)) {
      const Position p = Registry::builtin().parse(text);
      if (has_cycles(p, context)) continue;
      testing::ComponentOracle oracle(context, budget);
      try {
        (void)oracle.first_player_wins(p);
      } catch (const testing::ComponentOracle::TooLarge&) {
        continue;
      }
      pool.push_back(std::move(text));
    }
  }
  return pool;
}

// Sums across rulesets, each decided by whichever method applies.
TEST(MisereAnalysis, SumsAcrossRulesetsAgainstTheOracle) {
  Scratch scratch;
  std::mt19937_64 random(5);
  const std::vector<std::string> pool = small_samples(random, scratch, 6, 3'000);
  ASSERT_GT(pool.size(), 60U);
  Context context;
  std::map<std::string, int> methods;
  int checked = 0;
  const int trials = test_build::trials(250);
  for (int trial = 0; trial < trials; ++trial) {
    std::string text = pool[random() % pool.size()];
    const int more = 1 + static_cast<int>(random() % 2);
    for (int k = 0; k < more; ++k) text += " + " + pool[random() % pool.size()];
    const Position p = Registry::builtin().parse(text);
    std::string method;
    if (check_against_oracle(p, context, &method)) {
      ++checked;
      ++methods[method];
    }
  }
  EXPECT_GT(checked, trials * 2 / 5);
  // The sums reach the general methods, not only the theories.
  EXPECT_GT(methods["canonical forms"], 0);
  EXPECT_GT(methods["genus (Conway)"], 0);
  EXPECT_GT(methods["misère quotient"] + methods["one heap's misère table"] + methods["Bouton's misère rule"], 0);
}

// The outcome of G + H read from canonical forms equals the oracle, for pairs
// of small games from every ruleset (the canonical forms alone, not the
// analysis, which may decide by another method).
void expect_canonical_forms_predict_sums(int trials, int least_compared) {
  Scratch scratch;
  std::mt19937_64 random(11);
  std::vector<std::string> pool;
  for (const RulesetSpec& spec : Registry::builtin().specs()) {
    int kept = 0;
    for (std::string& s : samples_of(spec, random, scratch, 12)) {
      if (kept < 6) pool.push_back(std::move(s));
      ++kept;
    }
  }
  Context context;
  misere::PositionForms forms(context, std::size_t{512} << 20);
  int compared = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const Position g = Registry::builtin().parse(pool[random() % pool.size()]);
    const Position h = Registry::builtin().parse(pool[random() % pool.size()]);
    const Position sum = g + h;
    try {
      if (has_cycles(sum, context)) continue;
    } catch (const LimitError&) {
      // The analysis itself refused the sum (its search past the memory bound):
      // nothing to compare with (the long run's 1000 pairs meet one).
      continue;
    }
    testing::ComponentOracle oracle(context, kOracleBudget);
    bool first_wins = false;
    try {
      first_wins = oracle.first_player_wins(sum);
    } catch (const testing::ComponentOracle::TooLarge&) {
      continue;
    }
    misere::GameId form = 0;
    try {
      form = forms.forms().sum(forms.of(g), forms.of(h));
    } catch (const LimitError&) {
      continue;
    }
    ASSERT_EQ(!forms.forms().is_p_position(form), first_wins) << sum.text();
    ++compared;
  }
  EXPECT_GT(compared, least_compared);
}

TEST(MisereAnalysis, CanonicalFormsOfEveryRulesetPredictSums) {
  expect_canonical_forms_predict_sums(test_build::trials(150), test_build::trials(70));
}
// More pairs, in the opt-in check-long target (about 3 minutes).
TEST(MisereAnalysis, LongCanonicalFormsOfEveryRulesetPredictSums) { expect_canonical_forms_predict_sums(1000, 500); }

// Which method decides, in the order of misere_analysis.hpp.
TEST(MisereAnalysis, TheMethodThatDecides) {
  Context context;
  auto method = [&](const std::string& text) {
    const SumAnalysis a = analyze(testing::parse(text), context, AnalysisOptions{true, 5});
    return a.evidence ? a.evidence->method : std::string("none");
  };
  EXPECT_EQ(method("nim(1,1,2)"), "Bouton's misère rule");
  EXPECT_EQ(method("sub{1,2,3}(10)"), "one heap's misère table");
  EXPECT_EQ(method("kayles(3,4)"), "genus (Conway)");  // Kayles heaps up to 4 are tame
  EXPECT_EQ(method("sub{1,2}(3) + nim(2)"), "genus (Conway)");
  EXPECT_EQ(method("kayles(10,20,7)"), "misère quotient");
  EXPECT_EQ(method("kayles(10) + 0.07(12)"), "misère quotient");  // two rules, one quotient
  EXPECT_EQ(method("kayles(1000000000000000000, 5)"), "misère quotient");  // Φ proven periodic
  EXPECT_EQ(method("kayles(10) + wythoff(2,3)"), "canonical forms");
}

// A heap of 10^12 of a rule whose quotient is not proven periodic early (0.34:
// about h options at heap h). The quotient was extended heap by heap, its
// option lists never charged as work: 1.2 GB of them and still going (found
// by the expression fuzz harness, corpus/expression/found-quotient-option-lists).
// Now the lists count against the quotient's work and memory bounds, it gives
// up, and the next method refuses the sum on one line.
TEST(MisereAnalysis, AQuotientThatCannotReachAHugeHeapGivesUpWithinItsBounds) {
  Context context;
  try {
    const SumAnalysis a =
        analyze(testing::parse("kayles(10) + 0.34(1000000100000)"), context, AnalysisOptions{true, 5});
    ADD_FAILURE() << "answered: " << a.position.text();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("options"), std::string::npos) << e.what();
  }
  // The quotient the analysis kept in the context (misere_analysis.cpp's key:
  // the rules' texts in order) stopped within its work bound of 2·10^6 (at
  // heap 1264 when written; each heap h lists about h/4 options), where it
  // used to go on towards heap 10^6.
  bool made_here = false;
  const auto quotient = context.shared<misere::HeapQuotient>("misere.quotient 0.34 kayles", [&] {
    made_here = true;
    return std::shared_ptr<misere::HeapQuotient>();
  });
  ASSERT_FALSE(made_here) << "the analysis kept no quotient under that key";
  EXPECT_GT(quotient->heaps(), 100U);
  EXPECT_LT(quotient->heaps(), 5000U);
}

// A countdown: take one or two from a counter, one component (not a heap of a
// rule, so no heap table or quotient applies). Its followers are all the
// smaller counts.
struct Countdown {
  using Position = int;
  void moves(int n, std::vector<int>& out) const {
    if (n >= 1) out.push_back(n - 1);
    if (n >= 2) out.push_back(n - 2);
  }
  [[nodiscard]] std::string describe(int n) const { return std::to_string(n); }
};

// The search decides past the other methods' bounds: a game with 120,000
// followers is past the genus's and the canonical forms' follower bounds
// (100,000 and 50,000 nodes, misere_analysis.cpp) and within the search's.
// Misère sub{1,2} loses exactly at n = 1 (mod 3), so countdown(n) + nim(1)
// (a lone counter with a spare move) is lost exactly when n = 0 (mod 3).
TEST(MisereAnalysis, TheSearchDecidesPastTheOtherBounds) {
  auto game = GameAdapter<Countdown>::make(Countdown{}, "countdown");
  Context context;
  for (int n : {120'000, 120'001, 120'002}) {
    const Position p = game->position(n) + testing::parse("nim(1)");
    const SumAnalysis a = analyze(p, context, AnalysisOptions{true, 10});
    ASSERT_TRUE(a.evidence);
    EXPECT_EQ(a.evidence->method, "search") << n;
    EXPECT_EQ(a.first_player_wins(), n % 3 != 0) << n;
    for (const Move& m : a.winning_moves) {
      const SumAnalysis after = analyze(m.after(), context, AnalysisOptions{true, 0});
      EXPECT_FALSE(after.first_player_wins()) << m.action;
    }
  }
}

// A small memory bound stops the search with a clear LimitError naming it.
TEST(MisereAnalysis, TheSearchStopsAtTheMemoryBound) {
  ContextOptions small;
  small.memory_bytes = 100 * 1024;
  Context context(small);
  const Position p = Registry::builtin().parse("kayles(7) + kayles(9) + kayles(11) + wythoff(2,3)");
  try {
    (void)analyze(p, context, AnalysisOptions{true, 10});
    FAIL() << "no method reached its memory bound";
  } catch (const LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("memory bound (100 kB"), std::string::npos) << e.what();
  }
}

// Games with cycles: misère play needs games that end.
TEST(MisereAnalysis, GamesWithCyclesAreRefused) {
  Context context;
  const Position p = Registry::builtin().parse(
      std::string("graph(@") + GRUNDY_SOURCE_DIR + "/examples/two-cycle.graph)(a) + kayles(3)");
  try {
    (void)analyze(p, context, AnalysisOptions{true, 5});
    FAIL() << "a game with cycles was analysed in misère play";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cycles"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("misère"), std::string::npos) << e.what();
  }
}

// A user's game written in C++ (Grundy's game: split a heap into two unequal
// heaps), in sums with built-in games, against the oracle.
struct GrundysGame {
  using Position = int;
  void moves(int n, std::vector<int>& out) const {
    for (int a = 1; 2 * a < n; ++a) out.push_back(a * 1000 + (n - a));
  }
  void components(int p, std::vector<int>& out) const {
    if (p >= 1000) {
      out.push_back(p / 1000);
      out.push_back(p % 1000);
    } else {
      out.push_back(p);
    }
  }
  [[nodiscard]] std::string describe(int p) const { return std::to_string(p); }
};

TEST(MisereAnalysis, AUsersCppGame) {
  auto game = GameAdapter<GrundysGame>::make(GrundysGame{}, "mygrundy");
  Context context;
  for (int n = 1; n <= 14; ++n) {
    const Position p = game->position(n) + testing::parse("nim(2)") + testing::parse("kayles(" + std::to_string(n % 5) + ")");
    (void)check_against_oracle(p, context);
  }
}

}  // namespace
}  // namespace grundy
