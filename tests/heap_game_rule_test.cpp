// Heap games on the game model (heap_game_rule.hpp): a game on one heap written
// as an ImpartialGame becomes a HeapRule. Its fallbacks are the definition;
// a game with every hook ([L,R]-Nim, src/rulesets/constrained_nim.cpp) is held
// to the same game written with its moves alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/heap_game_rule.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/rulesets/constrained_nim.hpp"
#include "grundy/rulesets/nim.hpp"
#include "grundy/rulesets/subtraction.hpp"

namespace grundy {
namespace {

// A subtraction game by its moves alone: no closed form, no hook.
struct Subtraction {
  using Position = std::uint64_t;
  std::vector<std::uint64_t> set;
  void moves(std::uint64_t n, std::vector<std::uint64_t>& out) const {
    for (const std::uint64_t s : set)
      if (s <= n) out.push_back(n - s);
  }
};

// The same game saying it is a subtraction game (max_take): the adapter proves
// its period by the window theorem and answers any heap from it.
struct SubtractionWithMaxTake : Subtraction {
  std::uint64_t max_take() const { return *std::max_element(set.begin(), set.end()); }
};

// [L,R]-Nim by its moves alone: the twin of the ruleset's theorem.
struct TakeBetween {
  using Position = std::uint64_t;
  std::uint64_t low;
  std::uint64_t high;
  void moves(std::uint64_t n, std::vector<std::uint64_t>& out) const {
    for (std::uint64_t t = low; t <= std::min(n, high); ++t) out.push_back(n - t);
  }
};

// Take any number of the given parity (odd, or even and at least 2), by the moves alone.
struct TakeOfParity {
  using Position = std::uint64_t;
  std::uint64_t first;  // 1: odd numbers, 2: even ones
  void moves(std::uint64_t n, std::vector<std::uint64_t>& out) const {
    for (std::uint64_t t = first; t <= n; t += 2) out.push_back(n - t);
  }
};

// A rule that breaks the contract: a move that does not lower the heap.
struct Stuck {
  using Position = std::uint64_t;
  void moves(std::uint64_t n, std::vector<std::uint64_t>& out) const { out.push_back(n); }
};

// Kayles by its moves: take 1 or 2 pins, the rest left as one row or two.
struct KaylesByMoves {
  using Position = std::uint64_t;
  void moves(std::uint64_t n, std::vector<std::uint64_t>& out) const {
    for (std::uint64_t t = 1; t <= std::min<std::uint64_t>(n, 2); ++t) out.push_back(n - t);
  }
  template <class Visit>
  void for_each_split(std::uint64_t n, Visit&& visit) const {
    for (std::uint64_t t = 1; t <= 2 && t < n; ++t)
      for (std::uint64_t b = 1; 2 * b <= n - t; ++b)
        if (!visit(n - t - b, b)) return;
  }
};

// Lasker's Nim by its moves alone: take any number, or split a heap in two.
struct LaskerByMoves {
  using Position = std::uint64_t;
  void moves(std::uint64_t n, std::vector<std::uint64_t>& out) const {
    for (std::uint64_t t = 1; t <= n; ++t) out.push_back(n - t);
  }
  template <class Visit>
  void for_each_split(std::uint64_t n, Visit&& visit) const {
    for (std::uint64_t a = 1; 2 * a <= n; ++a)
      if (!visit(n - a, a)) return;
  }
};

// A split that breaks the contract: the smaller heap first.
struct SmallerFirst {
  using Position = std::uint64_t;
  void moves(std::uint64_t, std::vector<std::uint64_t>&) const {}
  template <class Visit>
  void for_each_split(std::uint64_t n, Visit&& visit) const {
    if (n >= 3) visit(1, n - 1);
  }
};

TEST(HeapGameRule, MovesAloneGiveTheSubtractionGamesPublishedTable) {
  // S = {1, 3, 4}: 0 1 0 1 2 3 2, period 7 from 0 (Berlekamp, Conway and Guy,
  // Winning Ways, ch. 4; Siegel, Combinatorial Game Theory, table of subtraction games).
  const HeapRulePtr rule = HeapGameRule<Subtraction>::make(Subtraction{{1, 3, 4}}, "mysub");
  Context context;
  const SequenceReport report = rule->table(context, 69);
  const std::vector<Nimber> period = {0, 1, 0, 1, 2, 3, 2};
  for (std::uint64_t n = 0; n <= 69; ++n) {
    EXPECT_EQ(report.values[n], period[n % 7]) << n;
    EXPECT_EQ(rule->value(context, n), period[n % 7]) << n;
  }
  EXPECT_EQ(report.pattern.period, 7u);
  EXPECT_EQ(report.pattern.preperiod, 0u);
  // The registry's sub{1,3,4} agrees heap by heap.
  const Position same = Registry::builtin().parse("sub{1,3,4}(1000)");
  EXPECT_EQ(same.value(context), Value(rule->value(context, 1000)));
  // Moves to a value: by the definition, in the order of the takes.
  const HeapMoveList to_zero = rule->moves_to_value(context, 12, 0, 10);
  ASSERT_EQ(to_zero.total, 1u);
  EXPECT_EQ(to_zero.listed[0].taken, 3u);
  EXPECT_EQ(to_zero.listed[0].leaves, std::vector<std::uint64_t>{9});
  // Misère play by the definition too: a heap with no move is worth 1, and by
  // hand g⁻(4) = mex{g⁻(3), g⁻(1), g⁻(0)} = mex{0, 0, 1} = 2,
  // g⁻(5) = mex{g⁻(4), g⁻(2), g⁻(1)} = mex{2, 1, 0} = 3, g⁻(6) = mex{3, 0, 1} = 2.
  const SequenceReport misere = rule->misere_table(context, 6);
  EXPECT_EQ(misere.values, (std::vector<Nimber>{1, 0, 1, 0, 2, 3, 2}));
}

TEST(HeapGameRule, TheoremsHooksEqualTheDefinitionOnRandomRules) {
  std::mt19937_64 random(33);
  Context context;
  for (int trial = 0; trial < 40; ++trial) {
    const std::uint64_t low = 1 + random() % 5;
    const std::uint64_t high = low + random() % 7;
    const std::string text = "lr(" + std::to_string(low) + "," + std::to_string(high) + ")";
    SCOPED_TRACE(text);
    const HeapRulePtr fast = make_constrained_nim(low, high);
    const HeapRulePtr slow = HeapGameRule<TakeBetween>::make(TakeBetween{low, high}, text);
    const SequenceReport fast_table = fast->table(context, 150);
    const SequenceReport slow_table = slow->table(context, 150);
    ASSERT_EQ(fast_table.values, slow_table.values);
    EXPECT_EQ(fast_table.pattern.period, low + high);
    EXPECT_TRUE(fast_table.pattern.proven());
    EXPECT_FALSE(slow_table.pattern.proven());  // seen, not proven, without the theorem
    for (int k = 0; k < 20; ++k) {
      const std::uint64_t heap = random() % 150;
      const Nimber target = random() % 4;
      const std::size_t limit = 1 + random() % 4;
      const HeapMoveList a = fast->moves_to_value(context, heap, target, limit);
      const HeapMoveList b = slow->moves_to_value(context, heap, target, limit);
      ASSERT_EQ(a.total, b.total) << heap << " to " << target;
      ASSERT_EQ(a.listed.size(), b.listed.size());
      for (std::size_t i = 0; i < a.listed.size(); ++i) {
        EXPECT_EQ(a.listed[i].taken, b.listed[i].taken);
        EXPECT_EQ(a.listed[i].leaves, b.listed[i].leaves);
        EXPECT_EQ(fast->describe(heap, a.listed[i]), slow->describe(heap, b.listed[i]));
      }
      const auto ranges_fast = fast->take_ranges_to_value(context, heap, target, 100);
      const auto ranges_slow = slow->take_ranges_to_value(context, heap, target, 100);
      ASSERT_TRUE(ranges_fast && ranges_slow);
      ASSERT_EQ(ranges_fast->total, ranges_slow->total);
      for (std::size_t i = 0; i < ranges_fast->listed.size(); ++i) {
        const auto& x = ranges_fast->listed[i];
        const bool found = std::any_of(ranges_slow->listed.begin(), ranges_slow->listed.end(), [&](const auto& y) {
          return y.first == x.first && y.last == x.last;
        });
        EXPECT_TRUE(found) << "takes " << x.first << ".." << x.last;
      }
      // Every move listed, in the order of the takes, as the definition lists them.
      std::vector<std::uint64_t> fast_takes, slow_takes;
      fast->for_each_move(heap, [&](const HeapMove& m) { fast_takes.push_back(m.taken); return true; });
      slow->for_each_move(heap, [&](const HeapMove& m) { slow_takes.push_back(m.taken); return true; });
      EXPECT_EQ(fast_takes, slow_takes);
    }
    EXPECT_TRUE(fast->theorem(17).has_value());
    EXPECT_FALSE(slow->theorem(17).has_value());
  }
}

// Two rules are the same game on heaps 0..upto: values, misère values, and the
// moves to each value (counted and listed alike).
void expect_same_rule(const HeapRule& fast, const HeapRule& slow, std::uint64_t upto, std::mt19937_64& random) {
  SCOPED_TRACE(fast.text());
  Context context;
  ASSERT_EQ(fast.table(context, upto).values, slow.table(context, upto).values);
  EXPECT_TRUE(fast.table(context, upto).pattern.proven());
  ASSERT_EQ(fast.misere_table(context, upto).values, slow.misere_table(context, upto).values);
  EXPECT_TRUE(fast.misere_table(context, upto).pattern.proven());
  for (int k = 0; k < 40; ++k) {
    const std::uint64_t heap = random() % (upto + 1);
    const Nimber target = random() % 6;
    const std::size_t limit = random() % 4;
    const HeapMoveList a = fast.moves_to_value(context, heap, target, limit);
    const HeapMoveList b = slow.moves_to_value(context, heap, target, limit);
    ASSERT_EQ(a.total, b.total) << heap << " to " << target;
    ASSERT_EQ(a.listed.size(), b.listed.size()) << heap << " to " << target;
    for (std::size_t i = 0; i < a.listed.size(); ++i) EXPECT_EQ(a.listed[i].taken, b.listed[i].taken);
  }
}

TEST(HeapGameRule, NimBashAndTheSubtractionsOfOddEvenAndPowersOfTwoEqualTheirMovesAlone) {
  std::mt19937_64 random(34);
  for (std::uint64_t m = 1; m <= 9; ++m) {
    std::vector<std::uint64_t> set;
    for (std::uint64_t s = 1; s <= m; ++s) set.push_back(s);
    expect_same_rule(*make_bash(m), *HeapGameRule<Subtraction>::make(Subtraction{set}, "moves"), 120, random);
  }
  // Nim twice: by its name and as the subtraction of every number; both heaps
  // say they are Nim heaps (misère sums by Bouton's rule), a subtraction by
  // its moves alone does not.
  for (const HeapRulePtr& nim : {make_nim(), make_subtraction_all()}) {
    expect_same_rule(*nim, *HeapGameRule<TakeBetween>::make(TakeBetween{1, UINT64_MAX}, "moves"), 150, random);
    const ComponentPtr nine = nim->component(9);
    const auto* heap = dynamic_cast<const NimHeapEquivalent*>(nine.get());
    ASSERT_NE(heap, nullptr) << nim->text();
    EXPECT_EQ(heap->nim_heap(), 9u);
  }
  EXPECT_EQ(dynamic_cast<const NimHeapEquivalent*>(
                HeapGameRule<TakeBetween>::make(TakeBetween{1, UINT64_MAX}, "moves")->component(9).get()),
            nullptr);
  {
    // sub(pow2), g(n) = n mod 3, by the registry: the set 1, 2, 4, … up to 2^8 covers heaps to 300.
    std::vector<std::uint64_t> powers;
    for (std::uint64_t p = 1; p <= 256; p *= 2) powers.push_back(p);
    expect_same_rule(*Registry::builtin().heap_rule(parse_rule("sub(pow2)")),
                     *HeapGameRule<Subtraction>::make(Subtraction{powers}, "moves"), 300, random);
  }
  expect_same_rule(*make_subtraction_odd(), *HeapGameRule<TakeOfParity>::make(TakeOfParity{1}, "moves"), 200, random);
  expect_same_rule(*make_subtraction_even(), *HeapGameRule<TakeOfParity>::make(TakeOfParity{2}, "moves"), 200, random);
}

TEST(HeapGameRule, AHeapBeyondTheTableWithoutAClosedFormIsRefused) {
  const HeapRulePtr rule = HeapGameRule<Subtraction>::make(Subtraction{{1, 2}}, "mysub");
  Context context;
  EXPECT_THROW((void)rule->value(context, kDefaultTableLimit), LimitError);
  EXPECT_THROW((void)rule->table(context, kDefaultTableLimit), LimitError);
  // With the theorem a heap of 10^18 has its value at once.
  EXPECT_EQ(make_constrained_nim(2, 3)->value(context, 1'000'000'000'000'000'000ULL), 0u);
}

// Every kind of heap rule refuses a table past the limit in the one wording
// of check_table_request (heap_rule.hpp): a take-and-break code, a finite
// subtraction set, a tabulated infinite set, Lasker's Nim, a game on the
// one model with a closed form, and one without.
TEST(HeapGameRule, TablesPastTheLimitAreRefusedInOneWording) {
  Context context;
  const std::string upto = std::to_string(kDefaultTableLimit);
  const std::vector<HeapRulePtr> rules{
      Registry::builtin().heap_rule(parse_rule("0.07")),      Registry::builtin().heap_rule(parse_rule("sub{1,3,4}")),
      Registry::builtin().heap_rule(parse_rule("sub(fib)")),  Registry::builtin().heap_rule(parse_rule("lasker")),
      Registry::builtin().heap_rule(parse_rule("sub(odd)")),  HeapGameRule<Subtraction>::make(Subtraction{{1, 2}}, "mysub")};
  for (const HeapRulePtr& rule : rules) {
    try {
      (void)rule->table(context, kDefaultTableLimit);
      ADD_FAILURE() << rule->text() << ": a table to " << upto << " was made";
    } catch (const LimitError& error) {
      EXPECT_EQ(std::string(error.what()).rfind("a table of " + rule->text() + " up to " + upto +
                                                    " is beyond the limit of " + upto + " heaps",
                                                0),
                0U)
          << error.what();
    }
  }
}

// g of sub(set) for heaps 0..last by the definition, written here apart from
// the library (a heap with no move is worth 1 in misère play).
std::vector<Nimber> subtraction_values(const std::vector<std::uint64_t>& set, std::uint64_t last, bool misere) {
  std::vector<Nimber> g;
  for (std::uint64_t n = 0; n <= last; ++n) {
    std::vector<bool> seen(set.size() + 2, false);
    bool any = false;
    for (const std::uint64_t s : set) {
      if (s > n) continue;
      any = true;
      if (g[n - s] < seen.size()) seen[g[n - s]] = true;
    }
    Nimber mex = 0;
    while (seen[mex]) ++mex;
    g.push_back(!any && misere ? 1 : mex);
  }
  return g;
}

// The max_take hook's proof against the definition written above, in both
// plays, on random sets: equal values over 20000 heaps (the proof reads far
// fewer), a period proven (never for the same game by its moves alone, which
// only detects), the moves to four values counted alike, and a heap of 10^18
// answered by the period, where the moves alone refuse it.
TEST(HeapGameRule, APeriodProvenFromMaxTakeEqualsTheDefinition) {
  std::mt19937_64 rng(2026);
  constexpr std::uint64_t kHeaps = 20000;
  for (int trial = 0; trial < 60; ++trial) {
    std::vector<std::uint64_t> set;
    for (std::uint64_t i = 0, size = 1 + rng() % 4; i < size; ++i) set.push_back(1 + rng() % 15);
    std::sort(set.begin(), set.end());
    set.erase(std::unique(set.begin(), set.end()), set.end());
    const HeapRulePtr proven = HeapGameRule<SubtractionWithMaxTake>::make({{set}}, "proven");
    const HeapRulePtr alone = HeapGameRule<Subtraction>::make(Subtraction{set}, "alone");
    const std::vector<Nimber> normal_values = subtraction_values(set, kHeaps, false);
    const std::vector<Nimber> misere_values = subtraction_values(set, kHeaps, true);
    Context context;
    const SequenceReport normal = proven->table(context, kHeaps);
    EXPECT_EQ(normal.values, normal_values);
    EXPECT_TRUE(normal.pattern.proven());
    EXPECT_FALSE(alone->table(context, 3000).pattern.proven());
    const SequenceReport misere = proven->misere_table(context, kHeaps);
    EXPECT_EQ(misere.values, misere_values);
    EXPECT_TRUE(misere.pattern.proven());
    // The period seen in the definition's own values answers 10^18.
    const std::uint64_t huge = 1'000'000'000'000'000'000ULL;
    const std::uint64_t p = normal.pattern.period;
    const std::uint64_t from = kHeaps - 2 * p + (huge - kHeaps) % p;  // from ≡ 10^18 (mod p)
    for (std::uint64_t n = from; n < kHeaps; n += p) ASSERT_EQ(normal_values[n], normal_values[from]);
    EXPECT_EQ(proven->value(context, huge), normal_values[from]);
    EXPECT_THROW((void)alone->value(context, huge), LimitError);
    for (std::uint64_t heap = kHeaps - 10; heap <= kHeaps; ++heap) {
      for (Nimber target = 0; target < 4; ++target) {
        std::uint64_t expected = 0;
        for (const std::uint64_t s : set) expected += s <= heap && normal_values[heap - s] == target;
        EXPECT_EQ(proven->moves_to_value(context, heap, target, 10).total, expected);
      }
    }
  }
}

TEST(HeapGameRule, AMoveThatDoesNotLowerTheHeapIsAnError) {
  const HeapRulePtr rule = HeapGameRule<Stuck>::make(Stuck{}, "stuck");
  Context context;
  EXPECT_THROW((void)rule->value(context, 3), std::logic_error);
  const HeapRulePtr split = HeapGameRule<SmallerFirst>::make(SmallerFirst{}, "smaller first");
  EXPECT_THROW((void)split->value(context, 3), std::logic_error);
}

// Kayles (octal 0.77) by its moves: take one or two pins from a row, leaving
// the rest as one row or, split, as two. The loop over takes and splits held to
// the take-and-break engine (an independent implementation: its own tables and
// kernels) and to the published start of the sequence, OEIS A002186.
TEST(HeapGameRule, SplitsByTheLoopEqualTheKaylesEngine) {
  const HeapRulePtr slow = HeapGameRule<KaylesByMoves>::make(KaylesByMoves{}, "kayles by its moves");
  const HeapRulePtr engine = Registry::builtin().heap_rule(parse_rule("kayles"));
  Context context;
  const SequenceReport table = slow->table(context, 600);
  EXPECT_EQ(std::vector<Nimber>(table.values.begin(), table.values.begin() + 12),
            (std::vector<Nimber>{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6}));
  ASSERT_EQ(table.values, engine->table(context, 600).values);
  EXPECT_EQ(table.pattern.period, 12u);  // seen from heap 71 on (Guy and Smith), not proven here
  EXPECT_FALSE(table.pattern.proven());
  std::mt19937_64 random(35);
  for (int k = 0; k < 100; ++k) {
    const std::uint64_t heap = random() % 600;
    const Nimber target = random() % 9;
    const HeapMoveList a = slow->moves_to_value(context, heap, target, 1000);
    const HeapMoveList b = engine->moves_to_value(context, heap, target, 1000);
    ASSERT_EQ(a.total, b.total) << heap << " to " << target;
    std::multiset<std::vector<std::uint64_t>> left_a, left_b;
    for (const HeapMove& move : a.listed) left_a.insert(move.leaves);
    for (const HeapMove& move : b.listed) left_b.insert(move.leaves);
    ASSERT_EQ(left_a, left_b) << heap << " to " << target;
  }
  // Misère values do not add over the two heaps of a split: refused, not guessed.
  EXPECT_THROW((void)slow->misere_table(context, 10), LimitError);
}

// Lasker's Nim: the ruleset (its closed form, and its winning moves counted by
// a digit DP at any size) against the same game by its moves alone.
TEST(HeapGameRule, LaskersClosedFormAndCountsEqualItsMovesAlone) {
  const HeapRulePtr fast = Registry::builtin().heap_rule(parse_rule("lasker"));
  const HeapRulePtr slow = HeapGameRule<LaskerByMoves>::make(LaskerByMoves{}, "lasker by its moves");
  Context context;
  const SequenceReport fast_table = fast->table(context, 400);
  ASSERT_EQ(fast_table.values, slow->table(context, 400).values);
  EXPECT_TRUE(fast_table.pattern.proven());
  EXPECT_EQ(fast_table.pattern.period, 4u);
  std::mt19937_64 random(36);
  for (int k = 0; k < 300; ++k) {
    const std::uint64_t heap = random() % 400;
    const Nimber target = random() % (heap + 2);
    const std::size_t limit = random() % 6;
    const HeapMoveList a = fast->moves_to_value(context, heap, target, limit);
    const HeapMoveList b = slow->moves_to_value(context, heap, target, limit);
    ASSERT_EQ(a.total, b.total) << heap << " to " << target;
    ASSERT_FALSE(a.total_is_lower_bound);
    ASSERT_EQ(a.listed.size(), b.listed.size()) << heap << " to " << target;
    for (std::size_t i = 0; i < a.listed.size(); ++i) {
      EXPECT_EQ(a.listed[i].taken, b.listed[i].taken);
      EXPECT_EQ(a.listed[i].leaves, b.listed[i].leaves);
    }
  }
  EXPECT_EQ(fast->describe(7, HeapMove{0, {4, 3}}), "split the heap of 7 into 4 and 3");
  std::size_t moves = 0;
  fast->for_each_move(7, [&](const HeapMove&) { return ++moves < 100; });
  EXPECT_EQ(moves, 7u + 3u);  // seven takes, three splits
  EXPECT_EQ(fast->largest_heap(), UINT64_MAX - 1);
  EXPECT_TRUE(fast->theorem(7).has_value());
}

}  // namespace
}  // namespace grundy
