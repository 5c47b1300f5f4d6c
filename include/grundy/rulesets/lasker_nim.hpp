// Lasker's Nim: a move takes any number of tokens from a heap, or splits a heap
// into two non-empty heaps. Closed form (Winning Ways): g(0) = 0 and
// g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.
#pragma once

#include <cstdint>

#include "grundy/core/heap_rule.hpp"

namespace grundy {

[[nodiscard]] HeapRulePtr make_lasker_nim();

}  // namespace grundy
