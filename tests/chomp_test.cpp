// Chomp and poset games (src/rulesets/chomp.cpp) against oracles written from
// the definition alone — a position is the set of squares (elements) left; a
// move removes one and everything above it; the poisoned least element is
// never taken; memoised mex — on random Young diagrams within 6×6, random
// posets of 12 elements and divisor games; every closed form (rows, columns,
// L's, two rows by Sun's formula, chains) against the same definition; the
// P-positions of 3-rowed Chomp against OEIS A029899, A029900 and A029901
// (tests/data/SOURCES.md); strategy stealing and Gale's mirror strategy where
// the value is out of reach; explain, play and bad input through `grundy`.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "grundy/analysis/analysis.hpp"
#include "grundy/core/input_error.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using testing::context;
using testing::parse;
using testing::value_of;

// ---- the oracle for Young diagrams: row lengths, memoised mex ----

using Rows = std::vector<int>;

class DiagramOracle {
 public:
  std::vector<Rows> options(const Rows& rows) const {
    std::vector<Rows> out;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      for (int j = i == 0 ? 1 : 0; j < rows[i]; ++j) {
        Rows next;
        for (std::size_t k = 0; k < rows.size(); ++k) {
          const int length = k >= i ? std::min(rows[k], j) : rows[k];
          if (length > 0) next.push_back(length);
        }
        out.push_back(next);
      }
    }
    return out;
  }
  Nimber value(const Rows& rows) {
    if (const auto it = memo_.find(rows); it != memo_.end()) return it->second;
    std::set<Nimber> seen;
    for (const Rows& o : options(rows)) seen.insert(value(o));
    Nimber g = 0;
    while (seen.count(g)) ++g;
    return memo_[rows] = g;
  }

 private:
  std::map<Rows, Nimber> memo_;
};

std::string chomp_text(const Rows& rows) {
  std::string out;
  for (int r : rows) out += (out.empty() ? "" : ",") + std::to_string(r);
  return "chomp(" + out + ")";
}

Rows random_diagram(std::mt19937_64& random, int max_rows, int max_columns) {
  Rows rows;
  int length = 1 + static_cast<int>(random() % max_columns);
  const int height = 1 + static_cast<int>(random() % max_rows);
  for (int r = 0; r < height; ++r) {
    rows.push_back(length);
    length = 1 + static_cast<int>(random() % length);
  }
  return rows;
}

TEST(Chomp, YoungDiagramsWithinSixBySixEqualTheDefinition) {
  std::mt19937_64 random(1974);
  DiagramOracle oracle;
  for (int n = 0; n < 400; ++n) {
    const Rows rows = random_diagram(random, 6, 6);
    const Position p = parse(chomp_text(rows));
    ASSERT_EQ(value_of(p), oracle.value(rows)) << chomp_text(rows);
    // The moves to every value the options have, with their count.
    std::map<Nimber, std::multiset<std::string>> by_value;
    for (const Rows& o : oracle.options(rows)) by_value[oracle.value(o)].insert(parse(chomp_text(o)).text());
    for (const auto& [target, texts] : by_value) {
      const OptionList found = p[0].options_to_value(context(), target, 100);
      ASSERT_EQ(found.total, texts.size()) << chomp_text(rows) << " to " << target;
      std::multiset<std::string> got;
      for (const ComponentOption& o : found.listed) got.insert(o.after.text());
      ASSERT_EQ(got, texts) << chomp_text(rows) << " to " << target;
    }
  }
}

// The closed forms, beyond 6×6: one row, one column, an L, two rows, two columns.
TEST(Chomp, ClosedFormsEqualTheDefinition) {
  DiagramOracle oracle;
  for (int a = 1; a <= 40; ++a) {
    EXPECT_EQ(value_of(parse("chomp(1x" + std::to_string(a) + ")")), static_cast<Nimber>(a - 1));
    EXPECT_EQ(value_of(parse("chomp(" + std::to_string(a) + "x1)")), static_cast<Nimber>(a - 1));
    for (int h = 2; h <= 12; ++h) {
      Rows l(static_cast<std::size_t>(h), 1);
      l[0] = a;
      ASSERT_EQ(value_of(parse(chomp_text(l))), oracle.value(l)) << chomp_text(l);
    }
  }
  for (int a = 1; a <= 150; ++a) {
    for (int b = 1; b <= a; ++b) {
      const Rows rows = {a, b};
      ASSERT_EQ(value_of(parse(chomp_text(rows))), oracle.value(rows)) << chomp_text(rows);
      // Two columns: the transpose.
      std::string columns = std::to_string(b) + "x2," + std::to_string(a - b) + "x1";
      if (a == b) columns = std::to_string(a) + "x2";
      ASSERT_EQ(value_of(parse("chomp(" + columns + ")")), oracle.value(rows)) << columns;
    }
  }
}

// Sun's two-row formula against a plain dynamic programme of the definition
// (g(a, b) = mex over g(c, min(b, c)), c < a, and g(a, c), c < b).
std::vector<std::vector<Nimber>> two_row_table(int top) {
  std::vector<std::vector<Nimber>> g(static_cast<std::size_t>(top + 1));
  std::vector<char> seen;
  for (int a = 1; a <= top; ++a) {
    g[a].assign(static_cast<std::size_t>(a + 1), 0);
    for (int b = 0; b <= a; ++b) {
      seen.assign(static_cast<std::size_t>(3 * top + 3), 0);
      for (int c = 1; c < a; ++c) seen[g[c][std::min(b, c)]] = 1;
      for (int c = 0; c < b; ++c) seen[g[a][c]] = 1;
      Nimber v = 0;
      while (seen[v]) ++v;
      g[a][b] = v;
    }
  }
  return g;
}

void check_two_rows(int top) {
  const auto g = two_row_table(top);
  Context run;
  for (int a = 1; a <= top; ++a) {
    for (int b = 1; b <= a; ++b) {
      const Position p = parse("chomp(" + std::to_string(a) + "," + std::to_string(b) + ")");
      ASSERT_EQ(p.value(run), Value(g[a][b])) << a << "," << b;
    }
  }
}

TEST(Chomp, TwoRowsBySunsFormula) { check_two_rows(400); }
TEST(ChompLong, TwoRowsBySunsFormulaTo1500) { check_two_rows(1500); }

TEST(Chomp, TwoRowsAtAnySize) {
  // P-positions [b + 1, b] (Winning Ways ch. 18), any size; 2×n boards.
  EXPECT_EQ(value_of(parse("chomp(1000000000000000001,1000000000000000000)")), 0u);
  EXPECT_EQ(value_of(parse("chomp(2x1000000000000000000)")), 1499999999999999999u);  // ⌊(3n − 1)/2⌋
  EXPECT_EQ(value_of(parse("chomp(1000000000000000000x2)")), 1499999999999999999u);
  // Past 2^64 − 1: refused, not wrapped.
  EXPECT_THROW((void)value_of(parse("chomp(2x18446744073709551615)")), LimitError);
}

// ---- 3-rowed Chomp: P-positions against OEIS ----

std::vector<std::uint64_t> oeis(const std::string& file) {
  std::vector<std::uint64_t> out;
  for (const auto& [n, a] : testing::reference_terms(file)) out.push_back(a);
  return out;
}

// [p, q, r] is a P-position (valued through the ruleset, one run).
class ThreeRows {
 public:
  bool losing(int p, int q, int r) {
    std::string text = "chomp(" + std::to_string(p);
    if (q > 0) text += "," + std::to_string(q);
    if (r > 0) text += "," + std::to_string(r);
    return parse(text + ")").value(run_) == Value(Nimber{0});
  }

 private:
  Context run_;
};

TEST(Chomp, ThreeRowPPositionsMatchOeis) {
  ThreeRows three;
  // A029899(n): the P-positions [p, q, r], p ≥ q ≥ r ≥ 0, inside 3 × n.
  const std::vector<std::uint64_t> counts = oeis("oeis_A029899_chomp_3xn_p_positions_terms.txt");
  ASSERT_GE(counts.size(), 40u);
  std::uint64_t count = 0;
  std::vector<std::vector<int>> positions;
  for (int p = 1; p < static_cast<int>(counts.size()); ++p) {
    for (int q = 0; q <= p; ++q)
      for (int r = 0; r <= q; ++r)
        if (three.losing(p, q, r)) {
          ++count;
          positions.push_back({p, q, r});
        }
    ASSERT_EQ(count, counts[static_cast<std::size_t>(p)]) << "P-positions inside 3 x " << p;
  }
  // A029900(n): the p of the P-position [p, n, n] (the 3 × p board's winning
  // move eats (2, n + 1)); A029901: the p whose 3 × p board is won in the third row.
  const std::vector<std::uint64_t> square_rows = oeis("oeis_A029900_chomp_3xn_second_row_move_terms.txt");
  for (std::size_t n = 0; n < square_rows.size() && square_rows[n] < counts.size(); ++n) {
    EXPECT_TRUE(three.losing(static_cast<int>(square_rows[n]), static_cast<int>(n), static_cast<int>(n)))
        << "[" << square_rows[n] << "," << n << "," << n << "]";
  }
  const std::vector<std::uint64_t> third_row = oeis("oeis_A029901_chomp_3xn_third_row_move_terms.txt");
  std::set<std::uint64_t> third(third_row.begin(), third_row.end());
  for (int p = 2; p < static_cast<int>(counts.size()); ++p) {
    bool won_in_third_row = false;
    for (int r = 0; r < p; ++r) won_in_third_row = won_in_third_row || three.losing(p, p, r);
    EXPECT_EQ(won_in_third_row, third.count(static_cast<std::uint64_t>(p)) == 1) << "3 x " << p;
  }
}

// ---- the oracle for posets: bitsets, memoised mex ----

struct SmallPoset {
  int n = 0;
  std::vector<std::uint32_t> up;  // up[x] includes x
  int poison = -1;
};

class PosetOracle {
 public:
  explicit PosetOracle(const SmallPoset& poset) : poset_(poset) {}
  Nimber value(std::uint32_t left) {
    if (const auto it = memo_.find(left); it != memo_.end()) return it->second;
    std::set<Nimber> seen;
    for (int x = 0; x < poset_.n; ++x)
      if ((left >> x) & 1U) seen.insert(value(left & ~poset_.up[x]));
    Nimber g = 0;
    while (seen.count(g)) ++g;
    return memo_[left] = g;
  }

 private:
  const SmallPoset& poset_;
  std::map<std::uint32_t, Nimber> memo_;
};

// A random poset of n elements: relations i<j (i < j) at random, closed; in
// half of them element 0 is below everything (a poisoned least element).
SmallPoset random_poset(std::mt19937_64& random, int n, std::vector<std::pair<int, int>>& relations) {
  SmallPoset poset;
  poset.n = n;
  const bool with_least = random() % 2 == 0;
  relations.clear();
  for (int j = 1; j < n; ++j)
    for (int i = 0; i < j; ++i)
      if ((with_least && i == 0) || random() % 5 == 0) relations.emplace_back(i, j);
  std::vector<std::uint32_t> above(static_cast<std::size_t>(n), 0);
  for (const auto& [i, j] : relations) above[i] |= 1U << j;
  for (int x = n - 1; x >= 0; --x)
    for (int y = x + 1; y < n; ++y)
      if ((above[x] >> y) & 1U) above[x] |= above[y];
  poset.up.resize(static_cast<std::size_t>(n));
  for (int x = 0; x < n; ++x) poset.up[x] = above[x] | (1U << x);
  const std::uint32_t everything = (1U << n) - 1;
  for (int x = 0; x < n; ++x)
    if (poset.up[x] == everything) poset.poison = x;
  return poset;
}

TEST(PosetGames, RandomPosetsOfTwelveEqualTheDefinition) {
  std::mt19937_64 random(12);
  const std::vector<std::string> names = {"z", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"};
  for (int t = 0; t < 300; ++t) {
    std::vector<std::pair<int, int>> relations;
    const SmallPoset poset = random_poset(random, 12, relations);
    // Written shuffled, as chains a < b < c where they happen to line up.
    std::shuffle(relations.begin(), relations.end(), random);
    std::string text = "# random poset " + std::to_string(t) + "\n";
    for (int x = 0; x < 12; ++x) text += names[x] + "\n";  // every element named, related or not
    for (const auto& [i, j] : relations) text += names[i] + " < " + names[j] + "\n";
    const std::string file = cli_runner::temp_file("poset_" + std::to_string(t) + ".txt", text);
    PosetOracle oracle(poset);
    std::uint32_t all = (1U << 12) - 1;
    if (poset.poison >= 0) all &= ~(1U << poset.poison);
    const Position p = parse("poset(@" + file + ")");
    ASSERT_EQ(value_of(p), oracle.value(all)) << text;
    // A position below two elements.
    const int x = static_cast<int>(random() % 12);
    const int y = static_cast<int>(random() % 12);
    std::uint32_t below = 0;
    for (int e = 0; e < 12; ++e)
      if (((poset.up[e] >> x) & 1U) || ((poset.up[e] >> y) & 1U)) below |= 1U << e;
    if (poset.poison >= 0) below &= ~(1U << poset.poison);
    const Position q = parse("poset(@" + file + "," + names[x] + "," + names[y] + ")");
    ASSERT_EQ(value_of(q), oracle.value(below)) << text << names[x] << "," << names[y];
    const Position again = parse(q.text());
    ASSERT_TRUE(again == q) << q.text();
  }
}

TEST(PosetGames, DivisorGameEqualsTheDefinitionAndChomp) {
  for (std::uint64_t n = 1; n <= 400; ++n) {
    std::vector<std::uint64_t> d;
    for (std::uint64_t k = 1; k <= n; ++k)
      if (n % k == 0) d.push_back(k);
    SmallPoset poset;
    poset.n = static_cast<int>(d.size());
    poset.up.assign(d.size(), 0);
    for (std::size_t x = 0; x < d.size(); ++x)
      for (std::size_t y = 0; y < d.size(); ++y)
        if (d[y] % d[x] == 0) poset.up[x] |= 1U << y;
    PosetOracle oracle(poset);
    const std::uint32_t all = ((1U << d.size()) - 1) & ~1U;  // 1 is poisoned
    ASSERT_EQ(value_of(parse("divisors(" + std::to_string(n) + ")")), oracle.value(all)) << n;
  }
  // divisors(2^(c-1) 3^(r-1)) is Chomp on an r × c board.
  for (int r = 1; r <= 4; ++r) {
    for (int c = 1; c <= 5; ++c) {
      std::uint64_t n = 1;
      for (int i = 1; i < c; ++i) n *= 2;
      for (int i = 1; i < r; ++i) n *= 3;
      EXPECT_EQ(value_of(parse("divisors(" + std::to_string(n) + ")")),
                value_of(parse("chomp(" + std::to_string(r) + "x" + std::to_string(c) + ")")))
          << r << "x" << c;
    }
  }
  // A large prime: a chain of one takeable element; p·q of two 32-bit primes: 2 × 2.
  EXPECT_EQ(value_of(parse("divisors(18446744073709551557)")), 1u);
  EXPECT_EQ(value_of(parse("divisors(18446743979220271189)")), value_of(parse("chomp(2x2)")));
  // Positions print as the numbers that generate what is left.
  EXPECT_EQ(parse("divisors(30,4,2)").text(), "divisors(4,30)");
}

// ---- where the value is out of reach ----

TEST(Chomp, BeyondTheSearchTheOutcomeByTheorem) {
  // A square: Gale's mirror strategy, its only winning move (2, 2).
  nlohmann::json j = cli_runner::grundy_json("value 'chomp(100x100)'");
  EXPECT_EQ(j["outcome"], "N");
  EXPECT_TRUE(j["value"].is_null());
  EXPECT_NE(j["value_note"].get<std::string>().find("2^21"), std::string::npos) << j.dump();
  ASSERT_EQ(j["winning_move_count"], 1);
  EXPECT_EQ(j["winning_moves"][0]["after"], "chomp(100,99x1)");
  // Another rectangle: strategy stealing says who wins, not how.
  j = cli_runner::grundy_json("value 'chomp(3x1000)'");
  EXPECT_EQ(j["outcome"], "N");
  EXPECT_TRUE(j["value"].is_null());
  EXPECT_EQ(j["winning_move_count_is_lower_bound"], true) << j.dump();
  // The divisor game on a number with more than 64 divisors (720720 has 240):
  // refused, the reason saying who wins all the same.
  const cli_runner::CliRun divisors = cli_runner::grundy("value 'divisors(720720)'");
  EXPECT_EQ(divisors.status, 2) << divisors.out;
  EXPECT_NE(divisors.out.find("the first player wins (strategy stealing"), std::string::npos) << divisors.out;
  // A diagram that is no rectangle: no theorem; the value's limit stands.
  const cli_runner::CliRun run = cli_runner::grundy("value 'chomp(100,99x99)'");
  EXPECT_EQ(run.status, 2) << run.out;
}

TEST(Chomp, ExplainNamesTheTheorem) {
  const auto explained = [](const std::string& expression) {
    const cli_runner::CliRun run = cli_runner::grundy("explain '" + expression + "'");
    EXPECT_EQ(run.status, 0) << run.out;
    return run.out;
  };
  EXPECT_NE(explained("chomp(2x7)").find("Sun's formula"), std::string::npos);
  EXPECT_NE(explained("chomp(5x5)").find("Gale's mirror strategy"), std::string::npos);
  EXPECT_NE(explained("chomp(1x9)").find("one row or column"), std::string::npos);
  EXPECT_NE(explained("chomp(6,1,1)").find("an L"), std::string::npos);
  EXPECT_NE(explained("divisors(64)").find("a chain is a Nim heap"), std::string::npos);
  // Play: the computer moves first on a square and wins.
  const cli_runner::CliRun play = cli_runner::grundy("play 'chomp(3x3)' --first computer", "1\n1\n1\n1\n1\n1\n");
  EXPECT_EQ(play.status, 0) << play.out;
  EXPECT_NE(play.out.find("you lose"), std::string::npos) << play.out;
}

TEST(Chomp, PrintingAndMoves) {
  EXPECT_EQ(parse("chomp(5,5,5)").text(), "chomp(3x5)");
  EXPECT_EQ(parse("chomp(5,3,3,1)").text(), "chomp(5,2x3,1)");
  EXPECT_TRUE(parse("chomp(5,2x3,1)") == parse("chomp(5,3,3,1)"));
  std::vector<std::string> moves;
  for_each_move(parse("chomp(2x2)"), context(), [&](Move&& m) {
    moves.push_back(m.action + " => " + m.after().text());
    return true;
  });
  EXPECT_EQ(moves, (std::vector<std::string>{
                       "eat the square at row 1, column 2 and every square below and right of it => chomp(2x1)",
                       "eat the square at row 2, column 1 and every square below and right of it => chomp(1x2)",
                       "eat the square at row 2, column 2 and every square below and right of it => chomp(2,1)"}));
}

// Bad input: one line naming what and where, exit 2.
TEST(Chomp, BadInputOneLineExitTwo) {
  const std::string cycle = cli_runner::temp_file("poset_cycle.txt", "a < b\nb < c\nc < a\n");
  const std::string loop = cli_runner::temp_file("poset_loop.txt", "a < b\nb<b\n");
  const std::string fine = cli_runner::temp_file("poset_fine.txt", "a < b\n");
  const std::string dashes = cli_runner::temp_file("poset_dashes.txt", "a < b\nb - c\n");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"'poset(@" + cycle + ")'", cycle + ":1:1: the relation a<b lies on a cycle (b is already below a)"},
      {"'poset(@" + loop + ")'", loop + ":2:1: the relation b<b lies on a cycle"},
      {"'chomp(99999999999999999999x3)'", "column 7: the number of rows in '99999999999999999999x3' does not fit in 64 bits"},
      {"'chomp()'", "column 6: no position given in '()'"},
      {"'chomp(0x5)'", "column 7: a board has no empty rows or columns"},
      {"'chomp(3,5)'", "column 9: row lengths must not increase"},
      {"'chomp(3y5)'", "column 7: expected a row length or a block RxC"},
      {"'chomp(18446744073709551615x1,18446744073709551615x1)'", "more than 2^64 - 1 rows"},
      {"'divisors(0)'", "column 10: the divisor game is played on the divisors of a positive number"},
      {"'poset(a,b)'", "column 7: a poset game names its file first"},
      {"'poset(@" + fine + ",q)'", "has no element 'q'"},
      {"'poset(@" + dashes + ")'", dashes + ":2:3: expected '<' between two elements"},
      {"'poset(@" + fine + "," + fine + ")'", "expected a number, a name or a file, found '/'"},
  };
  for (const auto& [args, expected] : cases) cli_runner::expect_refused_in_one_line("value " + args, expected);
}

}  // namespace
}  // namespace grundy
