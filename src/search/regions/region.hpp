// Regions of a placement board and the geometry of their bounding boxes: the
// key of the engine's tables (Region, RegionHash), the masks and per-cell
// tables of one box size (Geometry), and the word operations that move a box's
// cells under the board's symmetries (namespaces square and box).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "grundy/search/bits.hpp"
#include "grundy/placement/rule.hpp"
#include "placement/box_symmetries.hpp"

namespace grundy::placement::detail {

template <std::size_t N>
struct Region {
  static constexpr std::size_t kWords = N;
  Bits<N> cells;
  std::uint16_t height = 0;
  std::uint16_t width = 0;
  // Set when canonicalisation saw that no symmetry but the identity maps the
  // region to itself, so no mirror strategy can apply. Not part of the key
  // (equality and hash ignore it); it sits in what was padding.
  bool asymmetric = false;
  friend bool operator==(const Region& a, const Region& b) noexcept {
    return a.height == b.height && a.width == b.width && a.cells == b.cells;
  }
};

template <std::size_t N>
struct RegionHash {
  std::size_t operator()(const Region<N>& r) const noexcept {
    std::uint64_t h = (std::uint64_t{r.height} << 16) | r.width;
    for (std::uint64_t w : r.cells.words) {
      h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
      h ^= h >> 31;
    }
    return static_cast<std::size_t>(h);
  }
};

// Masks and per-cell tables of one box size, built once per size.
template <std::size_t N>
struct Geometry {
  int height = 0;
  int width = 0;
  Bits<N> all;
  Bits<N> not_first_col;  // where a cell shifted one column right may land
  Bits<N> not_last_col;
  std::vector<Bits<N>> anchors;                 // per shape: top-left cells where it fits the box
  std::vector<std::vector<std::size_t>> offsets;  // per shape: r*width + c of its cells
  std::vector<std::uint16_t> row_of;
  std::vector<std::uint16_t> col_of;

  Geometry(const Rule& rule, int h, int w) : height(h), width(w) {
    const std::size_t area = static_cast<std::size_t>(h) * static_cast<std::size_t>(w);
    row_of.resize(area);
    col_of.resize(area);
    for (int r = 0; r < h; ++r) {
      for (int c = 0; c < w; ++c) {
        const std::size_t i = static_cast<std::size_t>(r * w + c);
        row_of[i] = static_cast<std::uint16_t>(r);
        col_of[i] = static_cast<std::uint16_t>(c);
        all.set(i);
        if (c != 0) not_first_col.set(i);
        if (c != w - 1) not_last_col.set(i);
      }
    }
    for (const Shape& s : rule.shapes) {
      Bits<N> a;
      for (int r = 0; r + s.height <= h; ++r) {
        for (int c = 0; c + s.width <= w; ++c) a.set(static_cast<std::size_t>(r * w + c));
      }
      anchors.push_back(a);
      std::vector<std::size_t> off;
      for (const Cell& cell : s.cells) off.push_back(static_cast<std::size_t>(cell.row * w + cell.col));
      offsets.push_back(std::move(off));
    }
  }

  // The bounding box of a non-empty set of cells: rows [min_r, max_r], columns
  // [min_c, max_c]. One word: the rows from its lowest and highest bits, the
  // columns from the rows or-ed together (a loop over rows, not over cells).
  void bounds(const Bits<N>& b, int& min_r, int& max_r, int& min_c, int& max_c) const {
    if constexpr (N == 1) {
      const std::uint64_t x = b.words[0];
      min_r = row_of[static_cast<std::size_t>(std::countr_zero(x))];
      max_r = row_of[static_cast<std::size_t>(63 - std::countl_zero(x))];
      std::uint64_t cols = 0;
      if (width == 8) {
        cols = x | (x >> 32);
        cols |= cols >> 16;
        cols |= cols >> 8;
      } else {
        for (int r = min_r; r <= max_r; ++r) cols |= x >> (r * width);
      }
      cols = width < 64 ? cols & ((std::uint64_t{1} << width) - 1) : x;  // a 64-wide box has one row
      min_c = std::countr_zero(cols);
      max_c = 63 - std::countl_zero(cols);
      return;
    }
    min_r = height;
    max_r = -1;
    min_c = width;
    max_c = -1;
    b.for_each([&](std::size_t i) {
      min_r = std::min(min_r, int{row_of[i]});
      max_r = std::max(max_r, int{row_of[i]});
      min_c = std::min(min_c, int{col_of[i]});
      max_c = std::max(max_c, int{col_of[i]});
    });
  }

  // The cells of `b` and their neighbours (4- or 8-connectivity), inside the box.
  [[nodiscard]] Bits<N> dilate(const Bits<N>& b, int connectivity) const {
    const std::size_t w = static_cast<std::size_t>(width);
    Bits<N> across = b | (b.shl(1) & not_first_col) | (b.shr(1) & not_last_col);
    if (connectivity == 8) return (across | across.shl(w) | across.shr(w)) & all;
    return (across | b.shl(w) | b.shr(w)) & all;
  }
};

// The bounding box of a part of a box of geometry g: its top-left cell and size.
struct BoundingBox {
  int row = 0;
  int col = 0;
  int height = 0;
  int width = 0;
};

template <std::size_t N>
BoundingBox bounding_box(const Geometry<N>& g, const Bits<N>& part) {
  int min_r = 0;
  int max_r = 0;
  int min_c = 0;
  int max_c = 0;
  g.bounds(part, min_r, max_r, min_c, max_c);
  return BoundingBox{min_r, min_c, max_r - min_r + 1, max_c - min_c + 1};
}

// Boxes of at most 8x8 cells are canonicalised with word operations on a
// stride-8 layout (bit r*8 + c): the 8 symmetries are byte swaps, per-byte bit
// reversals and the 8x8 bit-matrix transpose, instead of moving each cell 8 times
// (that per-cell loop was 45% of the time on Cram boards).
namespace square {

// (std::byteswap is C++23; GCC and Clang both have the builtin.)
inline std::uint64_t flip_rows(std::uint64_t x, int h) noexcept { return __builtin_bswap64(x) >> (8 * (8 - h)); }

inline std::uint64_t flip_cols(std::uint64_t x, int w) noexcept {
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
  return x >> (8 - w);
}

// Bit r*8 + c -> bit c*8 + r.
inline std::uint64_t transpose(std::uint64_t x) noexcept {
  std::uint64_t t = 0x0F0F0F0F00000000ULL & (x ^ (x << 28));
  x ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (x ^ (x << 14));
  x ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (x ^ (x << 7));
  x ^= t ^ (t >> 7);
  return x;
}

// Stride 8 -> stride w.
inline std::uint64_t pack(std::uint64_t x, int h, int w) noexcept {
  std::uint64_t out = 0;
  const std::uint64_t row = (std::uint64_t{1} << w) - 1;
  for (int r = 0; r < h; ++r) out |= ((x >> (8 * r)) & row) << (r * w);
  return out;
}

// Stride w -> stride 8.
inline std::uint64_t unpack(std::uint64_t x, int h, int w) noexcept {
  std::uint64_t out = 0;
  const std::uint64_t row = (std::uint64_t{1} << w) - 1;
  for (int r = 0; r < h; ++r) out |= ((x >> (r * w)) & row) << (8 * r);
  return out;
}

}  // namespace square

// One-word boxes wider or taller than 8: namespace box (box_symmetries.hpp).

}  // namespace grundy::placement::detail
