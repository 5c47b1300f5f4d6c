// The brute-force twin of the placement solver: whole boards as positions, moves
// written out cell by cell, no splitting, no pruning, no symmetry — solved by the
// generic grundy::Solver (memoised whole-board search, like the reference
// solution). Deliberately shares nothing with the bitboard search but the Rule's
// list of piece orientations (checked separately in placement_rule_test).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "grundy/placement/board.hpp"
#include "grundy/placement/rule.hpp"
#include "grundy/core/solver.hpp"

namespace grundy::placement::testing {

struct WholeBoardGame {
  using Position = std::vector<std::uint8_t>;  // 1 = free

  const Rule* rule;
  int rows;
  int cols;

  bool free_at(const Position& p, int r, int c) const {
    return r >= 0 && c >= 0 && r < rows && c < cols && p[static_cast<std::size_t>(r * cols + c)] != 0;
  }

  void moves(const Position& p, std::vector<Position>& out) const {
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        if (rule->kind == RuleKind::node_kayles) {
          if (!free_at(p, r, c)) continue;
          Position q = p;
          for (int dr = -1; dr <= 1; ++dr) {
            for (int dc = -1; dc <= 1; ++dc) {
              const bool neighbour = rule->connectivity == 8 || dr == 0 || dc == 0;
              if (neighbour && free_at(q, r + dr, c + dc)) q[static_cast<std::size_t>((r + dr) * cols + c + dc)] = 0;
            }
          }
          out.push_back(std::move(q));
          continue;
        }
        for (const Shape& s : rule->shapes) {
          bool fits = true;
          for (const Cell& cell : s.cells) fits = fits && free_at(p, r + cell.row, c + cell.col);
          if (!fits) continue;
          Position q = p;
          for (const Cell& cell : s.cells) q[static_cast<std::size_t>((r + cell.row) * cols + c + cell.col)] = 0;
          out.push_back(std::move(q));
        }
      }
    }
  }

  std::size_t hash(const Position& p) const {
    std::uint64_t h = 1469598103934665603ULL;
    for (std::uint8_t b : p) h = (h ^ b) * 1099511628211ULL;
    return static_cast<std::size_t>(h);
  }
};

inline Nimber brute_force_value(const Rule& rule, const Board& board) {
  WholeBoardGame game{&rule, static_cast<int>(board.rows), static_cast<int>(board.cols)};
  Solver<WholeBoardGame> solver(game);
  return solver.value(board.free);
}

// A rows x cols board with each cell blocked with probability `blocked`.
inline Board random_board(std::mt19937_64& rng, std::size_t rows, std::size_t cols, double blocked) {
  Board b = empty_board(rows, cols);
  std::bernoulli_distribution coin(blocked);
  for (auto& cell : b.free) cell = coin(rng) ? 0 : 1;
  return b;
}

}  // namespace grundy::placement::testing
