// The checker's Cram, written from the rules (docs/certificates.md "The game
// cram") and not from the search (src/rulesets/cram_grid.cpp), so that a
// mistake in one is not repeated in the other: boards are text, regions found
// by a walk over the cells, images by moving letters.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "game_rules.hpp"

namespace grundy_check::cram {

// Whether `board` is a board: rows of equal length joined by '/', each letter
// '0' (free) or '1' (blocked), at least one cell.
bool is_board(const std::string& board);

// A root as a Cram term prints it: RxC (every cell free, R and C from 1 to
// 64), or a board, whose one row may end with '/'. The board it stands for,
// or "" when it is neither.
std::string board_of_root(const std::string& root);

// Every move (a domino on two orthogonally adjacent free cells): the board
// after it, as large as before.
std::vector<std::string> options(const std::string& board);

// From version 4: the options `options` numbers `numbers` (increasing; those
// past the last left out), into `out`, and how many options there are.
std::size_t named_options(const std::string& board, const std::vector<std::uint32_t>& numbers,
                          std::vector<std::string>& out);

// The regions of orthogonally connected free cells of `board` with two cells
// or more (a single cell has no move: worth 0), each cropped to its box (the
// box's other cells blocked) and written as its least image: the independent
// games whose sum it is.
std::vector<std::string> parts(const std::string& board);

// From version 3 (docs/certificates.md): the parts of `board` split further
// where a 2x2 square has diagonal twins (two corners with the same two
// neighbours): the components of two cells or more of the free cells without
// that square's two horizontal edges, each cropped and as its least image.
std::vector<std::string> parts_with_twin_cuts(const std::string& board);

// From version 4 (docs/certificates.md "Version 4"): the parts of `board`
// after three reductions that keep its value, applied together — isolated
// cells dropped, all but the first pendant (in the order above, left, below,
// right) of a cell that has several, and bridges (a cell every neighbour of
// which carries a pendant) — then split as parts_with_twin_cuts does; a
// component the cuts split off is reduced again and split again.
std::vector<std::string> parts_reduced(const std::string& board);

// From version 3: whether the board is 0 by the mirror strategy (Tweedledum
// and Tweedledee): an involution of its box (a flip, the half turn, a
// diagonal reflection of a square box) maps its free cells onto themselves
// and no domino onto one that meets it. The second player answers each
// domino with its image, which is still free, and the board stays symmetric
// with the same property, so the player to move loses.
bool zero_by_symmetry(const std::string& board);

// The least (as text) of the eight images of `part` (the symmetries of its
// box), or "" when `part` is not a part: a board cropped to one region of two
// free cells or more.
std::string least_image(const std::string& part);

// The free cells of a board.
std::size_t free_cells(const std::string& board);

// The game as the checker's proof reads it (game_rules.hpp).
GameRules rules();

}  // namespace grundy_check::cram
