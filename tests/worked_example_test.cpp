// The worked example of docs/architecture.md: a game whose parts pack into a
// key, written in two files (tests/worked_example/kayles_rows_game.cpp: the game and its
// rules over keys; tests/worked_example/kayles_rows_checker.cpp: the checker's rules of it)
// and one registry line (Registry::add here), gets from the search layer its
// values (the part search; the outcome search past its keys), winning moves,
// and certificates that `grundy check`'s proof accepts. Held to OEIS A002186
// (Kayles, tests/data) and to the definition on the rows' text.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>
#include <vector>

#include "certificate_check.hpp"
#include "certificate_edits.hpp"
#include "grundy/analysis/analysis.hpp"
#include "grundy/analysis/certificate.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/language/registry.hpp"
#include "test_support.hpp"

// The registry line and the checker's game: what a built-in game would have
// in builtin_specs.hpp and check/games.cpp.
namespace grundy::kayles_rows {
RulesetSpec ruleset();
}
namespace grundy_check::kaylesrow {
GameRules rules();
}

namespace grundy {
namespace {

const Registry& registry() {
  static const Registry with_example = [] {
    Registry r = Registry::builtin();
    r.add(kayles_rows::ruleset());
    return r;
  }();
  return with_example;
}

std::vector<grundy_check::GameRules> checker_games() {
  std::vector<grundy_check::GameRules> games = grundy_check::builtin_games();
  games.push_back(grundy_check::kaylesrow::rules());
  return games;
}

// The definition on the row's text, memoised: no runs, no keys.
class RowOracle {
 public:
  unsigned value(const std::string& row) {
    if (const auto it = memo_.find(row); it != memo_.end()) return it->second;
    std::vector<bool> seen(row.size() + 2, false);
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (row[i] != 'o') continue;
      std::string after = row;
      after[i] = '.';
      seen[value(after)] = true;
      if (i + 1 < row.size() && row[i + 1] == 'o') {
        after[i + 1] = '.';
        seen[value(after)] = true;
      }
    }
    unsigned mex = 0;
    while (seen[mex]) ++mex;
    return memo_[row] = mex;
  }

 private:
  std::map<std::string, unsigned> memo_;
};

TEST(WorkedExample, RunsAreKaylesHeapsOfOeisA002186) {
  const auto kayles = testing::reference_terms("oeis_A002186_kayles_0.77_terms.txt");
  Context context;
  for (const auto& [n, value] : kayles) {
    if (n == 0 || n > 104) continue;
    const Position row = registry().parse("kaylesrow(" + std::string(n, 'o') + ")");
    ASSERT_EQ(row.size(), 1U);
    EXPECT_EQ(row.value(context), Value(static_cast<Nimber>(value))) << n << " pins";
    // A run within the keys by the part search, a longer one by outcome
    // questions (whose options' runs come back to the part search).
    const auto* valued = capability<ValuedByEngine>(row[0]);
    ASSERT_NE(valued, nullptr);
    EXPECT_EQ(valued->engine(context), n <= 40 ? "part search" : "outcome search (Lemoine–Viennot)") << n;
  }
}

TEST(WorkedExample, RandomRowsAgainstTheDefinitionWithTheirWinningMoves) {
  std::mt19937_64 random(55);
  RowOracle oracle;
  Context context;
  for (int trial = 0; trial < 200; ++trial) {
    std::string row;
    const std::size_t length = 1 + random() % 14;
    for (std::size_t i = 0; i < length; ++i) row += random() % 4 == 0 ? '.' : 'o';
    const SumAnalysis a = analyze(registry().parse("kaylesrow(" + row + ")"), context, AnalysisOptions{false, 100});
    const unsigned expected = oracle.value(row);
    ASSERT_TRUE(a.value.has_value()) << row;
    EXPECT_EQ(*a.value, Value(static_cast<Nimber>(expected))) << row;
    // Each winning move leaves a row the definition values 0.
    for (const Move& m : a.winning_moves) EXPECT_EQ(m.after().value(context), Value(0)) << row << ": " << m.action;
    EXPECT_EQ(a.winning_move_total == 0, expected == 0) << row;
  }
}

TEST(WorkedExample, CertificatesAreProvenByTheCheckersRulesOfIt) {
  Context context;
  const Position position = registry().parse("kaylesrow(oooooooooooooooooooo.ooooooooooooo) + kaylesrow(ooo.ooooo)");
  const Certificate written = certify(position, context);
  EXPECT_EQ(written.game, "kaylesrow");
  // Runs of 20, 13, 3 and 5 pins: Kayles heaps (OEIS A002186).
  const auto kayles = testing::reference_terms("oeis_A002186_kayles_0.77_terms.txt");
  EXPECT_EQ(written.value, kayles.at(20) ^ kayles.at(13) ^ kayles.at(3) ^ kayles.at(5));
  const grundy_check::CheckResult result = grundy_check::check_certificate_text(written.text, checker_games());
  ASSERT_TRUE(result.valid) << "line " << result.line << ": " << result.message;
  unsigned total = 0;
  for (const grundy_check::ProvenRoot& root : result.roots) total ^= root.value;
  EXPECT_EQ(total, written.value);
  // The checker without the game's rules refuses it, naming the games it knows.
  const grundy_check::CheckResult unknown = grundy_check::check_certificate_text(written.text);
  EXPECT_FALSE(unknown.valid);
  EXPECT_NE(unknown.message.find("kaylesrow"), std::string::npos) << unknown.message;
  // Every value changed (the checksum made right again): refused.
  const std::vector<std::string> lines = testing::lines_of(written.text);
  for (std::size_t i = 2; i + 1 < lines.size(); ++i) {
    std::vector<std::string> bad = lines;
    const std::size_t space = bad[i].rfind(' ');
    const unsigned value = static_cast<unsigned>(std::stoul(bad[i].substr(space + 1)));
    bad[i] = bad[i].substr(0, space + 1) + std::to_string(value + 1);
    EXPECT_FALSE(grundy_check::check_certificate_text(testing::with_fresh_checksum(bad), checker_games()).valid)
        << bad[i];
  }
  // A run past the keys: refused with the reason, as a built-in game's.
  try {
    (void)certify(registry().parse("kaylesrow(" + std::string(50, 'o') + ")"), context);
    ADD_FAILURE() << "a run of 50 pins was certified";
  } catch (const LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("has a run longer than 40 pins"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace grundy
