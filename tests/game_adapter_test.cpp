// A user's own C++ game (the ImpartialGame concept) as positions: values,
// sums with built-in games, winning moves, printing and parsing back through a
// registry of the user's own. The game here is Grundy's game written from its
// rules (split a heap into two unequal heaps), held to OEIS A002188.
#include "grundy/search/game_adapter.hpp"
#include "grundy/rulesets/game_ruleset.hpp"
#include "grundy/language/registry.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/input_error.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

// Positions are sorted lists of heaps; a move splits one heap into two unequal
// non-empty heaps, so it produces a sum — which components() takes apart.
struct UsersGrundysGame {
  using Position = std::vector<std::uint64_t>;
  void moves(const Position& p, std::vector<Position>& out) const {
    for (std::size_t i = 0; i < p.size(); ++i) {
      for (std::uint64_t a = 1; 2 * a < p[i]; ++a) {
        Position q = p;
        q[i] = p[i] - a;
        q.push_back(a);
        std::sort(q.begin(), q.end());
        out.push_back(q);
      }
    }
  }
  void components(const Position& p, std::vector<Position>& out) const {
    for (std::uint64_t h : p) out.push_back({h});
  }
  std::size_t hash(const Position& p) const {
    std::size_t h = p.size();
    for (std::uint64_t x : p) h = h * 1000003u + x;
    return h;
  }
  std::string describe(const Position& p) const {
    std::string out;
    for (std::size_t i = 0; i < p.size(); ++i) out += (i ? "," : "") + std::to_string(p[i]);
    return out;
  }
};

std::vector<Nimber> oeis_grundys_game() {
  std::vector<Nimber> a;
  for (const auto& [n, value] : testing::reference_terms("oeis_A002188_grundys_game_terms.txt")) a.push_back(value);
  return a;
}

TEST(GameAdapter, UsersGrundysGameEqualsOeis) {
  const std::vector<Nimber> a = oeis_grundys_game();
  ASSERT_GE(a.size(), 100u);
  auto game = GameAdapter<UsersGrundysGame>::make(UsersGrundysGame{}, "mygrundy");
  Context context;
  for (std::uint64_t n = 0; n < 60; ++n) {
    const Position p = game->position({n});
    ASSERT_EQ(p.value(context), Value(a[n])) << n;
    ASSERT_EQ(p.text(), "mygrundy(" + std::to_string(n) + ")");
  }
}

TEST(GameAdapter, JoinsSumsWithBuiltInGames) {
  auto game = GameAdapter<UsersGrundysGame>::make(UsersGrundysGame{}, "mygrundy");
  Context context;
  // g(mygrundy(7)) = A002188(7) = 0, g(nim(3)) = 3: the sum is worth 3; the
  // winning moves are to nim(0), and in mygrundy(7) to parts worth 3.
  const Position p = game->position({7}) + Registry::builtin().parse("nim(3) + kayles(4)");
  EXPECT_EQ(p.size(), 3u);
  const SumAnalysis a = analyze(p, context);
  EXPECT_EQ(a.value, Value(0 ^ 3 ^ 1));  // kayles(4) = 1 (A002186)
  ASSERT_TRUE(a.first_player_wins());
  ASSERT_FALSE(a.winning_moves.empty());
  for (const Move& m : a.winning_moves) {
    EXPECT_EQ(m.after().value(context), Value(0)) << m.after().text();
  }
  // A split leaves a sum: two components in place of one.
  bool split_seen = false;
  for_each_move(p, context, [&](Move&& m) {
    if (m.component == 0) {
      EXPECT_EQ(m.replacement.size(), 2u) << m.replacement.text();
      split_seen = true;
    }
    return true;
  });
  EXPECT_TRUE(split_seen);
}

TEST(GameAdapter, RegisteredGamesParseBack) {
  auto game = GameAdapter<UsersGrundysGame>::make(UsersGrundysGame{}, "mygrundy");
  Registry registry = Registry::builtin();
  registry.add(game_ruleset<UsersGrundysGame>(game, [](const TermReader& term) {
    term.expect_parameters(0);
    return UsersGrundysGame::Position{term.integers(term.positions(), "heap sizes")};
  }));
  Context context;
  const Position p = registry.parse("mygrundy(9) + nim(2)");
  EXPECT_EQ(p.text(), "mygrundy(9) + nim(2)");
  for_each_move(p, context, [&](Move&& m) {
    const Position after = m.after();
    EXPECT_TRUE(registry.parse(after.text()) == after) << after.text();
    return true;
  });
  EXPECT_THROW((void)registry.add(game_ruleset<UsersGrundysGame>(game, [](const TermReader&) { return UsersGrundysGame::Position{}; })),
               InputError);  // the name is taken
}

// A theorem for some positions only: moves_to_value declines the others
// (nullopt), where the definition answers. Nim heaps here: the theorem knows
// the heaps below 8 (one move to each smaller value); above, it declines.
struct PartlyKnownNim {
  using Position = std::uint64_t;
  void moves(std::uint64_t n, std::vector<std::uint64_t>& out) const {
    for (std::uint64_t k = 0; k < n; ++k) out.push_back(k);
  }
  std::optional<std::uint64_t> moves_to_value(std::uint64_t n, Nimber target, std::size_t limit,
                                              std::vector<std::uint64_t>& out) const {
    if (n >= 8) return std::nullopt;
    if (target >= n) return 0;
    if (limit > 0) out.push_back(target);
    return 1;
  }
};

TEST(GameAdapter, MovesToValueMayDecline) {
  auto game = GameAdapter<PartlyKnownNim>::make(PartlyKnownNim{}, "partlynim");
  Context context;
  for (std::uint64_t n = 0; n < 12; ++n) {
    const Position p = game->position(n);
    for (Nimber target = 0; target < 13; ++target) {
      const OptionList moves = p[0].options_to_value(context, target, 10);
      ASSERT_EQ(moves.total, target < n ? 1u : 0u) << n << " to " << target;
      if (target < n) {
        ASSERT_EQ(moves.listed.at(0).after.text(), "partlynim(" + std::to_string(target) + ")");
      }
    }
  }
}

// Winning moves beyond a limit (LimitError while looking for them) leave the
// value and the outcome standing: the moves are then not all known.
struct MovesOutOfReach {
  using Position = std::uint64_t;
  void moves(std::uint64_t n, std::vector<std::uint64_t>& out) const {
    for (std::uint64_t k = 0; k < n; ++k) out.push_back(k);
  }
  std::uint64_t moves_to_value(std::uint64_t n, Nimber, std::size_t, std::vector<std::uint64_t>&) const {
    throw LimitError("the moves of heap " + std::to_string(n) + " are out of reach here");
  }
};

TEST(GameAdapter, MovesOutOfReachKeepTheValue) {
  auto game = GameAdapter<MovesOutOfReach>::make(MovesOutOfReach{}, "farnim");
  Context context;
  const SumAnalysis a = analyze(game->position(5) + Registry::builtin().parse("nim(1)"), context);
  ASSERT_TRUE(a.value.has_value());
  EXPECT_EQ(*a.value, Value(Nimber{4}));
  EXPECT_TRUE(a.first_player_wins());
  EXPECT_TRUE(a.winning_move_total_is_lower_bound);
  EXPECT_EQ(a.moves_note, "the moves of heap 5 are out of reach here");
  EXPECT_EQ(a.to_json()["moves_note"], "the moves of heap 5 are out of reach here");
}

// With the normal-play solver only, a game with a cycle is reported, naming
// the positions on it; by default the loopy solver values it (docs/loopy.md):
// a 3-cycle with no way out is a draw.
struct Loop {
  using Position = int;
  void moves(int p, std::vector<int>& out) const { out.push_back((p + 1) % 3); }
};

TEST(GameAdapter, CyclesAreValuedOrReported) {
  Context context;
  auto loopy = GameAdapter<Loop>::make(Loop{}, "loop");
  EXPECT_EQ(loopy->position(0).value(context), Value::infinite({}));
  EXPECT_EQ(analyze(loopy->position(1), context).outcome, Outcome::D);
  auto game = GameAdapter<Loop>::make(Loop{}, "loop", SolverChoice::normal_play);
  try {
    (void)game->position(0).value(context);
    ADD_FAILURE() << "no cycle reported";
  } catch (const CycleError& e) {
    EXPECT_EQ(e.cycle().size(), 4u);
  }
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// A game that keeps its own search across runs (GameWithOwnSearch, as a user's
// Python game does): the adapter asks it for values and counters in every run
// and keeps no table of its own; the moves still come from the game.
struct GrundysGameWithOwnSearch : UsersGrundysGame {
  std::shared_ptr<std::vector<Nimber>> table = std::make_shared<std::vector<Nimber>>(oeis_grundys_game());
  std::shared_ptr<int> asked = std::make_shared<int>(0);
  Value value(const Position& p, Context&) const {
    ++*asked;
    Nimber total = 0;
    for (std::uint64_t h : p) total ^= table->at(h);
    return Value(total);
  }
  std::optional<std::uint64_t> counter(const Position&, Context&) const { return std::nullopt; }
};

TEST(GameAdapter, AGameWithItsOwnSearchIsAskedInEveryRun) {
  static_assert(GameWithOwnSearch<GrundysGameWithOwnSearch>);
  GrundysGameWithOwnSearch own;
  // A table that is wrong at heap 8 (A002188(8) = 2): the adapter must give
  // the game's answer, not one of a search of its own.
  (*own.table)[8] = 5;
  const std::shared_ptr<int> asked = own.asked;
  auto game = GameAdapter<GrundysGameWithOwnSearch>::make(own, "owngrundy");
  for (int run = 0; run < 2; ++run) {
    Context context;
    EXPECT_EQ(game->position({8}).value(context), Value(5));
    EXPECT_EQ(game->position({7}).value(context), Value(0));
  }
  EXPECT_EQ(*asked, 4);
  // The options are the game's moves (heaps sorted), each valued by the game: 8 = 1+7 = 2+6 = 3+5.
  Context context;
  std::vector<std::string> options;
  for_each_move(game->position({8}), context, [&](Move&& m) {
    options.push_back(m.replacement.text() + " = " + m.replacement.value(context).to_string());
    return true;
  });
  EXPECT_EQ(options, (std::vector<std::string>{"owngrundy(1) + owngrundy(7) = 0", "owngrundy(2) + owngrundy(6) = 1",
                                               "owngrundy(3) + owngrundy(5) = 3"}));
}

}  // namespace
}  // namespace grundy
