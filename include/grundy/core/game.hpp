// The compile-time model of a user-defined impartial game.
//
// REQUIRED
//   typename G::Position            a value type: copyable, equality-comparable, and
//                                   hashable by std::hash<Position> or G::hash(p)
//   g.moves(p, out)                 appends every option of p to `out`
//                                   (std::vector<Position>&)
// OPTIONAL (the solver uses each when present, and tests hold each to the slow path)
//   g.components(p, out)            appends independent parts whose sum is p (p
//                                   itself if it does not split); the solver xors
//                                   their values — the Sprague–Grundy theorem
//   g.canonical(p) -> Position      a representative of p's symmetry class, so that
//                                   equivalent positions share one table entry
//   g.closed_form(p) -> std::optional<Nimber>
//                                   the value when a formula knows it; the search
//                                   stops there. A formula, never a search: what a
//                                   game offers the search engines is declared by
//                                   the hooks below, and the engine choice
//                                   (search/engine_choice.hpp) reads them
// OPTIONAL, what a game offers the search engines (search/engine_choice.hpp:
// the one place the engine is chosen; a game never runs a search):
//   g.part_size(p) -> int           with components() and canonical(): the parts are
//                                   valued by outcome questions (G + *n, the
//                                   Lemoine–Viennot search of outcome_engine.hpp)
//                                   instead of the definition; the size orders the
//                                   moves (its empty points, its stones)
//   G::PackedParts, G::PackedBoard, g.packed(p, visit) -> bool
//                                   its parts pack into 8-byte keys: the rules over
//                                   keys (search/part_engine.hpp says what they
//                                   give), the board they read, and visit(board)
//                                   called with p's board where they play it
//                                   (false where not): the part search values it
//                                   and writes its certificates
//   g.placement_rule() -> const placement::Rule&
//                                   positions are boards of a placement rule: the
//                                   region search values them
//   g.vertex_set(p) -> search::VertexSet
//                                   p is a vertex set of a graph, played as Node
//                                   Kayles: the graph search values it
//   G::RunTables                    tables the game's formulas compute once a run
//                                   (constructed from the run's poll); its hooks
//                                   that read them take them last: closed_form(p,
//                                   tables), moves_to_value(p, target, limit, out,
//                                   tables), row_pattern(pile, tables)
//   g.describe(p) -> std::string    how to print p in messages (cycle reports)
//   g.cycle_found(cycle)            called with the positions on a cycle (the first
//                                   again at the end) before the solver throws
//                                   CycleError; it may throw an error of its own (a
//                                   game that goes on as a game with cycles)
//   g.moves_changed(p, before, after)
//                                   called when moves(p), listed again after the
//                                   solver let go of its options, lists another
//                                   number of them; it may throw an error of its own
//   g.owned_bytes(p) -> std::size_t the bytes p holds beyond sizeof(Position) (a
//                                   Python object behind it), counted against
//                                   memory bounds
//   G::kListingWork                 the units of work (Context::charge) a call of
//                                   moves costs beyond its options: 1 unless said
//                                   (a call into Python: 64)
// OPTIONAL, for the positions' front ends (GameAdapter gives every component
// these; each defaults to the definition):
//   g.for_each_move(p, visit)       every option of p, lazily: visit(q) returns
//                                   false to stop (a pair of Euclid's game can have
//                                   10^18 options; moves() would list them all)
//   g.describe_move(p, q) -> std::string
//                                   the move p -> q in words ("subtract 3 × 5 from
//                                   17"); the default is "move to describe(q)"
//   g.moves_to_value(p, target, limit, out) -> std::uint64_t
//                                   the options of value `target`, the first
//                                   `limit` appended to `out`, all counted
//                                   (saturating): winning moves by a theorem.
//                                   Returning std::optional<std::uint64_t>, it
//                                   may decline a position no theorem covers
//                                   (nullopt): the definition answers there
//                                   (every option valued by the run's solver);
//                                   returning std::optional<MoveCount>, it may
//                                   also say its count is a lower bound (a
//                                   bounded count of Moore's moves)
//   g.theorem(p) -> std::optional<TheoremApplication>
//                                   the theorem that decides p, applied to it, for
//                                   `grundy explain` (capabilities.hpp)
//   g.outcome(p) -> std::optional<Outcome>
//                                   who wins p when its value is out of reach
//                                   (closed_form threw LimitError): a strategy
//                                   argument (Chomp: the first player, by strategy
//                                   stealing)
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace grundy {

template <class G>
concept ImpartialGame = requires(const G& game, const typename G::Position& p,
                                 std::vector<typename G::Position>& out) {
  typename G::Position;
  requires std::copyable<typename G::Position>;
  requires std::equality_comparable<typename G::Position>;
  { game.moves(p, out) };
};

template <class G>
concept DecomposableGame = ImpartialGame<G> && requires(const G& game, const typename G::Position& p,
                                                        std::vector<typename G::Position>& out) {
  { game.components(p, out) };
};

template <class G>
concept CanonicalizingGame = ImpartialGame<G> && requires(const G& game, const typename G::Position& p) {
  { game.canonical(p) } -> std::convertible_to<typename G::Position>;
};

template <class G>
concept GameWithClosedForm = ImpartialGame<G> && requires(const G& game, const typename G::Position& p) {
  { game.closed_form(p) } -> std::convertible_to<std::optional<Nimber>>;
};

template <class G>
concept DescribableGame = ImpartialGame<G> && requires(const G& game, const typename G::Position& p) {
  { game.describe(p) } -> std::convertible_to<std::string>;
};

template <class G>
concept CycleReportingGame = ImpartialGame<G> && requires(const G& game, const std::vector<typename G::Position>& cycle) {
  { game.cycle_found(cycle) };
};

template <class G>
concept MovesChangeReportingGame = ImpartialGame<G> && requires(const G& game, const typename G::Position& p,
                                                                std::size_t count) {
  { game.moves_changed(p, count, count) };
};

template <class G>
concept GameWithListingWork = ImpartialGame<G> && requires {
  { G::kListingWork } -> std::convertible_to<std::uint64_t>;
};

template <class G>
concept GameWithOwnedBytes = ImpartialGame<G> && requires(const G& game, const typename G::Position& p) {
  { game.owned_bytes(p) } -> std::convertible_to<std::size_t>;
};

template <class G>
concept GameWithHash = ImpartialGame<G> && requires(const G& game, const typename G::Position& p) {
  { game.hash(p) } -> std::convertible_to<std::size_t>;
};

template <class G>
concept LazilyListedGame = ImpartialGame<G> && requires(const G& game, const typename G::Position& p) {
  { game.for_each_move(p, [](const typename G::Position&) { return true; }) };
};

template <class G>
concept GameWithMoveWords = ImpartialGame<G> && requires(const G& game, const typename G::Position& p) {
  { game.describe_move(p, p) } -> std::convertible_to<std::string>;
};

// What a moves_to_value hook that counts within a budget returns: the moves
// counted, and whether that is only a lower bound (the budget ran out).
struct MoveCount {
  std::uint64_t total = 0;
  bool lower_bound = false;
};

template <class G>
concept GameWithMovesToValue = ImpartialGame<G> && requires(const G& game, const typename G::Position& p,
                                                            std::vector<typename G::Position>& out) {
  requires std::convertible_to<decltype(game.moves_to_value(p, Nimber{0}, std::size_t{1}, out)), std::uint64_t> ||
               std::same_as<decltype(game.moves_to_value(p, Nimber{0}, std::size_t{1}, out)),
                            std::optional<std::uint64_t>> ||
               std::same_as<decltype(game.moves_to_value(p, Nimber{0}, std::size_t{1}, out)), std::optional<MoveCount>>;
};

// The count a moves_to_value hook returned, whichever of its three forms; nullopt
// where it declined (no theorem there: the definition answers).
template <class Total>
[[nodiscard]] std::optional<MoveCount> moves_counted(const Total& total) {
  if constexpr (std::is_same_v<Total, std::optional<MoveCount>>) {
    return total;
  } else if constexpr (std::is_same_v<Total, std::optional<std::uint64_t>>) {
    if (!total) return std::nullopt;
    return MoveCount{*total, false};
  } else {
    return MoveCount{static_cast<std::uint64_t>(total), false};
  }
}

// The hash the solver uses for a game's positions.
template <ImpartialGame G>
struct PositionHash {
  const G* game;
  std::size_t operator()(const typename G::Position& p) const {
    if constexpr (GameWithHash<G>) {
      return game->hash(p);
    } else {
      return std::hash<typename G::Position>{}(p);
    }
  }
};

}  // namespace grundy
