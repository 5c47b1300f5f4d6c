// The genus (src/misere/genus.cpp): the rule on the options' genera against
// the definition, g_n = G-(G + 2 + … + 2), computed with canonical sums; and
// the tame genera of nim heaps (Conway, On Numbers and Games, ch. 12).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "grundy/misere/canonical_forms.hpp"
#include "grundy/misere/classification.hpp"
#include "grundy/misere/genus.hpp"
#include "misere_oracle.hpp"

namespace {

using grundy::misere::CanonicalForms;
using grundy::misere::GameId;
using grundy::misere::Genera;
using grundy::misere::Genus;

std::vector<GameId> random_games(CanonicalForms& forms, std::mt19937_64& rng, int count) {
  std::vector<GameId> games{CanonicalForms::kZero, forms.nim_heap(1), forms.nim_heap(2), forms.nim_heap(3)};
  while (games.size() < static_cast<std::size_t>(count)) {
    const std::size_t k = 1 + rng() % 3;
    std::vector<GameId> options;
    for (std::size_t j = 0; j < k; ++j) options.push_back(games[games.size() - 1 - rng() % std::min<std::size_t>(games.size(), 10)]);
    games.push_back(forms.game(std::move(options)));
  }
  return games;
}

TEST(MisereGenus, NimHeapsHaveConwaysGenera) {
  CanonicalForms forms;
  Genera genera(forms);
  EXPECT_EQ(genera.of(forms.nim_heap(0)), (Genus{0, {1, 2, 0}}));  // 0^{120}
  EXPECT_EQ(genera.of(forms.nim_heap(1)), (Genus{1, {0, 3, 1}}));  // 1^{031}
  for (grundy::Nimber n = 2; n < 9; ++n) {
    EXPECT_EQ(genera.of(forms.nim_heap(n)), (Genus{n, {n, n ^ 2}})) << n;  // n^{n, n^2, n, …}
  }
}

// g_n is the misère nim-value of G + n copies of *2, for every n the rule
// computes and two more.
TEST(MisereGenus, RuleEqualsTheDefinition) {
  std::mt19937_64 rng(3);
  CanonicalForms forms;
  Genera genera(forms);
  const GameId two = forms.nim_heap(2);
  for (const GameId g : random_games(forms, rng, 60)) {
    const Genus genus = genera.of(g);
    EXPECT_EQ(genus.normal, forms.normal_value(g));
    GameId with_twos = g;
    for (std::size_t n = 0; n < genus.misere.size() + 3; ++n) {
      ASSERT_EQ(genus.at(n), forms.misere_value(with_twos)) << "g_" << n << " of game " << g;
      with_twos = forms.sum(with_twos, two);
    }
  }
}

// Sums of games of tame genus whose followers are all tame have the tame sum
// of their genera; the oracle confirms the outcome this predicts.
TEST(MisereGenus, TameSumsFollowBoutonsRule) {
  CanonicalForms forms;
  Genera genera(forms);
  grundy::misere::Classification classification(forms);
  std::mt19937_64 rng(17);
  // Tame games built from tame games: nim heaps, then games of their options.
  std::vector<GameId> tame;
  for (grundy::Nimber n = 0; n < 6; ++n) tame.push_back(forms.nim_heap(n));
  for (int round = 0; round < 3000 && tame.size() < 80; ++round) {
    std::vector<GameId> options;
    for (std::size_t k = 0; k < 1 + rng() % 3; ++k) options.push_back(tame[rng() % tame.size()]);
    const GameId g = forms.game(std::move(options));
    const grundy::misere::Phylum p = classification.of(g);
    if ((p == grundy::misere::Phylum::nim_heap || p == grundy::misere::Phylum::hereditarily_tame) &&
        std::find(tame.begin(), tame.end(), g) == tame.end()) {
      tame.push_back(g);
    }
  }
  ASSERT_GT(tame.size(), 20U);
  for (int trial = 0; trial < 500; ++trial) {
    std::vector<Genus> parts;
    GameId sum = CanonicalForms::kZero;
    for (std::size_t k = 0; k < 1 + rng() % 3; ++k) {
      const GameId g = tame[rng() % tame.size()];
      parts.push_back(genera.of(g));
      sum = forms.sum(sum, g);
    }
    const std::optional<Genus> predicted = grundy::misere::tame_sum(parts);
    ASSERT_TRUE(predicted);
    ASSERT_EQ(*predicted, genera.of(sum));
  }
}

}  // namespace
