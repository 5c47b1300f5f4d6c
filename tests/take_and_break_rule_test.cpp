// Take-and-break games as heap rules: values for huge heaps from proven periods,
// moves against brute-force twins, refusals.
#include <gtest/gtest.h>

#include "grundy/rulesets/lasker_nim.hpp"
#include "test_support.hpp"

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "grundy/core/heap_game_rule.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/take_and_break/take_and_break.hpp"
#include "grundy/terms/expression.hpp"

namespace grundy {
namespace {

// OEIS A002186 (oeis_A002186_kayles_0.77_terms.txt): period 12 from n = 71, so
// g(n) = a(71 + (n - 71) mod 12) for n >= 71; and A002187 for .07 shifted by 1
// (period 34 from 52 in Dawson's Kayles numbering).
TEST(TakeAndBreakRule, KaylesAndDawsonForHugeHeapsFromProvenPeriod) {
  std::vector<Nimber> a;
  for (const auto& [n, value] : testing::reference_terms("oeis_A002186_kayles_0.77_terms.txt")) a.push_back(value);
  ASSERT_EQ(a.size(), 105U);
  const auto kayles = make_take_and_break("kayles");
  for (std::uint64_t n : {std::uint64_t{1'000'000'000'000'000'000}, std::uint64_t{999'999'999'999'999'989},
                          std::uint64_t{123'456'789'012'345}, UINT64_MAX}) {
    EXPECT_EQ(kayles->value(testing::context(), n), a[71 + (n - 71) % 12]) << n;
  }
  EXPECT_EQ(kayles->value(testing::context(), 3), a[3]);
  const SequenceReport table = kayles->table(testing::context(), 104);
  EXPECT_TRUE(table.pattern.proven());
  EXPECT_EQ(table.pattern.preperiod, 71U);
  EXPECT_EQ(table.pattern.period, 12U);
  for (std::uint64_t n = 0; n <= 104; ++n) EXPECT_EQ(table.values[n], a[n]) << n;

  const auto dawson = make_take_and_break("0.07");
  const SequenceReport d = dawson->table(testing::context(), 200);
  EXPECT_TRUE(d.pattern.proven());
  EXPECT_EQ(d.pattern.period, 34U);
  EXPECT_EQ(dawson->value(testing::context(), 1'000'000'000'000'000'000), d.values[d.pattern.preperiod + (1'000'000'000'000'000'000 - d.pattern.preperiod) % 34]);
}

// Moves from the code's definition, listed independently: (taken, sorted leaves).
std::set<std::pair<std::uint64_t, std::vector<std::uint64_t>>> brute_moves(const std::string& code,
                                                                         std::uint64_t heap) {
  std::set<std::pair<std::uint64_t, std::vector<std::uint64_t>>> out;
  const std::string digits = code.substr(code.find('.') + 1);
  const int d0 = code[0] == '.' ? 0 : code[0] - '0';
  for (std::uint64_t k = 0; k <= digits.size() && k <= heap; ++k) {
    const int d = k == 0 ? d0 : digits[k - 1] - '0';
    const std::uint64_t m = heap - k;
    if ((d & 1) && m == 0) out.insert({k, {}});
    if ((d & 2) && m > 0) out.insert({k, {m}});
    for (std::uint64_t a = 1; a < m; ++a) {
      if (d & 4) {
        std::vector<std::uint64_t> v{a, m - a};
        std::sort(v.begin(), v.end());
        out.insert({k, v});
      }
    }
  }
  return out;
}

TEST(TakeAndBreakRule, MovesMatchTheDefinition) {
  for (const std::string code : {"0.77", "0.137", "4.3", "0.6", "0.007", "4.12"}) {
    const auto rule = make_take_and_break(code);
    for (std::uint64_t heap = 0; heap < 25; ++heap) {
      std::set<std::pair<std::uint64_t, std::vector<std::uint64_t>>> got;
      // The model's order: moves that leave at most one heap, then splits in
      // two, then in three; within each, taken ascending.
      std::pair<std::size_t, std::uint64_t> order{0, 0};
      rule->for_each_move(heap, [&](const HeapMove& m) {
        const std::pair<std::size_t, std::uint64_t> here{std::max<std::size_t>(m.leaves.size(), 1), m.taken};
        EXPECT_GE(here, order) << "moves in the model's order";
        order = here;
        auto v = m.leaves;
        std::sort(v.begin(), v.end());
        EXPECT_TRUE(got.insert({m.taken, v}).second) << "duplicate move";
        return true;
      });
      EXPECT_EQ(got, brute_moves(code, heap)) << code << " heap " << heap;
    }
  }
}

TEST(TakeAndBreakRule, WinningMovesAndWords) {
  const auto kayles = make_take_and_break("kayles");
  // Kayles heap 5 has value 4 (A002186); a move to 0 is a winning one.
  const testing::TextMoveList moves = testing::heap_moves(kayles, 5, 0, 10);
  ASSERT_GT(moves.total, 0U);
  EXPECT_EQ(kayles->describe(9, HeapMove{2, {3, 4}}), "take 2 from the heap of 9 and split the rest into 3 and 4");
  const auto grundy_game = make_take_and_break("grundy");
  EXPECT_EQ(grundy_game->describe(7, HeapMove{0, {4, 3}}), "split the heap of 7 into 4 and 3");
  int count = 0;
  grundy_game->for_each_move(8, [&](const HeapMove& m) {
    EXPECT_NE(m.leaves[0], m.leaves[1]);
    ++count;
    return true;
  });
  EXPECT_EQ(count, 3);  // 7+1, 6+2, 5+3 (not 4+4)
}

// Counting winning moves by residue class (heaps past 200000 with a proven
// period) against walking every move (HeapRule's own moves_to_value).
TEST(TakeAndBreakRule, MoveCountsByResidueMatchTheWalk) {
  for (const std::string code : {"kayles", "0.07", "0.137", "4.3", "0.4"}) {
    const auto rule = make_take_and_break(code);
    for (std::uint64_t heap : {200'001ULL, 233'335ULL}) {
      for (Nimber target = 0; target < 9; ++target) {
        const testing::TextMoveList fast = testing::heap_moves(rule, heap, target, 5);
        const HeapMoveList walk = rule->HeapRule::moves_to_value(testing::context(), heap, target, 5);
        EXPECT_EQ(fast.total, walk.total) << code << " heap " << heap << " target " << target;
        EXPECT_EQ(fast.listed.size(), std::min<std::size_t>(5, fast.total));
      }
    }
  }
  // Kayles at 10^18: moves to 0 number in the order of 10^18 / 12 (a split's
  // value depends on a mod 12 and each class holds ~4·10^16 splits).
  const auto kayles = make_take_and_break("kayles");
  const testing::TextMoveList huge = testing::heap_moves(kayles, 1'000'000'000'000'000'000, 0, 3);
  EXPECT_GT(huge.total, 1'000'000'000'000'000ULL);
  EXPECT_EQ(huge.listed.size(), 3U);
}

TEST(TakeAndBreakRule, LaskerClosedFormAnyHeap) {
  EXPECT_THROW((void)make_take_and_break("lasker"), InputError);  // a ruleset of its own
  const auto lasker = make_lasker_nim();
  EXPECT_EQ(lasker->value(testing::context(), 0), 0U);
  EXPECT_EQ(lasker->value(testing::context(), 3), 4U);
  EXPECT_EQ(lasker->value(testing::context(), 4), 3U);
  EXPECT_EQ(lasker->value(testing::context(), 1'000'000'000'000'000'000), 999'999'999'999'999'999U);  // 4k+4 -> 4k+3
  EXPECT_EQ(lasker->value(testing::context(), 1'000'000'000'000'000'001), 1'000'000'000'000'000'001U);
  EXPECT_TRUE(lasker->table(testing::context(), 10).pattern.proven());
}

// Officers has no known period: a heap far beyond the limit is refused, not guessed.
TEST(TakeAndBreakRule, UnprovenGameRefusesHugeHeaps) {
  const auto officers = make_take_and_break("officers");
  EXPECT_EQ(officers->value(testing::context(), 20627), 277U);  // officers_0.6_rare_values_mvr.txt: last rare, G(20627) = 277
  EXPECT_THROW((void)officers->value(testing::context(), 1'000'000'000'000), LimitError);
  // Moves of an unproven game beyond the on-demand limit are refused too.
  EXPECT_THROW((void)testing::heap_moves(officers, 1'000'000'000'000, 0, 3), LimitError);
  EXPECT_THROW((void)make_take_and_break("0.7x"), InputError);
  EXPECT_EQ(make_take_and_break("kayles")->text(), "kayles");
  EXPECT_EQ(make_take_and_break(".770")->text(), "0.77");
}

// Found by fuzz_heap_rule: the moves of 0x0.F at heap 2^64-1 (splits into three
// heaps: about 2.84·10^37 of them) are refused with their count, which was
// converted to a 64-bit integer first (undefined; "about 0 moves" with GCC).
TEST(TakeAndBreakRule, MoveCountBeyondSixtyFourBitsIsRefusedWithItsSize) {
  const auto rule = make_take_and_break("0x0.F");
  try {
    (void)testing::heap_moves(rule, UINT64_MAX, 0, 3);
    FAIL() << "the walk of 10^37 moves was not refused";
  } catch (const LimitError& error) {
    EXPECT_NE(std::string(error.what()).find("about 2.84e+37 moves"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// The moves listed for a heap are the first ones of the definition's walk
// (for_each_move's order), however they are found: a heap past the table is
// listed residue class by residue class from the proven period, and must show
// the same moves as the walk would, in the same order, and count as many.
// (Found by the web page's parity test: `grundy value --batch`, which extends
// each rule to its largest heap first, listed dawson(200)'s splits in another
// order than a single query did.)
TEST(TakeAndBreakRule, MovesListedByResidueAreTheWalksFirstMoves) {
  for (const char* code : {"0.07", "0.137", "0.77", "4.07", "0.4"}) {
    Context context;
    const auto rule = make_take_and_break(code);
    for (std::uint64_t heap = 2'000'003; heap <= 2'000'060; heap += 19) {
      for (Nimber target = 0; target <= 4; ++target) {
        constexpr std::size_t kLimit = 20;
        const HeapMoveList listed = rule->moves_to_value(context, heap, target, kLimit);
        // The walk, with every part valued by the rule (its period).
        std::vector<HeapMove> walk;
        std::uint64_t total = 0;
        rule->for_each_move(heap, [&](const HeapMove& move) {
          Nimber v = 0;
          for (const std::uint64_t h : move.leaves) v ^= rule->value(context, h);
          if (v == target) {
            ++total;
            if (walk.size() < kLimit) walk.push_back(move);
          }
          return true;
        });
        ASSERT_EQ(listed.total, total) << code << " heap " << heap << " target " << target;
        ASSERT_EQ(listed.listed.size(), walk.size()) << code << " heap " << heap << " target " << target;
        for (std::size_t i = 0; i < walk.size(); ++i) {
          EXPECT_EQ(listed.listed[i].taken, walk[i].taken) << code << " heap " << heap << " move " << i;
          EXPECT_EQ(listed.listed[i].leaves, walk[i].leaves) << code << " heap " << heap << " move " << i;
        }
      }
    }
  }
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// A take-and-break game by its moves alone: no engine, no theorem, only the
// adapter's one heap-sequence loop over the moves (the definition).
struct TakeAndBreakByItsMoves {
  using Position = std::uint64_t;
  TakeAndBreakGame game;
  template <class Visit>
  void for_each_move(std::uint64_t n, Visit&& visit) const {
    game.for_each_move(n, visit);
  }
  void moves(std::uint64_t n, std::vector<std::uint64_t>& out) const { game.moves(n, out); }
  template <class Visit>
  void for_each_split_range(std::uint64_t n, Visit&& visit) const {
    game.for_each_split_range(n, visit);
  }
  template <class Visit>
  void for_each_three_way_split(std::uint64_t n, Visit&& visit) const {
    game.for_each_three_way_split(n, visit);
  }
};

// The sequence engines (the game's sweep, naive or sparse with the vector
// kernels) against the loop over the moves, on random octal and hexadecimal
// codes: the values, and the moves to each value counted and listed alike.
TEST(TakeAndBreakRule, EnginesEqualTheLoopOverTheMoves) {
  std::mt19937_64 random(20261129);
  int codes = 0;
  while (codes < 60) {
    const bool hexadecimal = codes % 4 == 3;
    std::string text = hexadecimal ? "0x0." : "0.";
    const std::size_t length = 1 + random() % 4;
    for (std::size_t i = 0; i < length; ++i) text += "0123456789ABCDEF"[random() % (hexadecimal ? 16 : 8)];
    if (text.back() == '0') continue;
    take_and_break::GameCode code;
    try {
      code = take_and_break::parse_game_code(text);
    } catch (const InputError&) {
      continue;  // a game that never ends
    }
    ++codes;
    const std::uint64_t upto = code.max_heaps_left() >= 3 ? 90 : 400;
    const HeapRulePtr fast = make_take_and_break(text);
    const HeapRulePtr slow = HeapGameRule<TakeAndBreakByItsMoves>::make({TakeAndBreakGame(code)}, text);
    Context fast_context;
    Context slow_context;
    const std::vector<Nimber> by_engine = fast->table(fast_context, upto).values;
    ASSERT_EQ(by_engine, slow->table(slow_context, upto).values) << text;
    for (int trial = 0; trial < 20; ++trial) {
      const std::uint64_t heap = random() % (upto + 1);
      const Nimber target = random() % 6;
      const HeapMoveList a = fast->moves_to_value(fast_context, heap, target, 7);
      const HeapMoveList b = slow->moves_to_value(slow_context, heap, target, 7);
      ASSERT_EQ(a.total, b.total) << text << " heap " << heap << " target " << target;
      ASSERT_EQ(a.listed.size(), b.listed.size()) << text << " heap " << heap;
      for (std::size_t i = 0; i < a.listed.size(); ++i) {
        EXPECT_EQ(a.listed[i].taken, b.listed[i].taken) << text << " heap " << heap;
        EXPECT_EQ(a.listed[i].leaves, b.listed[i].leaves) << text << " heap " << heap;
      }
    }
  }
}

// Misère play: the engines know normal play only, so the sweep declines it
// and the loop over the moves computes a lone heap's misère values — for a
// code without splits (0.33: take 1 or 2, against the definition written
// here); a code
// whose moves split heaps is refused where the first split is met.
TEST(TakeAndBreakRule, MisereTablesByTheLoopAndRefusedWhereHeapsSplit) {
  Context context;
  const SequenceReport misere = make_take_and_break("0.33")->misere_table(context, 40);
  std::vector<Nimber> expected;
  for (std::uint64_t n = 0; n <= 40; ++n) {
    if (n == 0) {
      expected.push_back(1);  // no move: the player to move has won
      continue;
    }
    std::set<Nimber> options{expected[n - 1]};
    if (n >= 2) options.insert(expected[n - 2]);
    Nimber mex = 0;
    while (options.count(mex)) ++mex;
    expected.push_back(mex);
  }
  EXPECT_EQ(misere.values, expected);
  EXPECT_THROW((void)make_take_and_break("0.77")->misere_table(context, 10), LimitError);
  EXPECT_THROW((void)make_take_and_break("0x0.08")->misere_table(context, 10), LimitError);
}

// Node Kayles on a path is 0.137 with its moves told as vertices
// (describe_heap_move): the vertex named, taken with its neighbours from the
// path 1..n, must leave exactly the heaps the move leaves — checked from the
// path itself, not from the words' formula — and every vertex's move appears.
TEST(TakeAndBreakRule, NodeKaylesOnAPathNamesTheVertexEachMoveTakes) {
  const HeapRulePtr path = Registry::builtin().heap_rule(parse_rule("nodekayles_path"));
  for (std::uint64_t n = 1; n <= 40; ++n) {
    std::set<std::uint64_t> named;
    path->for_each_move(n, [&](const HeapMove& move) {
      const std::string words = path->describe(n, move);
      const std::string prefix = "take vertex ";
      EXPECT_EQ(words.rfind(prefix, 0), 0U) << words;
      const std::uint64_t v = std::stoull(words.substr(prefix.size()));
      EXPECT_EQ(words, prefix + std::to_string(v) + " of the path of " + std::to_string(n) + " (with its neighbours)");
      EXPECT_TRUE(v >= 1 && v <= n) << words;
      const std::uint64_t left = v >= 2 ? v - 2 : 0;       // vertices 1 .. v-2
      const std::uint64_t right = v + 1 < n ? n - v - 1 : 0;  // vertices v+2 .. n
      std::vector<std::uint64_t> expected;
      for (const std::uint64_t part : {left, right})
        if (part > 0) expected.push_back(part);
      std::vector<std::uint64_t> leaves = move.leaves;
      std::sort(expected.begin(), expected.end());
      std::sort(leaves.begin(), leaves.end());
      EXPECT_EQ(leaves, expected) << "n " << n << ": " << words;
      EXPECT_EQ(move.taken, n - left - right) << "n " << n << ": " << words;
      named.insert(std::min(v, n + 1 - v));  // v and its mirror image are one move
      return true;
    });
    EXPECT_EQ(named.size(), (n + 1) / 2) << "n " << n;  // every vertex, up to the mirror
  }
}

}  // namespace
}  // namespace grundy
