// What a move is in a placement game: the rule the solver searches.
//
// Two kinds share one search:
// - place: put a piece (one orientation of a polyomino) on free cells, which
//   become occupied. 2x2 blocks, Cram (dominoes), bars, any polyomino set.
// - node_kayles: choose a free vertex of a grid-shaped graph (4-neighbour grid or
//   8-neighbour king graph; a path is a 1xN grid); it and its free neighbours go.
//
// The rule also says which cells interact (4- or 8-connectivity: cells in
// different connected parts are independent games) and which of the 8 symmetries
// of the square map the rule to itself (positions equal under one of them have
// equal values, so they share a table entry).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::placement {

struct Cell {
  int row = 0;
  int col = 0;
  friend auto operator<=>(const Cell&, const Cell&) = default;
};

// One orientation of a piece, moved so that its top row and left column are 0;
// cells sorted.
struct Shape {
  std::vector<Cell> cells;
  int height = 0;
  int width = 0;
  friend bool operator==(const Shape&, const Shape&) = default;
};

// Builds a shape from rows of '#' (cell) and '.' (gap), e.g. {"##", ".#"}.
[[nodiscard]] Shape shape_from_rows(const std::vector<std::string>& rows);

// The 8 symmetries of the square act on a cell (r, c) of an h x w box: bit 0
// transposes (the box becomes w x h), then bit 1 flips rows, bit 2 flips columns.
// (Inline: the solver applies it to every cell of every region it canonicalises.)
inline void apply_symmetry(int symmetry, int& r, int& c, int& h, int& w) noexcept {
  if (symmetry & 1) {
    const int t = r;
    r = c;
    c = t;
    const int u = h;
    h = w;
    w = u;
  }
  if (symmetry & 2) r = h - 1 - r;
  if (symmetry & 4) c = w - 1 - c;
}
[[nodiscard]] Shape transformed(const Shape& shape, int symmetry);

enum class RuleKind { place, node_kayles };

struct Rule {
  std::string name;            // as in the expression language: "blocks2x2", "bars(3)"
  std::string piece;           // noun for move texts: "2x2 block", "domino", "piece"
  RuleKind kind = RuleKind::place;
  std::vector<Shape> shapes;   // place: every orientation, each once
  int connectivity = 4;        // 4 or 8
  std::vector<int> symmetries; // those of 0..7 that map the rule to itself; 0 always
  int min_piece_cells = 1;     // the smallest piece (node_kayles: 1 vertex)
  // Declared by rules whose only piece is the 2x2 square (blocks2x2, and
  // polyominoes(o4)): two blocks overlap exactly when their top-left corners are
  // king-adjacent, so the game is Node Kayles on the king graph of the block
  // positions, which the search runs instead (smaller boxes, one-cell moves).
  bool blocks_as_king_graph = false;
};

// A placement rule from pieces; with all_orientations every rotation and mirror
// image of each piece is added (free polyominoes), otherwise the shapes are taken
// as given (fixed pieces: e.g. horizontal dominoes only).
[[nodiscard]] Rule placement_rule(std::string name, std::string piece, const std::vector<Shape>& pieces,
                                  bool all_orientations);

[[nodiscard]] Rule blocks2x2_rule();
[[nodiscard]] Rule cram_rule();
[[nodiscard]] Rule bars_rule(int length);  // 1 x length in both orientations
// Named free polyominoes: mono, domino, i3, v3, i4, o4, t4, s4, l4 (each with all
// orientations). Throws std::invalid_argument on an unknown name.
[[nodiscard]] Rule polyominoes_rule(const std::vector<std::string>& names);
[[nodiscard]] bool is_polyomino_name(std::string_view name);

enum class GraphFamily { grid, king };
[[nodiscard]] Rule node_kayles_rule(GraphFamily family);

}  // namespace grundy::placement
