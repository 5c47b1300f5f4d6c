// Take-and-break games on one heap, written as codes (Winning Ways, ch. 4).
//
// An octal code d0.d1d2d3… gives, for each k, the digit d_k: a sum of
//   1  may take k tokens when they are the whole heap (leaving nothing),
//   2  may take k tokens leaving one non-empty heap,
//   4  may take k tokens and split the rest into two non-empty heaps,
//   8  may take k tokens and split the rest into three non-empty heaps.
// Bit 8 is the hexadecimal extension: a code with any digit 8–F is a
// hexadecimal code. Octal codes are exactly the hexadecimal codes without bit 8,
// so one parser reads both; hexadecimal codes are written with a 0x prefix ("0x0.8"),
// and an unmarked code with a digit 8-F is refused as a typo.
//
// Accepted spellings: "0.77", ".77", "4.3", "4." / "4" (only d0), hex "0x0.F7", "0x.F7"
// (letters either case). Names: kayles (.77), dawson (Dawson's Kayles .07),
// officers (.6), treblecross (.007), and a game no finite code describes:
// grundy (split a heap into two unequal non-empty heaps). Lasker's Nim, another
// such game, has a closed form and a ruleset of its own (rulesets/lasker_nim.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::take_and_break {

// Codes longer than this are refused: t (the most tokens one move takes) enters
// every periodicity bound and the per-heap work, and no studied game comes close.
inline constexpr std::size_t kMaxCodeDigits = 1024;

struct GameCode {
  enum class Family {
    code,    // finite octal/hexadecimal code in `digits`
    grundy   // Grundy's game
  };
  Family family = Family::code;
  // digits[k] for k = 0..t, trailing zeros removed (at least one digit kept).
  std::vector<std::uint8_t> digits;
  std::string name;  // the name it was given by ("kayles"), empty for a code

  [[nodiscard]] bool hexadecimal() const noexcept;
  // The most tokens one move may take (the code's t); 0 for grundy.
  [[nodiscard]] std::uint64_t max_take() const noexcept;
  // The most heaps one move leaves (0..3).
  [[nodiscard]] unsigned max_heaps_left() const noexcept;
  // "0.77", "4.3", "0x0.F7", "grundy".
  [[nodiscard]] std::string normal_form() const;
  // The name if it has one, else the normal form: what HeapRule::text() shows.
  [[nodiscard]] std::string display() const;
};

// True for kayles, dawson, officers, treblecross, grundy.
[[nodiscard]] bool is_game_name(std::string_view name) noexcept;

// Parses a code or a name. Throws InputError naming the 1-based column of the
// offending character; refuses codes whose game might never end (taking 0 and
// leaving the heap whole, or taking 0 from an empty heap).
[[nodiscard]] GameCode parse_game_code(std::string_view text);

}  // namespace grundy::take_and_break
