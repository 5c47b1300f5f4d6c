// Impartial Clobber valued by the definition over 8-byte parts (g = mex of the
// options' values, each option the xor of its groups' values): what lets
// checkerboards past MCGS's largest (2×13, 3×8, 4×6) be valued on one machine.
//
// A part is a group of orthogonally connected stones with a move (a stone
// beside one of the other colour), cropped to its box: a stone only ever moves
// onto a neighbouring stone, so groups never meet again and are independent
// (clobber.cpp). Its key: the box's height (3 bits) and width (5 bits), then
// 2 bits a square row by row (0 empty, 1 X, 2 O), at most kMostSquares
// squares. Every part is stored once under the least key of its images: the
// board's eight symmetries with the height at most the width (so that the
// height fits 3 bits: h·h <= 28), each with the colours as they are and
// exchanged (either player moves either colour).
//
// Certificates: claims() picks, from the values found, a set of parts with
// their values from which `grundy check` re-proves every root (the format and
// the proof it checks: docs/certificates.md, game "clobber").
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/nimber.hpp"
#include "rulesets/letter_board.hpp"
#include "grundy/search/part_engine.hpp"

namespace grundy::clobber_grid {

struct GroupRules;  // the moves and the split over keys (clobber_grid.cpp)

// The most squares of a part's box a key holds (2 bits a square, 8 for the box).
inline constexpr std::size_t kMostSquares = 28;

// The values of boards ('X', 'O', '.'): nullopt when a group's box has more
// than kMostSquares squares.
using GroupValues = search::PartEngine<GroupRules, rulesets_detail::LetterBoard>;
}  // namespace grundy::clobber_grid

// Instantiated once, in the rules' file where GroupRules is complete (the search's
// members are compiled there, the rules' word operations inlined into them).
extern template class grundy::search::PartEngine<grundy::clobber_grid::GroupRules, grundy::rulesets_detail::LetterBoard>;

namespace grundy::clobber_grid {

// For the tests (tests/clobber_test.cpp), the search's keys against the
// definition: the keys of the board's groups with a move (its parts), then for
// each part its options, each the keys of its groups with a move; listed by
// the search (fast) or from the definition (each group grown from its least
// stone over the whole board, cropped, and keyed as the least of its sixteen
// images built square by square). The two lists must be equal, order
// included: a certificate's claims are chosen in it. Empty when a group's box
// has more than kMostSquares squares.
std::vector<std::vector<std::uint64_t>> option_lists(const rulesets_detail::LetterBoard& board, bool fast);

}  // namespace grundy::clobber_grid
