// A position printed past a length a reader can use is abbreviated, so that
// an answer's size follows what was asked, not what a position expands to:
// `coins(ruler)(4194303)` (21 bytes) is a row of 4 194 303 coins, and every
// line naming it printed the row whole (12.6 MB of text, 21 MB of JSON; a
// batch of 100 such lines 2.1 GB). docs/expressions.md ("Long positions")
// states the rule; `grundy value --full-positions` prints them whole.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace grundy {

// The longest position printed whole: 300 characters.
inline constexpr std::size_t kLongestPrintedPosition = 300;

// TEXT itself when it has at most `longest` bytes; otherwise its first
// longest / 2 bytes, "…", its last longest / 6 bytes and " (N characters in
// all)", each cut between UTF-8 characters: at most longest + 40 bytes.
// `longest` = npos: TEXT whole.
[[nodiscard]] std::string abbreviated(std::string_view text, std::size_t longest = kLongestPrintedPosition);

}  // namespace grundy
