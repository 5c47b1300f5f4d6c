// Moore's Nim_k: a move removes stones from at least 1 and at most k heaps (any
// number from each). Moore (1910): the player to move loses iff, in every binary
// digit position, the number of heaps with a 1 there is divisible by k + 1.
//
// The nim-value has no known closed form for k >= 2, so value() searches the game
// (grundy::Solver over sorted heaps) when the state space is small and throws
// LimitError otherwise; known_loss() and the moves to P-positions use Moore's
// theorem for heaps of any size. k = 1 is Nim.
//
// moves_to_value(0, limit) lists moves found digit by digit from the top bit
// (no dead ends, so listing is fast for any heaps). Its total is exact unless
// the counting search runs past its budget (many heaps, large k): then it is the
// number counted so far and MoveList::total_is_lower_bound is set.
// moves_to_value(t != 0, ...) for k >= 2 values every option by search, so it has
// the same size limit as value().
#pragma once

#include <cstdint>
#include <vector>

#include "grundy/core/position.hpp"

namespace grundy {

// "moore(2)(3,5,6)". InputError for k = 0 or no heaps.
[[nodiscard]] ComponentPtr make_moore_nim(std::uint64_t k, std::vector<std::uint64_t> heaps);

}  // namespace grundy
