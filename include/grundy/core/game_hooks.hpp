// The optional hooks of a game (game.hpp) whose answers are types of the
// runtime model — a theorem applied (capabilities.hpp), an outcome (value.hpp)
// — declared here, beside those types, so that both adapters (GameAdapter for
// positions, HeapGameRule for heap rules) ask for them the same way. The
// hooks of a game on one heap are heap_game_hooks.hpp's, where heap games live.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/capabilities.hpp"
#include "grundy/core/context.hpp"
#include "grundy/core/game.hpp"
#include "grundy/core/periodicity_theorem.hpp"
#include "grundy/core/sequence.hpp"
#include "grundy/core/value.hpp"

namespace grundy {

// g.theorem(p) -> std::optional<TheoremApplication>: the theorem that decides p,
// applied to it, for `grundy explain`.
template <class G>
concept GameWithTheorem = ImpartialGame<G> && requires(const G& game, const typename G::Position& p) {
  { game.theorem(p) } -> std::convertible_to<std::optional<TheoremApplication>>;
};

// g.outcome(p) -> std::optional<Outcome>: who wins p when its value is out of reach.
template <class G>
concept GameWithOutcome = ImpartialGame<G> && requires(const G& game, const typename G::Position& p) {
  { game.outcome(p) } -> std::convertible_to<std::optional<Outcome>>;
};

// g.row_pattern(pile) -> std::optional<Periodicity>: for a game on two piles,
// the proven additive period of the row whose smaller pile is `pile`
// (AdditivelyPeriodicRows: Wythoff's rows), or nullopt where none is known.
template <class G>
concept GameWithRowPatterns = ImpartialGame<G> && requires(const G& game, std::uint64_t pile) {
  { game.row_pattern(pile) } -> std::convertible_to<std::optional<Periodicity>>;
};

// g.joins_parts() -> bool: positions of the game side by side in a sum print
// as one term, their arguments joined by commas — graph(@f)(t,a) for
// graph(@f)(t) + graph(@f)(a) — which the game's ruleset reads back as that
// sum (as heaps of one rule print).
template <class G>
concept GameWithJoinedParts = ImpartialGame<G> && requires(const G& game) {
  { game.joins_parts() } -> std::convertible_to<bool>;
};

// g.value(p, context) -> Value and g.counter(p, context) ->
// std::optional<std::uint64_t>: a game that keeps its own search, and its
// table, across runs — a user's Python game, whose values live with the game
// object between calls (python/src/python_game.hpp) — answers values (∞(K)
// included) and the counters of the reversal rule itself; the adapter makes no
// solver of a run for it.
template <class G>
concept GameWithOwnSearch = ImpartialGame<G> && requires(const G& game, const typename G::Position& p, Context& context) {
  { game.value(p, context) } -> std::convertible_to<Value>;
  { game.counter(p, context) } -> std::convertible_to<std::optional<std::uint64_t>>;
};

// A move with its words, for a game that names its moves as it lists them.
template <class Position>
struct NamedMove {
  Position after;
  std::string words;  // "take vertex a and its neighbour b"
};

// g.for_each_named_move(p, visit): every move of p with its words,
// visit(NamedMove&&) returning false to stop. For a game where two moves may
// leave one position (Node Kayles: the two ends of an edge; a placement on
// the king graph), whose words describe_move(from, to) cannot tell apart; the
// adapter then lists options and winning moves by these, and describe_move is
// not asked.
template <class G>
concept GameWithNamedMoves = ImpartialGame<G> && requires(const G& game, const typename G::Position& p) {
  game.for_each_named_move(p, [](NamedMove<typename G::Position>&&) { return true; });
};

// g.head(p) -> std::string: the head p prints with, where the game's name is
// not all of it — nodekayles(@f)(a,b) for a subset of a file's graph, whose
// whole graph prints nodekayles(@f).
template <class G>
concept GameWithHeads = ImpartialGame<G> && requires(const G& game, const typename G::Position& p) {
  { game.head(p) } -> std::convertible_to<std::string>;
};

// g.drawing(p) -> std::string, g.same_game_turned() -> bool: p is a board,
// drawn row by row (DrawnAsBoard: the CLI, `grundy play` and the web page show
// it), and the board turned a quarter is the same game (a census computes one
// of r×c and c×r).
template <class G>
concept GameDrawnAsBoard = ImpartialGame<G> && requires(const G& game, const typename G::Position& p) {
  { game.drawing(p) } -> std::convertible_to<std::string>;
  { game.same_game_turned() } -> std::convertible_to<bool>;
};

}  // namespace grundy
