// CGSuite's own test table of misère canonical games
// (MisereCanonicalGameTestCase.scala; copied as data into
// tests/data/cgsuite_misere_canonical_game_cases.tsv, see SOURCES.md):
// each game's canonical form in CGSuite's notation, its genus, misère
// nim-value, outcome, nim-value, birthday, options, mate, parity and
// classification, reproduced here from the CGSuite input notation.
#include <gtest/gtest.h>

#include <random>
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

// The items of a list as CGSuite prints it ("[a,b,[c,d]]"): split at the
// commas outside brackets (forms themselves hold none in printed notation).
std::vector<std::string> items(const std::string& text) {
  std::vector<std::string> out;
  if (text.size() < 2 || text.front() != '[' || text.back() != ']') {
    ADD_FAILURE() << "not a list: " << text;
    return out;
  }
  std::size_t depth = 0;
  std::string item;
  for (std::size_t i = 1; i + 1 < text.size(); ++i) {
    const char c = text[i];
    if (c == ',' && depth == 0) {
      out.push_back(item);
      item.clear();
      continue;
    }
    if (c == '[') ++depth;
    if (c == ']') --depth;
    item += c;
  }
  if (!item.empty()) out.push_back(item);
  return out;
}

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
  // isExtraverted and isPrime; partitions and parts are not computed here
  // (Conway's theory of parts), but they are read: each partition's parts add
  // up to the game and each part prints as CGSuite printed it — CGSuite's
  // *[2[#-2]] (the H with H + *2 = {*2}, two days older) among them.
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
    // The printed form reads back as the same game (issue 36, finding 4:
    // `*[2#0]` was refused at column 4).
    EXPECT_EQ(parse_notation(row[1], forms), g) << row[1];
    for (const std::string& option : facts.options) EXPECT_EQ(notation(forms, parse_notation(option, forms)), option);
    EXPECT_EQ(notation(forms, parse_notation(facts.mate, forms)), facts.mate);
    for (const std::string& partition : items(row[21])) {
      GameId total = CanonicalForms::kZero;
      for (const std::string& part : items(partition)) total = forms.sum(total, parse_notation(part, forms));
      EXPECT_EQ(total, g) << partition;
    }
    for (const std::string& part : items(row[22])) EXPECT_EQ(notation(forms, parse_notation(part, forms)), part);
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

// The printed notation read back: 1000 random canonical forms (options drawn
// from earlier forms, sums with heaps and of each other) print and parse back
// to the same game, with and without the brackets (*[2#] and *2#), and inside
// a sum.
TEST(MisereNotation, ThousandRandomFormsPrintAndParseBack) {
  CanonicalForms forms;
  std::mt19937_64 random(36);
  std::vector<GameId> pool = {CanonicalForms::kZero, forms.nim_heap(1), forms.nim_heap(2), forms.nim_heap(3),
                              forms.nim_heap(12)};
  std::size_t checked = 0;
  while (checked < 1000) {
    GameId g{};
    switch (random() % 4) {
      case 0:
        g = forms.sum(pool[random() % pool.size()], forms.nim_heap(random() % 5));
        break;
      case 1:
        g = forms.sum(pool[random() % pool.size()], pool[random() % pool.size()]);
        break;
      default: {
        std::vector<GameId> options;
        const std::size_t count = 1 + random() % 4;
        for (std::size_t i = 0; i < count; ++i) options.push_back(pool[random() % pool.size()]);
        g = forms.game(std::move(options));
      }
    }
    if (forms.birthday(g) > 9) continue;  // texts stay short; depth comes from the options' own depth
    pool.push_back(g);
    const std::string text = notation(forms, g);
    ASSERT_EQ(text.rfind("*[", 0), 0U) << text;
    SCOPED_TRACE(text);
    EXPECT_EQ(parse_notation(text, forms), g);
    EXPECT_EQ(parse_notation("*" + text.substr(2, text.size() - 3), forms), g);
    EXPECT_EQ(parse_notation(text + " + *[2] + *[2]", forms), forms.sum(g, forms.sum(forms.nim_heap(2), forms.nim_heap(2))));
    ++checked;
  }
}

// The printed notation's pieces, each by hand: a run of digits is one-digit
// heaps as options where CGSuite prints it so, a heap CGSuite never prints
// that way is its input for the heap; &n; is a heap of 10 or more.
TEST(MisereNotation, PrintedNotationByHand) {
  CanonicalForms forms;
  const GameId two = forms.nim_heap(2);
  const GameId sharp = forms.game({two});
  EXPECT_EQ(parse_notation("*[2#]", forms), sharp);
  EXPECT_EQ(parse_notation("*2#", forms), sharp);
  EXPECT_EQ(parse_notation("*[2#0]", forms), forms.game({sharp, CanonicalForms::kZero}));
  EXPECT_EQ(parse_notation("*[2[2]]", forms), forms.sum(two, two));
  EXPECT_EQ(parse_notation("*[42]", forms), forms.game({forms.nim_heap(4), two}));
  // {*2, *} is 0 in misère play (Conway, ONAG ch. 12: * reverses through 0),
  // printed *[0]; so CGSuite never prints *[21], and it is the heap of 21.
  EXPECT_EQ(parse_notation("*[21]", forms), forms.nim_heap(21));
  EXPECT_EQ(parse_notation("*[10]", forms), forms.nim_heap(10));   // {*, 0} = *2 prints as *[2]
  EXPECT_EQ(parse_notation("*[22]", forms), forms.nim_heap(22));
  EXPECT_EQ(parse_notation("*[&12;]", forms), forms.nim_heap(12));
  EXPECT_EQ(parse_notation("*[2[#1]]", forms), forms.sum(sharp, forms.nim_heap(1)));
  EXPECT_EQ(parse_notation("*[4[2#]]", forms), forms.game({forms.sum(forms.nim_heap(4), two)}));
  // X[-n] is the H with H + *n = X, also when H is older than X and no
  // option of it (CGSuite prints {*2}'s part so; CI's fuzz run, 2026-11-28:
  // *[2[#-2](2#1)] was refused). H + *3 = {*2} is H + *, as * + *2 = *3.
  const GameId part = forms.game({CanonicalForms::kZero, sharp, forms.sum(sharp, forms.nim_heap(1))});
  EXPECT_EQ(parse_notation("*[2[#-2]]", forms), part);
  EXPECT_EQ(forms.sum(part, two), sharp);
  EXPECT_EQ(parse_notation("*[2[#-3]]", forms), forms.sum(part, forms.nim_heap(1)));
  EXPECT_EQ(notation(forms, part), "*[2[#-2]]");
  EXPECT_EQ(parse_notation("*[2[#-2](2#1)]", forms), forms.game({part, forms.game({sharp, forms.nim_heap(1)})}));
  EXPECT_THROW((void)parse_notation("*[2[#-4]]", forms), grundy::InputError);
  // Differences with *n ask for those with every smaller heap: a large n is
  // refused by the walk's bound, at once, never a search without end.
  EXPECT_THROW((void)parse_notation("*[2[#-&1000;]]", forms), grundy::LimitError);
  EXPECT_THROW((void)parse_notation("*[2#x]", forms), grundy::InputError);
  EXPECT_THROW((void)parse_notation("*[(2#]", forms), grundy::InputError);
  EXPECT_THROW((void)parse_notation("*[&12]", forms), grundy::InputError);
  EXPECT_THROW((void)parse_notation("*[2[#]", forms), grundy::InputError);
}

// Issue 36, finding 6: '\357' alone was printed for '２' (three bytes).
TEST(MisereNotation, AMessageQuotesAWideCharacterWhole) {
  CanonicalForms forms;
  for (const std::string& text : {std::string("*[２]"), std::string("*[2#２]"), std::string("*[[2],e\xCC\x81]")}) {
    try {
      (void)parse_notation(text, forms);
      ADD_FAILURE() << text;
    } catch (const grundy::InputError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.find("\\3"), std::string::npos) << message;
      const bool whole = message.find("'２'") != std::string::npos || message.find("'e\xCC\x81'") != std::string::npos;
      EXPECT_TRUE(whole) << message;
    }
  }
}

}  // namespace
