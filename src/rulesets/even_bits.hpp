// A word's bits spread to the even bits of a word twice as wide, and back:
// what turns a set of squares (one bit a square) into a key's 2-bit codes
// and a key's codes into sets, for the searches over 8-byte parts (one-row
// NoGo's masks, nogo_row_masks.hpp; Clobber's groups, clobber_grid.cpp).
// Shifts and masks, five steps each (no BMI2: the build is for any x86-64).
#pragma once

#include <cstdint>

namespace grundy::rulesets_detail {

// Bit i of v at bit 2i.
constexpr std::uint64_t spread_to_even_bits(std::uint32_t v) {
  std::uint64_t s = v;
  s = (s | (s << 16)) & 0x0000FFFF0000FFFFULL;
  s = (s | (s << 8)) & 0x00FF00FF00FF00FFULL;
  s = (s | (s << 4)) & 0x0F0F0F0F0F0F0F0FULL;
  s = (s | (s << 2)) & 0x3333333333333333ULL;
  s = (s | (s << 1)) & 0x5555555555555555ULL;
  return s;
}

// Bit 2i of s at bit i (the inverse; the odd bits are dropped).
constexpr std::uint32_t gather_even_bits(std::uint64_t s) {
  s &= 0x5555555555555555ULL;
  s = (s | (s >> 1)) & 0x3333333333333333ULL;
  s = (s | (s >> 2)) & 0x0F0F0F0F0F0F0F0FULL;
  s = (s | (s >> 4)) & 0x00FF00FF00FF00FFULL;
  s = (s | (s >> 8)) & 0x0000FFFF0000FFFFULL;
  s = (s | (s >> 16)) & 0x00000000FFFFFFFFULL;
  return static_cast<std::uint32_t>(s);
}

}  // namespace grundy::rulesets_detail
