// The symmetries of a box of h x w cells held in one word (bit r*w + c, h*w
// <= 64): rows reversed, the half turn, the transpose. Shared by the placement
// search's regions (region.hpp) and Clobber's groups (rulesets/clobber_grid.cpp).
#pragma once

#include <bit>
#include <cstdint>

namespace grundy::placement::detail {

// One-word boxes wider or taller than 8 (h*w <= 64, stride w): the images of the
// four flips from a bit reversal (the half turn) and a row loop, instead of
// moving cells one by one (on Cram 4x9 and 4x11 most parts are 9 to 11 wide).
namespace box {

inline std::uint64_t reverse_bits(std::uint64_t x) noexcept {
  x = __builtin_bswap64(x);
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
  return x;
}

inline std::uint64_t row_mask(int w) noexcept { return w >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w) - 1; }

inline std::uint64_t flip_rows(std::uint64_t x, int h, int w) noexcept {
  const std::uint64_t row = row_mask(w);
  std::uint64_t out = 0;
  for (int r = 0; r < h; ++r) out |= ((x >> (r * w)) & row) << ((h - 1 - r) * w);
  return out;
}

// Cell (r, c) -> (h-1-r, w-1-c): the whole word reversed, moved down to bit 0.
inline std::uint64_t half_turn(std::uint64_t x, int h, int w) noexcept { return reverse_bits(x) >> (64 - h * w); }

// Cell (r, c) of h x w -> (c, r) of w x h, row by row (the cell's row and
// column from its index took two divisions a cell: a sixth of Clobber 4x5's
// keys, perf).
inline std::uint64_t transpose(std::uint64_t x, int h, int w) noexcept {
  const std::uint64_t row_bits = row_mask(w);
  std::uint64_t out = 0;
  for (int r = 0; x != 0; ++r, x >>= w) {
    std::uint64_t row = x & row_bits;
    while (row != 0) {
      const int c = std::countr_zero(row);
      row &= row - 1;
      out |= std::uint64_t{1} << (c * h + r);
    }
    if (w >= 64) break;
  }
  return out;
}

}  // namespace box

}  // namespace grundy::placement::detail
