// Games on one heap on the one game model: a game written as an ImpartialGame
// (game.hpp) whose position is the size of one heap — std::uint64_t, 0 the
// empty heap — and whose every move lowers it becomes a HeapRule (heap_rule.hpp),
// what `grundy table`, `grundy pattern`, the census, misère play and the
// heap components of sums read. The author writes the game; the HeapRule is
// what this adapter makes of it, as GameAdapter makes positions of any game
// (the same type serves both).
//
//   struct ConstrainedNim {            // take between L and R
//     using Position = std::uint64_t;
//     std::uint64_t low, high;
//     void moves(std::uint64_t n, std::vector<std::uint64_t>& out) const { … }
//     std::optional<Nimber> closed_form(std::uint64_t n) const { … }  // optional
//   };
//   HeapRulePtr rule = HeapGameRule<ConstrainedNim>::make({2, 3}, "lr(2,3)");
//
// Every optional hook has the definition as its fallback, and the conformance
// suite (and tests/heap_game_rule_test.cpp) holds each to it:
//   closed_form(n)                   g(n) by a theorem. Without it (or where it
//                                    declines with nullopt) g comes from the one
//                                    heap-sequence loop (heap_sequence.hpp) over
//                                    the moves, in a table kept by the run (the
//                                    Context) and bounded by kDefaultTableLimit.
//   for_each_move(n, visit)          the moves lazily (a heap of 10^18 under
//                                    "take any odd number" has 5·10^17 of them);
//                                    else moves(n, out)
//   moves_to_value(n, t, limit, out) the options of value t, counted at any size
//                                    (winning moves by a theorem); else every move
//                                    valued, up to a million of them
//   describe_move(n, q)              words for the move n -> q; else "take k from
//                                    the heap of n"
//   theorem(n)                       what `grundy explain` shows (game_hooks.hpp)
//   proven_pattern()                 the period a theorem proves for every heap;
//                                    `grundy table` reports it as proven, else the
//                                    period it sees (heap_game_hooks.hpp)
//   take_ranges_to_value(n, t, limit) runs of takes to value t (heap_game_hooks.hpp)
//   extend_sequence(values, last, play, context)
//                                    g of heaps 0..last by a sweep of the game's
//                                    own (heap_game_hooks.hpp), in place of the loop
//   sequence_limit()                 the heaps computed on demand (the rule's cost
//                                    a heap decides); else kDefaultTableLimit
//   max_take()                       a subtraction game with a finite set, this its
//                                    largest take (heap_game_hooks.hpp): the window theorem proves
//                                    the period from the run's table (once a run
//                                    and play), and values, tables and moves of any
//                                    heap come from it; a proof past kProofValueLimit
//                                    values is refused, never guessed
//   misere_closed_form(n), proven_misere_pattern()
//                                    a lone heap's misère value and the period of
//                                    the misère values, by a theorem; else the
//                                    definition (a heap with no move is worth 1)
//   nim_heap(n)                      heap n is a Nim heap of that size, in misère
//                                    sums too: its components say so
//                                    (NimHeapEquivalent, Bouton's misère rule)
//   for_each_split(n, visit)         moves that leave two heaps (Lasker's Nim),
//                                    lazily; an option is worth the nim-sum of
//                                    its heaps, so misère values (not additive)
//                                    are refused for such games
//   splits_to_value(n, t, limit, out) the splits of value t, counted at any size;
//                                    with moves_to_value, the winning moves
//   largest_heap()                   the largest heap the rule can value at all
//   for_each_split_range(n, visit)   splits as runs (rest - a, a), a <= most: the
//                                    octal games'; the adapter lists them, and
//                                    counts a huge heap's by residue class
//   for_each_three_way_split(n, visit) splits into three heaps summing to rest
//   move_bounds()                    t and j of the periodicity theorem (the
//                                    octal games): values heap after heap, the
//                                    theorem tried as they grow, every heap from
//                                    a proven period; proof_search_limit() the
//                                    heaps computed looking for one
//   describe_heap_move(n, move)      words for any move, splits included
//   TableValue                       the type of the run's table (Nimber
//                                    without it; uint16 for the engines' values)
//
// The text given to make() names the game (the syntax it is read from): a run
// keeps one table for each game type and text, so kayles(10) and kayles(70)
// parsed apart share it.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/game_hooks.hpp"
#include "grundy/core/heap_game_hooks.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/core/heap_sequence.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/periodicity_theorem.hpp"
#include "grundy/core/run_memo.hpp"
#include "grundy/core/saturating.hpp"
#include "grundy/core/sequence.hpp"

namespace grundy {

// A period proof by the window theorem computes at most this many values, and
// this many options valued on the way (estimated from heap max_take's moves):
// past them the period is refused, never guessed.
inline constexpr std::uint64_t kProofValueLimit = 100'000'000;
inline constexpr std::uint64_t kProofWorkLimit = 4'000'000'000;

// moves(n, out) of a heap game from its lazy for_each_move: the one list of its
// moves, for the game types that write for_each_move and need moves() too.
template <class Game>
void append_heap_moves(const Game& game, std::uint64_t heap, std::vector<std::uint64_t>& out) {
  game.for_each_move(heap, [&](std::uint64_t after) {
    out.push_back(after);
    return true;
  });
}

template <HeapGame G>
class HeapGameRule final : public HeapRule {
  // The window theorem that max_take() invokes holds for moves that leave one
  // heap; a game whose moves split heaps states no such bound.
  static_assert(!(HeapGameWithMaxTake<G> && HeapGameWithAnySplits<G>),
                "max_take() states a subtraction game: its moves leave one heap, never a split");
  static_assert(!(HeapGameWithMaxTake<G> && HeapGameWithMoveBounds<G>),
                "max_take() is the move bounds of a subtraction game: a game states one of them");
  static_assert(!(HeapGameWithSplits<G> && HeapGameWithSplitRanges<G>),
                "a game lists its splits one way: for_each_split or for_each_split_range");
  static_assert(!GameWithMovesToValue<G> || !(HeapGameWithSplitRanges<G> || HeapGameWithThreeWaySplits<G>),
                "the moves to a value of a game with split ranges are counted by the adapter (by residue where a "
                "period is proven), not by moves_to_value");
  static_assert(!HeapGameWithSplits<G> || !GameWithMovesToValue<G> || HeapGameWithSplitsToValue<G>,
                "a heap game with splits that counts its moves to a value (moves_to_value) counts its splits too "
                "(splits_to_value)");

 public:
  HeapGameRule(G game, std::string text) : game_(std::move(game)), text_(std::move(text)) {}

  [[nodiscard]] static HeapRulePtr make(G game, std::string text) {
    return std::make_shared<const HeapGameRule>(std::move(game), std::move(text));
  }

  [[nodiscard]] const G& game() const noexcept { return game_; }

  std::string text() const override { return text_; }

  Nimber value(Context& context, std::uint64_t heap) const override {
    if constexpr (GameWithClosedForm<G>) {
      if (const std::optional<Nimber> known = game_.closed_form(heap)) return *known;
    }
    if constexpr (HeapGameWithMoveBounds<G>) {
      return with_proven_values(context, heap, [&](const Sequence& s) { return value_in(s, heap); });
    }
    if constexpr (HeapGameWithMaxTake<G>) {
      const Proof& proof = period_proof(context, Play::normal);
      if (proof.sequence) return value_from_pattern(proof.sequence->prefix, proof.sequence->pattern, heap);
      if (heap >= sequence_limit()) {
        throw LimitError(*proof.refusal + "; without a proven period only heaps below " +
                         std::to_string(sequence_limit()) + " are computed");
      }
    }
    return by_definition(context, heap);
  }

  std::optional<std::uint64_t> periodicity_check_end(std::uint64_t preperiod, std::uint64_t period) const override {
    if constexpr (HeapGameWithMaxTake<G>) {
      return grundy::periodicity_check_end(MoveBounds{game_.max_take(), 1}, preperiod, period);
    } else if constexpr (HeapGameWithMoveBounds<G>) {
      const std::optional<MoveBounds> bounds = game_.move_bounds();
      if (!bounds) return std::nullopt;
      return grundy::periodicity_check_end(*bounds, preperiod, period);
    } else {
      return std::nullopt;
    }
  }

  std::uint64_t largest_heap() const override {
    if constexpr (HeapGameWithLargestHeap<G>) {
      return game_.largest_heap();
    } else {
      return HeapRule::largest_heap();
    }
  }

  void for_each_move(std::uint64_t heap, const std::function<bool(const HeapMove&)>& visit) const override {
    bool going = true;
    for_each_option(heap, [&](std::uint64_t after) { return going = visit(move_to(heap, after)); });
    if (going) {
      for_each_split_option(heap, [&](std::uint64_t a, std::uint64_t b) { return going = visit(split_move(heap, a, b)); });
    }
    if (going) {
      for_each_three_way_option(heap, [&](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
        return visit(HeapMove{heap - a - b - c, {a, b, c}});
      });
    }
  }

  HeapMoveList moves_to_value(Context& context, std::uint64_t heap, Nimber target, std::size_t limit) const override {
    if constexpr (GameWithMovesToValue<G>) {
      std::vector<std::uint64_t> found;
      HeapMoveList result;
      const std::optional<MoveCount> counted = moves_counted(game_.moves_to_value(heap, target, limit, found));
      if (!counted) return HeapRule::moves_to_value(context, heap, target, limit);  // declined: the definition
      result.total = counted->total;
      result.total_is_lower_bound = counted->lower_bound;
      for (const std::uint64_t after : found)
        if (result.listed.size() < limit) result.listed.push_back(move_to(heap, after));
      if constexpr (HeapGameWithSplits<G>) {
        std::vector<HeapSplit> splits;
        const std::optional<MoveCount> split_count = moves_counted(game_.splits_to_value(heap, target, limit, splits));
        if (!split_count) return HeapRule::moves_to_value(context, heap, target, limit);
        // Takes and splits of a heap below 2^64 number fewer than 2^64 in any
        // game listed so far; a count that would pass it says "at least".
        if (split_count->total > UINT64_MAX - result.total) result.total_is_lower_bound = true;
        result.total = saturating_add(result.total, split_count->total);
        result.total_is_lower_bound = result.total_is_lower_bound || split_count->lower_bound;
        for (const HeapSplit& split : splits)
          if (result.listed.size() < limit) result.listed.push_back(split_move(heap, split.larger, split.smaller));
      }
      return result;
    } else if constexpr (HeapGameWithMoveBounds<G>) {
      return with_proven_values(context, heap, [&](const Sequence& s) { return moves_in(context, s, heap, target, limit); });
    } else if constexpr (!GameWithClosedForm<G>) {
      if constexpr (HeapGameWithMaxTake<G>) {
        // At most max_take moves, each valued by the proven period.
        if (const Proof& proof = period_proof(context, Play::normal); proof.sequence) {
          return moves_valued(heap, target, limit, [&](std::uint64_t after) {
            return value_from_pattern(proof.sequence->prefix, proof.sequence->pattern, after);
          });
        }
      }
      return moves_by_table(context, heap, target, limit);
    } else {
      return HeapRule::moves_to_value(context, heap, target, limit);
    }
  }

  SequenceReport table(Context& context, std::uint64_t upto) const override {
    if constexpr (HeapGameWithMoveBounds<G>) return bounded_table(context, upto);
    if constexpr (GameWithClosedForm<G>) {
      const auto at = [&](std::uint64_t n) { return std::optional<Nimber>(value(context, n)); };
      if (std::optional<SequenceReport> known = closed_table(context, upto, Play::normal, at)) return std::move(*known);
    }
    if (std::optional<SequenceReport> proven = proven_table(context, upto, Play::normal)) return std::move(*proven);
    return definition_table(context, upto, Play::normal);
  }

  SequenceReport misere_table(Context& context, std::uint64_t upto) const override {
    if constexpr (HeapGameWithMisereClosedForm<G>) {
      const auto at = [&](std::uint64_t n) { return game_.misere_closed_form(n); };
      if (std::optional<SequenceReport> known = closed_table(context, upto, Play::misere, at)) return std::move(*known);
    }
    if (std::optional<SequenceReport> proven = proven_table(context, upto, Play::misere)) return std::move(*proven);
    return definition_table(context, upto, Play::misere);
  }

  ComponentPtr component(std::uint64_t heap) const override {
    if constexpr (HeapGameOfNimHeaps<G>) {
      return std::make_shared<const NimHeapComponent>(shared_from_this(), heap, game_.nim_heap(heap));
    } else {
      return HeapRule::component(heap);
    }
  }

  std::optional<TheoremApplication> theorem(std::uint64_t heap) const override {
    if constexpr (GameWithTheorem<G>) {
      return game_.theorem(heap);
    } else {
      return std::nullopt;
    }
  }

  std::string describe(std::uint64_t heap, const HeapMove& move) const override {
    if constexpr (HeapGameWithHeapMoveWords<G>) {
      return game_.describe_heap_move(heap, move);
    } else if constexpr (GameWithMoveWords<G>) {
      // The game's words are for moves to one heap; a split has the rule's.
      if (move.leaves.size() > 1) return HeapRule::describe(heap, move);
      return game_.describe_move(heap, move.leaves.empty() ? 0 : move.leaves.front());
    } else {
      return HeapRule::describe(heap, move);
    }
  }

  std::optional<TakeRangeList> take_ranges_to_value(Context& context, std::uint64_t heap, Nimber target,
                                                    std::size_t limit) const override {
    if constexpr (HeapGameWithTakeRanges<G>) {
      return game_.take_ranges_to_value(heap, target, limit);
    } else {
      return HeapRule::take_ranges_to_value(context, heap, target, limit);
    }
  }

 private:
  // A heap that is a Nim heap says so (the analysis asks for the capability).
  class NimHeapComponent final : public HeapComponent, public NimHeapEquivalent {
   public:
    NimHeapComponent(HeapRulePtr rule, std::uint64_t heap, std::uint64_t nim) : HeapComponent(std::move(rule), heap), nim_(nim) {}
    std::uint64_t nim_heap() const override { return nim_; }

   private:
    std::uint64_t nim_;
  };

  // What one run keeps for this rule: g(0..) by the definition (or the game's
  // sweep), extended on demand; for a game with move_bounds(), the period the
  // theorem proved from them, once it has.
  // Its values take their share of the run's one memory budget.
  struct Sequence {
    explicit Sequence(Context& context) : memory(context.memory_budget()) {}
    std::mutex mutex;
    std::vector<HeapTableValue<G>> values;
    Periodicity pattern;           // proven, or not yet
    std::uint64_t next_check = 0;  // the table's size at which the theorem is tried again
    MemoryBudget::Share memory;

    // Room for `count` values within the share, or LimitError naming the
    // run's bound; `text` names the rule.
    void make_room(std::uint64_t count, const std::string& text) {
      if (count <= values.capacity()) return;
      const std::uint64_t bytes = count * sizeof(HeapTableValue<G>);
      // Growing holds the old values and the new ones at once.
      const std::uint64_t needed = bytes + values.capacity() * sizeof(HeapTableValue<G>);
      const std::size_t limit = memory.limit();
      if (limit != 0 && needed > limit) {
        throw LimitError("the table of " + excerpt(text) + " up to heap " + std::to_string(count - 1) + " needs " +
                         bytes_text(static_cast<std::size_t>(needed)) + ", past the memory bound of " +
                         bytes_text(memory.bound()) + " (--memory)" +
                         (memory.bound() > limit ? ", of which the run's other tables hold " + bytes_text(memory.bound() - limit)
                                                 : std::string()));
      }
      values.reserve(static_cast<std::size_t>(count));
      memory.hold(values.capacity() * sizeof(HeapTableValue<G>));
    }
  };

  // The run's table of this game. Keyed by the rule's text, which names the
  // game (the syntax it is read from), and by the game's type: two terms of one
  // rule parsed apart (kayles(10) and kayles(70)) share one table in a run.
  std::shared_ptr<Sequence> run_sequence(Context& context) const {
    return context.shared<Sequence>(text_, [&context] { return std::make_shared<Sequence>(context); });
  }

  // Every option of `heap` (the heap it leaves), lazily where the game lists them so.
  template <class Visit>
  void for_each_option(std::uint64_t heap, Visit&& visit) const {
    const auto checked = [&](std::uint64_t after) {
      // The heap-sequence loop reads g of smaller heaps only.
      if (after >= heap) throw std::logic_error(text_ + ": a move must lower the heap");
      return visit(after);
    };
    if constexpr (LazilyListedGame<G>) {
      game_.for_each_move(heap, checked);
    } else {
      std::vector<std::uint64_t> options;
      game_.moves(heap, options);
      for (const std::uint64_t after : options)
        if (!checked(after)) return;
    }
  }

  // Every split of `heap` (the two heaps it leaves, larger first), lazily.
  template <class Visit>
  void for_each_split_option(std::uint64_t heap, Visit&& visit) const {
    if constexpr (HeapGameWithSplitRanges<G>) {
      game_.for_each_split_range(heap, [&](std::uint64_t rest, std::uint64_t most) {
        check_split_range(heap, rest, most);
        for (std::uint64_t a = 1; a <= most; ++a)
          if (!visit(rest - a, a)) return false;
        return true;
      });
    } else if constexpr (HeapGameWithSplits<G>) {
      game_.for_each_split(heap, [&](std::uint64_t larger, std::uint64_t smaller) {
        // The loop reads g of smaller heaps only, and a split's heaps are two.
        if (smaller == 0 || smaller > larger || larger > heap - smaller)
          throw std::logic_error(text_ + ": a split leaves two non-empty heaps, larger first, within the heap");
        return visit(larger, smaller);
      });
    }
  }

  void check_split_range(std::uint64_t heap, std::uint64_t rest, std::uint64_t most) const {
    if (rest > heap || most > rest / 2) {
      throw std::logic_error(text_ + ": a split range leaves rest - a and a, 1 <= a <= rest / 2, rest within the heap");
    }
  }

  // Every split of `heap` into three heaps (a >= b >= c >= 1), lazily.
  template <class Visit>
  void for_each_three_way_option(std::uint64_t heap, Visit&& visit) const {
    if constexpr (HeapGameWithThreeWaySplits<G>) {
      game_.for_each_three_way_split(heap, [&](std::uint64_t rest) {
        if (rest > heap) throw std::logic_error(text_ + ": a split into three leaves heaps within the heap");
        for (std::uint64_t c = 1; 3 * c <= rest; ++c) {
          for (std::uint64_t b = c; 2 * b <= rest - c; ++b)
            if (!visit(rest - c - b, b, c)) return false;
        }
        return true;
      });
    }
  }

  static HeapMove split_move(std::uint64_t heap, std::uint64_t larger, std::uint64_t smaller) {
    return HeapMove{heap - larger - smaller, {larger, smaller}};
  }

  static HeapMove move_to(std::uint64_t heap, std::uint64_t after) {
    HeapMove move{heap - after, {}};
    if (after > 0) move.leaves.push_back(after);
    return move;
  }

  // The heaps computed on demand: the game's own bound, or the default one.
  std::uint64_t sequence_limit() const {
    if constexpr (HeapGameWithSequenceLimit<G>) {
      return game_.sequence_limit();
    } else {
      return kDefaultTableLimit;
    }
  }

  // Extends g to heap `last` in `play`: by the game's sweep where it has one,
  // else by the one heap-sequence loop over its moves (leaving the empty heap
  // reads g[0], which is 1 in misère play: its player to move has won).
  template <class V>
  void extend(std::vector<V>& g, std::uint64_t last, Play play, Context& context) const {
    // A game that splits heaps (always, or from some heap on: take-and-break
    // codes may or may not) has its misère play refused where a split is met.
    const auto refuse_misere = [&] {
      throw LimitError("misère play of " + text_ + " is not supported: its moves split heaps, and misère values do not add");
    };
    if constexpr (HeapGameWithSplits<G>) {
      if (play == Play::misere) refuse_misere();
    }
    if constexpr (HeapGameWithSweep<G> && std::is_same_v<V, HeapTableValue<G>>) {
      if constexpr (std::is_same_v<decltype(game_.extend_sequence(g, last, play, context)), bool>) {
        if (game_.extend_sequence(g, last, play, context)) return;  // else declined: the loop
      } else {
        game_.extend_sequence(g, last, play, context);
        return;
      }
    }
    extend_heap_sequence(g, last, play, context, [&](std::uint64_t n, auto&& option) {
      for_each_option(n, [&](std::uint64_t after) {
        option(g[after]);
        return true;
      });
      for_each_split_option(n, [&](std::uint64_t a, std::uint64_t b) {
        if (play == Play::misere) refuse_misere();
        option(g[a] ^ g[b]);  // a sum of two heaps (Sprague–Grundy)
        return true;
      });
      for_each_three_way_option(n, [&](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
        if (play == Play::misere) refuse_misere();
        option(g[a] ^ g[b] ^ g[c]);
        return true;
      });
    });
  }

  // Calls read(g) with the run's table of values holding g(0..heap), under its lock.
  template <class Read>
  decltype(auto) with_values_through(Context& context, std::uint64_t heap, Read&& read) const {
    const std::uint64_t limit = sequence_limit();
    if (heap >= limit) {
      throw LimitError("heap " + std::to_string(heap) + " of " + text_ + " is beyond the " + std::to_string(limit) +
                       " heaps its values are computed for (no closed form is known)");
    }
    const std::shared_ptr<Sequence> sequence = run_sequence(context);
    std::lock_guard lock(sequence->mutex);
    std::vector<HeapTableValue<G>>& g = sequence->values;
    if (g.size() <= heap) {
      std::uint64_t last = heap;
      if constexpr (HeapGameWithSweep<G>) {
        // A sweep may start its state again from the values so far: doubling
        // keeps the total work within twice the final table.
        last = std::min<std::uint64_t>(std::max<std::uint64_t>({heap, 2 * g.size(), 1023}), limit - 1);
      }
      // Doubling, so that heap after heap costs O(1) amortised.
      if (last + 1 > g.capacity())
        sequence->make_room(std::min<std::uint64_t>(std::max<std::uint64_t>(last + 1, 2 * g.capacity()), limit), text_);
      extend(g, last, Play::normal, context);
    }
    return read(static_cast<const std::vector<HeapTableValue<G>>&>(g));
  }

  Nimber by_definition(Context& context, std::uint64_t heap) const {
    return with_values_through(context, heap, [&](const auto& g) { return Nimber{g[heap]}; });
  }

  // Without a theorem every move leaves smaller heaps, valued in the run's
  // table: the moves are scanned against it and counted exactly, at any number
  // of them (sub(allbut{2,5})(40000000) has 4·10^7).
  HeapMoveList moves_by_table(Context& context, std::uint64_t heap, Nimber target, std::size_t limit) const {
    if (heap == 0) return {};
    return with_values_through(context, heap - 1, [&](const auto& g) {
      return moves_valued(heap, target, limit, [&](std::uint64_t after) {
        context.charge();
        return g[after];
      });
    });
  }

  // The moves of `heap` to value `target`, each heap left valued by at(h).
  template <class At>
  HeapMoveList moves_valued(std::uint64_t heap, Nimber target, std::size_t limit, At&& at) const {
    HeapMoveList result;
    for_each_option(heap, [&](std::uint64_t after) {
      if (at(after) != target) return true;
      ++result.total;  // at most one a take: no overflow
      if (result.listed.size() < limit) result.listed.push_back(move_to(heap, after));
      return true;
    });
    for_each_split_option(heap, [&](std::uint64_t a, std::uint64_t b) {
      if ((at(a) ^ at(b)) != target) return true;
      ++result.total;  // a walk of fewer than 2^63 splits (the callers bound it)
      if (result.listed.size() < limit) result.listed.push_back(split_move(heap, a, b));
      return true;
    });
    for_each_three_way_option(heap, [&](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
      if ((at(a) ^ at(b) ^ at(c)) != target) return true;
      ++result.total;
      if (result.listed.size() < limit) result.listed.push_back(HeapMove{heap - a - b - c, {a, b, c}});
      return true;
    });
    return result;
  }

  // ---- games with move_bounds(): the periodicity theorem on the run's table ----

  // Heaps computed while looking for a proven period when a heap past
  // sequence_limit() is asked for (kProofSearchHeaps, heap_game_hooks.hpp).
  std::uint64_t proof_search_limit() const {
    if constexpr (HeapGameWithProofSearchLimit<G>) {
      return game_.proof_search_limit();
    } else {
      return std::min(kProofSearchHeaps, sequence_limit());
    }
  }

  // g(heap) from the run's table, or from the proven period past it.
  static Nimber value_in(const Sequence& s, std::uint64_t heap) {
    if (heap < s.values.size()) return s.values[heap];
    const std::uint64_t n0 = s.pattern.preperiod;
    return s.values[n0 + (heap - n0) % s.pattern.period];
  }

  // Calls read(s) with the run's sequence holding g(heap): computed through
  // heap below sequence_limit(), else through proof_search_limit() in search of
  // a period the theorem proves; refused (LimitError) when neither answers.
  template <class Read>
  decltype(auto) with_proven_values(Context& context, std::uint64_t heap, Read&& read) const {
    const std::shared_ptr<Sequence> sequence = run_sequence(context);
    std::lock_guard lock(sequence->mutex);
    const std::uint64_t limit = sequence_limit();
    extend_proving(context, *sequence, heap < limit ? heap + 1 : proof_search_limit());
    if (heap >= sequence->values.size() && !sequence->pattern.proven()) {
      throw LimitError(excerpt(text_) + "(" + std::to_string(heap) + "): no period of the rule is proven within the first " +
                       std::to_string(sequence->values.size()) + " heaps, and heaps from " + std::to_string(limit) +
                       " on are not computed on demand");
    }
    return read(static_cast<const Sequence&>(*sequence));
  }

  // Extends the run's g until `count` heaps are known or the theorem proves a
  // period. The theorem is tried after every quarter more heaps (at least 256),
  // which keeps the search O(n) overall; the heaps are computed in chunks of
  // about a tenth of a second, between which the context is polled (Ctrl-C
  // stops even a long extension promptly) and the progress line written.
  void extend_proving(Context& context, Sequence& s, std::uint64_t count) const {
    const std::optional<MoveBounds> bounds = game_.move_bounds();
    std::vector<HeapTableValue<G>>& g = s.values;
    if (g.size() >= count || s.pattern.proven()) return;
    s.make_room(count, text_);  // once: the chunks do not copy the table as it grows
    std::uint64_t chunk = 256;
    while (g.size() < count && !s.pattern.proven()) {
      context.poll();
      const auto start = std::chrono::steady_clock::now();
      const std::uint64_t before = g.size();
      extend(g, std::min(count, before + chunk) - 1, Play::normal, context);
      const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      // Grow at most twofold: heaps get dearer as n grows.
      const double rate = static_cast<double>(g.size() - before) / std::max(took, 1e-6);
      chunk = std::clamp<std::uint64_t>(static_cast<std::uint64_t>(rate * 0.1), 16, 2 * chunk);
      if (bounds && g.size() >= s.next_check) {
        s.pattern = find_periodicity(*bounds, true, std::span<const HeapTableValue<G>>(g));
        s.next_check = g.size() + std::max<std::uint64_t>(256, g.size() / 4);
      }
      if (context.progress_due()) {
        context.progress("grundy: " + excerpt(text_) + ": " + std::to_string(g.size()) + " of " + std::to_string(count) +
                         " heaps computed, " + std::to_string(static_cast<long long>(context.seconds())) + " s");
      }
    }
    if (bounds && !s.pattern.proven()) s.pattern = find_periodicity(*bounds, true, std::span<const HeapTableValue<G>>(g));
  }

  // g(0..upto) with the period the theorem proves, else the one the table
  // shows; heaps past sequence_limit() only from a proven period.
  SequenceReport bounded_table(Context& context, std::uint64_t upto) const {
    check_table_request(upto, text_);
    const std::shared_ptr<Sequence> sequence = run_sequence(context);
    std::lock_guard lock(sequence->mutex);
    const std::uint64_t limit = sequence_limit();
    extend_proving(context, *sequence, std::min(upto, limit - 1) + 1);
    const Sequence& s = *sequence;
    if (upto >= s.values.size() && !s.pattern.proven()) {
      throw LimitError("a table of " + text_ + " up to " + std::to_string(upto) + " is beyond the limit of " +
                       std::to_string(limit) + " heaps for this rule (its cost a heap), and no period is proven");
    }
    SequenceReport report;
    report.values.reserve(upto + 1);
    for (std::uint64_t n = 0; n <= upto; ++n) report.values.push_back(value_in(s, n));
    if (s.pattern.proven()) {
      report.pattern = s.pattern;
    } else {
      const std::optional<MoveBounds> bounds = game_.move_bounds();
      report.pattern = find_periodicity(bounds.value_or(MoveBounds{}), false, std::span<const Nimber>(report.values));
    }
    return report;
  }

  // A walk over more moves than this is refused before it starts (about a
  // second of work; a split of 10^18 into three has 10^35 ways).
  static constexpr double kMoveWalkLimit = 5e8;

  // The moves of `heap` to value `target`, every heap valued from the run's
  // table or its proven period: a heap past the table whose split ranges lie
  // where the values repeat has each range's splits counted a residue class at
  // a time; otherwise every move is walked, after its count is estimated.
  HeapMoveList moves_in(Context& context, const Sequence& s, std::uint64_t heap, Nimber target, std::size_t limit) const {
    const auto at = [&](std::uint64_t h) { return value_in(s, h); };
    if (heap >= s.values.size() && splits_by_residue(s, heap)) return moves_by_residue(s, heap, target, limit);
    double moves = 0;
    for_each_option(heap, [&](std::uint64_t) { return ++moves < kMoveWalkLimit; });
    if constexpr (HeapGameWithSplitRanges<G>) {
      game_.for_each_split_range(heap, [&](std::uint64_t, std::uint64_t most) {
        moves += static_cast<double>(most);
        return true;
      });
    }
    if constexpr (HeapGameWithThreeWaySplits<G>) {
      game_.for_each_three_way_split(heap, [&](std::uint64_t rest) {
        moves += static_cast<double>(rest) * static_cast<double>(rest) / 12;
        return true;
      });
    }
    if (moves > kMoveWalkLimit) {
      // Printed as a double: a three-way split of a huge heap has ~10^37 moves,
      // which no integer type holds.
      char count[32];
      std::snprintf(count, sizeof count, "%.3g", moves);
      throw LimitError(excerpt(text_) + "(" + std::to_string(heap) + ") has about " + count +
                       " moves: too many to check one by one for the moves to value " + std::to_string(target));
    }
    return moves_valued(heap, target, limit, [&](std::uint64_t h) {
      context.charge();
      return at(h);
    });
  }

  // Whether every split of `heap` leaves two heaps whose values follow the
  // proven period (the larger part at least the preperiod, so g(rest - a)
  // depends on a mod p once a does too), and no split leaves three.
  bool splits_by_residue(const Sequence& s, std::uint64_t heap) const {
    if constexpr (HeapGameWithSplits<G>) {
      return false;
    } else {
      if (!s.pattern.proven()) return false;
      bool periodic = true;
      if constexpr (HeapGameWithThreeWaySplits<G>) {
        game_.for_each_three_way_split(heap, [&](std::uint64_t rest) { return periodic = rest < 3; });
      }
      if constexpr (HeapGameWithSplitRanges<G>) {
        if (periodic) {
          game_.for_each_split_range(heap, [&](std::uint64_t rest, std::uint64_t most) {
            return periodic = rest - most >= s.pattern.preperiod + s.pattern.period;
          });
        }
      }
      return periodic;
    }
  }

  // moves_in for a heap whose splits all lie in the periodic part: the
  // one-heap moves valued one by one, each split range's smaller parts below
  // the preperiod one by one, the rest a residue class mod p at a time —
  // counted at once and listed in the walk's order (a ascending), so that the
  // moves shown never depend on how far the table happens to reach.
  HeapMoveList moves_by_residue(const Sequence& s, std::uint64_t heap, Nimber target, std::size_t limit) const {
    HeapMoveList result;
    const auto count = [&](std::uint64_t more) {
      result.total = saturating_add(result.total, more);
    };
    for_each_option(heap, [&](std::uint64_t after) {
      if (value_in(s, after) != target) return true;
      count(1);
      if (result.listed.size() < limit) result.listed.push_back(move_to(heap, after));
      return true;
    });
    if constexpr (HeapGameWithSplitRanges<G>) {
      const std::uint64_t p = s.pattern.period;
      const std::uint64_t first_periodic = std::max<std::uint64_t>(s.pattern.preperiod, 1);
      game_.for_each_split_range(heap, [&](std::uint64_t rest, std::uint64_t most) {
        for (std::uint64_t a = 1; a < first_periodic && a <= most; ++a) {
          if ((value_in(s, a) ^ value_in(s, rest - a)) != target) continue;
          count(1);
          if (result.listed.size() < limit) result.listed.push_back(split_move(heap, rest - a, a));
        }
        // The residues whose splits reach the target: a, a + p, … up to most
        // all do. `next` holds, per matching residue, its next smaller part to
        // list; it is ascending, and each step adds p to the least, which then
        // becomes the largest: a rotation, so the front is always the least.
        std::vector<std::uint64_t> next;
        for (std::uint64_t r = 0; r < p && first_periodic + r <= most; ++r) {
          const std::uint64_t a = first_periodic + r;
          if ((value_in(s, a) ^ value_in(s, rest - a)) != target) continue;
          count((most - a) / p + 1);
          next.push_back(a);
        }
        std::size_t front = 0;
        while (!next.empty() && result.listed.size() < limit) {
          const std::uint64_t a = next[front];
          if (a > most) break;  // the least is past the end: so are all
          result.listed.push_back(split_move(heap, rest - a, a));
          next[front] = a + p;
          front = (front + 1) % next.size();
        }
        return true;
      });
    }
    return result;
  }

  // The window theorem's proof for a game with max_take(), in one play: the
  // values through the end of the first period (least preperiod and period),
  // or why it was refused. Made once a run and play (not retried).
  struct ProvenSequence {
    std::vector<Nimber> prefix;  // g(0 .. preperiod + period - 1)
    Periodicity pattern;         // periodic, proven
  };
  struct Proof {
    std::optional<ProvenSequence> sequence;
    std::optional<std::string> refusal;
  };
  struct Proofs {
    std::mutex mutex;
    Proof normal;
    Proof misere;
  };

  const Proof& period_proof(Context& context, Play play) const {
    // A heap's value asks for its run's proof: remembered (run_memo.hpp), as
    // the lookup would cost as much as the value.
    Proofs& proofs = proofs_.get(context, [&] {
      return context.shared<Proofs>(text_, [] { return std::make_shared<Proofs>(); });
    });
    std::lock_guard lock(proofs.mutex);
    Proof& proof = play == Play::misere ? proofs.misere : proofs.normal;
    if (!proof.sequence && !proof.refusal) {
      try {
        proof.sequence = prove_period(context, play);
      } catch (const LimitError& refused) {
        proof.refusal = refused.message();
      }
    }
    return proof;  // the Context keeps `proofs`, and a proof once made is never changed
  }

  // g (or the misère values: a heap with no move is worth 1) until the window
  // theorem (t = max_take, j = 1) proves a period; the table is checked after
  // every doubling, so the work stays linear in the values computed. Values
  // are the mex of at most t options, so 32 bits hold them within the limit.
  ProvenSequence prove_period(Context& context, Play play) const {
    const std::uint64_t t = game_.max_take();
    const std::string misere = play == Play::misere ? "misère " : "";
    std::uint64_t options_a_heap = 1;
    if (t < kProofValueLimit) {
      std::uint64_t listed = 0;
      for_each_option(t, [&](std::uint64_t) { return ++listed < kProofWorkLimit; });
      options_a_heap = std::max<std::uint64_t>(listed, 1);
    }
    const std::uint64_t value_limit = std::min(kProofValueLimit, kProofWorkLimit / options_a_heap);
    const auto refuse = [&] {
      throw LimitError("the " + misere + "period of " + text_ + " is not proven within " + std::to_string(value_limit) +
                       " values (the window theorem needs a repeated window of length " + std::to_string(t) +
                       "); refusing rather than guessing");
    };
    if (t >= value_limit / 2) refuse();
    const MoveBounds bounds{t, 1};
    std::vector<std::uint32_t> g;
    for (std::uint64_t size = std::max<std::uint64_t>(4 * t, 1024);; size *= 2) {
      extend(g, std::min(size, value_limit) - 1, play, context);
      const Periodicity found = find_periodicity(bounds, true, std::span<const std::uint32_t>(g));
      if (found.proven()) {
        const std::vector<Nimber> values(g.begin(), g.end());
        Periodicity least = least_pattern(values, found);
        least.proof = misere + found.proof + "; least period " + std::to_string(least.period) +
                      " and least preperiod " + std::to_string(least.preperiod);
        ProvenSequence result;
        result.prefix.assign(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(least.preperiod + least.period));
        result.pattern = std::move(least);
        return result;
      }
      if (size >= value_limit) refuse();
    }
  }

  // Heaps 0..upto from the period the window theorem proves for a game with
  // max_take(), with it; nullopt without the hook or when the proof was refused.
  std::optional<SequenceReport> proven_table(Context& context, std::uint64_t upto, Play play) const {
    if constexpr (HeapGameWithMaxTake<G>) {
      check_table_request(upto, text_);
      const Proof& proof = period_proof(context, play);
      if (!proof.sequence) return std::nullopt;
      SequenceReport report;
      report.values.reserve(upto + 1);
      for (std::uint64_t n = 0; n <= upto; ++n)
        report.values.push_back(value_from_pattern(proof.sequence->prefix, proof.sequence->pattern, n));
      report.pattern = proof.sequence->pattern;
      return report;
    } else {
      return std::nullopt;
    }
  }

  // g(0..upto) by the definition (or the game's sweep), with the pattern a
  // theorem proves, else the one the table shows (only ever detected).
  SequenceReport definition_table(Context& context, std::uint64_t upto, Play play) const {
    check_table_request(upto, text_);
    const std::uint64_t limit = sequence_limit();
    if (upto >= limit) {
      throw LimitError("a table of " + text_ + " up to " + std::to_string(upto) + " is beyond the limit of " +
                       std::to_string(limit) + " heaps for this rule (its cost a heap)");
    }
    SequenceReport report;
    extend(report.values, upto, play, context);
    std::optional<Periodicity> pattern = proven(play);
    report.pattern = pattern ? std::move(*pattern) : detect_any_periodicity(report.values);
    return report;
  }

  // The pattern a theorem proves for every heap, in normal or misère play, when the game has one.
  std::optional<Periodicity> proven(Play play) const {
    if (play == Play::misere) {
      if constexpr (HeapGameWithMiserePattern<G>) return game_.proven_misere_pattern();
    } else {
      if constexpr (HeapGameWithPattern<G>) return game_.proven_pattern();
    }
    return std::nullopt;
  }

  // g(0..upto) from a closed form, with the proven pattern or the one seen;
  // nullopt when the form declines a heap (no theorem there: the definition).
  template <class At>
  std::optional<SequenceReport> closed_table(Context& context, std::uint64_t upto, Play play, At&& at) const {
    check_table_request(upto, text_);
    SequenceReport report;
    report.values.reserve(upto + 1);
    for (std::uint64_t n = 0; n <= upto; ++n) {
      context.charge();
      const std::optional<Nimber> known = at(n);
      if (!known) return std::nullopt;
      report.values.push_back(*known);
    }
    std::optional<Periodicity> pattern = proven(play);
    report.pattern = pattern ? std::move(*pattern) : detect_periodicity(report.values);
    return report;
  }

  G game_;
  std::string text_;
  RunMemo<Proofs> proofs_;
};

}  // namespace grundy
