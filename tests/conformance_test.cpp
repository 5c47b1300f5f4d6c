// The conformance suite: one harness over every registered ruleset (a ruleset
// added later is covered by its registry line). For small positions of each
// (its spec's samples) and for sums of them:
//  - the fast value equals the definition (DefinitionSolver: the generic
//    solver on the options alone, no closed form, engine or pattern);
//  - the moves to each value equal the options filtered by their definition
//    values, with the exact count;
//  - the position prints as an expression that parses back to an equal
//    position, and so do its options and their options;
//  - every winning move's whole position after parses, and is worth 0.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/definition.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/language/registry.hpp"

namespace grundy {
namespace {

namespace fs = std::filesystem;

struct Scratch {
  fs::path dir;
  Scratch() : dir(fs::temp_directory_path() / ("grundy_conformance_" + std::to_string(::getpid()))) {
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
};

std::string spec_label(const RulesetSpec& spec) { return spec.name + (spec.variant.empty() ? "" : "(" + spec.variant + ")"); }

// Parses `text`; printing it and parsing again gives an equal position, whose
// text is a fixed point (the canonical form).
Position round_trip(const std::string& text) {
  const Position p = Registry::builtin().parse(text);
  const Position again = Registry::builtin().parse(p.text());
  EXPECT_TRUE(again == p) << text << " printed as " << p.text();
  EXPECT_EQ(again.text(), p.text()) << text;
  return p;
}

void check_position(const Position& position, Context& context, DefinitionSolver& definition) {
  SCOPED_TRACE(position.text());
  // Value against the definition.
  const Nimber expected = definition.value(position);
  ASSERT_EQ(position.value(context), Value(expected));
  // Printing round trip.
  const Position again = Registry::builtin().parse(position.text());
  ASSERT_TRUE(again == position) << "parsed back as " << again.text();
  ASSERT_EQ(again.text(), position.text());

  for (std::size_t i = 0; i < position.size(); ++i) {
    const Component& part = position[i];
    // Every option, its definition value, its round trip, and its own options' round trips.
    std::vector<ComponentOption> options;
    part.for_each_option(context, [&](ComponentOption&& o) {
      options.push_back(std::move(o));
      return options.size() < 400;
    });
    if (options.size() >= 400) continue;  // too many to compare one by one
    std::map<Nimber, std::multiset<std::string>> by_value;
    for (const ComponentOption& o : options) {
      ASSERT_FALSE(o.action.empty());
      const std::string text = o.after.text();
      const Position parsed = Registry::builtin().parse(text);
      ASSERT_TRUE(parsed == o.after) << text << " parsed back as " << parsed.text();
      const Nimber option_value = definition.value(o.after);
      ASSERT_EQ(o.after.value(context), Value(option_value)) << "option " << text;
      by_value[option_value].insert(text);
      int grandchildren = 0;
      for (std::size_t j = 0; j < o.after.size() && grandchildren < 3; ++j) {
        o.after[j].for_each_option(context, [&](ComponentOption&& g) {
          const Position p2 = Registry::builtin().parse(g.after.text());
          EXPECT_TRUE(p2 == g.after) << g.after.text();
          return ++grandchildren < 3;
        });
      }
    }
    // mex of the options is the value (the definition, once more, directly).
    MexSet mex;
    for (const auto& [v, texts] : by_value) mex.insert(v);
    ASSERT_EQ(part.value(context), Value(mex.mex())) << part.text();
    // Moves to each value present, and to one that is not.
    std::vector<Nimber> targets;
    for (const auto& [v, texts] : by_value) targets.push_back(v);
    targets.push_back(mex.mex());
    for (Nimber target : targets) {
      const OptionList listed = part.options_to_value(context, target, 1000);
      std::multiset<std::string> got;
      for (const ComponentOption& o : listed.listed) got.insert(o.after.text());
      const auto expected_texts = by_value.count(target) ? by_value[target] : std::multiset<std::string>{};
      ASSERT_EQ(got, expected_texts) << part.text() << " target " << target;
      ASSERT_EQ(listed.total, expected_texts.size()) << part.text() << " target " << target;
      ASSERT_FALSE(listed.total_is_lower_bound);
      if (!expected_texts.empty()) {
        ASSERT_EQ(part.options_to_value(context, target, 1).listed.size(), 1u);
      }
    }
  }
}

// Winning moves of a position: each whole "after" parses back and is worth 0.
void check_winning_moves(const Position& position, Context& context, DefinitionSolver& definition) {
  SCOPED_TRACE(position.text());
  const SumAnalysis a = analyze(position, context, AnalysisOptions{false, 1000});
  ASSERT_EQ(a.first_player_wins(), definition.value(position) != 0);
  ASSERT_EQ(a.winning_move_total, a.winning_moves.size());
  for (const Move& m : a.winning_moves) {
    const std::string after = m.after().text();
    const Position parsed = Registry::builtin().parse(after);
    ASSERT_TRUE(parsed == m.after()) << after;
    ASSERT_EQ(parsed.value(context), Value(0)) << "winning move " << m.action << " leaves " << after;
    ASSERT_EQ(definition.value(parsed), 0u) << after;
  }
}

TEST(Conformance, EveryRulesetAgainstTheDefinition) {
  Scratch scratch;
  std::mt19937_64 random(2026);
  for (const RulesetSpec& spec : Registry::builtin().specs()) {
    SCOPED_TRACE(spec_label(spec));
    ASSERT_TRUE(spec.samples) << spec_label(spec) << " has no sample positions for the conformance suite";
    SampleRequest request{random, 30, scratch.dir.string()};
    const std::vector<std::string> samples = spec.samples(request);
    ASSERT_GE(samples.size(), 25u);
    Context context;
    DefinitionSolver definition(context);
    for (const std::string& text : samples) {
      const Position p = round_trip(text);
      check_position(p, context, definition);
      check_winning_moves(p, context, definition);
    }
  }
}

// Sums across rulesets: random pairs and triples of the samples above.
TEST(Conformance, SumsOfRulesetsWinningMovesLeaveZero) {
  Scratch scratch;
  std::mt19937_64 random(7);
  std::vector<std::string> pool;
  for (const RulesetSpec& spec : Registry::builtin().specs()) {
    SampleRequest request{random, 4, scratch.dir.string()};
    for (std::string& s : spec.samples(request)) pool.push_back(std::move(s));
  }
  Context context;
  DefinitionSolver definition(context);
  for (int trial = 0; trial < 300; ++trial) {
    std::string text = pool[random() % pool.size()];
    const int more = 1 + static_cast<int>(random() % 2);
    for (int k = 0; k < more; ++k) text += " + " + pool[random() % pool.size()];
    const Position p = Registry::builtin().parse(text);
    ASSERT_EQ(p.value(context), Value(definition.value(p))) << text;
    check_winning_moves(p, context, definition);
    // Printing a sum merges neighbouring terms of one rule but keeps the parts.
    const Position again = Registry::builtin().parse(p.text());
    ASSERT_TRUE(again == p) << text << " printed as " << p.text();
  }
}

// The empty game and "0".
TEST(Conformance, TheEmptyGame) {
  Context context;
  const Position zero = Registry::builtin().parse("0");
  EXPECT_TRUE(zero.empty());
  EXPECT_EQ(zero.text(), "0");
  EXPECT_EQ(zero.value(context), Value(0));
  EXPECT_EQ(Registry::builtin().parse("nim(3) + 0").text(), "nim(3)");
  EXPECT_THROW((void)Registry::builtin().parse("0(3)"), InputError);
}

// Every ruleset's help line is in the table of docs/expressions.md, and the
// table names no ruleset the registry does not know.
TEST(Conformance, DocsTableListsEveryRuleset) {
  std::ifstream in(std::string(GRUNDY_SOURCE_DIR) + "/docs/expressions.md");
  ASSERT_TRUE(in);
  std::string line;
  std::set<std::string> documented;  // first cell of each row of the rulesets table
  bool in_table = false;
  while (std::getline(in, line)) {
    if (line.rfind("## Rulesets", 0) == 0) in_table = true;
    else if (in_table && line.rfind("## ", 0) == 0) break;
    if (!in_table || line.rfind("| `", 0) != 0) continue;
    documented.insert(line.substr(2, line.find(" |", 2) - 2));
  }
  std::set<std::string> helped;
  for (const RulesetSpec& spec : Registry::builtin().specs()) {
    for (const RulesetHelp& h : spec.help) {
      const std::string cell = "`" + h.syntax + "`";
      helped.insert(cell);
      EXPECT_TRUE(documented.count(cell)) << "docs/expressions.md has no row for " << cell;
    }
  }
  for (const std::string& cell : documented) EXPECT_TRUE(helped.count(cell)) << cell << " is documented but not registered";
}

}  // namespace
}  // namespace grundy
