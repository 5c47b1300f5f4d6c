// The letter boards the stone games share (src/rulesets/letter_board.cpp):
// least_image, which walks its images by strides and compares them lazily,
// against its definition — every image under the eight symmetries, with and
// without the colours exchanged, drawn out in full, the least by the boards'
// own order — on random boards of every shape up to 5x5, of many letters and
// few (where images tie).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "rulesets/letter_board.hpp"
#include "test_build.hpp"

namespace grundy {
namespace {

using rulesets_detail::LetterBoard;

char exchanged(char s) {
  switch (s) {
    case 'X': return 'O';
    case 'O': return 'X';
    case 'x': return 'o';
    case 'o': return 'x';
    default: return s;
  }
}

// Image `symmetry` of b: bit 4 transposes, bit 1 reverses the rows, bit 2 the
// columns (of b, before the transpose), each square as a textbook writes it.
LetterBoard image_of(const LetterBoard& b, int symmetry, bool exchange) {
  const bool transpose = (symmetry & 4) != 0;
  LetterBoard image;
  image.rows = transpose ? b.cols : b.rows;
  image.cols = transpose ? b.rows : b.cols;
  for (int r = 0; r < image.rows; ++r) {
    for (int c = 0; c < image.cols; ++c) {
      int source_row = transpose ? c : r;
      int source_col = transpose ? r : c;
      if ((symmetry & 1) != 0) source_row = b.rows - 1 - source_row;
      if ((symmetry & 2) != 0) source_col = b.cols - 1 - source_col;
      const char s = b.at(source_row, source_col);
      image.cells += exchange ? exchanged(s) : s;
    }
  }
  return image;
}

LetterBoard least_image_by_definition(const LetterBoard& b) {
  LetterBoard least = b;
  for (int symmetry = 0; symmetry < 8; ++symmetry) {
    for (const bool exchange : {false, true}) least = std::min(least, image_of(b, symmetry, exchange));
  }
  return least;
}

TEST(LetterBoard, LeastImageIsTheLeastOfAllSixteen) {
  std::mt19937_64 random(2026);
  const std::string many = "XOxo._#";
  const std::string few = "X.";
  for (int t = 0; t < test_build::trials(4000); ++t) {
    LetterBoard b;
    b.rows = 1 + static_cast<int>(random() % 5);
    b.cols = 1 + static_cast<int>(random() % 5);
    const std::string& letters = t % 2 == 0 ? many : few;
    for (int k = 0; k < b.rows * b.cols; ++k) b.cells += letters[random() % letters.size()];
    EXPECT_EQ(rulesets_detail::least_image(b, exchanged), least_image_by_definition(b)) << b.text();
  }
}

}  // namespace
}  // namespace grundy
