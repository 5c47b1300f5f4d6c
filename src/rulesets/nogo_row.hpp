// Impartial NoGo on one row, valued by the definition over the row's parts
// (g = mex of the options' values, each option the xor of its parts), with
// each part stored in 8 bytes: what lets rows of 25–28 empty points be valued
// on one machine (MCGS timed out after an hour on 25; docs/records.md).
//
// A part is a stretch of the row between two ends, written with them: an end
// is '#' (off the board, or a stone's side that is no liberty), '_' (a point
// left empty for good: a liberty for ever), 'x' or 'o' (an immortal stone,
// beside an empty point). Inside: '.' empty, X and O mortal stones, each a
// run (one row's run of one colour plays as one stone: its liberties are its
// two ends). The split, beyond nogo.cpp's (whose proof it relies on):
// - Two mortal stones of both colours side by side are not each other's
//   liberty, so each lives by its other side alone: the row is cut between
//   them, each keeping '#' on the cut side. Measured on 1×20: 2.2 million
//   parts without the cut, 0.84 million with it.
// - An end beside a stone is '#': beside a stone an immortal stone of the other
//   colour is no liberty and changes nothing ('_' and a stone of the same colour
//   cannot be beside a mortal stone: it would be immortal, or one run).
// Every part is stored once under the least key of its four images (reversed,
// colours exchanged).
//
// Certificates: claims() picks, from the values found, a set of parts with
// their values from which `grundy check` re-proves the root's value (the
// format and the proof it checks: docs/certificates.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grundy/core/nimber.hpp"
#include "grundy/search/part_engine.hpp"

namespace grundy::nogo_row {

struct RowRules;  // the moves and the split over keys (nogo_row.cpp)

// The longest inside of a part a key holds (2 bits a point, 4 for the ends).
inline constexpr std::size_t kLongestPart = 29;

// The values of rows (their letters: . X O x o _ #; every group with a
// liberty): nullopt when a part is longer than kLongestPart.
using RowValues = search::PartEngine<RowRules, std::string>;
}  // namespace grundy::nogo_row

// Instantiated once, in the rules' file where RowRules is complete (the search's
// members are compiled there, the rules' word operations inlined into them).
extern template class grundy::search::PartEngine<grundy::nogo_row::RowRules, std::string>;

namespace grundy::nogo_row {

// The options of every part of `row`, each as its parts' keys, in the
// search's order: by masks, as the search lists them (nogo_row_masks.hpp), or
// by letters, the definition; equal (a test holds them so).
std::vector<std::vector<std::uint64_t>> option_keys(std::string_view row, bool by_masks);

}  // namespace grundy::nogo_row
