// Coin-turning games, coins(RULE)(THHTH) and the boards corners(HT/TH),
// coins(A,B)(HT/TH), coins(acrostictwins)(HT/TH): held to their definition.
//
// The oracles below play the move rule over whole rows (and boards) as
// positions — a position is the set of its heads, a move turns a set the rule
// allows whose rightmost (furthest right and down) coin is heads — and value
// every position of a row of 16 coins (a board of up to 16 coins) bottom-up,
// memoised in an array: a move turns its rightmost head to tails, so every
// option is a smaller number when the rightmost coin is the highest bit. They
// know nothing of the coin-turning theorem, Lenstra's theorem or the rules'
// formulas, which the ruleset uses. Published values: Ruler = OEIS A006519,
// Mock Turtles = the odious numbers, OEIS A000069 (tests/data, SOURCES.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <bitset>
#include <cstdint>
#include <functional>
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

using testing::parse;
using testing::value_of;

// The sets of coins (bitmasks, coin n is bit n − 1) a move with rightmost coin
// r may turn, r included, on a row of `n` coins: each rule from its words.
using MoveSets = std::function<std::vector<std::uint32_t>(unsigned r)>;

std::vector<std::uint32_t> subsets_ending_at(unsigned r, unsigned least, unsigned most) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t below = 0; below < (1U << (r - 1)); ++below) {
    const auto size = static_cast<unsigned>(std::popcount(below)) + 1;
    if (size >= least && size <= most) out.push_back(below | (1U << (r - 1)));
  }
  return out;
}

MoveSets builtin_rule(const std::string& name) {
  if (name == "ruler") {
    return [](unsigned r) {  // any run of consecutive coins ending at r
      std::vector<std::uint32_t> out;
      for (unsigned l = 1; l <= r; ++l) {
        std::uint32_t run = 0;
        for (unsigned c = l; c <= r; ++c) run |= 1U << (c - 1);
        out.push_back(run);
      }
      return out;
    };
  }
  if (name == "mockturtles") return [](unsigned r) { return subsets_ending_at(r, 1, 3); };
  if (name == "turningturtles") return [](unsigned r) { return subsets_ending_at(r, 1, 2); };
  if (name == "twins") return [](unsigned r) { return subsets_ending_at(r, 2, 2); };
  if (name == "moebius") return [](unsigned r) { return subsets_ending_at(r, 1, 5); };
  ADD_FAILURE() << name;
  return {};
}

// A user's rule: the sets of distances to the left of the rightmost coin.
MoveSets offsets_rule(const std::vector<std::vector<unsigned>>& sets) {
  return [sets](unsigned r) {
    std::vector<std::uint32_t> out;
    for (const auto& set : sets) {
      std::uint32_t turned = 1U << (r - 1);
      bool fits = true;
      for (const unsigned d : set) {
        if (d >= r) fits = false;
        else turned |= 1U << (r - 1 - d);
      }
      if (fits && std::find(out.begin(), out.end(), turned) == out.end()) out.push_back(turned);
    }
    return out;
  };
}

// g of every row of `coins` coins (bit i: coin i + 1 is heads), by the definition.
std::vector<Nimber> row_oracle(const MoveSets& rule, unsigned coins) {
  std::vector<std::vector<std::uint32_t>> sets(coins + 1);
  for (unsigned r = 1; r <= coins; ++r) sets[r] = rule(r);
  // The options' values in a bitset: on 16 coins they stay below 1024 (checked).
  std::vector<Nimber> g(std::size_t{1} << coins, 0);
  std::bitset<1024> seen;
  for (std::uint32_t row = 1; row < g.size(); ++row) {
    seen.reset();
    for (unsigned r = 1; r <= coins; ++r) {
      if (((row >> (r - 1)) & 1U) == 0) continue;
      for (const std::uint32_t turned : sets[r]) seen.set(g[row ^ turned]);
    }
    Nimber m = 0;
    while (m < seen.size() && seen.test(m)) ++m;
    EXPECT_LT(m, seen.size() - 1);
    g[row] = m;
  }
  return g;
}

std::string row_text(std::uint32_t row, unsigned coins) {
  std::string out;
  for (unsigned c = 0; c < coins; ++c) out += ((row >> c) & 1U) ? 'H' : 'T';
  return out;
}

// 300 random rows of 1 to 16 coins, and every row of up to 5, against the oracle.
void check_rows(const std::string& rule_text, const MoveSets& rule, std::mt19937_64& random) {
  constexpr unsigned kCoins = 16;
  const std::vector<Nimber> g = row_oracle(rule, kCoins);
  std::vector<std::pair<std::uint32_t, unsigned>> rows;
  for (unsigned coins = 1; coins <= 5; ++coins)
    for (std::uint32_t row = 0; row < (1U << coins); ++row) rows.emplace_back(row, coins);
  for (int i = 0; i < 300; ++i) {
    const unsigned coins = 1 + static_cast<unsigned>(random() % kCoins);
    rows.emplace_back(static_cast<std::uint32_t>(random() & ((1U << coins) - 1)), coins);
  }
  for (const auto& [row, coins] : rows) {
    const std::string text = "coins(" + rule_text + ")(" + row_text(row, coins) + ")";
    ASSERT_EQ(value_of(parse(text)), g[row]) << text;
  }
}

TEST(CoinTurning, BuiltInRulesEqualTheDefinitionOnRowsOf16) {
  std::mt19937_64 random(14);
  for (const std::string rule : {"ruler", "mockturtles", "turningturtles", "twins", "moebius"}) {
    SCOPED_TRACE(rule);
    check_rows(rule, builtin_rule(rule), random);
  }
}

// 20 random rules of the user's own: 1 to 4 sets of up to 3 distances 1..6
// (an empty set: the rightmost coin alone), written turn{…}{…}.
TEST(CoinTurning, UsersRulesEqualTheDefinitionOnRowsOf16) {
  std::mt19937_64 random(20);
  for (int r = 0; r < 20; ++r) {
    std::vector<std::vector<unsigned>> sets(1 + random() % 4);
    std::string text = "turn";
    for (auto& set : sets) {
      const unsigned size = static_cast<unsigned>(random() % 4);
      for (unsigned i = 0; i < size; ++i) set.push_back(1 + static_cast<unsigned>(random() % 6));
      text += "{";
      for (std::size_t i = 0; i < set.size(); ++i) text += (i ? "," : "") + std::to_string(set[i]);
      text += "}";
    }
    SCOPED_TRACE(text);
    check_rows(text, offsets_rule(sets), random);
  }
}

// Published values: a head alone on coin n (the places spelling, coins(ruler)(n)).
TEST(CoinTurning, RulerIsOeisA006519AndMockTurtlesOeisA000069) {
  const auto ruler = testing::reference_terms("oeis_A006519_ruler_terms.txt");
  ASSERT_GE(ruler.size(), 100u);
  for (const auto& [n, value] : ruler) {
    ASSERT_EQ(value_of(parse("coins(ruler)(" + std::to_string(n) + ")")), value) << n;
  }
  const auto odious = testing::reference_terms("oeis_A000069_odious_mock_turtles_terms.txt");
  ASSERT_GE(odious.size(), 60u);
  for (const auto& [n, value] : odious) {
    ASSERT_EQ(value_of(parse("coins(mockturtles)(" + std::to_string(n) + ")")), value) << n;
  }
}

// Boards. Coin (x, y) — column x, row y, from 1 at the top left — is bit
// (y − 1)·width + x − 1. A product move is an A-move on columns times a
// B-move on rows; Acrostic Twins turns two coins of one row or one column.
struct BoardRule {
  std::string head;     // "corners", "coins(ruler,twins)"
  MoveSets columns;     // empty for Acrostic Twins
  MoveSets rows;
};

// The moves at each coin (index (y − 1)·width + x − 1), as masks of the coins they turn.
std::vector<std::vector<std::uint32_t>> board_moves(const BoardRule& rule, unsigned width, unsigned height) {
  const auto bit = [&](unsigned x, unsigned y) { return 1U << ((y - 1) * width + (x - 1)); };
  std::vector<std::vector<std::uint32_t>> moves(width * height);
  for (unsigned y = 1; y <= height; ++y) {
    for (unsigned x = 1; x <= width; ++x) {
      auto& here = moves[(y - 1) * width + (x - 1)];
      if (!rule.columns) {
        for (unsigned a = 1; a < x; ++a) here.push_back(bit(x, y) | bit(a, y));
        for (unsigned b = 1; b < y; ++b) here.push_back(bit(x, y) | bit(x, b));
        continue;
      }
      for (const std::uint32_t across : rule.columns(x)) {
        for (const std::uint32_t down : rule.rows(y)) {
          std::uint32_t turned = 0;
          for (unsigned c = 1; c <= x; ++c)
            for (unsigned r = 1; r <= y; ++r)
              if (((across >> (c - 1)) & 1U) && ((down >> (r - 1)) & 1U)) turned |= bit(c, r);
          here.push_back(turned);
        }
      }
    }
  }
  return moves;
}

std::vector<std::uint32_t> board_options(const std::vector<std::vector<std::uint32_t>>& moves, std::uint32_t board) {
  std::vector<std::uint32_t> out;
  for (unsigned i = 0; i < moves.size(); ++i)
    if ((board >> i) & 1U)
      for (const std::uint32_t turned : moves[i]) out.push_back(board ^ turned);
  return out;
}

// Values in a byte: on boards of up to 25 coins they stay below 255 (checked),
// and a 5 × 5 board has 2^25 positions.
std::vector<std::uint8_t> board_oracle(const BoardRule& rule, unsigned width, unsigned height) {
  const unsigned cells = width * height;
  const std::vector<std::vector<std::uint32_t>> moves = board_moves(rule, width, height);
  std::vector<std::uint8_t> g(std::size_t{1} << cells, 0);
  for (std::uint32_t board = 1; board < g.size(); ++board) {
    std::bitset<256> seen;
    for (unsigned i = 0; i < cells; ++i) {
      if (((board >> i) & 1U) == 0) continue;
      for (const std::uint32_t turned : moves[i]) seen.set(g[board ^ turned]);
    }
    unsigned m = 0;
    while (m < 255 && seen.test(m)) ++m;
    EXPECT_LT(m, 255u);
    g[board] = static_cast<std::uint8_t>(m);
  }
  return g;
}

std::string board_text(std::uint32_t board, unsigned width, unsigned height) {
  std::string out;
  for (unsigned y = 0; y < height; ++y) {
    if (y) out += '/';
    for (unsigned x = 0; x < width; ++x) out += ((board >> (y * width + x)) & 1U) ? 'H' : 'T';
  }
  return out;
}

std::vector<BoardRule> board_rules() {
  return {{"corners", builtin_rule("twins"), builtin_rule("twins")},
          {"coins(acrostictwins)", nullptr, nullptr},
          {"coins(ruler,ruler)", builtin_rule("ruler"), builtin_rule("ruler")},
          {"coins(ruler,mockturtles)", builtin_rule("ruler"), builtin_rule("mockturtles")},
          {"coins(mockturtles,turningturtles)", builtin_rule("mockturtles"), builtin_rule("turningturtles")},
          {"coins(moebius,twins)", builtin_rule("moebius"), builtin_rule("twins")},
          {"coins(twins,turn{1}{1,3})", builtin_rule("twins"), offsets_rule({{1}, {1, 3}})}};
}

void check_boards(const BoardRule& rule, const std::vector<std::pair<unsigned, unsigned>>& sizes, int per_size,
                  std::mt19937_64& random) {
  for (const auto& [width, height] : sizes) {
    const std::vector<std::uint8_t> g = board_oracle(rule, width, height);
    for (int i = 0; i < per_size; ++i) {
      const auto board = static_cast<std::uint32_t>(random() % g.size());
      const std::string text = rule.head + "(" + board_text(board, width, height) + ")";
      ASSERT_EQ(value_of(parse(text)), g[board]) << text;
    }
  }
}

// Boards up to 4 × 4 (and 3 × 5, 5 × 3): 300 random positions and more per rule.
TEST(CoinTurning, ProductsEqualTheDefinitionOnBoardsUpTo16Coins) {
  std::mt19937_64 random(16);
  const std::vector<std::pair<unsigned, unsigned>> sizes = {{1, 1}, {2, 1}, {1, 3}, {2, 2}, {3, 2}, {2, 4},
                                                            {3, 3}, {4, 3}, {3, 5}, {5, 3}, {4, 4}};
  for (const BoardRule& rule : board_rules()) {
    SCOPED_TRACE(rule.head);
    check_boards(rule, sizes, 30, random);
  }
}

// Larger boards, a long test: 5 × 4 (2^20 positions) for every rule, and
// 5 × 5 (2^25 positions, seconds each) for the rules with fewest moves.
TEST(CoinTurningLong, ProductsEqualTheDefinitionOn5x5Boards) {
  std::mt19937_64 random(25);
  for (const BoardRule& rule : board_rules()) {
    SCOPED_TRACE(rule.head);
    check_boards(rule, {{5, 4}, {4, 5}}, 300, random);
    if (rule.head == "corners" || rule.head == "coins(acrostictwins)" || rule.head == "coins(ruler,ruler)") {
      check_boards(rule, {{5, 5}}, 300, random);
    }
  }
}

// The moves to each value, listed from the theorems, are exactly the options
// of that value by the oracle, with their count: rows of every rule and boards.
TEST(CoinTurning, MovesToEachValueEqualTheDefinition) {
  std::mt19937_64 random(9);
  const auto check = [&](const std::string& head, const std::vector<Nimber>& g, std::uint32_t position,
                         const std::string& text_of_position, const std::function<std::string(std::uint32_t)>& text,
                         const std::function<std::vector<std::uint32_t>(std::uint32_t)>& options) {
    const Position p = parse(head + "(" + text_of_position + ")");
    std::map<Nimber, std::multiset<std::string>> by_value;
    // As the game prints them (a user's rule in its one form).
    for (const std::uint32_t q : options(position)) by_value[g[q]].insert(parse(head + "(" + text(q) + ")").text());
    for (Nimber target = 0; target <= g[position] + 2; ++target) {
      const auto moves = testing::moves_to_value(p[0], target, 1000);
      std::multiset<std::string> listed;
      for (const auto& m : moves.listed) listed.insert(m.result);
      ASSERT_EQ(listed, by_value[target]) << p.text() << " to " << target;
      ASSERT_EQ(moves.total, by_value[target].size()) << p.text() << " to " << target;
    }
  };
  for (const std::string rule : {"ruler", "mockturtles", "turningturtles", "twins", "moebius"}) {
    constexpr unsigned kCoins = 11;
    const MoveSets sets = builtin_rule(rule);
    const std::vector<Nimber> g = row_oracle(sets, kCoins);
    for (int i = 0; i < 60; ++i) {
      const auto row = static_cast<std::uint32_t>(random() % g.size());
      const auto text = [](std::uint32_t q) { return row_text(q, kCoins); };
      check("coins(" + rule + ")", g, row, text(row), text, [&](std::uint32_t position) {
        std::vector<std::uint32_t> out;
        for (unsigned r = 1; r <= kCoins; ++r)
          if ((position >> (r - 1)) & 1U)
            for (const std::uint32_t turned : sets(r)) out.push_back(position ^ turned);
        return out;
      });
    }
  }
  for (const BoardRule& rule : board_rules()) {
    constexpr unsigned kWidth = 4;
    constexpr unsigned kHeight = 3;
    const std::vector<std::uint8_t> board_values = board_oracle(rule, kWidth, kHeight);
    const std::vector<Nimber> g(board_values.begin(), board_values.end());
    const auto moves = board_moves(rule, kWidth, kHeight);
    const auto options = [&](std::uint32_t position) { return board_options(moves, position); };
    for (int i = 0; i < 25; ++i) {
      const auto board = static_cast<std::uint32_t>(random() % g.size());
      const auto text = [](std::uint32_t q) { return board_text(q, kWidth, kHeight); };
      check(rule.head, g, board, text(board), text, options);
    }
  }
}

// Long rows: a row of 10^6 coins is valued, and its winning moves counted,
// from the formulas (the speed is measured in bench/textbook_games_bench.cpp).
// Checked here against the definition written per head in a slower way: for
// Ruler, every run ending at each head by prefix xors (4000 coins); for Mock
// Turtles, every pair left of each head (400 coins).
TEST(CoinTurning, LongRowsAndTheirWinningMoves) {
  std::mt19937_64 random(6);
  const auto random_row = [&](std::size_t coins) {
    std::string row(coins, 'T');
    for (char& c : row) c = random() % 2 ? 'H' : 'T';
    return row;
  };
  {
    const std::string row = random_row(4000);
    std::vector<Nimber> prefix(row.size() + 1, 0);  // xor of lowbit(1..n)
    Nimber value = 0;
    for (std::size_t n = 1; n <= row.size(); ++n) {
      prefix[n] = prefix[n - 1] ^ (n & (~n + 1));
      if (row[n - 1] == 'H') value ^= n & (~n + 1);
    }
    std::uint64_t winning = 0;
    for (std::size_t r = 1; r <= row.size(); ++r) {
      if (row[r - 1] != 'H') continue;
      for (std::size_t l = 1; l <= r; ++l) winning += (value ^ prefix[r] ^ prefix[l - 1]) == 0 ? 1 : 0;
    }
    const Position p = parse("coins(ruler)(" + row + ")");
    EXPECT_EQ(value_of(p), value);
    EXPECT_EQ(testing::moves_to_value(p[0], 0, 3).total, value == 0 ? 0 : winning);
  }
  {
    const std::string row = random_row(400);
    const auto odious = [](std::uint64_t n) { return 2 * (n - 1) + (std::popcount(n - 1) % 2 == 0 ? 1 : 0); };
    Nimber value = 0;
    for (std::size_t n = 1; n <= row.size(); ++n)
      if (row[n - 1] == 'H') value ^= odious(n);
    for (const Nimber target : {Nimber{0}, Nimber{5}, value ^ 6}) {
      std::uint64_t count = 0;
      for (std::uint64_t r = 1; r <= row.size(); ++r) {
        if (row[r - 1] != 'H') continue;
        const Nimber need = value ^ target ^ odious(r);
        count += need == 0 ? 1 : 0;
        for (std::uint64_t a = 1; a < r; ++a) {
          count += odious(a) == need ? 1 : 0;
          for (std::uint64_t b = a + 1; b < r; ++b) count += (odious(a) ^ odious(b)) == need ? 1 : 0;
        }
      }
      const Position p = parse("coins(mockturtles)(" + row + ")");
      EXPECT_EQ(testing::moves_to_value(p[0], target, 3).total, count) << target;
    }
  }
  // 10^6 coins, every one heads: Ruler's value is the xor of lowbit(1..n), the
  // Gray code of n; Mock Turtles' is the xor of the first n odious numbers (0
  // for n = 10^6). A random row of 10^6 coins: its winning moves leave 0.
  const std::string heads(1'000'000, 'H');
  EXPECT_EQ(value_of(parse("coins(ruler)(" + heads + ")")), 1'000'000u ^ 500'000u);
  Nimber odious_xor = 0;
  for (std::uint64_t n = 1; n <= heads.size(); ++n) odious_xor ^= 2 * (n - 1) + (std::popcount(n - 1) % 2 == 0 ? 1 : 0);
  EXPECT_EQ(value_of(parse("coins(mockturtles)(" + heads + ")")), odious_xor);
  for (const std::string rule : {"ruler", "mockturtles", "turningturtles", "twins"}) {
    const Position p = parse("coins(" + rule + ")(" + random_row(1'000'000) + ")");
    ASSERT_NE(value_of(p), 0u) << rule;
    const SumAnalysis a = analyze(p, testing::context(), AnalysisOptions{false, 3});
    EXPECT_GT(a.winning_move_total, 0u) << rule;
    for (const Move& m : a.winning_moves) EXPECT_EQ(value_of(m.after()), 0u) << rule << ": " << m.action;
  }
}

// Spellings: the places of the heads; a user's rule prints in one form; every
// position prints as an expression that parses back.
TEST(CoinTurning, SpellingsAndPrinting) {
  EXPECT_TRUE(parse("coins(ruler)(2,3,5)") == parse("coins(ruler)(THHTH)"));
  EXPECT_EQ(parse("coins(ruler)(2,3,5)").text(), "coins(ruler)(THHTH)");
  EXPECT_EQ(parse("coins(ruler)(1..3)").text(), "coins(ruler)(HHH)");
  EXPECT_EQ(value_of(parse("coins(ruler)(4194304)")), 4194304u);  // the longest row, 2^22 coins
  EXPECT_EQ(parse("coins(turn{}{2}{1,2})(THH)").text(), "coins(turn{0}{0..2}{0,2})(THH)");
  EXPECT_EQ(parse("coins(turn{2,1}{0})(THH)").text(), "coins(turn{0}{0..2})(THH)");
  EXPECT_EQ(parse("coins(ruler)(TH, HTH)").size(), 2u);
  EXPECT_EQ(parse("corners(HT/TH/)").text(), "corners(HT/TH)");
  EXPECT_EQ(parse("coins(ruler,twins)(HTH/)").text(), "coins(ruler,twins)(HTH)");
  // Turning Corners at (x, y) is worth (x − 1) ⊗ (y − 1): 3 ⊗ 3 = 2 at (4, 4).
  EXPECT_EQ(value_of(parse("corners(TTTT/TTTT/TTTT/TTTH)")), 2u);
  EXPECT_EQ(value_of(parse("coins(acrostictwins)(TTTT/TTTT/TTTH)")), 3u ^ 2u);
  EXPECT_TRUE(parse("coins(twins,twins)(TH/HH)") != parse("corners(TH/HH)"));  // two spellings, two games
}

TEST(CoinTurning, BadInputIsOneLineWithTheColumnAndExitTwo) {
  const std::string long_moebius(129, 'H');
  const std::string wide(65, 'H');
  for (const auto& [text, column] : std::vector<std::pair<std::string, std::string>>{
           {"coins(ruler)()", "column 13"},
           {"coins(ruler)(THXH)", "column 16"},
           {"coins(ruler)(THhH)", "column 16"},
           {"coins(foo)(TH)", "column 7"},
           {"coins(ruler,twins,moebius)(H)", "column 6"},
           {"coins(ruler)(HT/TH)", "column 14"},
           {"coins(ruler)(TH,3)", "column 17"},
           {"coins(ruler)(0)", "column 14"},
           {"coins(ruler)(99999999999)", "column 13"},
           {"coins(ruler)(4194305)", "column 13"},  // 2^22 + 1 coins
           {"coins(moebius)(" + long_moebius + ")", "column 16"},
           {"coins(turn{2000000})(H)", "column 12"},
           {"coins(ruler)", "column 1"},
           {"corners(HT/THH)", "column 12"},
           {"corners(HT//TH)", "column 12"},
           {"corners(" + wide + ")", "column 9"},
           {"corners(3)", "column 9"},
           {"coins(acrostictwins,ruler)(H)", "column 7"}}) {
    const cli_runner::CliRun run = cli_runner::grundy("value '" + text + "'");
    EXPECT_EQ(run.status, 2) << text << ": " << run.out;
    EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 1) << text << ": " << run.out;
    EXPECT_NE(run.out.find(column), std::string::npos) << text << ": " << run.out;
  }
  // A short row counted in words ("1 coins" before).
  const cli_runner::CliRun short_row = cli_runner::grundy("value 'corners(HT/T)'");
  EXPECT_NE(short_row.out.find("row 2 has 1 coin, the first row 2: every row of a board has as many coins"),
            std::string::npos)
      << short_row.out;
}

// `grundy explain` names the theorem that decided; `grundy play` plays.
TEST(CoinTurning, ExplainNamesTheTheoremAndPlayWins) {
  const cli_runner::CliRun row = cli_runner::grundy("explain 'coins(ruler)(THHTH)'");
  ASSERT_EQ(row.status, 0) << row.out;
  EXPECT_NE(row.out.find("By the coin-turning theorem"), std::string::npos) << row.out;
  EXPECT_NE(row.out.find("head on coin 5: g = 1"), std::string::npos) << row.out;
  EXPECT_NE(row.out.find("So g = 2"), std::string::npos) << row.out;  // 2 ⊕ 1 ⊕ 1
  const cli_runner::CliRun corners = cli_runner::grundy("explain 'corners(TTT/THT/TTH)'");
  ASSERT_EQ(corners.status, 0) << corners.out;
  EXPECT_NE(corners.out.find("By Lenstra's theorem"), std::string::npos) << corners.out;
  EXPECT_NE(corners.out.find("2 ⊗ 2 = 3"), std::string::npos) << corners.out;
  const cli_runner::CliRun product = cli_runner::grundy("explain 'coins(ruler,mockturtles)(HT/TH)'");
  ASSERT_EQ(product.status, 0) << product.out;
  EXPECT_NE(product.out.find("g_A(x) ⊗ g_B(y)"), std::string::npos) << product.out;
  const cli_runner::CliRun play = cli_runner::grundy("play 'coins(mockturtles)(THHTH)' --first computer", "q\n");
  EXPECT_NE(play.out.find("position: coins(mockturtles)("), std::string::npos) << play.out;
}

}  // namespace
}  // namespace grundy
