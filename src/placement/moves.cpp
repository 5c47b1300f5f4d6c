#include "grundy/placement/moves.hpp"

namespace grundy::placement {

namespace {

std::string span(const char* one, const char* many, std::size_t first, std::size_t count) {
  if (count == 1) return std::string(one) + " " + std::to_string(first + 1);
  return std::string(many) + " " + std::to_string(first + 1) + "-" + std::to_string(first + count);
}

std::string place_text(const Rule& rule, const Shape& s, std::size_t r, std::size_t c) {
  const bool rectangle = s.cells.size() == static_cast<std::size_t>(s.height * s.width);
  if (rectangle) {
    std::string noun = rule.piece;
    if (noun == "bar" || noun == "domino") {
      noun = (s.height == 1 ? "horizontal " : "vertical ") + noun;
    }
    return "place a " + noun + " at " + span("row", "rows", r, static_cast<std::size_t>(s.height)) + ", " +
           span("column", "columns", c, static_cast<std::size_t>(s.width));
  }
  std::string text = "place a " + rule.piece + " on cells";
  for (std::size_t i = 0; i < s.cells.size(); ++i) {
    text += (i ? ", (" : " (") + std::to_string(r + static_cast<std::size_t>(s.cells[i].row) + 1) + "," +
            std::to_string(c + static_cast<std::size_t>(s.cells[i].col) + 1) + ")";
  }
  return text;
}

}  // namespace

std::vector<PlacementMove> legal_moves(const Rule& rule, const Board& board) {
  std::vector<PlacementMove> moves;
  for (std::size_t r = 0; r < board.rows; ++r) {
    for (std::size_t c = 0; c < board.cols; ++c) {
      if (rule.kind == RuleKind::node_kayles) {
        if (!board.is_free(r, c)) continue;
        PlacementMove m{"take the vertex at row " + std::to_string(r + 1) + ", column " + std::to_string(c + 1) +
                            " and its neighbours",
                        board};
        for (int dr = -1; dr <= 1; ++dr) {
          for (int dc = -1; dc <= 1; ++dc) {
            if (rule.connectivity == 4 && dr != 0 && dc != 0) continue;
            const auto rr = static_cast<std::ptrdiff_t>(r) + dr;
            const auto cc = static_cast<std::ptrdiff_t>(c) + dc;
            if (rr < 0 || cc < 0 || rr >= static_cast<std::ptrdiff_t>(board.rows) ||
                cc >= static_cast<std::ptrdiff_t>(board.cols))
              continue;
            m.after.free[static_cast<std::size_t>(rr) * board.cols + static_cast<std::size_t>(cc)] = 0;
          }
        }
        moves.push_back(std::move(m));
        continue;
      }
      for (const Shape& s : rule.shapes) {
        if (r + static_cast<std::size_t>(s.height) > board.rows || c + static_cast<std::size_t>(s.width) > board.cols)
          continue;
        bool fits = true;
        for (const Cell& cell : s.cells) {
          fits = fits && board.is_free(r + static_cast<std::size_t>(cell.row), c + static_cast<std::size_t>(cell.col));
        }
        if (!fits) continue;
        PlacementMove m{place_text(rule, s, r, c), board};
        for (const Cell& cell : s.cells) {
          m.after.free[(r + static_cast<std::size_t>(cell.row)) * board.cols + c + static_cast<std::size_t>(cell.col)] = 0;
        }
        moves.push_back(std::move(m));
      }
    }
  }
  return moves;
}

}  // namespace grundy::placement
