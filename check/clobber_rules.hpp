// The checker's impartial Clobber, written from the rules (docs/certificates.md
// "The game clobber") and not from the search (src/rulesets/clobber_grid.cpp),
// so that a mistake in one is not repeated in the other: boards are text,
// groups found by a walk over the squares, images by moving letters.
#pragma once

#include <string>
#include <vector>

#include "game_rules.hpp"

namespace grundy_check::clobber {

// Whether `board` is a board: rows of equal length joined by '/', each letter
// 'X', 'O' or '.', at least one square.
bool is_board(const std::string& board);

// Every move (a stone onto an orthogonally adjacent stone of the other colour,
// which is removed): the board after it, as large as before.
std::vector<std::string> options(const std::string& board);

// The groups of orthogonally connected stones of `board` that hold both
// colours (the others have no move: worth 0), each cropped to its box and
// written as its least image: the independent games whose sum it is.
std::vector<std::string> parts(const std::string& board);

// The least (as text) of the sixteen images of `part` (the eight symmetries of
// its box, the colours as they are and exchanged), or "" when `part` is not a
// part: a board cropped to one group of connected stones of both colours.
std::string least_image(const std::string& part);

// The stones of a board.
std::size_t stones(const std::string& board);

// The game as the checker's proof reads it (game_rules.hpp).
GameRules rules();

}  // namespace grundy_check::clobber
