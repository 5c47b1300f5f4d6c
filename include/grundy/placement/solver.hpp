// Nim-values of placement games on boards of up to kMaxBoardCells cells.
//
// A board splits into connected parts of live cells (cells some move can still
// use); each part is cropped and put in canonical form under the rule's
// symmetries, and solved once: value(board) = xor of its parts' values. The
// transposition table keeps every solved part, within an optional memory bound,
// and can be saved to disk and loaded again to continue a long computation.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "grundy/nimber.hpp"
#include "grundy/placement/board.hpp"
#include "grundy/placement/rule.hpp"

namespace grundy::placement {

namespace detail {
class Engines;
}

class PlacementSolver {
 public:
  explicit PlacementSolver(Rule rule);
  ~PlacementSolver();
  PlacementSolver(PlacementSolver&&) noexcept;
  PlacementSolver& operator=(PlacementSolver&&) noexcept;

  [[nodiscard]] const Rule& rule() const noexcept;

  [[nodiscard]] Nimber value(const Board& board);

  // Bound on each of the (at most four, one per bitboard width) tables; 0 means
  // none. A table that reaches it is emptied and refilled (see engine.hpp).
  void set_memory_limit(std::size_t bytes);

  // Parts of at most `cells` cells are valued by full mex; larger ones by asking
  // "is G + *n a P-position?" for n = 0, 1, ... (an AND-OR search that stops at
  // the first winning move). 0 = the outcome search everywhere. Default:
  // 8 + 2 x the smallest piece's cells: 12 for Cram, 16 for 2x2 blocks, the best
  // of 8..24 measured on Cram 6x6 and 2x2 blocks 8x8 and 9x9.
  // (For 2x2 blocks, searched as Node Kayles on block positions, the cells
  // counted are block positions.)
  [[nodiscard]] static int default_exact_cells(const Rule& rule) noexcept { return 8 + 2 * rule.min_piece_cells; }
  void set_exact_cells(int cells);

  [[nodiscard]] std::size_t stored_positions() const;
  [[nodiscard]] std::size_t table_bytes() const;
  [[nodiscard]] std::size_t table_flushes() const;
  // Sums examined by the outcome search (memo misses), for benchmarks.
  [[nodiscard]] std::size_t searched_sums() const;

  // Binary, for the same machine (native byte order); a table saved for another
  // rule is refused with an InputError.
  void save_table(const std::string& path) const;
  void load_table(const std::string& path);

 private:
  Nimber searched_value(const Board& board);

  Rule rule_;
  bool block_positions_ = false;  // 2x2 blocks: search the grid of block positions
  std::unique_ptr<detail::Engines> engines_;
};

}  // namespace grundy::placement
