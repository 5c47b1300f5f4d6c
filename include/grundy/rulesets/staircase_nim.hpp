// Staircase Nim: coins on the steps of a staircase; a move pushes one or more coins
// from step i >= 1 down to step i - 1. Step 0 is the floor, where coins are out of
// play. g = xor of the coins on the odd steps (proof in staircase_nim.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "grundy/core/position.hpp"

namespace grundy {

// "staircase(0,3,1,4)": coins[i] coins on step i, coins[0] on the floor. InputError
// for an empty staircase.
[[nodiscard]] ComponentPtr make_staircase_nim(std::vector<std::uint64_t> coins);

}  // namespace grundy
