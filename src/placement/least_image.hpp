// The least image of a box of h×w squares under its symmetries, for every
// search that keys a part by it: the placement search's regions
// (engine.hpp, canonical_forms.hpp), Clobber's groups (rulesets/clobber_grid.cpp),
// Cram's regions (rulesets/cram_grid.cpp) and the stone games' boards of
// letters (rulesets/letter_board.cpp). What they share is written here: the
// eight symmetries of the square and what each does to a box, which of them
// give an image that may be least, and the taking of the least with its ties.
// How an image is made stays each representation's own — word operations on
// bits (box_symmetries.hpp, region.hpp's namespace square) or on 2-bit codes,
// strides over letters (walk_of) — and so does the order of images, which
// each key's readers (certificates, table files) rely on. The words' keys are
// made in the inner loop of searches, where an image drawn square by square
// instead of by a few shifts would cost them their speed.
//
// The symmetries are numbered as the placement rules number them
// (apply_symmetry, grundy/placement/rule.hpp: the one transform of a
// square's coordinates): bit 0 transposes (the box becomes w×h), then bit 1
// reverses the rows and bit 2 the columns. Every order of images used here
// compares the number of rows first, so an image with more rows than columns
// is never the least: of the eight only those with min(h, w) rows are drawn —
// all eight for a square box, four otherwise.
#pragma once

#include <algorithm>
#include <array>
#include <compare>
#include <cstddef>
#include <utility>

#include "grundy/placement/rule.hpp"

namespace grundy::placement::detail {

inline constexpr int kBoxSymmetries = 8;
inline constexpr int kTransposes = 1;

[[nodiscard]] constexpr bool transposes(int symmetry) noexcept { return (symmetry & kTransposes) != 0; }

// The rows of the image of an h×w box.
[[nodiscard]] constexpr int image_rows(int symmetry, int h, int w) noexcept { return transposes(symmetry) ? w : h; }

// Whether the symmetry's image of an h×w box has the fewest rows any image
// of it has (min(h, w)): the images that may be least.
[[nodiscard]] constexpr bool may_be_least(int symmetry, int h, int w) noexcept {
  return image_rows(symmetry, h, w) == std::min(h, w);
}

// Whether the symmetry maps an h×w box onto itself (a transpose only a
// square one).
[[nodiscard]] constexpr bool maps_box_to_itself(int symmetry, int h, int w) noexcept {
  return !transposes(symmetry) || h == w;
}

// The symmetry that undoes `symmetry`: itself, but for the two quarter turns
// (a transpose and one reversal), which undo each other.
[[nodiscard]] constexpr int inverse_symmetry(int symmetry) noexcept {
  const bool quarter_turn = transposes(symmetry) && ((symmetry >> 1) & 1) != ((symmetry >> 2) & 1);
  return quarter_turn ? symmetry ^ 6 : symmetry;
}

// The symmetries that are their own inverse: the identity, the reversals of
// rows and of columns, the half turn and the two diagonal reflections.
[[nodiscard]] constexpr bool is_involution(int symmetry) noexcept { return inverse_symmetry(symmetry) == symmetry; }

// An image walked over its source, squares row by row (index r·w + c of an
// h×w box): the image's square (r, c) is the source's square
// start + r·row_step + c·col_step.
struct SymmetryWalk {
  std::ptrdiff_t start = 0;
  std::ptrdiff_t row_step = 0;
  std::ptrdiff_t col_step = 0;
};

// The walk of the symmetry's image of an h×w box: the source of each of the
// image's squares, by the inverse symmetry (an affine map, so three squares
// fix it).
[[nodiscard]] inline SymmetryWalk walk_of(int symmetry, int h, int w) noexcept {
  const int inverse = inverse_symmetry(symmetry);
  const int rows = image_rows(symmetry, h, w);
  const int cols = image_rows(symmetry, w, h);
  const auto source = [&](int r, int c) {
    int image_h = rows;
    int image_w = cols;
    apply_symmetry(inverse, r, c, image_h, image_w);
    return static_cast<std::ptrdiff_t>(r) * w + c;
  };
  const std::ptrdiff_t start = source(0, 0);
  return SymmetryWalk{start, source(1, 0) - start, source(0, 1) - start};
}

// The least of the images considered, in the order of `compare` (a three-way
// comparison), and how many of the others equalled it: none when only one
// symmetry reaches the least image (the placement search then knows that no
// mirror strategy applies).
// <, three-way: -1, 0 or 1 (std::compare_three_way, which the web page's
// standard library lacks).
struct ThreeWayByLess {
  template <class T>
  int operator()(const T& a, const T& b) const {
    return a < b ? -1 : b < a ? 1 : 0;
  }
};

template <class Image, class Compare = ThreeWayByLess>
class LeastImage {
 public:
  explicit LeastImage(Compare compare = {}) : compare_(std::move(compare)) {}

  [[gnu::always_inline]] void consider(const Image& image) {
    if (!any_) {
      best_ = image;
      any_ = true;
      return;
    }
    const auto order = compare_(image, best_);
    if (order < 0) {
      best_ = image;
      ties_ = 0;
    } else if (order == 0) {
      ++ties_;
    }
  }

  [[nodiscard]] const Image& best() const noexcept { return best_; }
  [[nodiscard]] int ties() const noexcept { return ties_; }

 private:
  Compare compare_;
  Image best_{};
  bool any_ = false;
  int ties_ = 0;
};

// The two orientations of an h×w box held in a word whose least images are
// drawn when all eight symmetries are the box's: visit(rows, cols, image)
// for the box as it is when h <= w and for its transpose when h >= w (both
// for a square box). Their four flips each (as they are, rows reversed,
// columns reversed, the half turn: four_flips) are the images that may be
// least.
template <class Word, class Transpose, class Visit>
[[gnu::always_inline]] inline void for_each_least_orientation(int h, int w, const Word& x, Transpose&& transpose,
                                                              Visit&& visit) {
  if (h <= w) visit(h, w, x);
  if (h >= w) visit(w, h, transpose(x, h, w));
}

// The four images of a word that keep its box's orientation, from two of its
// flips (the rows reversed, and the columns reversed or the half turn, as
// the representation has them): x, a(x), b(x), a(b(x)).
template <class Word, class FlipA, class FlipB>
[[gnu::always_inline]] inline std::array<Word, 4> four_flips(const Word& x, FlipA&& a, FlipB&& b) {
  const Word other = b(x);
  return {x, a(x), other, a(other)};
}

// The least of a word's eight images under its box's symmetries, each
// orientation's four flips by least_of_flips(rows, cols, image) (which may
// put the orientation's shape in its key), where a word order is the key's.
template <class Key, class Word, class Transpose, class LeastOfFlips>
[[gnu::always_inline]] inline Key least_over_orientations(int h, int w, const Word& x, Transpose&& transpose,
                                                          LeastOfFlips&& least_of_flips) {
  Key best = ~Key{0};
  for_each_least_orientation(h, w, x, transpose, [&](int rows, int cols, const Word& image) {
    best = std::min<Key>(best, least_of_flips(rows, cols, image));
  });
  return best;
}

}  // namespace grundy::placement::detail
