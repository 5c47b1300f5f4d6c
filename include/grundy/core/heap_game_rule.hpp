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
//                                    period it sees (game_hooks.hpp)
//   take_ranges_to_value(n, t, limit) runs of takes to value t (game_hooks.hpp)
//   extend_sequence(values, last, play, context)
//                                    g of heaps 0..last by a sweep of the game's
//                                    own (game_hooks.hpp), in place of the loop
//   sequence_limit()                 the heaps computed on demand (the rule's cost
//                                    a heap decides); else kDefaultTableLimit
//   max_take()                       a subtraction game with a finite set, this its
//                                    largest take (game_hooks.hpp): the window theorem proves
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
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
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
#include "grundy/core/heap_rule.hpp"
#include "grundy/core/heap_sequence.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/periodicity_theorem.hpp"
#include "grundy/core/run_memo.hpp"
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
  static_assert(!(HeapGameWithMaxTake<G> && HeapGameWithSplits<G>),
                "max_take() states a subtraction game: its moves leave one heap, never a split");
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
    if (going) for_each_split_option(heap, [&](std::uint64_t a, std::uint64_t b) { return visit(split_move(heap, a, b)); });
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
        if (split_count->total > UINT64_MAX - result.total) {
          result.total = UINT64_MAX;
          result.total_is_lower_bound = true;
        } else {
          result.total += split_count->total;
        }
        result.total_is_lower_bound = result.total_is_lower_bound || split_count->lower_bound;
        for (const HeapSplit& split : splits)
          if (result.listed.size() < limit) result.listed.push_back(split_move(heap, split.larger, split.smaller));
      }
      return result;
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
    if constexpr (GameWithMoveWords<G>) {
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

  // What one run keeps for this rule: g(0..) by the definition, extended on demand.
  struct Sequence {
    std::mutex mutex;
    std::vector<Nimber> values;
  };

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
    if constexpr (HeapGameWithSplits<G>) {
      game_.for_each_split(heap, [&](std::uint64_t larger, std::uint64_t smaller) {
        // The loop reads g of smaller heaps only, and a split's heaps are two.
        if (smaller == 0 || smaller > larger || larger > heap - smaller)
          throw std::logic_error(text_ + ": a split leaves two non-empty heaps, larger first, within the heap");
        return visit(larger, smaller);
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
    if constexpr (HeapGameWithSplits<G>) {
      if (play == Play::misere) {
        throw LimitError("misère play of " + text_ +
                         " is not supported: its moves split heaps, and misère values do not add");
      }
    }
    if constexpr (HeapGameWithSweep<G> && std::is_same_v<V, Nimber>) {
      game_.extend_sequence(g, last, play, context);
    } else {
      extend_heap_sequence(g, last, play, context, [&](std::uint64_t n, auto&& option) {
        for_each_option(n, [&](std::uint64_t after) {
          option(g[after]);
          return true;
        });
        for_each_split_option(n, [&](std::uint64_t a, std::uint64_t b) {
          option(g[a] ^ g[b]);  // a sum of two heaps (Sprague–Grundy)
          return true;
        });
      });
    }
  }

  // Calls read(g) with the run's table of values holding g(0..heap), under its lock.
  template <class Read>
  decltype(auto) with_values_through(Context& context, std::uint64_t heap, Read&& read) const {
    const std::uint64_t limit = sequence_limit();
    if (heap >= limit) {
      throw LimitError("heap " + std::to_string(heap) + " of " + text_ + " is beyond the " + std::to_string(limit) +
                       " heaps its values are computed for (no closed form is known)");
    }
    const auto sequence = context.shared_for<Sequence>(shared_from_this(), [] { return std::make_shared<Sequence>(); });
    std::lock_guard lock(sequence->mutex);
    std::vector<Nimber>& g = sequence->values;
    if (g.size() <= heap) {
      std::uint64_t last = heap;
      if constexpr (HeapGameWithSweep<G>) {
        // A sweep may start its state again from the values so far: doubling
        // keeps the total work within twice the final table.
        last = std::min<std::uint64_t>(std::max<std::uint64_t>({heap, 2 * g.size(), 1023}), limit - 1);
      }
      extend(g, last, Play::normal, context);
    }
    return read(static_cast<const std::vector<Nimber>&>(g));
  }

  Nimber by_definition(Context& context, std::uint64_t heap) const {
    return with_values_through(context, heap, [&](const std::vector<Nimber>& g) { return g[heap]; });
  }

  // Without a theorem every move leaves smaller heaps, valued in the run's
  // table: the moves are scanned against it and counted exactly, at any number
  // of them (sub(allbut{2,5})(40000000) has 4·10^7).
  HeapMoveList moves_by_table(Context& context, std::uint64_t heap, Nimber target, std::size_t limit) const {
    if (heap == 0) return {};
    return with_values_through(context, heap - 1, [&](const std::vector<Nimber>& g) {
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
      ++result.total;  // the table holds the heap, so far fewer than 2^63 splits
      if (result.listed.size() < limit) result.listed.push_back(split_move(heap, a, b));
      return true;
    });
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
      return context.shared_for<Proofs>(shared_from_this(), [] { return std::make_shared<Proofs>(); });
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
