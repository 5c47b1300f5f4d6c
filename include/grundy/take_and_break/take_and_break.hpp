// Take-and-break games on the one game model: octal and hexadecimal codes, and
// Grundy's game (code.hpp lists the spellings and names), written once as a
// heap game (heap_game_hooks.hpp) and made a HeapRule by HeapGameRule. Lasker's
// Nim, which no finite code describes and which has a closed form, is a
// ruleset of its own (rulesets/lasker_nim.hpp).
//
// The game lists its moves (digit k of the code: bit 1 takes k and leaves no
// heap, bit 2 leaves one, bit 4 two, bit 8 three) and states its bounds for the
// periodicity theorem; its one fast path is the sweep (extend_sequence): the
// sequence engines of engine.hpp, the naive one a bitset of the options and
// the sparse one the rare/common split with the vector kernels. The adapter's
// heap-sequence loop over the moves is their definition, and the tests hold
// them equal.
//
// value(heap) is exact or refused, never guessed (HeapGameWithMoveBounds):
//  * a code whose period the octal periodicity theorem proves (periodicity.hpp):
//    any heap up to 2^64 - 1, from the pattern; looked for by computing up to
//    kProofSearchHeaps heaps (heap_game_hooks.hpp).
//  * otherwise (Officers, Grundy's game, …): computed, for heaps below
//    kTakeAndBreakValueLimit, interruptibly and with progress lines; beyond
//    that a LimitError. Codes whose moves may leave three heaps have only the
//    naive engine (n^2 work a heap): 4096 heaps for both bounds. Codes with
//    more than 4 splitting digits have both bounds scaled down by sqrt(4/s),
//    s the number of splitting digits (the work grows with s).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/core/heap_sequence.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/periodicity_theorem.hpp"
#include "grundy/take_and_break/code.hpp"

namespace grundy {

// Largest heap whose value is computed on demand when no period is proven:
// 10^8 heaps of Officers take about 85 s and 200 MB (2 bytes a heap: the
// engine lends its table to the run's, SequenceEngine::lend) with the sparse engine on
// this project's 2-core box (1.2·10^6 values/s), with progress lines and Ctrl-C
// stopping it within a tenth of a second; `grundy table` goes further with
// checkpoints (run.hpp).
inline constexpr std::uint64_t kTakeAndBreakValueLimit = 100'000'000;

// A take-and-break game as a heap game of the one model.
class TakeAndBreakGame {
 public:
  using Position = std::uint64_t;
  // The engines' values (16 bits, a LimitError past them): the run's table
  // takes 2 bytes a heap, as the engine's own.
  using TableValue = std::uint16_t;

  explicit TakeAndBreakGame(take_and_break::GameCode code);

  [[nodiscard]] const take_and_break::GameCode& code() const noexcept { return code_; }

  // The moves that leave one heap or none (bits 1 and 2), k ascending.
  template <class Visit>
  void for_each_move(std::uint64_t heap, Visit&& visit) const {
    if (code_.family != take_and_break::GameCode::Family::code) return;
    for (std::uint64_t k = 0; k < code_.digits.size() && k <= heap; ++k) {
      const unsigned d = code_.digits[k];
      if ((d & 1) && heap == k && !visit(std::uint64_t{0})) return;
      if ((d & 2) && heap > k && !visit(heap - k)) return;
    }
  }
  void moves(std::uint64_t heap, std::vector<std::uint64_t>& out) const;

  // The splits into two heaps (bit 4: take k, leave two; Grundy's game: two
  // unequal heaps), one range a digit.
  template <class Visit>
  void for_each_split_range(std::uint64_t heap, Visit&& visit) const {
    if (code_.family == take_and_break::GameCode::Family::grundy) {
      if (heap >= 3) visit(heap, (heap - 1) / 2);
      return;
    }
    for (std::uint64_t k = 0; k < code_.digits.size() && k + 2 <= heap; ++k)
      if ((code_.digits[k] & 4) && !visit(heap - k, (heap - k) / 2)) return;
  }

  // The splits into three heaps (bit 8: take k, leave three).
  template <class Visit>
  void for_each_three_way_split(std::uint64_t heap, Visit&& visit) const {
    if (code_.family != take_and_break::GameCode::Family::code) return;
    for (std::uint64_t k = 0; k < code_.digits.size() && k + 3 <= heap; ++k)
      if ((code_.digits[k] & 8) && !visit(heap - k)) return;
  }

  // t and j for the periodicity theorem; nullopt for Grundy's game (moving p
  // between the heaps can make them equal: no such theorem).
  [[nodiscard]] std::optional<MoveBounds> move_bounds() const;
  [[nodiscard]] std::uint64_t sequence_limit() const;
  [[nodiscard]] std::uint64_t proof_search_limit() const;

  // The sweep: the run's sequence engine for this code (made on first use with
  // the run's fast paths and threads, Context::shared, so every rule object of
  // the code in one run shares it), extended to heap `last`, its new values
  // appended. Normal play only: misère play is declined (the adapter's loop).
  bool extend_sequence(std::vector<TableValue>& values, std::uint64_t last, Play play, Context& context) const;

 private:
  std::uint64_t scaled(std::uint64_t bound) const;

  take_and_break::GameCode code_;
  std::string run_key_;  // "take-and-break CODE": the run's engine (Context::shared)
};

// Throws InputError (with the column) for a bad code, a game that never ends, or
// an unknown name. The context that values the rule chooses the engine
// (FastPaths::sparse_engine) and its threads.
[[nodiscard]] HeapRulePtr make_take_and_break(std::string_view code_or_name);

// The code of a heap rule that is a take-and-break game (`grundy table` runs it
// with the sequence engines, checkpoints and output files of run.hpp; the census
// plans it so); nullptr for any other rule.
[[nodiscard]] const take_and_break::GameCode* take_and_break_code(const HeapRule& rule) noexcept;

}  // namespace grundy
