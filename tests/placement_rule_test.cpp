// Piece orientations and symmetry groups of the placement rules, counted by hand.
#include "grundy/placement/rule.hpp"

#include <gtest/gtest.h>

namespace grundy::placement {
namespace {

TEST(PlacementRule, OrientationCounts) {
  EXPECT_EQ(blocks2x2_rule().shapes.size(), 1u);
  EXPECT_EQ(cram_rule().shapes.size(), 2u);
  EXPECT_EQ(bars_rule(1).shapes.size(), 1u);
  EXPECT_EQ(bars_rule(3).shapes.size(), 2u);
  // Free polyominoes: V-tromino 4, T 4, S/Z 4, L/J 8, I 2, O 1.
  EXPECT_EQ(polyominoes_rule({"v3"}).shapes.size(), 4u);
  EXPECT_EQ(polyominoes_rule({"t4"}).shapes.size(), 4u);
  EXPECT_EQ(polyominoes_rule({"s4"}).shapes.size(), 4u);
  EXPECT_EQ(polyominoes_rule({"l4"}).shapes.size(), 8u);
  EXPECT_EQ(polyominoes_rule({"i4"}).shapes.size(), 2u);
  EXPECT_EQ(polyominoes_rule({"o4"}).shapes.size(), 1u);
  EXPECT_EQ(polyominoes_rule({"mono", "domino"}).min_piece_cells, 1);
}

TEST(PlacementRule, SymmetryGroups) {
  EXPECT_EQ(cram_rule().symmetries.size(), 8u);
  EXPECT_EQ(blocks2x2_rule().symmetries.size(), 8u);
  // Horizontal dominoes only: the rectangle-preserving four (identity, the two
  // flips, the half turn), no transposition.
  const Rule horizontal = placement_rule("hdominoes", "domino", {shape_from_rows({"##"})}, false);
  EXPECT_EQ(horizontal.symmetries, (std::vector<int>{0, 2, 4, 6}));
  // A fixed L-tromino is mapped to itself by the identity and the diagonal
  // reflection through its corner only.
  const Rule fixed_l = placement_rule("l", "piece", {shape_from_rows({"##", "#."})}, false);
  EXPECT_EQ(fixed_l.symmetries, (std::vector<int>{0, 1}));
}

TEST(PlacementRule, ShapesAreNormalised) {
  const Shape s = shape_from_rows({"..", ".#", "##"});
  EXPECT_EQ(s.height, 2);
  EXPECT_EQ(s.width, 2);
  EXPECT_EQ(s.cells, (std::vector<Cell>{{0, 1}, {1, 0}, {1, 1}}));
  EXPECT_THROW((void)polyominoes_rule({"q7"}), std::invalid_argument);
}

}  // namespace
}  // namespace grundy::placement
