// The optional hooks of a game on one heap (HeapGame: its position is the
// heap's size), which HeapGameRule (heap_game_rule.hpp) reads: patterns and
// periods a theorem proves, the splits of take-and-break games, sweeps,
// bounds, words. Grouped here, where heap games live; the hooks of every game
// are game.hpp's and game_hooks.hpp's.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/game.hpp"
#include "grundy/core/game_hooks.hpp"
#include "grundy/core/heap_move.hpp"
#include "grundy/core/heap_sequence.hpp"
#include "grundy/core/periodicity_theorem.hpp"
#include "grundy/core/sequence.hpp"

namespace grundy {

// A game on one heap: its position is the heap's size (0 the empty heap) and
// every move lowers it (heap_game_rule.hpp).
template <class G>
concept HeapGame = ImpartialGame<G> && std::same_as<typename G::Position, std::uint64_t>;

// g.proven_pattern() -> std::optional<Periodicity>: the period (or arithmetic
// period) a theorem proves for every heap of the rule, which `grundy table`
// reports as proven.
template <class G>
concept HeapGameWithPattern = HeapGame<G> && requires(const G& game) {
  { game.proven_pattern() } -> std::convertible_to<std::optional<Periodicity>>;
};

// g.take_ranges_to_value(n, target, limit) -> std::optional<TakeRangeList>: the
// takes from heap n to value `target` as runs of consecutive takes, counted
// exactly at any size (a sum's winning moves are then listed as ranges).
template <class G>
concept HeapGameWithTakeRanges = HeapGame<G> && requires(const G& game, std::uint64_t n, std::size_t limit) {
  { game.take_ranges_to_value(n, Nimber{0}, limit) } -> std::convertible_to<std::optional<TakeRangeList>>;
};

// g.misere_closed_form(n) -> std::optional<Nimber>: the misère value of a lone
// heap n (the last player to move loses) by a theorem; and
// g.proven_misere_pattern() -> std::optional<Periodicity>: the period a
// theorem proves for the misère values of every heap.
template <class G>
concept HeapGameWithMisereClosedForm = HeapGame<G> && requires(const G& game, std::uint64_t n) {
  { game.misere_closed_form(n) } -> std::convertible_to<std::optional<Nimber>>;
};
template <class G>
concept HeapGameWithMiserePattern = HeapGame<G> && requires(const G& game) {
  { game.proven_misere_pattern() } -> std::convertible_to<std::optional<Periodicity>>;
};

// g.extend_sequence(values, last, play, context): extends `values` (g of heaps
// 0, 1, … so far, in normal or misère play) to heap `last` by a sweep of the
// rule's own, faster than the heap-sequence loop over its moves (sub(allbut E):
// counts of each value, not n options a heap). It charges `context` as the loop
// does; the loop is its twin in the tests. A sweep that returns bool may
// decline a play (false: the loop computes it; the take-and-break engines
// know normal play only).
//
// G::TableValue: the type a run's table of g holds for the game (Nimber
// without it): the take-and-break engines' values fit 16 bits, and 10^8 heaps
// of Officers then take 200 MB in the table, not 800. The loop refuses a value
// that does not fit (LimitError), never truncates it.
template <class G>
struct HeapTableValueOf {
  using type = Nimber;
};
template <class G>
  requires requires { typename G::TableValue; }
struct HeapTableValueOf<G> {
  using type = typename G::TableValue;
};
template <class G>
using HeapTableValue = typename HeapTableValueOf<G>::type;

template <class G>
concept HeapGameWithSweep = HeapGame<G> && requires(const G& game, std::vector<HeapTableValue<G>>& values, std::uint64_t last,
                                                    Play play, Context& context) {
  game.extend_sequence(values, last, play, context);
};

// g.sequence_limit() -> std::uint64_t: the heaps below it are computed on
// demand, chosen from the rule's cost a heap (kDefaultTableLimit without it);
// past it a heap is refused, never guessed.
template <class G>
concept HeapGameWithSequenceLimit = HeapGame<G> && requires(const G& game) {
  { game.sequence_limit() } -> std::convertible_to<std::uint64_t>;
};

// g.max_take() -> std::uint64_t: the game is a subtraction game with a finite
// set — from every heap n its moves take each number of one fixed set that is
// at most n, the largest max_take() — so the window theorem
// (periodicity_theorem.hpp, j = 1) proves a period from a finite table and the
// values of every heap, 10^18 included, follow from it. Like closed_form, the
// hook is the author's statement: a game whose takes depend on the heap
// otherwise must not declare it.
template <class G>
concept HeapGameWithMaxTake = HeapGame<G> && requires(const G& game) {
  { game.max_take() } -> std::convertible_to<std::uint64_t>;
};

// g.for_each_split(n, visit): the moves of heap n that leave two heaps,
// visit(larger, smaller) for each (1 <= smaller <= larger, larger + smaller <=
// n: the move takes the rest), until visit returns false — lazily, as a heap
// of 10^18 has 5·10^17 splits in Lasker's Nim. An option's value is the nim-sum
// of the two heaps' (Sprague–Grundy); g.moves() lists the moves that leave one.
template <class G>
concept HeapGameWithSplits =
    HeapGame<G> && requires(const G& game, std::uint64_t n, bool (*visit)(std::uint64_t, std::uint64_t)) {
      game.for_each_split(n, visit);
    };

// A split found by g.splits_to_value(n, target, limit, out): the two heaps left.
struct HeapSplit {
  std::uint64_t larger = 0;
  std::uint64_t smaller = 0;
};

// g.splits_to_value(n, target, limit, out) -> the number of splits of heap n
// whose two heaps' values have nim-sum `target`, at most `limit` of them
// appended to `out` (the count exact at any size; or a MoveCount, or nullopt to
// decline: the definition). A game with splits that writes moves_to_value (its
// moves that leave one heap) writes this too.
template <class G>
concept HeapGameWithSplitsToValue = HeapGameWithSplits<G> && requires(const G& game, std::uint64_t n, std::size_t limit,
                                                                      std::vector<HeapSplit>& out) {
  game.splits_to_value(n, Nimber{0}, limit, out);
};

// g.for_each_split_range(n, visit): the moves of heap n that leave two heaps,
// as runs: visit(rest, most) stands for every split that leaves rest - a and a
// for 1 <= a <= most (2·most <= rest <= n: the move takes n - rest) — the
// octal games' splits, each digit's in one call, until visit returns false.
// The adapter lists the splits from them (a ascending), and where a period is
// proven counts a huge heap's splits to a value a residue class at a time
// (10^18 / 2 splits of Kayles in a few microseconds). A game writes this or
// for_each_split, not both.
template <class G>
concept HeapGameWithSplitRanges =
    HeapGame<G> && requires(const G& game, std::uint64_t n, bool (*visit)(std::uint64_t, std::uint64_t)) {
      game.for_each_split_range(n, visit);
    };

// g.for_each_three_way_split(n, visit): the moves of heap n that leave three
// heaps: visit(rest) stands for every way to leave three non-empty heaps that
// sum to rest (rest <= n; the move takes n - rest) — the hexadecimal digits'
// splits (bit 8). Listed by the adapter as (rest - a - b, b, a), a <= b <=
// rest - a - b, a then b ascending; about rest^2 / 12 of them.
template <class G>
concept HeapGameWithThreeWaySplits = HeapGame<G> && requires(const G& game, std::uint64_t n, bool (*visit)(std::uint64_t)) {
  game.for_each_three_way_split(n, visit);
};

// Whether a heap game may have moves that leave two or more heaps (the
// adapter values such an option as the nim-sum of its heaps; misère values,
// which do not add, are refused where such a move is met: a take-and-break
// code without splitting digits keeps its misère play).
template <class G>
concept HeapGameWithAnySplits = HeapGameWithSplits<G> || HeapGameWithSplitRanges<G> || HeapGameWithThreeWaySplits<G>;

// g.move_bounds() -> std::optional<MoveBounds>: the periodicity theorem
// (periodicity_theorem.hpp) holds for the game with these bounds — every move
// takes at most t tokens and leaves at most j heaps (the octal games) —, or
// nullopt where it does not (Grundy's game). The adapter then computes the
// values heap after heap, tries the theorem on them as they grow, and once a
// period is proven values every heap, 10^18 included, from it; until then a
// heap past sequence_limit() is refused, never guessed, after looking for a
// proof through proof_search_limit() heaps (g.proof_search_limit() ->
// std::uint64_t; kProofSearchHeaps without it). The hook is the author's
// statement, as closed_form is.
//
// kProofSearchHeaps: every game in the published list of trivial octal games
// (tczajka) proves its period within 1000 heaps, and 2^16 heaps of an
// unproven one such as Officers take about 0.05 s.
inline constexpr std::uint64_t kProofSearchHeaps = std::uint64_t{1} << 16;
template <class G>
concept HeapGameWithMoveBounds = HeapGame<G> && requires(const G& game) {
  { game.move_bounds() } -> std::convertible_to<std::optional<MoveBounds>>;
};
template <class G>
concept HeapGameWithProofSearchLimit = HeapGame<G> && requires(const G& game) {
  { game.proof_search_limit() } -> std::convertible_to<std::uint64_t>;
};

// g.describe_heap_move(n, move) -> std::string: words for any move of heap n,
// splits included (HeapMove: what it takes, the heaps it leaves) — for games
// that tell moves in their own terms (Node Kayles on a path: the vertex
// taken); describe_move(n, q) words only the moves that leave one heap.
template <class G>
concept HeapGameWithHeapMoveWords = HeapGame<G> && requires(const G& game, std::uint64_t n, const HeapMove& move) {
  { game.describe_heap_move(n, move) } -> std::convertible_to<std::string>;
};

// g.largest_heap() -> std::uint64_t: the largest heap the rule can value at all
// (Lasker's Nim: g(2^64 - 1) = 2^64 fits no nimber); larger heaps are refused.
template <class G>
concept HeapGameWithLargestHeap = HeapGame<G> && requires(const G& game) {
  { game.largest_heap() } -> std::convertible_to<std::uint64_t>;
};

// g.nim_heap(n) -> std::uint64_t: heap n is the Nim heap of that size, in
// misère sums too (NimHeapEquivalent: Bouton's misère rule decides sums of them).
template <class G>
concept HeapGameOfNimHeaps = HeapGame<G> && requires(const G& game, std::uint64_t n) {
  { game.nim_heap(n) } -> std::convertible_to<std::uint64_t>;
};

}  // namespace grundy
