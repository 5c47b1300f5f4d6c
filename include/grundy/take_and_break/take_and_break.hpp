// Take-and-break games as heap rules: octal and hexadecimal codes, and Grundy's
// game (code.hpp lists the spellings and names). Lasker's Nim, which no finite
// code describes and which has a closed form, is a ruleset of its own
// (rulesets/lasker_nim.hpp).
//
// value(heap) is exact or refused, never guessed:
//  * a code whose period the octal periodicity theorem proves (periodicity.hpp):
//    any heap up to 2^64 - 1, from the pattern. The rule looks for the proof by
//    computing up to kTakeAndBreakProofSearch heaps.
//  * otherwise (Officers, Grundy's game, …): computed, for heaps below
//    kTakeAndBreakValueLimit, interruptibly (Context::poll) and with progress
//    lines; beyond that a LimitError. Codes whose moves may leave three heaps
//    have only the naive engine (n^2 work a heap): 4096 heaps for both bounds.
//    Codes with more than 4 splitting digits have both bounds scaled down by
//    sqrt(4/s), s the number of splitting digits (the work grows with s).
#pragma once

#include <cstdint>
#include <string_view>

#include "grundy/core/context.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/take_and_break/code.hpp"

namespace grundy {

// Heaps the rule computes while looking for a proven period for a large heap:
// every game in the published list of trivial octal games (tczajka) proves within
// 1000 heaps; 2^16 costs about 0.05 s for an unproven game such as Officers.
inline constexpr std::uint64_t kTakeAndBreakProofSearch = std::uint64_t{1} << 16;

// Largest heap whose value a rule computes on demand when no period is proven:
// 10^8 heaps of Officers take about 85 s and 200 MB with the sparse engine on
// this project's 2-core box (1.2·10^6 values/s), with progress lines and Ctrl-C
// stopping it within a tenth of a second; `grundy table` goes further with
// checkpoints.
inline constexpr std::uint64_t kTakeAndBreakValueLimit = 100'000'000;

// A heap rule that is a take-and-break game with this code: `grundy table` runs
// it with the sequence engines, checkpoints and output files of run.hpp.
class TakeAndBreakCode {
 public:
  virtual ~TakeAndBreakCode() = default;
  [[nodiscard]] virtual const take_and_break::GameCode& code() const = 0;
};

// Throws InputError (with the column) for a bad code, a game that never ends, or
// an unknown name. The context that values the rule chooses the engine
// (FastPaths::sparse_engine) and its threads: each run has its own engine for
// the code (Context::shared).
[[nodiscard]] HeapRulePtr make_take_and_break(std::string_view code_or_name);

}  // namespace grundy
