// Misère canonical forms (src/misere/canonical_forms.cpp) against the oracle
// of misere_oracle.hpp, which searches sums of explicit game trees and knows
// no theory, and against Conway's counts of games born by each day.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <vector>

#include "grundy/core/input_error.hpp"
#include "grundy/misere/canonical_forms.hpp"
#include "misere_oracle.hpp"
#include "small_stack.hpp"
#include "test_build.hpp"

namespace {

using grundy::misere::CanonicalForms;
using grundy::misere::GameId;

// Random game trees: game i has options among the games before it, mostly
// recent ones so that birthdays reach 5 or 6.
std::vector<std::vector<int>> random_trees(std::mt19937_64& rng, int count, int max_options) {
  std::vector<std::vector<int>> games{{}};
  for (int i = 1; i < count; ++i) {
    const int k = static_cast<int>(rng() % static_cast<std::uint64_t>(max_options + 1));
    std::vector<int> options;
    for (int j = 0; j < k; ++j) {
      const int window = std::min(i, 12);
      options.push_back(i - 1 - static_cast<int>(rng() % static_cast<std::uint64_t>(window)));
    }
    games.push_back(std::move(options));
  }
  return games;
}

std::vector<GameId> canonical_trees(CanonicalForms& forms, const std::vector<std::vector<int>>& games) {
  std::vector<GameId> ids;
  for (const std::vector<int>& options : games) {
    std::vector<GameId> list;
    for (int o : options) list.push_back(ids[static_cast<std::size_t>(o)]);
    ids.push_back(forms.game(std::move(list)));
  }
  return ids;
}

// All games born by the next day: every set of games born by this one.
std::vector<GameId> next_day(CanonicalForms& forms, const std::vector<GameId>& born) {
  std::set<GameId> games;
  for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << born.size()); ++mask) {
    std::vector<GameId> options;
    for (std::size_t i = 0; i < born.size(); ++i) {
      if (mask >> i & 1) options.push_back(born[i]);
    }
    games.insert(forms.game(std::move(options)));
  }
  return {games.begin(), games.end()};
}

// Conway, On Numbers and Games, ch. 12 (and Siegel, "On the structure of
// misère impartial games", arXiv 2012.08554, Table 1): 1, 2, 3, 5 and 22
// distinct misère games are born by days 0 to 4.
TEST(MisereCanonicalForms, GamesBornByEachDayAreConwaysCounts) {
  CanonicalForms forms;
  std::vector<GameId> born{CanonicalForms::kZero};
  const std::vector<std::size_t> expected{1, 2, 3, 5, 22};
  for (std::size_t day = 0; day < expected.size(); ++day) {
    EXPECT_EQ(born.size(), expected[day]) << "day " << day;
    if (day + 1 < expected.size()) born = next_day(forms, born);
  }
}

// The same source: 4171780 games by day 5 (2^22 sets of day-4 games).
TEST(MisereCanonicalForms, LongGamesBornByDayFiveAreConwaysCount) {
  CanonicalForms forms;
  std::vector<GameId> born{CanonicalForms::kZero};
  for (int day = 0; day < 4; ++day) born = next_day(forms, born);
  ASSERT_EQ(born.size(), 22U);
  EXPECT_EQ(next_day(forms, born).size(), 4171780U);
}

TEST(MisereCanonicalForms, SmallFacts) {
  CanonicalForms forms;
  const GameId star = forms.nim_heap(1);
  const GameId two = forms.nim_heap(2);
  EXPECT_EQ(forms.sum(star, star), CanonicalForms::kZero);  // * + * = 0 in misère play
  EXPECT_NE(forms.sum(two, two), CanonicalForms::kZero);    // but *2 + *2 is not 0 ...
  EXPECT_TRUE(forms.is_p_position(forms.sum(two, two)));    // ... though it is a P-position
  EXPECT_EQ(forms.game({star}), CanonicalForms::kZero);     // {*} = 0: the proviso holds (* is P)
  EXPECT_NE(forms.game({two}), CanonicalForms::kZero);      // {*2} is P, 0 is N
  EXPECT_EQ(forms.game({CanonicalForms::kZero, two}), star);  // *2 reverses through *
  EXPECT_EQ(forms.sum(two, star), forms.nim_heap(3));
  EXPECT_EQ(forms.misere_value(CanonicalForms::kZero), 1U);
  EXPECT_EQ(forms.misere_value(star), 0U);
  for (std::uint64_t n = 2; n < 12; ++n) EXPECT_EQ(forms.misere_value(forms.nim_heap(n)), n);
  EXPECT_TRUE(forms.is_even(CanonicalForms::kZero));
  EXPECT_FALSE(forms.is_even(star));
  EXPECT_TRUE(forms.is_even(two));
  EXPECT_FALSE(forms.is_even(forms.nim_heap(3)));
  EXPECT_EQ(forms.mate(CanonicalForms::kZero), star);
  EXPECT_EQ(forms.mate(star), CanonicalForms::kZero);
  EXPECT_EQ(forms.mate(two), two);
}

// nim_heap(n) records {*0, …, *(n-1)} without game()'s sort and reversal
// search (they cannot change it). Its twin is game() itself: in another table
// the heaps made by game() from their options are the same records; in one
// table whose games were made first by game() in any order, nim_heap finds
// them rather than recording a second copy. And the facts of misère Nim from
// outside the code: *n has normal value n, and a lone heap is a misère
// P-position exactly when it is a heap of one.
TEST(MisereCanonicalForms, NimHeapsRecordedDirectlyAreWhatGameMakesOfTheirOptions) {
  CanonicalForms direct;
  CanonicalForms general;
  std::vector<GameId> made{CanonicalForms::kZero};
  for (std::uint64_t n = 1; n <= 120; ++n) made.push_back(general.game(made));
  for (std::uint64_t n = 0; n <= 120; ++n) {
    const GameId heap = direct.nim_heap(n);
    ASSERT_EQ(heap, made[n]) << n;
    EXPECT_EQ(direct.options(heap), general.options(made[n])) << n;
    EXPECT_EQ(direct.birthday(heap), n);
    EXPECT_EQ(direct.normal_value(heap), n);
    EXPECT_EQ(direct.is_p_position(heap), n == 1) << n;
    EXPECT_TRUE(direct.is_nim_heap(heap)) << n;
  }
  std::mt19937_64 rng(31);
  for (int round = 0; round < 8; ++round) {
    CanonicalForms mixed;
    (void)canonical_trees(mixed, random_trees(rng, 60, 4));
    // Some heaps first as lists of options, in a random order of sizes.
    std::vector<GameId> heaps{CanonicalForms::kZero};
    for (std::uint64_t n = 1; n <= 40; ++n) heaps.push_back(mixed.game(heaps));
    for (int trial = 0; trial < 40; ++trial) {
      const std::uint64_t n = rng() % 60;
      const std::size_t before = mixed.size();
      const GameId heap = mixed.nim_heap(n);
      if (n <= 40) {
        EXPECT_EQ(heap, heaps[n]) << n;
        EXPECT_EQ(mixed.size(), before) << "a second record of *" << n;
      }
      std::vector<GameId> options;
      for (std::uint64_t k = 0; k < n; ++k) options.push_back(mixed.nim_heap(k));
      EXPECT_EQ(mixed.game(options), heap) << n;
    }
  }
}

// The outcome of G + H (and of three games) read from the canonical sum equals
// the oracle's search of the trees themselves.
TEST(MisereCanonicalForms, OutcomesOfSumsEqualTheOracle) {
  std::mt19937_64 rng(23);
  for (int round = 0; round < 4; ++round) {
    const std::vector<std::vector<int>> trees = random_trees(rng, 40, 3);
    CanonicalForms forms;
    const std::vector<GameId> canonical = canonical_trees(forms, trees);
    grundy::testing::TreeOracle oracle(trees);
    for (int trial = 0; trial < 600; ++trial) {
      const int a = static_cast<int>(rng() % trees.size());
      const int b = static_cast<int>(rng() % trees.size());
      GameId sum = forms.sum(canonical[static_cast<std::size_t>(a)], canonical[static_cast<std::size_t>(b)]);
      std::vector<int> parts{a, b};
      if (trial % 3 == 0) {
        const int c = static_cast<int>(rng() % trees.size());
        sum = forms.sum(sum, canonical[static_cast<std::size_t>(c)]);
        parts.push_back(c);
      }
      ASSERT_EQ(!forms.is_p_position(sum), oracle.first_player_wins(parts)) << a << " + " << b;
    }
  }
}

// Games with equal canonical forms are equal: no tree of the set tells them
// apart, alone or with any other one added.
TEST(MisereCanonicalForms, EqualFormsAreIndistinguishable) {
  std::mt19937_64 rng(5);
  const std::vector<std::vector<int>> trees = random_trees(rng, 36, 3);
  CanonicalForms forms;
  const std::vector<GameId> canonical = canonical_trees(forms, trees);
  grundy::testing::TreeOracle oracle(trees);
  std::map<GameId, std::vector<int>> classes;
  for (std::size_t i = 0; i < trees.size(); ++i) classes[canonical[i]].push_back(static_cast<int>(i));
  int pairs = 0;
  for (const auto& [id, members] : classes) {
    for (std::size_t k = 1; k < members.size(); ++k) {
      ++pairs;
      for (int x = 0; x < static_cast<int>(trees.size()); ++x) {
        ASSERT_EQ(oracle.first_player_wins({members[0], x}), oracle.first_player_wins({members[k], x}))
            << members[0] << " and " << members[k] << " with " << x;
      }
    }
  }
  EXPECT_GT(pairs, 5);  // the random trees do repeat games in other forms
}

// The sum of the table equals the canonical form of the explicit sum tree,
// built position by position from (G', H) and (G, H').
TEST(MisereCanonicalForms, SumEqualsTheFormOfTheSumTree) {
  std::mt19937_64 rng(7);
  const std::vector<std::vector<int>> trees = random_trees(rng, 24, 3);
  CanonicalForms forms;
  const std::vector<GameId> canonical = canonical_trees(forms, trees);
  const std::size_t n = trees.size();
  std::vector<GameId> pair(n * n);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      std::vector<GameId> options;
      for (int o : trees[a]) options.push_back(pair[static_cast<std::size_t>(o) * n + b]);
      for (int o : trees[b]) options.push_back(pair[a * n + static_cast<std::size_t>(o)]);
      pair[a * n + b] = forms.game(std::move(options));
      ASSERT_EQ(pair[a * n + b], forms.sum(canonical[a], canonical[b])) << a << " + " << b;
    }
  }
  // And the sum is associative on canonical forms.
  for (int trial = 0; trial < 300; ++trial) {
    const GameId x = canonical[rng() % n];
    const GameId y = canonical[rng() % n];
    const GameId z = canonical[rng() % n];
    ASSERT_EQ(forms.sum(forms.sum(x, y), z), forms.sum(x, forms.sum(y, z)));
  }
}

// Conway's mate: G + mate(G) is a misère P-position (0 + * , * + 0, *2 + *2, …).
TEST(MisereCanonicalForms, GamePlusItsMateIsAPPosition) {
  std::mt19937_64 rng(11);
  const std::vector<std::vector<int>> trees = random_trees(rng, 40, 3);
  CanonicalForms forms;
  for (const GameId g : canonical_trees(forms, trees)) {
    EXPECT_TRUE(forms.is_p_position(forms.sum(g, forms.mate(g))));
  }
}

// Parity: of G and G + *, one is even and one odd, and their birthdays differ by one.
TEST(MisereCanonicalForms, ParityPairsGWithGPlusStar) {
  std::mt19937_64 rng(13);
  const std::vector<std::vector<int>> trees = random_trees(rng, 40, 3);
  CanonicalForms forms;
  const GameId star = forms.nim_heap(1);
  for (const GameId g : canonical_trees(forms, trees)) {
    const GameId h = forms.sum(g, star);
    EXPECT_NE(forms.is_even(g), forms.is_even(h));
    const std::uint32_t bg = forms.birthday(g);
    const std::uint32_t bh = forms.birthday(h);
    EXPECT_TRUE(bg + 1 == bh || bh + 1 == bg) << bg << " " << bh;
    EXPECT_EQ(forms.even_part(g), forms.is_even(g) ? g : h);
  }
}

TEST(MisereCanonicalForms, MemoryBoundStopsWithALimitError) {
  CanonicalForms forms(64 * 1024);
  std::vector<GameId> born{CanonicalForms::kZero};
  EXPECT_THROW(
      {
        for (int day = 0; day < 5; ++day) born = next_day(forms, born);
      },
      grundy::LimitError);
}

// A chain of 20 000 days, C_0 = *2 and C_k = {C_(k-1)}, walked one level per
// day by the sum with *, the mate and CGSuite's order, on a thread of 512 KB
// of stack: the recursion per day that sum, mate and precedes had crashes it.
TEST(MisereCanonicalForms, DeepGamesNeedNoCallStackPerDay) {
  grundy::testing::on_small_stack(std::size_t{512} << 10, [] {
    constexpr std::uint32_t kDays = 20'000;
    CanonicalForms forms;
    std::vector<GameId> chain{forms.nim_heap(2)};
    while (chain.size() <= kDays) chain.push_back(forms.game({chain.back()}));
    const GameId top = chain.back();
    ASSERT_EQ(forms.birthday(top), kDays + 2);
    // Normal play: C_1 = {*2} is 0, and the chain alternates 0, 1, 0, …
    ASSERT_EQ(forms.normal_value(top), kDays % 2 == 0 ? 1U : 0U);

    const GameId star = forms.nim_heap(1);
    const GameId plus_star = forms.sum(top, star);
    EXPECT_EQ(forms.birthday(plus_star), kDays + 3);
    EXPECT_EQ(forms.normal_value(plus_star), forms.normal_value(top) ^ 1U);
    // G + * is odd with even part G (CGSuite's parity), and G + * + * = G.
    EXPECT_FALSE(forms.is_even(plus_star));
    EXPECT_EQ(forms.even_part(plus_star), top);
    EXPECT_EQ(forms.sum(plus_star, star), top);
    // Its options are C_(n-1) + * and C_n; the younger even part comes first.
    const std::vector<GameId> expected{forms.sum(chain[kDays - 1], star), top};
    EXPECT_EQ(forms.ordered_options(plus_star), expected);

    // mate(*) = {*} = 0 (reversal through 0), so mate(*2) = {*, 0} = *2, and
    // the mate of every link is the link itself.
    EXPECT_EQ(forms.mate(top), top);
  });
}

// The difference G - *n (what the notation's X[-n] reads) against the game it
// was made from: H drawn at random (options from earlier games, some of them
// plus a heap), X = H + *n, and minus_nim_heap(X, n) must give H back — the
// only answer, as misère games cancel (Conway). A few X are born before their
// H, the case an option search misses ({*2} - *2 in CGSuite's table); the
// seed draws some (one already in the first 5000, what a sanitizer
// build runs). And the rule the walk leans on for
// odd heaps, *2k + * = *(2k+1).
TEST(MisereCanonicalForms, DifferencesWithAHeapGiveBackTheGame) {
  CanonicalForms forms;
  for (std::uint64_t k = 0; k < 40; ++k)
    EXPECT_EQ(forms.sum(forms.nim_heap(2 * k), forms.nim_heap(1)), forms.nim_heap(2 * k + 1)) << k;
  std::mt19937_64 random(7);
  std::vector<GameId> pool = {CanonicalForms::kZero, forms.nim_heap(1), forms.nim_heap(2), forms.nim_heap(3)};
  int tried = 0;
  int older = 0;
  while (tried < test_build::trials(20'000)) {
    GameId h{};
    if (random() % 3 == 0) {
      h = forms.sum(pool[random() % pool.size()], pool[random() % pool.size()]);
    } else {
      std::vector<GameId> options;
      for (std::uint64_t i = 0, count = 1 + random() % 4; i < count; ++i) {
        const GameId p = pool[random() % pool.size()];
        options.push_back(random() % 2 ? p : forms.sum(p, forms.nim_heap(random() % 4)));
        if (random() % 3 == 0) options.push_back(forms.sum(p, forms.nim_heap(1)));
      }
      h = forms.game(std::move(options));
    }
    if (forms.birthday(h) > 8) continue;
    pool.push_back(h);
    const std::uint64_t n = 2 + random() % 4;
    const GameId x = forms.sum(h, forms.nim_heap(n));
    ++tried;
    if (forms.birthday(x) < forms.birthday(h)) ++older;
    const std::optional<GameId> back = forms.minus_nim_heap(x, n);
    ASSERT_TRUE(back.has_value()) << "tried " << tried << ", n = " << n;
    EXPECT_EQ(*back, h) << "tried " << tried << ", n = " << n;
  }
  EXPECT_GT(older, 0);
}

}  // namespace
