// Strategy in sums with cycles, played out: a test player who follows the
// analysis's winning moves (giving it the opponent's last move, so raises are
// answered by the reversal rule) against opponents who move at random or raise
// whenever they can always wins, in a bounded number of moves; a player who
// follows the drawing moves never loses. Every position met is checked against
// the product-graph oracle (tests/loopy_reference.hpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <unistd.h>

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/analysis/loopy_analysis.hpp"
#include "grundy/language/registry.hpp"
#include "loopy_reference.hpp"

namespace grundy {
namespace {

using testing::OracleOutcome;
using testing::ProductOracle;
using testing::SmallDigraph;

namespace fs = std::filesystem;

struct Scratch {
  fs::path dir;
  Scratch() : dir(fs::temp_directory_path() / ("grundy_loopy_strategy_" + std::to_string(::getpid()))) {
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
};

// Two random digraphs as files and a Nim heap: positions and oracle states.
struct SumGame {
  SmallDigraph a, b;
  int heaps = 1;
  std::string file_a, file_b;

  [[nodiscard]] std::string text(const std::vector<int>& at) const {
    return "graph(@" + file_a + ")(v" + std::to_string(at[0]) + ") + graph(@" + file_b + ")(v" +
           std::to_string(at[1]) + ") + nim(" + std::to_string(at[2]) + ")";
  }
  [[nodiscard]] static std::vector<int> state(const Position& p) {
    return {std::stoi(p[0].arguments().substr(1)), std::stoi(p[1].arguments().substr(1)), std::stoi(p[2].arguments())};
  }
};

bool raises(const Move& m, Context& context) {
  const Value before = m.before[m.component].value(context);
  const Value after = m.replacement.value(context);
  if (!after.is_finite()) return before.is_finite();
  return before.is_finite() && after.nimber() > before.nimber();
}

enum class Opponent { random, raising, mixed };

// Which listed winning move the player takes: any of them must do, so besides
// a random one the player takes the worst for progress — the one whose moved
// component gets the largest counter (a position labelled late, far from the end).
enum class Choice { random, largest_counter };

std::uint64_t counter_after(const Move& m, Context& context) {
  if (m.replacement.size() != 1) return 0;
  const auto* loopy = capability<LoopyCounter>(m.replacement[0]);
  return loopy != nullptr ? loopy->counter(context).value_or(0) : 0;
}

// Plays from `start` (an N-position): the winner follows the listed winning
// moves; returns the number of moves until the opponent cannot move, or -1.
int play_to_win(Position position, const ProductOracle& oracle, Opponent opponent, std::mt19937_64& rng,
                Context& context, int* reversals = nullptr, Choice choice = Choice::random) {
  std::optional<Move> last;
  constexpr int kMaxRounds = 5000;
  for (int round = 0; round < kMaxRounds; ++round) {
    AnalysisOptions options;
    options.max_moves = 1000;
    options.last_move = last;
    const SumAnalysis analysis = analyze(position, context, options);
    EXPECT_EQ(analysis.outcome, Outcome::N) << position.text();
    if (analysis.winning_moves.empty()) return -1;
    if (reversals != nullptr) *reversals += analysis.reversal;
    std::size_t pick = rng() % analysis.winning_moves.size();
    if (choice == Choice::largest_counter) {
      for (std::size_t i = 0; i < analysis.winning_moves.size(); ++i) {
        if (counter_after(analysis.winning_moves[i], context) > counter_after(analysis.winning_moves[pick], context))
          pick = i;
      }
    }
    const Move& mine = analysis.winning_moves[pick];
    position = mine.after();
    EXPECT_EQ(oracle.outcome(SumGame::state(position)), OracleOutcome::lose) << position.text();

    std::vector<Move> replies, raising;
    for_each_move(position, context, [&](Move&& m) {
      if (raises(m, context)) raising.push_back(m);
      replies.push_back(std::move(m));
      return true;
    });
    if (replies.empty()) return 2 * round + 1;
    const bool raise = !raising.empty() && (opponent == Opponent::raising || (opponent == Opponent::mixed && rng() % 2));
    const std::vector<Move>& pool = raise ? raising : replies;
    last = pool[rng() % pool.size()];
    position = last->after();
  }
  return -1;
}

class LoopyStrategy : public ::testing::Test {
 protected:
  SumGame random_game(std::mt19937_64& rng, int trial, int max_vertices) {
    SumGame game;
    auto make = [&] {
      const int n = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(max_vertices));
      return testing::random_digraph(rng, n, std::uniform_real_distribution<double>(0.1, 0.5)(rng));
    };
    game.a = make();
    game.b = make();
    game.heaps = 1 + static_cast<int>(rng() % 3);
    game.file_a = (scratch_.dir / ("a" + std::to_string(trial) + ".graph")).string();
    game.file_b = (scratch_.dir / ("b" + std::to_string(trial) + ".graph")).string();
    std::ofstream(game.file_a) << game.a.text();
    std::ofstream(game.file_b) << game.b.text();
    return game;
  }

  Scratch scratch_;
};

TEST_F(LoopyStrategy, WinningMovesAlwaysReachAWin) {
  std::mt19937_64 rng(8);
  int games = 0, longest = 0, reversals = 0;
  for (int trial = 0; trial < 400; ++trial) {
    Context context;
    const SumGame game = random_game(rng, trial, 7);
    const ProductOracle oracle({game.a, game.b, SmallDigraph::nim(game.heaps)});
    for (std::size_t s = 0; s < oracle.states(); s += 1 + rng() % 5) {
      const std::vector<int> at = oracle.decode(s);
      if (oracle.outcome(at) != OracleOutcome::win) continue;
      for (Opponent opponent : {Opponent::random, Opponent::raising, Opponent::mixed}) {
        for (Choice choice : {Choice::random, Choice::largest_counter}) {
          const Position start = Registry::builtin().parse(game.text(at));
          const int moves = play_to_win(start, oracle, opponent, rng, context, &reversals, choice);
          ASSERT_GT(moves, 0) << game.a.text() << game.b.text() << game.text(at);
          longest = std::max(longest, moves);
          ++games;
        }
      }
    }
  }
  EXPECT_GT(games, 1000);
  EXPECT_GT(reversals, 500);  // the opponents' raises were answered by the rule
  RecordProperty("longest_game", longest);
  RecordProperty("reversals", reversals);
}

TEST_F(LoopyStrategy, DrawingMovesKeepTheDraw) {
  std::mt19937_64 rng(81);
  int games = 0, blunders_punished = 0;
  for (int trial = 0; trial < 250; ++trial) {
    Context context;
    const SumGame game = random_game(rng, 1000 + trial, 6);
    const ProductOracle oracle({game.a, game.b, SmallDigraph::nim(game.heaps)});
    for (std::size_t s = 0; s < oracle.states(); s += 1 + rng() % 4) {
      const std::vector<int> at = oracle.decode(s);
      if (oracle.outcome(at) != OracleOutcome::draw) continue;
      ++games;
      Position position = Registry::builtin().parse(game.text(at));
      for (int round = 0; round < 60; ++round) {
        AnalysisOptions options;
        options.max_moves = 1000;
        const SumAnalysis analysis = analyze(position, context, options);
        if (analysis.outcome == Outcome::N) {
          // The opponent left the draw: the drawing player now wins.
          ASSERT_EQ(oracle.outcome(SumGame::state(position)), OracleOutcome::win) << position.text();
          ASSERT_GT(play_to_win(position, oracle, Opponent::mixed, rng, context), 0) << position.text();
          ++blunders_punished;
          break;
        }
        ASSERT_EQ(analysis.outcome, Outcome::D) << position.text();
        ASSERT_FALSE(analysis.drawing_moves.empty()) << position.text();
        position = analysis.drawing_moves[rng() % analysis.drawing_moves.size()].after();
        ASSERT_EQ(oracle.outcome(SumGame::state(position)), OracleOutcome::draw) << position.text();
        std::vector<Move> replies;
        for_each_move(position, context, [&](Move&& m) {
          replies.push_back(std::move(m));
          return true;
        });
        ASSERT_FALSE(replies.empty()) << "a draw with no move: " << position.text();
        position = replies[rng() % replies.size()].after();
      }
    }
  }
  EXPECT_GT(games, 300);
  EXPECT_GT(blunders_punished, 50);
}

// Why the reversal rule: two copies of a <-> b, b -> t (a = 0, b = 1). From
// a + a (a P-position) the opponent moves to b + a. Both b -> a and b -> t lower
// the value back to 0, but b -> a lets the opponent move a -> b again for ever;
// the reversal rule picks the follower with the smaller counter, t.
TEST_F(LoopyStrategy, TheReversalRuleAnswersARaiseWithTheSmallerCounter) {
  const std::string file = (scratch_.dir / "two.graph").string();
  std::ofstream(file) << "a: b\nb: a t\n";
  Context context;
  const Position before = Registry::builtin().parse("graph(@" + file + ")(a) + graph(@" + file + ")(a)");
  const Position after = Registry::builtin().parse("graph(@" + file + ")(b) + graph(@" + file + ")(a)");
  const std::optional<Move> raise = move_between(before, after, context);
  ASSERT_TRUE(raise.has_value());

  // Without the last move: every lowering move, b -> a among them.
  const SumAnalysis plain = analyze(after, context);
  EXPECT_FALSE(plain.reversal);
  std::vector<std::string> results;
  for (const Move& m : plain.winning_moves) results.push_back(m.replacement.text());
  EXPECT_NE(std::find(results.begin(), results.end(), "graph(@" + file + ")(a)"), results.end());

  // With it: only b -> t.
  AnalysisOptions options;
  options.last_move = raise;
  const SumAnalysis answer = analyze(after, context, options);
  EXPECT_TRUE(answer.reversal);
  ASSERT_EQ(answer.winning_move_total, 1u);
  EXPECT_EQ(answer.winning_moves[0].replacement.text(), "graph(@" + file + ")(t)");
  EXPECT_EQ(answer.winning_moves[0].component, 0u);

  // A last move that does not lead here is refused.
  AnalysisOptions wrong;
  wrong.last_move = raise;
  const Position elsewhere = Registry::builtin().parse("graph(@" + file + ")(b)");
  EXPECT_THROW((void)analyze(elsewhere, context, wrong), InputError);
}

}  // namespace
}  // namespace grundy
