// Impartial NoGo's placements (nogo.cpp) found the two ways the ruleset has:
// by masks, for a board that fits in 64 bits with its border of '#', and by
// the groups' lists, for every board. For the test that holds them equal.
#pragma once

#include <string>
#include <vector>

#include "rulesets/letter_board.hpp"

namespace grundy::impartial_nogo {

// Every legal placement of `board` (every group with a liberty, or immortal;
// by masks only when it fits), point by point, X before O: each the board
// after it, row by row.
std::vector<std::string> placements(const rulesets_detail::LetterBoard& board, bool by_masks);

}  // namespace grundy::impartial_nogo
