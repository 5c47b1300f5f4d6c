// The cells of an h×w box held in one word (bit r·w + c, h·w at most the
// word's bits), for the searches over 8-byte parts of boards (Clobber's
// groups in clobber_grid.cpp, Cram's regions in cram_grid.cpp): the masks of
// the box and of its first and last columns, the cells beside a set, and a
// set cropped to its own box.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

#include "placement/box_symmetries.hpp"

namespace grundy::rulesets_detail {

template <class Word>
struct BoxMasks {
  Word all = 0;
  Word left = 0;
  Word right = 0;
};

template <class Word>
BoxMasks<Word> box_masks(int h, int w) {
  BoxMasks<Word> m;
  m.all = static_cast<Word>(placement::detail::box::row_mask(h * w));
  for (int r = 0; r < h; ++r) {
    m.left |= Word{1} << (r * w);
    m.right |= Word{1} << (r * w + w - 1);
  }
  return m;
}

// The cells orthogonally beside those of `m`.
template <class Word>
Word beside(Word m, int w, const BoxMasks<Word>& box) {
  return static_cast<Word>((((m & ~box.right) << 1) | ((m & ~box.left) >> 1) | (m << w) | (m >> w)) & box.all);
}

// Where a set of cells of a box of width w lies: its first row and column,
// and its own box's height and width.
struct Crop {
  int row = 0;
  int col = 0;
  int h = 0;
  int w = 0;
};

template <class Word>
Crop crop_of(int h, int w, Word cells) {
  const Word row_mask = static_cast<Word>(placement::detail::box::row_mask(w));
  int r0 = h;
  int r1 = -1;
  Word columns = 0;
  for (int r = 0; r < h; ++r) {
    const Word row = static_cast<Word>((cells >> (r * w)) & row_mask);
    if (row == 0) continue;
    r0 = std::min(r0, r);
    r1 = r;
    columns |= row;
  }
  const int c0 = std::countr_zero(columns);
  const int c1 = static_cast<int>(sizeof(Word) * 8) - 1 - std::countl_zero(columns);
  return Crop{r0, c0, r1 - r0 + 1, c1 - c0 + 1};
}

// The cells of `word` (of a box of width w) inside `crop`, as cells of the
// cropped box.
template <class Word>
Word cropped(Word word, int w, const Crop& crop) {
  const Word out_mask = static_cast<Word>(placement::detail::box::row_mask(crop.w));
  Word out = 0;
  for (int r = 0; r < crop.h; ++r)
    out |= static_cast<Word>(((word >> ((crop.row + r) * w + crop.col)) & out_mask) << (r * crop.w));
  return out;
}

}  // namespace grundy::rulesets_detail
