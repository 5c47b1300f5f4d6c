// Take-and-break games as heap rules: octal and hexadecimal codes, Grundy's game
// and Lasker's Nim (code.hpp lists the spellings and names).
//
// value(heap) is exact or refused, never guessed:
//  * Lasker's Nim: a closed form, any heap.
//  * a code whose period the octal periodicity theorem proves (periodicity.hpp):
//    any heap up to 2^64 - 1, from the pattern. The rule looks for the proof by
//    computing up to kTakeAndBreakProofSearch heaps.
//  * otherwise (Officers, Grundy's game, …): computed, for heaps below
//    kTakeAndBreakValueLimit; beyond that a LimitError.
#pragma once

#include <cstdint>
#include <string_view>

#include "grundy/heap_rule.hpp"

namespace grundy {

// Heaps the rule computes while looking for a proven period for a large heap:
// every game in the published list of trivial octal games (tczajka) proves within
// 1000 heaps; 2^16 costs about a second for an unproven game such as Officers.
inline constexpr std::uint64_t kTakeAndBreakProofSearch = std::uint64_t{1} << 16;

// Largest heap whose value a rule computes on demand when no period is proven
// (about 20 s for Officers with the sparse engine on this project's 2-core box).
inline constexpr std::uint64_t kTakeAndBreakValueLimit = 2'000'000;

// Throws InputError (with the column) for a bad code, a game that never ends, or
// an unknown name.
[[nodiscard]] HeapRulePtr make_take_and_break(std::string_view code_or_name);

// kayles, dawson, officers, treblecross, grundy, lasker.
[[nodiscard]] bool is_take_and_break_name(std::string_view name);

}  // namespace grundy
