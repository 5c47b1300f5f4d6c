#include "grundy/placement/rule.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace grundy::placement {

namespace {

Shape normalized(std::vector<Cell> cells) {
  int min_r = cells.front().row;
  int min_c = cells.front().col;
  for (const Cell& cell : cells) {
    min_r = std::min(min_r, cell.row);
    min_c = std::min(min_c, cell.col);
  }
  Shape s;
  for (Cell& cell : cells) {
    cell.row -= min_r;
    cell.col -= min_c;
    s.height = std::max(s.height, cell.row + 1);
    s.width = std::max(s.width, cell.col + 1);
  }
  std::sort(cells.begin(), cells.end());
  s.cells = std::move(cells);
  return s;
}

bool contains(const std::vector<Shape>& shapes, const Shape& s) {
  return std::find(shapes.begin(), shapes.end(), s) != shapes.end();
}

struct NamedPiece {
  const char* name;
  std::vector<std::string> rows;
};

const std::vector<NamedPiece>& named_pieces() {
  static const std::vector<NamedPiece> pieces = {
      {"mono", {"#"}},           {"domino", {"##"}},     {"i3", {"###"}},
      {"v3", {"##", "#."}},      {"i4", {"####"}},       {"o4", {"##", "##"}},
      {"t4", {"###", ".#."}},    {"s4", {".##", "##."}}, {"l4", {"###", "#.."}},
  };
  return pieces;
}

}  // namespace

Shape shape_from_rows(const std::vector<std::string>& rows) {
  std::vector<Cell> cells;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::size_t c = 0; c < rows[r].size(); ++c) {
      if (rows[r][c] == '#') cells.push_back(Cell{static_cast<int>(r), static_cast<int>(c)});
    }
  }
  if (cells.empty()) throw std::invalid_argument("a piece needs at least one cell");
  return normalized(std::move(cells));
}

Shape transformed(const Shape& shape, int symmetry) {
  std::vector<Cell> cells;
  for (Cell cell : shape.cells) {
    int h = shape.height;
    int w = shape.width;
    apply_symmetry(symmetry, cell.row, cell.col, h, w);
    cells.push_back(cell);
  }
  return normalized(std::move(cells));
}

Rule placement_rule(std::string name, std::string piece, const std::vector<Shape>& pieces, bool all_orientations) {
  Rule rule;
  rule.name = std::move(name);
  rule.piece = std::move(piece);
  rule.kind = RuleKind::place;
  rule.connectivity = 4;  // a polyomino is 4-connected, so it never spans two 4-components
  for (const Shape& p : pieces) {
    for (int t = 0; t < (all_orientations ? 8 : 1); ++t) {
      Shape s = transformed(p, t);
      if (!contains(rule.shapes, s)) rule.shapes.push_back(std::move(s));
    }
  }
  if (rule.shapes.empty()) throw std::invalid_argument("a placement rule needs at least one piece");
  rule.min_piece_cells = static_cast<int>(rule.shapes.front().cells.size());
  for (const Shape& s : rule.shapes) rule.min_piece_cells = std::min(rule.min_piece_cells, static_cast<int>(s.cells.size()));
  for (int t = 0; t < 8; ++t) {
    bool maps_to_itself = true;
    for (const Shape& s : rule.shapes) maps_to_itself = maps_to_itself && contains(rule.shapes, transformed(s, t));
    if (maps_to_itself) rule.symmetries.push_back(t);
  }
  return rule;
}

Rule blocks2x2_rule() {
  Rule rule = placement_rule("blocks2x2", "2x2 block", {shape_from_rows({"##", "##"})}, true);
  rule.blocks_as_king_graph = true;
  return rule;
}

Rule cram_rule() { return placement_rule("cram", "domino", {shape_from_rows({"##"})}, true); }

Rule bars_rule(int length) {
  if (length < 1 || length > 32) throw std::invalid_argument("a bar has 1 to 32 cells");
  return placement_rule("bars(" + std::to_string(length) + ")", "bar",
                        {shape_from_rows({std::string(static_cast<std::size_t>(length), '#')})}, true);
}

bool is_polyomino_name(std::string_view name) {
  for (const NamedPiece& p : named_pieces()) {
    if (name == p.name) return true;
  }
  return false;
}

Rule polyominoes_rule(const std::vector<std::string>& names) {
  std::vector<Shape> pieces;
  std::string list;
  for (const std::string& n : names) {
    const auto it = std::find_if(named_pieces().begin(), named_pieces().end(),
                                 [&](const NamedPiece& p) { return n == p.name; });
    if (it == named_pieces().end()) throw std::invalid_argument("unknown polyomino '" + n + "'");
    pieces.push_back(shape_from_rows(it->rows));
    list += (list.empty() ? "" : ",") + n;
  }
  Rule rule = placement_rule("polyominoes(" + list + ")", "piece", pieces, true);
  // Only the square (o4, perhaps named more than once): 2x2 blocks.
  rule.blocks_as_king_graph = !names.empty() && std::all_of(names.begin(), names.end(), [](const std::string& n) { return n == "o4"; });
  return rule;
}

Rule node_kayles_rule(GraphFamily family) {
  Rule rule;
  rule.kind = RuleKind::node_kayles;
  rule.name = family == GraphFamily::grid ? "nodekayles_grid" : "nodekayles_king";
  rule.piece = "vertex";
  rule.connectivity = family == GraphFamily::grid ? 4 : 8;
  rule.symmetries = {0, 1, 2, 3, 4, 5, 6, 7};  // grid and king graphs have all of them
  rule.min_piece_cells = 1;
  return rule;
}

}  // namespace grundy::placement
