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

  // HeapRule (heap_rule.hpp); the bodies are in detail/heap_game_rule_body.hpp.
  std::string text() const override { return text_; }

  Nimber value(Context& context, std::uint64_t heap) const override;
  std::optional<std::uint64_t> periodicity_check_end(std::uint64_t preperiod, std::uint64_t period) const override;
  std::uint64_t largest_heap() const override;
  void for_each_move(std::uint64_t heap, const std::function<bool(const HeapMove&)>& visit) const override;
  HeapMoveList moves_to_value(Context& context, std::uint64_t heap, Nimber target, std::size_t limit) const override;
  SequenceReport table(Context& context, std::uint64_t upto) const override;
  SequenceReport misere_table(Context& context, std::uint64_t upto) const override;
  ComponentPtr component(std::uint64_t heap) const override;
  std::optional<TheoremApplication> theorem(std::uint64_t heap) const override;
  std::string describe(std::uint64_t heap, const HeapMove& move) const override;
  std::optional<TakeRangeList> take_ranges_to_value(Context& context, std::uint64_t heap, Nimber target,
                                                    std::size_t limit) const override;

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
  void for_each_option(std::uint64_t heap, Visit&& visit) const;

  // Every split of `heap` (the two heaps it leaves, larger first), lazily.
  template <class Visit>
  void for_each_split_option(std::uint64_t heap, Visit&& visit) const;

  void check_split_range(std::uint64_t heap, std::uint64_t rest, std::uint64_t most) const;

  // Every split of `heap` into three heaps (a >= b >= c >= 1), lazily.
  template <class Visit>
  void for_each_three_way_option(std::uint64_t heap, Visit&& visit) const;

  static HeapMove split_move(std::uint64_t heap, std::uint64_t larger, std::uint64_t smaller) {
    return HeapMove{heap - larger - smaller, {larger, smaller}};
  }

  static HeapMove move_to(std::uint64_t heap, std::uint64_t after);

  // The heaps computed on demand: the game's own bound, or the default one.
  std::uint64_t sequence_limit() const;

  // Extends g to heap `last` in `play`: by the game's sweep where it has one,
  // else by the one heap-sequence loop over its moves (leaving the empty heap
  // reads g[0], which is 1 in misère play: its player to move has won).
  template <class V>
  void extend(std::vector<V>& g, std::uint64_t last, Play play, Context& context) const;

  // Calls read(g) with the run's table of values holding g(0..heap), under its lock.
  template <class Read>
  decltype(auto) with_values_through(Context& context, std::uint64_t heap, Read&& read) const;

  Nimber by_definition(Context& context, std::uint64_t heap) const {
    return with_values_through(context, heap, [&](const auto& g) { return Nimber{g[heap]}; });
  }

  // Without a theorem every move leaves smaller heaps, valued in the run's
  // table: the moves are scanned against it and counted exactly, at any number
  // of them (sub(allbut{2,5})(40000000) has 4·10^7).
  HeapMoveList moves_by_table(Context& context, std::uint64_t heap, Nimber target, std::size_t limit) const;

  // The moves of `heap` to value `target`, each heap left valued by at(h).
  template <class At>
  HeapMoveList moves_valued(std::uint64_t heap, Nimber target, std::size_t limit, At&& at) const;

  // ---- games with move_bounds(): the periodicity theorem on the run's table ----

  // Heaps computed while looking for a proven period when a heap past
  // sequence_limit() is asked for (kProofSearchHeaps, heap_game_hooks.hpp).
  std::uint64_t proof_search_limit() const;

  // g(heap) from the run's table, or from the proven period past it.
  static Nimber value_in(const Sequence& s, std::uint64_t heap);

  // Calls read(s) with the run's sequence holding g(heap): computed through
  // heap below sequence_limit(), else through proof_search_limit() in search of
  // a period the theorem proves; refused (LimitError) when neither answers.
  template <class Read>
  decltype(auto) with_proven_values(Context& context, std::uint64_t heap, Read&& read) const;

  // Extends the run's g until `count` heaps are known or the theorem proves a
  // period. The theorem is tried after every quarter more heaps (at least 256),
  // which keeps the search O(n) overall; the heaps are computed in chunks of
  // about a tenth of a second, between which the context is polled (Ctrl-C
  // stops even a long extension promptly) and the progress line written.
  void extend_proving(Context& context, Sequence& s, std::uint64_t count) const;

  // g(0..upto) with the period the theorem proves, else the one the table
  // shows; heaps past sequence_limit() only from a proven period.
  SequenceReport bounded_table(Context& context, std::uint64_t upto) const;

  // A walk over more moves than this is refused before it starts (about a
  // second of work; a split of 10^18 into three has 10^35 ways).
  static constexpr double kMoveWalkLimit = 5e8;

  // The moves of `heap` to value `target`, every heap valued from the run's
  // table or its proven period: a heap past the table whose split ranges lie
  // where the values repeat has each range's splits counted a residue class at
  // a time; otherwise every move is walked, after its count is estimated.
  HeapMoveList moves_in(Context& context, const Sequence& s, std::uint64_t heap, Nimber target, std::size_t limit) const;

  // Whether every split of `heap` leaves two heaps whose values follow the
  // proven period (the larger part at least the preperiod, so g(rest - a)
  // depends on a mod p once a does too), and no split leaves three.
  bool splits_by_residue(const Sequence& s, std::uint64_t heap) const;

  // moves_in for a heap whose splits all lie in the periodic part: the
  // one-heap moves valued one by one, each split range's smaller parts below
  // the preperiod one by one, the rest a residue class mod p at a time —
  // counted at once and listed in the walk's order (a ascending), so that the
  // moves shown never depend on how far the table happens to reach.
  HeapMoveList moves_by_residue(const Sequence& s, std::uint64_t heap, Nimber target, std::size_t limit) const;

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

  const Proof& period_proof(Context& context, Play play) const;

  // g (or the misère values: a heap with no move is worth 1) until the window
  // theorem (t = max_take, j = 1) proves a period; the table is checked after
  // every doubling, so the work stays linear in the values computed. Values
  // are the mex of at most t options, so 32 bits hold them within the limit.
  ProvenSequence prove_period(Context& context, Play play) const;

  // Heaps 0..upto from the period the window theorem proves for a game with
  // max_take(), with it; nullopt without the hook or when the proof was refused.
  std::optional<SequenceReport> proven_table(Context& context, std::uint64_t upto, Play play) const;

  // g(0..upto) by the definition (or the game's sweep), with the pattern a
  // theorem proves, else the one the table shows (only ever detected).
  SequenceReport definition_table(Context& context, std::uint64_t upto, Play play) const;

  // The pattern a theorem proves for every heap, in normal or misère play, when the game has one.
  std::optional<Periodicity> proven(Play play) const;

  // g(0..upto) from a closed form, with the proven pattern or the one seen;
  // nullopt when the form declines a heap (no theorem there: the definition).
  template <class At>
  std::optional<SequenceReport> closed_table(Context& context, std::uint64_t upto, Play play, At&& at) const;

  G game_;
  std::string text_;
  RunMemo<Proofs> proofs_;
};

}  // namespace grundy

#include "grundy/core/detail/heap_game_rule_body.hpp"
