// Nim-values of placement games on boards of up to kMaxBoardCells cells.
//
// A board splits into connected parts of live cells (cells some move can still
// use); each part is cropped and put in canonical form under the rule's
// symmetries, and solved once: value(board) = xor of its parts' values. The
// transposition table keeps every solved part, within an optional memory bound,
// and can be saved to disk and loaded again to continue a long computation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "grundy/core/lacking_claim.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/output_file.hpp"
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
  // value(board) == target, answered as "is board + *target a P-position?" by
  // the outcome search, which stops at the first winning reply: listing the
  // winning moves of a position asks this of every option, much faster than
  // valuing them all.
  [[nodiscard]] bool has_value(const Board& board, Nimber target);

  // The requested-set question on a board: its value if that is in
  // `requested` (bit n = value n; values 0..63), or nullopt when it is not. A
  // value outside `requested` may also be returned when the search met it
  // exactly. Answered by the requested-set search whatever set_search says.
  [[nodiscard]] std::optional<Nimber> value_if_in(const Board& board, std::uint64_t requested);

  // A certificate of version 4 (docs/certificates.md) of the sum of `boards`:
  // each board's value, and the claims that prove them, chosen from what this
  // search finds (src/search/regions/claims.hpp), each part as rows of 0
  // (free) and 1 joined by '/', each "not" claim with the options it reads.
  // For boards of at most 64 cells, searched on one thread with the Cram
  // reductions and the mirror strategy, which the checker makes too;
  // LimitError past kMostClaimedCells.
  static constexpr std::size_t kMostClaimedCells = 64;  // one word of the engine's bits
  struct Claims {
    std::vector<Nimber> values;
    std::vector<std::pair<std::string, Nimber>> exact;          // part, value
    std::vector<LackingClaim> lacking;  // parts and the values they have not
  };
  [[nodiscard]] Claims claims(const std::vector<Board>& boards);

  // Bound on the bytes of all the solver's tables together (values and outcome
  // masks, all bitboard widths); 0 means none. A table whose growth would pass it
  // is emptied and refilled instead (see engine.hpp). value() refuses, with an
  // InputError, a board whose tables cannot fit the bound at all
  // (minimum_memory_bytes).
  void set_memory_limit(std::size_t bytes);
  [[nodiscard]] std::size_t memory_limit() const noexcept;
  [[nodiscard]] std::size_t minimum_memory_bytes(const Board& board) const;

  // Called from inside the search about every thousand nodes (a counter, not the
  // clock, is checked per node). It may throw to abandon the search; the tables
  // keep only finished values, so they stay exact and can still be saved.
  void set_poll(std::function<void()> hook);

  // Parts of at most `cells` cells are valued by full mex; larger ones by asking
  // "is G + *n a P-position?" for n = 0, 1, ... (an AND-OR search that stops at
  // the first winning move). 0 = the outcome search everywhere. Default:
  // 8 + 2 x the smallest piece's cells: 12 for Cram, 16 for 2x2 blocks, the best
  // of 8..24 measured on Cram 6x6 and 2x2 blocks 8x8 and 9x9.
  // (For 2x2 blocks, searched as Node Kayles on block positions, the cells
  // counted are block positions.)
  [[nodiscard]] static int default_exact_cells(const Rule& rule) noexcept { return 8 + 2 * rule.min_piece_cells; }
  void set_exact_cells(int cells);

  // The search for parts above the full-mex size. requested_set (default):
  // Beling and Rogalski's requested-set pruning, with the candidate loop at the
  // top of each search and every option's parts looked up before any
  // recursion (src/placement/requested_set.hpp). outcome: the Lemoine–Viennot
  // outcome search on "part + heap" questions. Both exact; the requested-set
  // search was faster, in less memory, on every board measured (Cram to 4x11
  // and 5x8, bars, polyominoes, 2x2 blocks to 10x9, Node Kayles:
  // docs/placement_results.md), and the outcome search is kept to check it.
  enum class Search { requested_set, outcome };
  void set_search(Search search);
  [[nodiscard]] Search search() const noexcept;

  // Which value-preserving reductions run before a set of cells is split into
  // parts (bits of grundy/placement/reductions.hpp; all by default). For tests
  // and measurements: the tables are only valid for one setting, so set it
  // before the first search.
  void set_reductions(unsigned reductions);

  // 2: value() runs a second thread on the same tables for boards of at least
  // kParallelCells live cells: both search the board, and a part one thread is
  // searching is put last by the other (ABDADA's deferral), so they split the
  // work through the table. Shared tables do not grow while shared: they get
  // room first (4x their entries, 2x once large, as far as a memory bound
  // allows), and when one fills up both threads stop, it grows, both go on (at
  // the bound it is flushed in place instead). See docs/placement.md.
  void set_threads(unsigned threads);
  [[nodiscard]] unsigned threads() const noexcept { return threads_; }
  static constexpr int kParallelCells = 30;
  // The main thread searches alone this long first (most boards are done by
  // then, and sharing costs table room up front); tests set 0.
  void set_solo_seconds(double seconds) noexcept { solo_seconds_ = seconds; }
  // Searches that went on two threads, and times both stopped for a table to grow.
  [[nodiscard]] std::size_t parallel_searches() const noexcept { return parallel_searches_; }
  [[nodiscard]] std::size_t parallel_restarts() const noexcept { return parallel_restarts_; }

  [[nodiscard]] std::size_t stored_positions() const;
  [[nodiscard]] std::size_t table_bytes() const;
  [[nodiscard]] std::size_t table_flushes() const;
  // Sums examined by the outcome search (memo misses), for benchmarks.
  [[nodiscard]] std::size_t searched_sums() const;
  // Requested-set search: questions asked (table hits included; igs's
  // "visited"); searched_sums() then counts the nodes searched past the
  // look-ahead of their options (igs's "recursed").
  [[nodiscard]] std::size_t visited_nodes() const;

  // Binary, for the same machine (native byte order), with a format version
  // and a checksum over the whole file (src/placement/table_file.hpp). Refused
  // with an InputError, before anything is loaded: a file of another format
  // version, a damaged one (any byte changed: the checksum), one saved for
  // another rule; while loading: an entry that no stored region can be (its
  // box, cells outside it, a value above its number of moves) or a count
  // larger than the file holds (checked before room is made for it) — the
  // tables are then left empty — and a table that does not fit the memory
  // limit. save_table writes through output_file.hpp (PATH.tmp, flushed to
  // disk, renamed over PATH), so an interrupted save or a full disk leaves the
  // previous file whole; a failure throws InputError with the system's reason.
  void save_table(const std::string& path) const;
  // Whether PATH can hold a table, checked before any search (the CLI's
  // --table): it is read to resume and written back, so it must be a regular
  // file or a name not yet taken, in a writable directory. Throws InputError.
  static OutputFile check_table_file(const std::string& path);
  void load_table(const std::string& path);

 private:
  void check_board(const Board& board) const;  // size and memory bound, or throws
  [[nodiscard]] Board searched_board(const Board& board) const;

  // job(engines) on the main thread, and on a helper thread with engines that
  // share the tables (see set_threads); the main thread's result.
  template <class Job>
  auto parallel(const Board& board, Job job);
  [[nodiscard]] bool parallel_worth(const Board& searched) const;

  Rule rule_;
  unsigned threads_ = 1;
  double solo_seconds_ = 0.5;
  std::size_t parallel_searches_ = 0;
  std::size_t parallel_restarts_ = 0;
  bool block_positions_ = false;  // 2x2 blocks: search the grid of block positions
  std::unique_ptr<detail::Engines> engines_;
};

}  // namespace grundy::placement
