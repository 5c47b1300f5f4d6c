// CGSuite's own test table of misère canonical games
// (MisereCanonicalGameTestCase.scala; copied as data into
// tests/data/cgsuite_misere_canonical_game_cases.tsv, see SOURCES.md):
// each game's canonical form in CGSuite's notation, its genus, misère
// nim-value, outcome, nim-value, birthday, options, mate, parity and
// classification, reproduced here from the CGSuite input notation.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "grundy/misere/canonical_forms.hpp"
#include "grundy/misere/classification.hpp"
#include "grundy/misere/genus.hpp"
#include "grundy/misere/notation.hpp"
#include "test_support.hpp"

namespace {

using namespace grundy::misere;

std::vector<std::vector<std::string>> cases() {
  std::istringstream in(grundy::testing::reference_text("cgsuite_misere_canonical_game_cases.tsv"));
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, '\t');) fields.push_back(cell);
    rows.push_back(std::move(fields));
  }
  return rows;
}

std::string flag(bool b) { return b ? "true" : "false"; }

std::string list(const std::vector<std::string>& items) {
  std::string text = "[";
  for (std::size_t i = 0; i < items.size(); ++i) text += (i ? "," : "") + items[i];
  return text + "]";
}

TEST(MisereCgsuiteTable, EveryGameAndItsProperties) {
  // Columns: input, form, birthday, genus, isEven, isExtraverted,
  // isGenerallyRestive, isGenerallyTame, isHalfTame, isIntroverted, isNimHeap,
  // isPrime, isRestive, isRestless, isTame, isTameable, mate, misereNimValue,
  // misereOutcomeClass, nimValue, options, partitions, parts. Not checked:
  // isExtraverted, isPrime, partitions and parts (Conway's theory of parts is
  // not implemented here).
  const auto rows = cases();
  ASSERT_EQ(rows.size(), 14U);
  CanonicalForms forms;
  Genera genera(forms);
  Classification classification(forms);
  for (const auto& row : rows) {
    ASSERT_EQ(row.size(), 23U) << row[0];
    SCOPED_TRACE(row[0]);
    const GameId g = parse_notation(row[0], forms);
    const MisereFacts facts = misere_facts(forms, genera, classification, g);
    EXPECT_EQ(facts.form, row[1]);
    EXPECT_EQ(std::to_string(facts.birthday), row[2]);
    EXPECT_EQ(facts.genus_text, row[3]);
    EXPECT_EQ(flag(facts.even), row[4]);
    EXPECT_EQ(flag(facts.generally_restive), row[6]);
    EXPECT_EQ(flag(facts.generally_tame), row[7]);
    EXPECT_EQ(flag(facts.half_tame), row[8]);
    EXPECT_EQ(flag(facts.introverted), row[9]);
    EXPECT_EQ(flag(facts.nim_heap), row[10]);
    EXPECT_EQ(flag(facts.restive), row[12]);
    EXPECT_EQ(flag(facts.restless), row[13]);
    EXPECT_EQ(flag(facts.tame), row[14]);
    EXPECT_EQ(flag(facts.tameable), row[15]);
    EXPECT_EQ(facts.mate, row[16]);
    EXPECT_EQ(std::to_string(facts.misere_value), row[17]);
    EXPECT_EQ(facts.p_position ? "P" : "N", row[18]);
    EXPECT_EQ(std::to_string(facts.normal_value), row[19]);
    EXPECT_EQ(list(facts.options), row[20]);
    // The printed form reads back as the same game.
    EXPECT_EQ(parse_notation(row[0], forms), g);
  }
}

TEST(MisereNotation, ErrorsNameTheColumn) {
  CanonicalForms forms;
  try {
    (void)parse_notation("*[[2],x]", forms);
    FAIL();
  } catch (const grundy::InputError& e) {
    EXPECT_EQ(e.where().column, 7U) << e.what();
  }
  EXPECT_THROW((void)parse_notation("*[2", forms), grundy::InputError);
  EXPECT_THROW((void)parse_notation("*[2]]", forms), grundy::InputError);
  EXPECT_THROW((void)parse_notation("*[999999]", forms), grundy::InputError);
  EXPECT_EQ(parse_notation("*[]", forms), CanonicalForms::kZero);
  EXPECT_EQ(parse_notation(" *[1] + *[1] ", forms), CanonicalForms::kZero);
  EXPECT_EQ(notation(forms, forms.nim_heap(12)), "*[&12;]");
}

}  // namespace
