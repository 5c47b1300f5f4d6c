// The least image under a box's symmetries (placement/least_image.hpp), held
// to its definition square by square: each symmetry's walk to where
// apply_symmetry moves each square, the inverse of each symmetry, which
// images may be least, and the least over the two orientations' four flips
// (by the word operations of box_symmetries.hpp) to the least of the eight
// images built one square at a time. The placement search, Clobber's groups,
// Cram's regions and the letter boards key their parts with it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "grundy/placement/rule.hpp"
#include "placement/box_symmetries.hpp"
#include "placement/least_image.hpp"
#include "test_build.hpp"

namespace grundy {
namespace {

namespace detail = placement::detail;
namespace box = placement::detail::box;
using placement::apply_symmetry;

// Where apply_symmetry moves square (r, c) of an h×w box, as an index of the
// image's box.
std::ptrdiff_t image_index(int symmetry, int r, int c, int h, int w) {
  apply_symmetry(symmetry, r, c, h, w);
  return static_cast<std::ptrdiff_t>(r) * w + c;
}

TEST(LeastImage, WalksReadEachSquareOfTheImageFromItsSource) {
  for (int h = 1; h <= 9; ++h) {
    for (int w = 1; w <= 9; ++w) {
      for (int symmetry = 0; symmetry < detail::kBoxSymmetries; ++symmetry) {
        const int rows = detail::image_rows(symmetry, h, w);
        const int cols = detail::image_rows(symmetry, w, h);
        ASSERT_EQ(rows * cols, h * w);
        const detail::SymmetryWalk walk = detail::walk_of(symmetry, h, w);
        std::vector<std::ptrdiff_t> source(static_cast<std::size_t>(h * w), -1);
        for (int r = 0; r < h; ++r)
          for (int c = 0; c < w; ++c) source[static_cast<std::size_t>(image_index(symmetry, r, c, h, w))] = r * w + c;
        for (int r = 0; r < rows; ++r)
          for (int c = 0; c < cols; ++c)
            ASSERT_EQ(walk.start + r * walk.row_step + c * walk.col_step, source[static_cast<std::size_t>(r * cols + c)])
                << "symmetry " << symmetry << " of " << h << "x" << w << " at (" << r << ", " << c << ")";
      }
    }
  }
}

TEST(LeastImage, InversesUndoAndTheInvolutionsAreTheirOwn) {
  int involutions = 0;
  for (int symmetry = 0; symmetry < detail::kBoxSymmetries; ++symmetry) {
    const int inverse = detail::inverse_symmetry(symmetry);
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 5; ++c) {
        int rr = r, cc = c, h = 3, w = 5;
        apply_symmetry(symmetry, rr, cc, h, w);
        apply_symmetry(inverse, rr, cc, h, w);
        EXPECT_EQ(rr, r);
        EXPECT_EQ(cc, c);
        EXPECT_EQ(h, 3);
        EXPECT_EQ(w, 5);
      }
    }
    involutions += detail::is_involution(symmetry);
  }
  EXPECT_EQ(involutions, 6);  // all but the two quarter turns
  EXPECT_FALSE(detail::is_involution(3));
  EXPECT_FALSE(detail::is_involution(5));
}

TEST(LeastImage, AllEightImagesMayBeLeastOnlyForASquareBox) {
  for (int h = 1; h <= 8; ++h) {
    for (int w = 1; w <= 8; ++w) {
      int least = 0;
      int onto_itself = 0;
      for (int symmetry = 0; symmetry < detail::kBoxSymmetries; ++symmetry) {
        int r = 0, c = 0, rows = h, cols = w;
        apply_symmetry(symmetry, r, c, rows, cols);
        EXPECT_EQ(detail::may_be_least(symmetry, h, w), rows == std::min(h, w));
        EXPECT_EQ(detail::maps_box_to_itself(symmetry, h, w), rows == h && cols == w);
        least += detail::may_be_least(symmetry, h, w);
        onto_itself += detail::maps_box_to_itself(symmetry, h, w);
      }
      EXPECT_EQ(least, h == w ? 8 : 4) << h << "x" << w;
      EXPECT_EQ(onto_itself, h == w ? 8 : 4) << h << "x" << w;
    }
  }
}

TEST(LeastImage, KeepsTheFirstLeastAndCountsItsTies) {
  std::mt19937_64 random(55);
  for (std::size_t trial = 0; trial < test_build::trials(200); ++trial) {
    std::vector<int> images(1 + random() % 16);
    for (int& image : images) image = static_cast<int>(random() % 5);
    detail::LeastImage<int> least;
    for (const int image : images) least.consider(image);
    const int expected = *std::min_element(images.begin(), images.end());
    EXPECT_EQ(least.best(), expected);
    EXPECT_EQ(least.ties(), std::count(images.begin(), images.end(), expected) - 1);
  }
}

// A key of an image: its shape above its squares (bit r·w + c), so that keys
// order by rows, then columns, then squares as words.
std::uint64_t key(int h, int w, std::uint64_t squares) {
  return static_cast<std::uint64_t>(h) << 60 | static_cast<std::uint64_t>(w) << 56 | squares;
}

// The least key of the eight images, each built square by square.
std::uint64_t least_by_definition(std::uint64_t x, int h, int w) {
  std::uint64_t best = ~std::uint64_t{0};
  for (int symmetry = 0; symmetry < detail::kBoxSymmetries; ++symmetry) {
    std::uint64_t image = 0;
    for (int r = 0; r < h; ++r)
      for (int c = 0; c < w; ++c)
        if (((x >> (r * w + c)) & 1U) != 0) image |= std::uint64_t{1} << image_index(symmetry, r, c, h, w);
    best = std::min(best, key(detail::image_rows(symmetry, h, w), detail::image_rows(symmetry, w, h), image));
  }
  return best;
}

TEST(LeastImage, TheFlipsOfTwoOrientationsFindTheLeastOfTheEight) {
  std::mt19937_64 random(56);
  std::size_t checked = 0;
  for (int h = 1; h <= 14; ++h) {
    for (int w = 1; h * w <= 56 && w <= 14; ++w) {
      for (std::size_t trial = 0; trial < test_build::trials(16); ++trial) {
        std::uint64_t x = random() & ((std::uint64_t{1} << (h * w)) - 1);
        if (random() % 2 == 0) x &= random();
        const std::uint64_t least = detail::least_over_orientations<std::uint64_t>(
            h, w, x, [](std::uint64_t y, int rows, int cols) { return box::transpose(y, rows, cols); },
            [](int rows, int cols, std::uint64_t y) {
              const auto images = detail::four_flips(
                  y, [&](std::uint64_t z) { return box::flip_rows(z, rows, cols); },
                  [&](std::uint64_t z) { return box::half_turn(z, rows, cols); });
              return key(rows, cols, *std::min_element(images.begin(), images.end()));
            });
        ASSERT_EQ(least, least_by_definition(x, h, w)) << h << "x" << w << " " << x;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, test_build::trials(16) * 100);
}

}  // namespace
}  // namespace grundy
