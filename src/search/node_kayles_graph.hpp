// Node Kayles on an arbitrary undirected graph: a move picks a remaining vertex
// and removes it together with its remaining neighbours; the player who cannot
// move loses. Positions are vertex subsets of one fixed graph (the subgraph they
// induce). Internal to the rulesets: the ruleset nodekayles(...) (node_kayles.cpp)
// wraps it; tests use it directly.
//
// How values are found (see node_kayles_graph.cpp):
// - Sprague-Grundy: a position is the disjoint sum of its connected components,
//   so its value is the xor of theirs; only connected components are searched
//   and remembered (as vertex bitsets of the fixed graph).
// - Known components, never searched: one or two vertices (value 1), cliques
//   (every move empties them: 1), paths P_n (the octal game 0.137, Dawson's
//   chess: a move removes 1 vertex of P_1, 2 at an end, or 3 inside; computed
//   here by its recursion) and cycles C_n (any first move leaves P_{n-3}).
// - Small components (at most exact_vertices()) by full mex over their moves.
// - Larger ones by the outcome search: g(G) = n exactly when G + *n is a
//   P-position, asked for n = 0, 1, ... as an AND-OR search that stops at the
//   first winning move; every answer is kept per component (the exact value
//   when G + *n is P, otherwise a mask of the heaps n < 64 known to make G + *n a
//   first-player win). A question with n >= 64 (a component worth that much
//   needs 64 moves at least; none was seen in practice) goes to full mex, since
//   answers past the mask would not be remembered.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace grundy::node_kayles {

// Positions are bitsets of 1, 2 or 4 64-bit words; larger graphs are refused.
inline constexpr std::size_t kMaxVertices = 256;

class EngineBase;

class GraphSolver {
 public:
  // adjacency[v] lists v's neighbours. Self-loops and repeated neighbours are
  // dropped. Throws InputError for a neighbour index out of range or an edge
  // listed in one direction only (the graph must be undirected), LimitError for
  // more than kMaxVertices vertices.
  explicit GraphSolver(std::vector<std::vector<std::uint32_t>> adjacency);
  ~GraphSolver();
  GraphSolver(GraphSolver&&) noexcept;
  GraphSolver& operator=(GraphSolver&&) noexcept;

  [[nodiscard]] std::size_t vertex_count() const;

  // The value of the subgraph induced by `vertices` (a set: order and repeats do
  // not matter). InputError for an index out of range.
  [[nodiscard]] Nimber value(const std::vector<std::uint32_t>& vertices);
  // Whether value(vertices) == target, answered as "is it + *target a
  // P-position?" by the outcome search, which stops at the first winning reply:
  // listing the winning moves of a position asks this of every option.
  [[nodiscard]] bool has_value(const std::vector<std::uint32_t>& vertices, Nimber target);

  // Called from inside the search about every kPollEvery nodes (a counter, not
  // the clock). It may throw to abandon the search; the table keeps only
  // finished answers, so it stays exact and later calls reuse it.
  static constexpr std::uint32_t kPollEvery = 4096;
  void set_poll(std::function<void()> hook);

  // Bound on the bytes of the table of remembered components; 0 = none. When
  // the table's next growth (a doubling) would pass it, the table is emptied
  // instead (a flush: its capacity stays, so the bound holds). The search stays
  // exact - answers on the recursion stack live in its frames, not the table -
  // and only time is lost. A table shrinks at once (emptied) when a new bound is
  // below its size. LimitError below kMinimumMemoryBytes (a table that small
  // would flush so often that nothing but the tiniest graphs finish).
  static constexpr std::size_t kMinimumMemoryBytes = std::size_t{1} << 16;
  void set_memory_limit(std::size_t bytes);
  [[nodiscard]] std::size_t memory_limit() const noexcept { return memory_limit_; }

  // Components of at most this many vertices are valued by full mex, larger ones
  // by the outcome search. 0 = the outcome search everywhere, kMaxVertices =
  // full mex everywhere. The trade-off: full mex pays where values are high (it
  // needs every option's value, but once), the outcome search where they are
  // low (it asks "= n?" once per n, but each question stops at the first
  // winning reply). Measured on 29 graphs of 40-48 vertices (20 random graphs of
  // average degree 3, grids 5x8, 6x7, 6x8 and 5x8 without a corner, GP(20,3),
  // GP(20,7), three random trees; docs/performance.md), value plus a has_value(·, 0) for every
  // option as `grundy value` asks: total 38.6 s at 16, 30.1 s at 20, 26.5 s at
  // 24, 29.2 s at 28, 35.1 s at 32, 62.2 s at 40 (a loaded 2-core machine).
  static constexpr std::size_t kDefaultExactVertices = 24;
  void set_exact_vertices(std::size_t vertices);

  [[nodiscard]] std::size_t stored_positions() const;
  [[nodiscard]] std::size_t table_bytes() const;
  [[nodiscard]] std::size_t table_flushes() const;
  // Outcome-search nodes (component + heap questions not settled by the table).
  [[nodiscard]] std::size_t searched_sums() const;

 private:
  std::unique_ptr<EngineBase> engine_;
  std::size_t memory_limit_ = 0;
};

}  // namespace grundy::node_kayles
