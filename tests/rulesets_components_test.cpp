// Moore's Nim_k, staircase Nim and misère Nim against brute-force searches on many
// random small positions, plus heaps of 10^18 where only the theorems can answer.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/input_error.hpp"
#include "grundy/closed_forms/misere_nim.hpp"
#include "grundy/rulesets/moore_nim.hpp"
#include "grundy/rulesets/staircase_nim.hpp"
#include "grundy/core/solver.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using testing::known_loss;
using testing::moves_to_value;
using testing::value_of;
using MoveList = testing::TextMoveList;
using Move = testing::TextMove;

using Tuple = std::vector<std::uint64_t>;

std::string tuple_text(const Tuple& t) {
  std::string out = "(";
  for (std::size_t i = 0; i < t.size(); ++i) out += (i ? "," : "") + std::to_string(t[i]);
  return out + ")";
}

// The numbers in the last parenthesised list of a result: "moore(2)(3,4,5)" -> 3,4,5.
Tuple last_tuple(const std::string& text) {
  const std::size_t open = text.rfind('(');
  Tuple out;
  std::stringstream in(text.substr(open + 1));
  std::uint64_t v = 0;
  char sep = 0;
  while (in >> v) {
    out.push_back(v);
    in >> sep;
  }
  return out;
}

Tuple random_tuple(std::mt19937_64& rng, std::size_t max_size, std::uint64_t max_value) {
  Tuple t(1 + rng() % max_size);
  for (auto& v : t) v = rng() % (max_value + 1);
  return t;
}

// ---- Moore's Nim ----

// Plain search over unsorted tuples: lower 1..k heaps.
// Moore's Nim_k from the definition, written differently from the library's
// generator on purpose: every tuple q below p (q_i <= p_i), counted through in
// mixed radix, is an option when it lowers between 1 and k of the heaps.
struct MooreBrute {
  std::uint64_t k;
  using Position = Tuple;
  void moves(const Position& p, std::vector<Position>& out) const {
    Position q(p.size(), 0);
    for (;;) {
      std::uint64_t lowered = 0;
      for (std::size_t i = 0; i < p.size(); ++i) lowered += q[i] < p[i] ? 1 : 0;
      if (lowered >= 1 && lowered <= k) out.push_back(q);
      std::size_t i = 0;
      while (i < p.size() && q[i] == p[i]) q[i++] = 0;
      if (i == p.size()) return;
      ++q[i];
    }
  }
  std::size_t hash(const Position& p) const {
    std::size_t h = p.size();
    for (auto x : p) h = h * 1000003u + x;
    return h;
  }
};

bool moore_says_loss(std::uint64_t k, const Tuple& heaps) {
  for (int bit = 0; bit < 64; ++bit) {
    std::uint64_t count = 0;
    for (auto h : heaps) count += (h >> bit) & 1U;
    if (count % (k + 1) != 0) return false;
  }
  return true;
}

TEST(MooreNim, ValuesLossesAndMovesAgainstSolver) {
  std::mt19937_64 rng(2026);
  for (std::uint64_t k = 1; k <= 4; ++k) {
    MooreBrute game{k};
    Solver<MooreBrute> solver(game);
    for (int trial = 0; trial < 250; ++trial) {
      const Tuple heaps = random_tuple(rng, 4, k == 1 ? 9 : 5);
      const ComponentPtr moore = make_moore_nim(k, heaps);
      ASSERT_EQ(moore->text(), "moore(" + std::to_string(k) + ")" + tuple_text(heaps));
      const Nimber v = solver.value(heaps);
      ASSERT_EQ(value_of(moore), v) << moore->text();
      ASSERT_EQ(known_loss(moore), std::optional<bool>(v == 0)) << moore->text();
      const auto options = solver.options_with_values(heaps);
      for (Nimber target = 0; target <= 3; ++target) {
        std::set<Tuple> expected;
        for (const auto& [q, value] : options)
          if (value == target) expected.insert(q);
        const MoveList moves = moves_to_value(moore, target, 100000);
        ASSERT_EQ(moves.total, expected.size()) << moore->text() << " target " << target;
        EXPECT_FALSE(moves.total_is_lower_bound);
        std::set<Tuple> listed;
        for (const Move& m : moves.listed) listed.insert(last_tuple(m.result));
        ASSERT_EQ(listed.size(), moves.listed.size()) << "a move listed twice in " << moore->text();
        ASSERT_EQ(listed, expected) << moore->text() << " target " << target;
      }
    }
  }
}

// Moves to P-positions by the theorem against every option checked by the
// theorem, on heaps too big for the nim-value search.
TEST(MooreNim, MovesToLossesAgainstEnumeratedOptions) {
  std::mt19937_64 rng(77);
  for (int trial = 0; trial < 200; ++trial) {
    std::uint64_t k = 2 + rng() % 3;
    Tuple heaps = random_tuple(rng, 4, 24);
    if (trial % 2 == 0) {
      // k = 3 with 5 heaps: two touched heaps can share the one free 1 of a column
      // with three untouched ones (C(2,1) ways), which needs k >= 3 and k + 2 heaps.
      k = 3;
      heaps = random_tuple(rng, 1, 15);
      while (heaps.size() < 5) heaps.push_back(rng() % 16);
    }
    MooreBrute game{k};
    std::vector<Tuple> options;
    game.moves(heaps, options);
    std::set<Tuple> expected;
    for (const Tuple& q : options)
      if (moore_says_loss(k, q)) expected.insert(q);
    const ComponentPtr moore = make_moore_nim(k, heaps);
    const MoveList moves = moves_to_value(moore, 0, 1'000'000);
    ASSERT_EQ(moves.total, expected.size()) << moore->text();
    std::set<Tuple> listed;
    for (const Move& m : moves.listed) listed.insert(last_tuple(m.result));
    ASSERT_EQ(listed, expected) << moore->text();
    // A short list is a prefix of the same moves, with the same total.
    const MoveList few = moves_to_value(moore, 0, 2);
    EXPECT_EQ(few.total, expected.size());
    EXPECT_EQ(few.listed.size(), std::min<std::size_t>(2, expected.size()));
  }
}

TEST(MooreNim, HugeHeapsUseTheTheorem) {
  const std::uint64_t huge = 1'000'000'000'000'000'000ULL;
  const Tuple heaps = {huge, huge - 1, 123456789, 5};
  const ComponentPtr moore = make_moore_nim(2, heaps);
  EXPECT_EQ(known_loss(moore), std::optional<bool>(false));
  EXPECT_THROW((void)value_of(moore), LimitError);
  EXPECT_THROW((void)moves_to_value(moore, 1, 5), LimitError);
  const MoveList moves = moves_to_value(moore, 0, 5);
  EXPECT_FALSE(moves.total_is_lower_bound);
  EXPECT_EQ(moves.total, 4u) << moves.listed.size();
  ASSERT_EQ(moves.listed.size(), std::min<std::uint64_t>(5, moves.total));
  for (const Move& m : moves.listed) {
    const Tuple after = last_tuple(m.result);
    ASSERT_EQ(after.size(), heaps.size());
    EXPECT_TRUE(moore_says_loss(2, after)) << m.result;
    std::size_t lowered = 0;
    for (std::size_t i = 0; i < after.size(); ++i) {
      EXPECT_LE(after[i], heaps[i]);
      lowered += after[i] < heaps[i];
    }
    EXPECT_GE(lowered, 1u);
    EXPECT_LE(lowered, 2u);
  }
  // A P-position of big heaps: 3 heaps with the same bits under k = 2.
  EXPECT_EQ(known_loss(make_moore_nim(2, {huge, huge, huge})), std::optional<bool>(true));
  EXPECT_EQ(value_of(make_moore_nim(2, {huge, huge, huge})), 0u);
  // k = 1 is Nim, any size.
  EXPECT_EQ(value_of(make_moore_nim(1, {huge, 5})), huge ^ 5);
  // k + 1 beyond 64 bits: only the empty position is lost.
  EXPECT_EQ(known_loss(make_moore_nim(UINT64_MAX, {3, 3})), std::optional<bool>(false));
  EXPECT_EQ(moves_to_value(make_moore_nim(UINT64_MAX, {3, 3}), 0, 10).total, 1u);
}

TEST(MooreNim, ManyHugeHeapsListMovesAndBoundTheCount) {
  std::mt19937_64 rng(8);
  for (std::uint64_t k : {2, 3, 5}) {
    Tuple heaps(300);
    for (auto& h : heaps) h = rng() % 1'000'000'000'000'000'000ULL;
    const ComponentPtr moore = make_moore_nim(k, heaps);
    ASSERT_EQ(known_loss(moore), std::optional<bool>(false));
    const MoveList moves = moves_to_value(moore, 0, 10);
    ASSERT_EQ(moves.listed.size(), 10u);
    EXPECT_GE(moves.total, 10u);
    for (const Move& m : moves.listed) EXPECT_TRUE(moore_says_loss(k, last_tuple(m.result))) << m.action;
  }
  // 10^5 heaps: the moves are still found quickly; the count is at least a bound.
  Tuple heaps(100'000);
  for (auto& h : heaps) h = rng() % 1'000'000'000'000'000'000ULL;
  const MoveList moves = moves_to_value(make_moore_nim(2, heaps), 0, 3);
  ASSERT_EQ(moves.listed.size(), 3u);
  EXPECT_TRUE(moves.total_is_lower_bound);
  for (const Move& m : moves.listed) EXPECT_TRUE(moore_says_loss(2, last_tuple(m.result)));
}

TEST(MooreNim, InvalidParameters) {
  EXPECT_THROW((void)make_moore_nim(0, {1, 2}), InputError);
  EXPECT_THROW((void)make_moore_nim(2, {}), InputError);
}

// ---- Staircase Nim ----

struct StaircaseBrute {
  using Position = Tuple;
  void moves(const Position& p, std::vector<Position>& out) const {
    for (std::size_t i = 1; i < p.size(); ++i)
      for (std::uint64_t c = 1; c <= p[i]; ++c) {
        Position q = p;
        q[i] -= c;
        q[i - 1] += c;
        out.push_back(q);
      }
  }
  std::size_t hash(const Position& p) const {
    std::size_t h = p.size();
    for (auto x : p) h = h * 1000003u + x;
    return h;
  }
};

TEST(StaircaseNim, ValuesAndMovesAgainstSolver) {
  std::mt19937_64 rng(5);
  StaircaseBrute game;
  Solver<StaircaseBrute> solver(game);
  for (int trial = 0; trial < 3000; ++trial) {
    const Tuple coins = random_tuple(rng, 5, 3);
    const ComponentPtr stairs = make_staircase_nim(coins);
    ASSERT_EQ(stairs->text(), "staircase" + tuple_text(coins));
    ASSERT_EQ(value_of(stairs), solver.value(coins)) << stairs->text();
    const auto options = solver.options_with_values(coins);
    for (Nimber target = 0; target <= 4; ++target) {
      std::set<Tuple> expected;
      for (const auto& [q, value] : options)
        if (value == target) expected.insert(q);
      const MoveList moves = moves_to_value(stairs, target, 100);
      ASSERT_EQ(moves.total, expected.size()) << stairs->text() << " target " << target;
      std::set<Tuple> listed;
      for (const Move& m : moves.listed) listed.insert(last_tuple(m.result));
      ASSERT_EQ(listed, expected) << stairs->text() << " target " << target;
    }
  }
}

TEST(StaircaseNim, WordsAndBigCoins) {
  const ComponentPtr stairs = make_staircase_nim({0, 3, 1, 4});
  EXPECT_EQ(value_of(stairs), 3u ^ 4u);
  const MoveList win = moves_to_value(stairs, 0, 10);
  std::set<std::string> actions;
  for (const Move& m : win.listed) actions.insert(m.action + " => " + m.result);
  // 3 xor 4 = 7: lower step 3 to 3 (push 1 to step 2), or raise step 1 from 3 to 4 by
  // pushing 1 coin down from step 2.
  EXPECT_EQ(actions, (std::set<std::string>{"move 1 coin from step 3 to step 2 => staircase(0,3,2,3)",
                                            "move 1 coin from step 2 to step 1 => staircase(0,4,0,4)"}));
  const std::uint64_t huge = 1'000'000'000'000'000'000ULL;
  const ComponentPtr big = make_staircase_nim({huge, huge, huge, 7});
  EXPECT_EQ(value_of(big), huge ^ 7);
  // Only step 1 can be brought to 7: step 3 would have to grow, and step 2 cannot
  // lower step 1.
  const MoveList big_win = moves_to_value(big, 0, 10);
  ASSERT_EQ(big_win.total, 1u);
  EXPECT_EQ(big_win.listed[0].action, "move " + std::to_string(huge - 7) + " coins from step 1 to the floor");
  EXPECT_THROW((void)make_staircase_nim({}), InputError);
}

// ---- Misère Nim ----

class MisereBrute {
 public:
  bool wins(const Tuple& heaps) {
    auto found = memo_.find(heaps);
    if (found != memo_.end()) return found->second;
    bool any_move = false;
    bool win = false;
    for (std::size_t i = 0; i < heaps.size() && !win; ++i)
      for (std::uint64_t v = 0; v < heaps[i] && !win; ++v) {
        any_move = true;
        Tuple next = heaps;
        next[i] = v;
        win = !wins(next);
      }
    // No move at all: the opponent took the last stone and lost.
    const bool result = any_move ? win : true;
    memo_[heaps] = result;
    return result;
  }
  std::set<std::pair<std::size_t, std::uint64_t>> winning_moves(const Tuple& heaps) {
    std::set<std::pair<std::size_t, std::uint64_t>> moves;
    for (std::size_t i = 0; i < heaps.size(); ++i)
      for (std::uint64_t v = 0; v < heaps[i]; ++v) {
        Tuple next = heaps;
        next[i] = v;
        if (!wins(next)) moves.emplace(i, v);
      }
    return moves;
  }

 private:
  std::map<Tuple, bool> memo_;
};

TEST(MisereNim, AgainstBruteForce) {
  std::mt19937_64 rng(11);
  MisereBrute brute;
  for (int trial = 0; trial < 4000; ++trial) {
    const Tuple heaps = random_tuple(rng, 5, trial % 2 ? 2 : 6);
    const MisereNimAnalysis analysis = analyze_misere_nim(heaps);
    ASSERT_EQ(analysis.first_player_wins, brute.wins(heaps)) << tuple_text(heaps);
    const std::set<std::pair<std::size_t, std::uint64_t>> listed(analysis.winning_moves.begin(),
                                                                  analysis.winning_moves.end());
    ASSERT_EQ(listed.size(), analysis.winning_moves.size());
    ASSERT_EQ(listed, brute.winning_moves(heaps)) << tuple_text(heaps);
  }
}

TEST(MisereNim, ManyHugeHeaps) {
  std::mt19937_64 rng(3);
  Tuple heaps(100'000);
  for (auto& h : heaps) h = rng() % 1'000'000'000'000'000'000ULL;
  std::uint64_t x = 0;
  for (auto h : heaps) x ^= h;
  const MisereNimAnalysis analysis = analyze_misere_nim(heaps);
  EXPECT_EQ(analysis.first_player_wins, x != 0);
  for (const auto& [index, size] : analysis.winning_moves) {
    EXPECT_LT(size, heaps[index]);
    EXPECT_EQ(x ^ heaps[index] ^ size, 0u);
  }
  EXPECT_FALSE(analysis.winning_moves.empty());
}

}  // namespace
}  // namespace grundy
