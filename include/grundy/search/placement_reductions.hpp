// The value-preserving reductions the placement search applies to a set of
// free cells before splitting it into independent parts (proofs in
// src/placement/region_reductions.hpp), and the split itself as boards, for tests.
#pragma once

#include <vector>

#include "grundy/placement/board.hpp"
#include "grundy/placement/rule.hpp"

namespace grundy::placement {

// One bit per reduction (PlacementSolver::set_reductions takes a combination).
enum Reduction : unsigned {
  kPendantTwins = 1U,   // Cram: of several one-neighbour cells on one cell, one is kept
  kBridges = 2U,        // Cram: a cell whose neighbours all carry a one-neighbour cell goes
  kDiagonalTwins = 4U,  // Cram: two edges of a 2x2 square with twin corners are cut
  kClosedTwins = 8U,    // Node Kayles (king graph, so 2x2 blocks): one of two closed twins goes
  // Not a reduction but a shortcut of the same kind: a region symmetric under an
  // involution no move meets is worth 0 (Tweedledum-Tweedledee). Switched by
  // the Context's FastPaths::mirror_strategy (the definition is the fallback).
  kMirrorStrategy = 16U,
  kAllReductions = 31U,
};

// The parts the search values for `board` (each the board with every cell
// outside the part blocked), after the reductions in `reductions`; the board's
// value is the xor of theirs. For 2x2 blocks the parts are boards of block
// positions under Node Kayles on the king graph, as searched.
[[nodiscard]] std::vector<Board> split_board(const Rule& rule, const Board& board, unsigned reductions);

}  // namespace grundy::placement
