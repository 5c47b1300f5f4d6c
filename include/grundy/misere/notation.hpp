// CGSuite's notation for misère canonical forms, written and read (a genus
// is written by classification.hpp's genus_notation).
//
// Written (what CGSuite prints): `*[` … `]` around
//  * a nim heap as its size: `*[2]` (sizes from 10 as `&10;`);
//  * a game as its options, highest first in CGSuite's order, an option of
//    several options in parentheses: `*[2#0]` has options 2# and 0;
//  * a game with one option X as X followed by `#` ("sharp"): `*[2#]` = {*2};
//  * subscripts for sums with nim heaps, read left to right after the first
//    heap digit: `2[2]` = *2 + *2, `2[#2#]` = {2# + *2}, `2[#-2]` the game H
//    with H + *2 = 2#, `(2#1)[1]` = (2#1) + *.
// A game is written as H + *n (or H - *n) when such an H of smaller birthday
// exists, trying n = 2, 4, … for even games and 3, 5, … for odd ones, then
// H + * for odd games — CGSuite's choices, so that the text is the same.
//
// Read (CGSuite's input notation): `*[2]` is the nim heap *2, `*[4,2]` the game
// {*4, *2}, and lists nest: `*[[2],0]` = {{*2}, 0}; sums of such games with `+`,
// inside lists too: `*[[*[2]+*[[2]]]]`. `*[]` is 0.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "grundy/misere/canonical_forms.hpp"
#include "grundy/misere/genus.hpp"

namespace grundy::misere {

// Forms whose text passes a million characters (shared sub-games are written
// out each time they occur) are described by their birthday instead.
[[nodiscard]] std::string notation(CanonicalForms& forms, GameId g);
// nullopt when the text would be longer than `max_length`.
[[nodiscard]] std::optional<std::string> notation(CanonicalForms& forms, GameId g, std::size_t max_length);

// Reads CGSuite input notation. Throws InputError naming the column.
[[nodiscard]] GameId parse_notation(std::string_view text, CanonicalForms& forms);

// True when the text is meant as CGSuite notation (it starts with `*[`).
[[nodiscard]] bool looks_like_notation(std::string_view text) noexcept;

}  // namespace grundy::misere
