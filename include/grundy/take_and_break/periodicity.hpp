// Periodicity of take-and-break sequences, and when it is proven: the octal
// periodicity theorem and its extension to moves leaving three heaps
// (grundy/core/periodicity_theorem.hpp, shared with the subtraction games), with t
// and j read off the code.
//
// Grundy's game has no such theorem (moving p between the heaps can make them
// equal), so its patterns are only ever "detected".
#pragma once

#include <cstdint>
#include <span>

#include "grundy/core/periodicity_theorem.hpp"
#include "grundy/core/sequence.hpp"
#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/engine.hpp"

namespace grundy::take_and_break {

// The end B of the range the theorem needs checked (exclusive; values up to
// index B + p - 1 are compared). j = max(1, heaps left).
[[nodiscard]] std::uint64_t periodicity_check_end(const GameCode& code, std::uint64_t preperiod,
                                                  std::uint64_t period);

// True when the periodicity theorem applies to this game at all.
[[nodiscard]] bool periodicity_theorem_applies(const GameCode& code) noexcept;

// t and j of a code, for the theorem.
[[nodiscard]] MoveBounds move_bounds(const GameCode& code) noexcept;

// grundy::find_periodicity with the code's bounds, proving where the theorem
// applies.
[[nodiscard]] Periodicity find_periodicity(const GameCode& code, std::span<const Value> values);


}  // namespace grundy::take_and_break
