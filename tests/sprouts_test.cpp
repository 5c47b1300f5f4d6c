// Sprouts (src/rulesets/sprouts.cpp, sprouts_drawing.cpp): the published
// outcomes of the starts (tests/data/sprouts_outcomes.txt, sources cited
// there), the notation read and refused as docs/sprouts.md says, and random
// positions held to an oracle written from the rules alone
// (tests/sprouts_oracle.hpp: the unreduced drawing, no lands, no canonical
// form, no reduction).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/input_error.hpp"
#include "misere/position_forms.hpp"
#include "sprouts_oracle.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using testing::parse;
using testing::value_of;

struct Start {
  unsigned spots;
  bool normal_win;
  bool misere_win;
};

std::vector<Start> published_starts() {
  std::istringstream in(testing::reference_text("sprouts_outcomes.txt"));
  std::vector<Start> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Start s{};
    std::string normal, misere;
    fields >> s.spots >> normal >> misere;
    s.normal_win = normal == "W";
    s.misere_win = misere == "W";
    out.push_back(s);
  }
  return out;
}

// The nim-value of a start: 0 for n mod 6 in {0, 1, 2}, 1 otherwise, as far as
// it is known (the extended Sprouts conjecture fits every published result);
// only the outcome is asserted, the value printed.
TEST(Sprouts, NormalPlayOutcomesOfTheStartsArePublished) {
  for (const Start& s : published_starts()) {
    if (s.spots > 6) break;  // 7 spots: 15 s (SproutsLong)
    EXPECT_EQ(value_of(parse("sprouts(" + std::to_string(s.spots) + ")")) != 0, s.normal_win) << s.spots << " spots";
  }
}

TEST(SproutsLong, NormalPlayOutcomesOfSevenAndEightSpots) {
  for (const Start& s : published_starts()) {
    if (s.spots < 7 || s.spots > 8) continue;
    EXPECT_EQ(value_of(parse("sprouts(" + std::to_string(s.spots) + ")")) != 0, s.normal_win) << s.spots << " spots";
  }
}

// Misère play, through the analysis a user's --misere runs: canonical forms
// decide 1-4 spots, the search of the sum 5 and 6 (docs/sprouts.md).
void expect_misere_outcomes(unsigned from, unsigned to) {
  for (const Start& s : published_starts()) {
    if (s.spots < from || s.spots > to) continue;
    Context context;
    AnalysisOptions options;
    options.misere = true;
    options.moves = false;
    const SumAnalysis a = analyze(parse("sprouts(" + std::to_string(s.spots) + ")"), context, options);
    EXPECT_EQ(a.first_player_wins(), s.misere_win) << s.spots << " spots (misère)";
  }
}

TEST(Sprouts, MisereOutcomesOfTheStartsArePublished) { expect_misere_outcomes(1, 4); }

// 5 spots 13 s, 6 spots 22 s (AMD EPYC, 2026-12-07).
TEST(SproutsLong, MisereOutcomesOfFiveAndSixSpots) { expect_misere_outcomes(5, 6); }

TEST(Sprouts, StartsPrintInGlopsNotation) {
  EXPECT_EQ(parse("sprouts(0)").text(), "0");
  EXPECT_EQ(parse("sprouts(1)").text(), "sprouts(0.}]!)");
  EXPECT_EQ(parse("sprouts(3)").text(), "sprouts(0.0.0.}]!)");
  // Lands print as a sum of their own.
  EXPECT_EQ(parse("sprouts(0.}]0.}]!)").text(), "sprouts(0.}]!) + sprouts(0.}]!)");
  // Printed text reads back to itself.
  for (const std::string p : {"0.0.AB.}AB.}]!", "0.1a1a.}]!", "12.AB.}AB.}]0.2ABC.}0.1ab1bc2ca.ACB.}]!"}) {
    const std::string once = parse("sprouts(" + p + ")").text();
    EXPECT_EQ(parse(once).text(), once) << p;
  }
}

// Values a person can check on paper: a '2' alone (one life) has no move; a
// '1' alone (two lives) has one move, a loop, after which nothing; two spots
// of one life each on one boundary, one line.
TEST(Sprouts, SmallPositionsByHand) {
  EXPECT_EQ(value_of(parse("sprouts(2.}]!)")), 0U);
  EXPECT_EQ(value_of(parse("sprouts(1.}]!)")), 1U);
  EXPECT_EQ(value_of(parse("sprouts(22.}]!)")), 1U);
  EXPECT_EQ(value_of(parse("sprouts(1.}]1.}]!)")), 0U);  // two lands of value 1
}

void expect_refused(const std::string& expression, const std::string& words, std::size_t column) {
  try {
    (void)parse(expression);
    ADD_FAILURE() << expression << " was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << expression << ": " << e.what();
    EXPECT_EQ(e.where().column, column) << expression << ": " << e.what();
  }
}

TEST(Sprouts, BadPositionsAreRefusedNamingTheColumn) {
  // sprouts( is 8 letters: the position starts at column 9.
  expect_refused("sprouts(0.0.}])", "does not end with '!'", 15);
  expect_refused("sprouts(0.3.}]!)", "found '3'", 11);
  expect_refused("sprouts(0.A.}]!)", "written once", 11);
  expect_refused("sprouts(0AA.}]!)", "is written twice in one region", 11);
  expect_refused("sprouts(a.}a.}]!)", "written once", 9);  // lower case: named within a region
  expect_refused("sprouts(a.a.}]!)", "two boundaries", 11);
  expect_refused("sprouts(01.}]!)", "a boundary of its own", 9);
  expect_refused("sprouts(0..}]!)", "empty boundary", 11);
  expect_refused("sprouts(0.}]]!)", "empty land", 13);
  expect_refused("sprouts(0.}]!x)", "follow", 14);
  expect_refused("sprouts(65)", "at most 64 spots", 9);
  // SPOTS' spelling: the columns are the user's, not those of the Glop text
  // it is read as.
  expect_refused("sprouts(0*)", "number of spots after 0*", 11);
  expect_refused("sprouts(0*0)", "no spot", 11);
  expect_refused("sprouts(0*3x)", "after 0*3", 12);
  expect_refused("sprouts(0*2.0#)", "found '#'", 14);
  expect_refused("sprouts(0*2..1!)", "empty boundary", 13);
  expect_refused("sprouts(0*2.A!)", "written once", 13);
  expect_refused("sprouts(0*2!!)", "follow", 13);
  expect_refused("sprouts(0*129)", "more than 128", 11);
  expect_refused("sprouts(" + std::string(129, '2') + ".}]!)", "more than 128 spots", 9 + 128);
}

// Glop's text of a land (its regions end with '}', its boundaries with '.')
// in SPOTS' spelling: '.' between boundaries, '|' between regions.
std::string spots_spelling(const std::string& land) {
  std::string out;
  std::string boundary;
  bool region_ended = false;
  for (const char c : land) {
    if (c == '.') {
      if (!out.empty()) out += region_ended ? '|' : '.';
      out += boundary;
      boundary.clear();
      region_ended = false;
    } else if (c == '}') {
      region_ended = true;
    } else if (c != ']' && c != '!') {
      boundary += c;
    }
  }
  return out;
}

// What a term's text holds between its parentheses.
std::string inside(const std::string& term) {
  return term.substr(term.find('(') + 1, term.rfind(')') - term.find('(') - 1);
}

// SPOTS' spelling (Čížek, Balko and Schmid's solver, vertex.cpp at commit
// da73572): separators instead of end marks, 0*N for N lone spots.
TEST(Sprouts, SpotsSpellingReadsAsGlops) {
  EXPECT_EQ(parse("sprouts(0*7)").text(), parse("sprouts(7)").text());
  EXPECT_EQ(parse("sprouts(0*1.1a1a)").text(), "sprouts(0.1a1a.}]!)");
  EXPECT_EQ(parse("sprouts(AB|AB!)").text(), "sprouts(AB.}AB.}]!)");
  // '+' between lands inside the parentheses, and a dead spot '3' dropped.
  EXPECT_EQ(parse("sprouts(0*2+0)").text(), "sprouts(0.0.}]!) + sprouts(0.}]!)");
  EXPECT_EQ(parse("sprouts(3.0*2)").text(), parse("sprouts(2)").text());
  EXPECT_EQ(parse("sprouts(3!)").text(), "0");
  // Every position two lines from 4 spots, written in SPOTS' spelling: the
  // same position.
  Context context;
  const Position start = parse("sprouts(4)");
  int compared = 0;
  start.component(0)->for_each_option(context, [&](ComponentOption&& first) {
    for (std::size_t i = 0; i < first.after.size(); ++i) {
      first.after.component(i)->for_each_option(context, [&](ComponentOption&& second) {
        const std::string glop = second.after.text();
        std::string spots;
        for (std::size_t k = 0; k < second.after.size(); ++k)
          spots += (k == 0 ? "" : "+") + spots_spelling(inside(second.after.component(k)->text()));
        if (spots.empty()) return true;
        EXPECT_EQ(parse("sprouts(" + spots + "!)").text(), glop) << spots;
        ++compared;
        return true;
      });
    }
    return true;
  });
  EXPECT_GT(compared, 20);
}

// Positions reached by random lines from 2 to 5 spots, valued by grundy from
// their Glop text and by the oracle on the unreduced drawing: the outcome in
// normal play (grundy's value is not 0) and in misere play (grundy's misere
// canonical forms), and the nim-value itself where few lives are left. Each
// keeps at most `most_lives` lives (of 3 per spot): the oracle, which shares
// nothing between like drawings, takes 0.7 s for 60 positions of 9 lives, 50 s
// for 200 of 10.
void expect_random_positions_agree(int positions, int most_lives, int most_lives_valued, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  sprouts_oracle::Solver oracle;
  Context context;
  misere::PositionForms forms(context, std::size_t{512} << 20);
  int valued = 0;
  for (int i = 0; i < positions; ++i) {
    const int spots = 2 + i % 4;
    const int plies = std::max(0, 3 * spots - most_lives) + i % 4;
    const sprouts_oracle::Drawing d = sprouts_oracle::random_descendant(spots, plies, random);
    int lives = 0;
    for (const int degree : d.degree) lives += 3 - degree;
    const std::string text = sprouts_oracle::glop_text(d);
    const Position p = parse(text == "!" ? std::string("0") : "sprouts(" + text + ")");
    const Nimber value = value_of(p);
    EXPECT_EQ(value != 0, oracle.first_player_wins(d, false)) << text;
    EXPECT_EQ(!forms.forms().is_p_position(forms.of(p)), oracle.first_player_wins(d, true)) << text << " (misere)";
    if (lives <= most_lives_valued) {
      EXPECT_EQ(value, static_cast<Nimber>(oracle.nim_value(d))) << text;
      ++valued;
    }
  }
  EXPECT_GE(valued, positions / 3);  // the nim-values are compared, not only outcomes
}

// The canonical text of a land of one region, against its definition: the
// same text whichever way its boundaries are rotated, ordered or read (the
// region's mirror image: every boundary reversed). One region has no
// upper-case letters, whose ties the text breaks by the input's order
// (docs/sprouts.md), so there the text is exact. This holds the least
// rotation, chosen letter by letter without making each rotation's text, to
// what it must give (tried: with rotations left as read, 1893 failures).
TEST(Sprouts, OneRegionTextsForgetRotationOrderAndMirror) {
  std::mt19937_64 random(52);
  Context context;
  std::vector<std::string> lands;
  const auto collect = [&](const Position& p) {
    for (std::size_t k = 0; k < p.size(); ++k) {
      const std::string land = inside(p.component(k)->text());
      if (std::count(land.begin(), land.end(), '}') == 1) lands.push_back(land);
    }
  };
  // Starts, and hand-made boundaries of several lower-case letters (whose
  // names differ between rotations that read alike without them).
  for (const char* start : {"sprouts(3)", "sprouts(4)", "sprouts(0.1a1a.2.}]!)", "sprouts(1ab2ba.0.}]!)",
                            "sprouts(a1b2ab1.}]!)", "sprouts(ab1ab2.1.}]!)", "sprouts(ab1ba2.cd1dc.}]!)",
                            "sprouts(1a1a1b1b.}]!)", "sprouts(2a2b2b2a.1.}]!)"}) {
    const Position p = parse(start);
    collect(p);
    p.component(0)->for_each_option(context, [&](ComponentOption&& first) {
      collect(first.after);
      for (std::size_t i = 0; i < first.after.size(); ++i)
        first.after.component(i)->for_each_option(context, [&](ComponentOption&& second) {
          collect(second.after);
          return true;
        });
      return true;
    });
  }
  std::sort(lands.begin(), lands.end());
  lands.erase(std::unique(lands.begin(), lands.end()), lands.end());
  ASSERT_GT(lands.size(), 30U);
  int with_letters = 0;
  for (const std::string& land : lands) {
    with_letters += land.find_first_of("abcdefghijklmnopqrstuvwxyz") != std::string::npos ? 1 : 0;
    std::vector<std::string> boundaries;
    std::string b;
    for (const char c : land) {
      if (c == '.') boundaries.push_back(b), b.clear();
      else if (c != '}' && c != ']' && c != '!') b += c;
    }
    for (int trial = 0; trial < 8; ++trial) {
      std::vector<std::string> turned = boundaries;
      const bool mirror = trial % 2 == 1;
      for (std::string& t : turned) {
        if (mirror) std::reverse(t.begin(), t.end());
        std::rotate(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(random() % t.size()), t.end());
      }
      std::shuffle(turned.begin(), turned.end(), random);
      std::string text;
      for (const std::string& t : turned) text += t + ".";
      EXPECT_EQ(inside(parse("sprouts(" + text + "}]!)").text()), land) << text;
    }
  }
  EXPECT_GT(with_letters, 10);
}

TEST(Sprouts, RandomPositionsAgreeWithTheRules) { expect_random_positions_agree(80, 9, 7, 52); }

TEST(SproutsLong, RandomPositionsAgreeWithTheRules) { expect_random_positions_agree(300, 10, 8, 53); }

}  // namespace
}  // namespace grundy
