// The word operations on boxes of cells (placement/box_symmetries.hpp: rows
// reversed, the half turn, the transpose; rulesets/box_bits.hpp: the box's
// masks, the cells beside a set, a set cropped to its box), each against the
// same operation written cell by cell, on random sets of every box shape
// their words hold. The placement search, Clobber's groups and Cram's regions
// key their parts with them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>

#include "placement/box_symmetries.hpp"
#include "rulesets/box_bits.hpp"
#include "test_build.hpp"

namespace grundy {
namespace {

namespace box = placement::detail::box;

bool cell(std::uint64_t x, int w, int r, int c) { return ((x >> (r * w + c)) & 1U) != 0; }
std::uint64_t bit(int w, int r, int c) { return std::uint64_t{1} << (r * w + c); }

// A random set of the cells of an h×w box, about half or a quarter of them.
std::uint64_t random_cells(std::mt19937_64& random, int h, int w) {
  const std::uint64_t all = h * w == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << (h * w)) - 1;
  std::uint64_t x = random();
  if (random() % 2 == 0) x &= random();
  return x & all;
}

TEST(BoxSymmetries, FlipsTurnAndTransposeMoveEachCellWhereItBelongs) {
  std::mt19937_64 random(91);
  std::size_t checked = 0;
  for (int h = 1; h <= 64; ++h) {
    for (int w = 1; h * w <= 64; ++w) {
      for (std::size_t trial = 0; trial < test_build::trials(8); ++trial) {
        const std::uint64_t x = random_cells(random, h, w);
        std::uint64_t flipped = 0, turned = 0, transposed = 0;
        for (int r = 0; r < h; ++r) {
          for (int c = 0; c < w; ++c) {
            if (!cell(x, w, r, c)) continue;
            flipped |= bit(w, h - 1 - r, c);
            turned |= bit(w, h - 1 - r, w - 1 - c);
            transposed |= bit(h, c, r);
          }
        }
        ASSERT_EQ(box::flip_rows(x, h, w), flipped) << h << "x" << w;
        ASSERT_EQ(box::half_turn(x, h, w), turned) << h << "x" << w;
        ASSERT_EQ(box::transpose(x, h, w), transposed) << h << "x" << w;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, test_build::trials(8) * 200);
}

TEST(BoxBits, MasksNeighboursAndCroppingCellByCell) {
  std::mt19937_64 random(92);
  for (int h = 1; h <= 56; ++h) {
    for (int w = 1; h * w <= 56; ++w) {
      const auto masks = rulesets_detail::box_masks<std::uint64_t>(h, w);
      std::uint64_t all = 0, left = 0, right = 0;
      for (int r = 0; r < h; ++r) {
        for (int c = 0; c < w; ++c) all |= bit(w, r, c);
        left |= bit(w, r, 0);
        right |= bit(w, r, w - 1);
      }
      ASSERT_EQ(masks.all, all) << h << "x" << w;
      ASSERT_EQ(masks.left, left) << h << "x" << w;
      ASSERT_EQ(masks.right, right) << h << "x" << w;
      for (std::size_t trial = 0; trial < test_build::trials(8); ++trial) {
        const std::uint64_t x = random_cells(random, h, w);
        std::uint64_t beside = 0;
        int r0 = h, r1 = -1, c0 = w, c1 = -1;
        for (int r = 0; r < h; ++r) {
          for (int c = 0; c < w; ++c) {
            if (!cell(x, w, r, c)) continue;
            if (r > 0) beside |= bit(w, r - 1, c);
            if (r + 1 < h) beside |= bit(w, r + 1, c);
            if (c > 0) beside |= bit(w, r, c - 1);
            if (c + 1 < w) beside |= bit(w, r, c + 1);
            r0 = std::min(r0, r), r1 = std::max(r1, r), c0 = std::min(c0, c), c1 = std::max(c1, c);
          }
        }
        ASSERT_EQ(rulesets_detail::beside(x, w, masks), beside) << h << "x" << w << " " << x;
        if (x == 0) continue;
        const rulesets_detail::Crop crop = rulesets_detail::crop_of(h, w, x);
        ASSERT_EQ(crop.row, r0);
        ASSERT_EQ(crop.col, c0);
        ASSERT_EQ(crop.h, r1 - r0 + 1);
        ASSERT_EQ(crop.w, c1 - c0 + 1);
        std::uint64_t cropped = 0;
        for (int r = r0; r <= r1; ++r)
          for (int c = c0; c <= c1; ++c)
            if (cell(x, w, r, c)) cropped |= bit(crop.w, r - r0, c - c0);
        ASSERT_EQ(rulesets_detail::cropped(x, w, crop), cropped) << h << "x" << w << " " << x;
      }
    }
  }
  // Clobber's 32-bit words alike (boxes of at most 28 squares).
  const std::uint32_t x = 0b0110'1001'0110;  // a 3×4 box
  const auto masks = rulesets_detail::box_masks<std::uint32_t>(3, 4);
  EXPECT_EQ(masks.all, 0xFFFU);
  EXPECT_EQ(rulesets_detail::beside(x, 4, masks), static_cast<std::uint32_t>(rulesets_detail::beside<std::uint64_t>(
                                                      x, 4, rulesets_detail::box_masks<std::uint64_t>(3, 4))));
}

}  // namespace
}  // namespace grundy
