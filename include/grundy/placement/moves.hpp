// The legal moves of a placement game on a whole board, each written for a person
// ("place a 2x2 block at rows 3-4, columns 5-6") with the board it leaves. This is
// the slow, readable enumeration the CLI and the expression language show; the
// solver's search uses bitboards instead.
#pragma once

#include <string>
#include <vector>

#include "grundy/placement/board.hpp"
#include "grundy/placement/rule.hpp"

namespace grundy::placement {

struct PlacementMove {
  std::string action;  // 1-based rows and columns
  Board after;         // placed cells (or taken vertices) become blocked
};

// Every legal move, in row-major order of the piece's top-left cell (of the vertex).
[[nodiscard]] std::vector<PlacementMove> legal_moves(const Rule& rule, const Board& board);

}  // namespace grundy::placement
