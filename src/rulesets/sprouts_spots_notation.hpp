// SPOTS' spelling of a Sprouts position (Čížek, Balko and Schmid's solver,
// github.com/cizektom/spots, modules/spots_cpp/.../vertex.cpp and
// structure.hpp at commit da73572), read as Glop's (docs/sprouts.md).
//
// SPOTS writes the same drawing with separators instead of end marks: '.'
// between boundaries, '|' between regions, '+' between lands, an optional
// '!' at the end, and "0*N" for N spots with no line yet (N boundaries of
// their own). So its start of 7 spots is 0*7, Glop's 0.0.0.0.0.0.0.}]!. The
// letters are Glop's (lower case: a spot of one life with both angles in one
// region; upper case: in two); '3', a dead spot, is dropped as Glop drops
// them. SPOTS' long names m(K), n(K) (past its 12 and 25 letters) and the
// marks of a line being drawn (- = #) are not read: grundy names 26 letters
// of each case, and the marks are no position.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::sprouts {

// True when the text is in SPOTS' spelling: it holds none of Glop's end marks
// '}' and ']' (every Glop position has both).
[[nodiscard]] bool spots_spelling(std::string_view text);

// The position in Glop's notation. Errors are InputError naming the column
// of the offending character: `column` is that of text[0] in the user's line.
// `glop_columns` receives, for each character of the result, the column of
// the character of `text` it came from (for errors found later in it).
[[nodiscard]] std::string glop_from_spots(std::string_view text, std::size_t column,
                                          std::vector<std::size_t>& glop_columns);

}  // namespace grundy::sprouts
