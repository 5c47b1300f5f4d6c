// Cram by the definition over 8-byte parts, the search behind Cram's
// certificates (certificates.hpp; the placement search, which answers Cram's
// values, keeps outcomes, not the values a checker re-proves).
//
// A part is a region: orthogonally connected free cells, cropped to its box
// (the box's other cells blocked). A domino covers two adjacent free cells of
// one region, so regions are independent games and a board is the sum of its
// regions; a region of one cell has no move and is worth 0, so it is dropped.
// A key holds a box of at most 56 cells and a width of at most 31 (after the
// turn that puts the height at most the width): bit r·w + c for the free cell
// (r, c), the height in the top 3 bits and the width in the 5 below. Every
// region is stored once under the least key of its images (the eight
// symmetries of its box).
//
// Certificates: claims() picks, from the values found, a set of regions with
// their values from which `grundy check` re-proves every board (the format
// and the proof it checks: docs/certificates.md, game "cram").
#pragma once

#include <cstddef>

#include "rulesets/letter_board.hpp"
#include "grundy/search/part_engine.hpp"

namespace grundy::cram_grid {

struct RegionRules;  // the moves and the split over keys (cram_grid.cpp)

// The most cells of a region's box a key holds (1 bit a cell, 8 for the box).
inline constexpr std::size_t kMostCells = 56;

// The values of boards ('0' free, '1' blocked): nullopt when a region's box
// holds more than kMostCells cells or is wider than 31. A certificate's claims
// write a region as rows of 0 and 1 joined by '/'.
using RegionValues = search::PartEngine<RegionRules, rulesets_detail::LetterBoard>;
}  // namespace grundy::cram_grid

// Instantiated once, in the rules' file where RegionRules is complete (the search's
// members are compiled there, the rules' word operations inlined into them).
extern template class grundy::search::PartEngine<grundy::cram_grid::RegionRules, grundy::rulesets_detail::LetterBoard>;

namespace grundy::cram_grid {

}  // namespace grundy::cram_grid
