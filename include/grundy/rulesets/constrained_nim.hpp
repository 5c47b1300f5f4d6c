// [L,R]-Nim ("lr(L,R)"): a move takes at least L and at most R stones from a heap.
// With P = L + R, g(x) = floor((x mod P) / L): the subtraction game {L..R} is
// periodic with period L + R from the start (proof in constrained_nim.cpp).
#pragma once

#include <cstdint>

#include "grundy/core/heap_rule.hpp"

namespace grundy {

// Throws InputError unless 1 <= low <= high.
[[nodiscard]] HeapRulePtr make_constrained_nim(std::uint64_t low, std::uint64_t high);

}  // namespace grundy
