// Node Kayles on graphs (src/placement/node_kayles_graph): the solver against a
// memoised brute force of the definition (g(S) = mex over v in S of
// g(S - N[v]), no components, no shortcuts) on random graphs of up to 14
// vertices and small positions of graphs of up to 256 vertices; paths and
// cycles against OEIS A002187 (Dawson's chess, tests/data); grid graphs
// against the project's placement solver (node_kayles_rule(grid)).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "search/node_kayles_graph.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/placement/board.hpp"
#include "grundy/placement/rule.hpp"
#include "grundy/search/placement_solver.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using Adjacency = std::vector<std::vector<std::uint32_t>>;
using node_kayles::GraphSolver;

void add_edge(Adjacency& g, std::uint32_t u, std::uint32_t v) {
  g[u].push_back(v);
  g[v].push_back(u);
}

Adjacency random_graph(std::size_t n, double p, std::mt19937_64& rng) {
  Adjacency g(n);
  std::bernoulli_distribution edge(p);
  for (std::uint32_t u = 0; u < n; ++u)
    for (std::uint32_t v = u + 1; v < n; ++v)
      if (edge(rng)) add_edge(g, u, v);
  return g;
}

Adjacency path(std::size_t n) {
  Adjacency g(n);
  for (std::uint32_t v = 0; v + 1 < n; ++v) add_edge(g, v, v + 1);
  return g;
}

Adjacency cycle(std::size_t n) {
  Adjacency g = path(n);
  if (n >= 3) add_edge(g, 0, static_cast<std::uint32_t>(n - 1));
  return g;
}

Adjacency grid(std::size_t rows, std::size_t cols) {
  Adjacency g(rows * cols);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      const auto v = static_cast<std::uint32_t>(r * cols + c);
      if (c + 1 < cols) add_edge(g, v, v + 1);
      if (r + 1 < rows) add_edge(g, v, static_cast<std::uint32_t>(v + cols));
    }
  }
  return g;
}

std::vector<std::uint32_t> all_vertices(std::size_t n) {
  std::vector<std::uint32_t> v(n);
  std::iota(v.begin(), v.end(), 0U);
  return v;
}

// The definition, memoised over subsets of at most 20 vertices of `g` (given
// by their indices `verts` in g): g(S) = mex { g(S - N[v]) : v in S }.
class BruteForce {
 public:
  BruteForce(const Adjacency& g, std::vector<std::uint32_t> verts) : verts_(std::move(verts)) {
    const std::size_t k = verts_.size();
    closed_.assign(k, 0);
    for (std::size_t i = 0; i < k; ++i) {
      closed_[i] |= 1U << i;
      for (std::size_t j = 0; j < k; ++j) {
        const auto& nb = g[verts_[i]];
        if (std::find(nb.begin(), nb.end(), verts_[j]) != nb.end()) closed_[i] |= 1U << j;
      }
    }
    memo_.assign(std::size_t{1} << k, -1);
  }
  int value(std::uint32_t set) {
    if (memo_[set] >= 0) return memo_[set];
    std::uint64_t seen = 0;
    for (std::uint32_t s = set; s != 0; s &= s - 1) {
      const int i = __builtin_ctz(s);
      seen |= std::uint64_t{1} << value(set & ~closed_[static_cast<std::size_t>(i)]);
    }
    int m = 0;
    while ((seen >> m) & 1U) ++m;
    return memo_[set] = m;
  }
  int value_all() { return value(static_cast<std::uint32_t>((std::uint64_t{1} << verts_.size()) - 1)); }

 private:
  std::vector<std::uint32_t> verts_;
  std::vector<std::uint32_t> closed_;
  std::vector<int> memo_;
};

// Families with known shapes, and random graphs with isolated vertices.
std::vector<Adjacency> test_graphs(std::mt19937_64& rng) {
  std::vector<Adjacency> graphs;
  for (std::size_t n = 0; n <= 14; ++n) {
    graphs.push_back(path(n));
    graphs.push_back(cycle(n));
    Adjacency complete(n);
    for (std::uint32_t u = 0; u < n; ++u)
      for (std::uint32_t v = u + 1; v < n; ++v) add_edge(complete, u, v);
    graphs.push_back(complete);
    Adjacency star(n);
    for (std::uint32_t v = 1; v < n; ++v) add_edge(star, 0, v);
    graphs.push_back(star);
    Adjacency bipartite(n);  // K_{a, n-a}
    for (std::uint32_t u = 0; u < n / 3; ++u)
      for (std::uint32_t v = static_cast<std::uint32_t>(n / 3); v < n; ++v) add_edge(bipartite, u, v);
    graphs.push_back(bipartite);
    graphs.push_back(Adjacency(n));  // no edges
  }
  graphs.push_back(grid(3, 4));
  graphs.push_back(grid(2, 7));
  // Petersen graph.
  Adjacency petersen(10);
  for (std::uint32_t i = 0; i < 5; ++i) {
    add_edge(petersen, i, (i + 1) % 5);
    add_edge(petersen, i, i + 5);
    add_edge(petersen, 5 + i, 5 + (i + 2) % 5);
  }
  graphs.push_back(petersen);
  for (int i = 0; i < 150; ++i) {
    const std::size_t n = 1 + rng() % 14;
    const double p = std::uniform_real_distribution<double>(0.05, 0.7)(rng);
    graphs.push_back(random_graph(n, p, rng));
  }
  return graphs;
}

TEST(NodeKaylesMath, RandomSmallGraphsEqualBruteForce) {
  std::mt19937_64 rng(1);
  const auto graphs = test_graphs(rng);
  std::size_t checked = 0;
  for (const Adjacency& g : graphs) {
    const std::size_t n = g.size();
    BruteForce brute(g, all_vertices(n));
    // The default thresholds, the outcome search everywhere, full mex everywhere.
    for (std::size_t exact : {GraphSolver::kDefaultExactVertices, std::size_t{0}, std::size_t{3}, node_kayles::kMaxVertices}) {
      GraphSolver solver(g);
      solver.set_exact_vertices(exact);
      ASSERT_EQ(solver.vertex_count(), n);
      ASSERT_EQ(solver.value(all_vertices(n)), static_cast<Nimber>(brute.value_all())) << "n " << n << " exact " << exact;
      // Random positions (vertex subsets), and has_value for every small target.
      for (int q = 0; q < 20; ++q) {
        std::vector<std::uint32_t> subset;
        std::uint32_t mask = 0;
        for (std::uint32_t v = 0; v < n; ++v) {
          if (rng() % 3 != 0) {
            subset.push_back(v);
            mask |= 1U << v;
          }
        }
        const Nimber expected = static_cast<Nimber>(brute.value(mask));
        ASSERT_EQ(solver.value(subset), expected) << "n " << n << " mask " << mask;
        ++checked;
      }
      for (int q = 0; q < 10; ++q) {
        std::vector<std::uint32_t> subset;
        std::uint32_t mask = 0;
        for (std::uint32_t v = 0; v < n; ++v) {
          if (rng() % 4 != 0) {
            subset.push_back(v);
            mask |= 1U << v;
          }
        }
        const Nimber expected = static_cast<Nimber>(brute.value(mask));
        // A fresh solver, so has_value is answered without a stored value.
        GraphSolver fresh(g);
        fresh.set_exact_vertices(exact);
        for (Nimber t = 0; t <= 6; ++t) {
          ASSERT_EQ(fresh.has_value(subset, t), expected == t) << "n " << n << " mask " << mask << " t " << t;
        }
        ASSERT_FALSE(fresh.has_value(subset, UINT64_MAX));
      }
    }
  }
  EXPECT_GT(checked, 10000U);
}

// Graphs of 60..256 vertices (one, two and four bitset words): small positions
// against the brute force on the subgraph they induce.
TEST(NodeKaylesMath, WideGraphsSmallPositionsEqualBruteForce) {
  std::mt19937_64 rng(2);
  for (std::size_t n : {60U, 64U, 65U, 100U, 128U, 129U, 200U, 256U}) {
    const Adjacency g = random_graph(n, 3.0 / static_cast<double>(n), rng);
    GraphSolver solver(g);
    solver.set_exact_vertices(rng() % 2 == 0 ? 0 : 6);
    for (int q = 0; q < 60; ++q) {
      // A connected-ish cluster: a random vertex and vertices near it, plus a few anywhere.
      std::set<std::uint32_t> chosen;
      std::vector<std::uint32_t> frontier = {static_cast<std::uint32_t>(rng() % n)};
      while (!frontier.empty() && chosen.size() < 14) {
        const std::uint32_t v = frontier.back();
        frontier.pop_back();
        if (!chosen.insert(v).second) continue;
        for (std::uint32_t u : g[v]) frontier.push_back(u);
        if (rng() % 5 == 0) frontier.push_back(static_cast<std::uint32_t>(rng() % n));
      }
      std::vector<std::uint32_t> verts(chosen.begin(), chosen.end());
      BruteForce brute(g, verts);
      ASSERT_EQ(solver.value(verts), static_cast<Nimber>(brute.value_all())) << "n " << n << " query " << q;
      const Nimber v = static_cast<Nimber>(brute.value_all());
      ASSERT_TRUE(solver.has_value(verts, v));
      ASSERT_FALSE(solver.has_value(verts, v + 1));
    }
  }
}

// "n a(n)" lines of a published table (tests/data).
std::map<std::size_t, Nimber> reference(const std::string& name) {
  std::map<std::size_t, Nimber> terms;
  for (const auto& [n, value] : grundy::testing::reference_terms(name)) terms[n] = value;
  return terms;
}

// Node Kayles on P_n is Dawson's chess (.137) on n: a move takes the only vertex
// of P_1, two vertices at an end (or all of P_2), or three (anywhere, leaving
// one or two paths) - exactly the octal digits 1, 3, 7. So g(P_n) = A002187(n).
// On C_n (n >= 3) every move leaves P_{n-3}: g(C_n) = 1 if A002187(n-3) = 0,
// else 0.
TEST(NodeKaylesMath, PathsAndCyclesEqualOeisA002187) {
  const auto a = reference("oeis_A002187_dawsons_chess_0.137_terms.txt");
  ASSERT_GE(a.size(), 132U);
  for (std::size_t n = 0; n < a.size() && n <= node_kayles::kMaxVertices; ++n) {
    GraphSolver p(path(n));
    EXPECT_EQ(p.value(all_vertices(n)), a.at(n)) << "P_" << n;
    if (n >= 3) {
      GraphSolver c(cycle(n));
      EXPECT_EQ(c.value(all_vertices(n)), a.at(n - 3) == 0 ? 1U : 0U) << "C_" << n;
    }
  }
  // The same paths as parts of a bigger graph, found by the search: a path
  // with a pendant triangle at one end is no path; its value by the brute force.
  for (std::size_t n = 3; n <= 13; ++n) {
    Adjacency g = path(n);
    g.emplace_back();
    g.emplace_back();
    const auto x = static_cast<std::uint32_t>(n);
    add_edge(g, 0, x);
    add_edge(g, 0, x + 1);
    add_edge(g, x, x + 1);
    BruteForce brute(g, all_vertices(n + 2));
    GraphSolver solver(g);
    solver.set_exact_vertices(0);
    EXPECT_EQ(solver.value(all_vertices(n + 2)), static_cast<Nimber>(brute.value_all()));
  }
}

// The placement solver's Node Kayles on grid boards with blocked cells and this
// solver on the grid graph of the free cells give equal values.
TEST(NodeKaylesMath, GridsEqualPlacementSolver) {
  std::mt19937_64 rng(3);
  placement::PlacementSolver reference_solver(placement::node_kayles_rule(placement::GraphFamily::grid));
  for (int i = 0; i < 120; ++i) {
    const std::size_t rows = 1 + rng() % 5;
    const std::size_t cols = 1 + rng() % 6;
    placement::Board board = placement::empty_board(rows, cols);
    std::vector<std::uint32_t> free;
    for (std::size_t c = 0; c < rows * cols; ++c) {
      if (rng() % 5 == 0) {
        board.free[c] = 0;
      } else {
        free.push_back(static_cast<std::uint32_t>(c));
      }
    }
    GraphSolver solver(grid(rows, cols));
    if (i % 2 == 1) solver.set_exact_vertices(0);
    EXPECT_EQ(solver.value(free), reference_solver.value(board)) << rows << "x" << cols << " board " << i;
  }
  for (auto [rows, cols] : {std::pair<std::size_t, std::size_t>{4, 4}, {3, 7}, {4, 6}, {5, 5}}) {
    GraphSolver solver(grid(rows, cols));
    EXPECT_EQ(solver.value(all_vertices(rows * cols)), reference_solver.value(placement::empty_board(rows, cols)))
        << rows << "x" << cols;
  }
}

TEST(NodeKaylesMath, GraphChecksAndCleanup) {
  // Self-loops and repeated neighbours are dropped: a single edge with loops.
  GraphSolver solver(Adjacency{{0, 1, 1, 0}, {1, 0, 0}});
  EXPECT_EQ(solver.value({0, 1}), 1U);
  EXPECT_EQ(solver.value({0, 0, 1}), 1U);
  EXPECT_EQ(solver.value({}), 0U);
  EXPECT_TRUE(solver.has_value({}, 0));
  EXPECT_THROW((void)solver.value({2}), InputError);
  EXPECT_THROW(GraphSolver(Adjacency{{1}, {}}), InputError);  // one direction only
  EXPECT_THROW(GraphSolver(Adjacency{{5}}), InputError);
  EXPECT_THROW(GraphSolver(Adjacency(257)), LimitError);
  GraphSolver big(Adjacency(256));
  EXPECT_EQ(big.value(all_vertices(256)), 0U);  // 256 isolated vertices: even
  EXPECT_EQ(big.value(all_vertices(255)), 1U);
  EXPECT_THROW(solver.set_memory_limit(100), LimitError);
}

// Opt-in (check-long): graphs of 40 and 44 vertices against a plain memoised
// definition that only splits components (Sprague-Grundy: a position is the sum
// of its components) - no outcome search, no known families, no move ordering.
class PlainMex {
 public:
  explicit PlainMex(const Adjacency& g) : neighbours_(g.size()) {
    for (std::size_t v = 0; v < g.size(); ++v)
      for (std::uint32_t u : g[v]) neighbours_[v] |= std::uint64_t{1} << u;
  }
  int sum(std::uint64_t s) {
    int x = 0;
    while (s != 0) {
      const std::uint64_t c = component(s);
      x ^= value(c);
      s &= ~c;
    }
    return x;
  }

 private:
  std::uint64_t component(std::uint64_t s) const {
    std::uint64_t part = s & (~s + 1);
    std::uint64_t frontier = part;
    while (frontier != 0) {
      std::uint64_t grown = 0;
      for (std::uint64_t f = frontier; f != 0; f &= f - 1) grown |= neighbours_[static_cast<std::size_t>(__builtin_ctzll(f))];
      frontier = grown & s & ~part;
      part |= frontier;
    }
    return part;
  }
  int value(std::uint64_t c) {
    if (const auto it = memo_.find(c); it != memo_.end()) return it->second;
    std::vector<bool> seen(65);
    for (std::uint64_t t = c; t != 0; t &= t - 1) {
      const int v = __builtin_ctzll(t);
      seen[static_cast<std::size_t>(sum(c & ~(neighbours_[static_cast<std::size_t>(v)] | (std::uint64_t{1} << v))))] = true;
    }
    int m = 0;
    while (seen[static_cast<std::size_t>(m)]) ++m;
    return memo_[c] = m;
  }

  std::vector<std::uint64_t> neighbours_;
  std::unordered_map<std::uint64_t, int> memo_;
};

TEST(NodeKaylesMath, LongSparseGraphsOf40To44VerticesEqualPlainMex) {
  std::mt19937_64 rng(40);
  for (int trial = 0; trial < 8; ++trial) {
    const std::size_t n = trial % 2 == 0 ? 40 : 44;
    const Adjacency g = random_graph(n, 3.0 / static_cast<double>(n - 1), rng);
    PlainMex plain(g);
    const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
    GraphSolver solver(g);
    EXPECT_EQ(solver.value(all_vertices(n)), static_cast<Nimber>(plain.sum(all))) << "trial " << trial;
  }
}

// A poll hook that throws abandons the search; the table stays exact, later
// answers equal those of a fresh solver. A memory bound flushes but keeps values.
TEST(NodeKaylesMath, PollAndMemoryLimit) {
  const Adjacency g = grid(5, 8);
  constexpr std::size_t n = 40;
  GraphSolver fresh(g);
  const Nimber expected = fresh.value(all_vertices(n));
  const std::size_t full_bytes = fresh.table_bytes();
  ASSERT_GT(fresh.stored_positions(), 1000U);

  GraphSolver solver(g);
  int polls = 0;
  solver.set_poll([&] {
    ++polls;
    throw std::runtime_error("stop");
  });
  EXPECT_THROW((void)solver.value(all_vertices(n)), std::runtime_error);
  EXPECT_EQ(polls, 1);
  EXPECT_GT(solver.stored_positions(), 0U);
  solver.set_poll({});
  EXPECT_EQ(solver.value(all_vertices(n)), expected);
  // A position the interrupted search had not reached (each such value is
  // about a second of search: one is enough).
  for (std::uint32_t v : {39U}) {
    std::vector<std::uint32_t> rest;
    for (std::uint32_t u = 0; u < n; ++u)
      if (u != v) rest.push_back(u);
    EXPECT_EQ(solver.value(rest), fresh.value(rest)) << v;
  }

  // A quarter of the table the unbounded search used for the whole board.
  const std::size_t bound = std::max(full_bytes / 4, GraphSolver::kMinimumMemoryBytes);
  GraphSolver bounded(g);
  bounded.set_memory_limit(bound);
  EXPECT_EQ(bounded.value(all_vertices(n)), expected);
  EXPECT_GT(bounded.table_flushes(), 0U);
  EXPECT_LE(bounded.table_bytes(), bound);
  // Shrinking a full table empties it at once.
  fresh.set_memory_limit(bound);
  EXPECT_LE(fresh.table_bytes(), bound);
  EXPECT_EQ(fresh.stored_positions(), 0U);
  EXPECT_EQ(fresh.value(all_vertices(n)), expected);
}

}  // namespace
}  // namespace grundy
