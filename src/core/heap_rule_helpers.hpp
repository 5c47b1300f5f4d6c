// Small helpers shared by the heap rulesets: the move "take some tokens from a
// heap", saturating move counts and a pattern marked proven. (Sample positions
// for the conformance suite: src/rulesets/samples.hpp.)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/core/heap_rule.hpp"
#include "grundy/core/saturating.hpp"
#include "grundy/core/sequence.hpp"

namespace grundy::rulesets_detail {

// Taking `taken` tokens from `heap` (leaving one heap, or none).
[[nodiscard]] HeapMove take(std::uint64_t heap, std::uint64_t taken);

// Adds to a move count, saturating at UINT64_MAX as the move lists require.
inline void count_one(std::uint64_t& total) { total = saturating_add(total, 1); }
inline void count_many(std::uint64_t& total, std::uint64_t more) { total = saturating_add(total, more); }

// A pattern that a theorem guarantees.
[[nodiscard]] Periodicity proven_pattern(Periodicity::Kind kind, std::uint64_t preperiod, std::uint64_t period,
                                         Nimber saltus, std::string proof);

}  // namespace grundy::rulesets_detail
