// Explicit game graphs: the file format, its errors, and values by two algorithms
// (the linear-time evaluator and the generic solver) held equal.
#include "grundy/game_graph/game_graph.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <sstream>

#include "grundy/core/input_error.hpp"
#include "grundy/core/solver.hpp"

namespace grundy {
namespace {

GameGraph parse(const std::string& text) {
  std::istringstream in(text);
  return GameGraph::parse(in, "test.graph");
}

SourceLocation error_at(const std::string& text) {
  try {
    (void)parse(text);
  } catch (const InputError& e) {
    return e.where();
  }
  ADD_FAILURE() << "no error for: " << text;
  return {};
}

TEST(GameGraph, TextbookValues) {
  // The subtraction game {1,2} on heaps 0..5 drawn as a graph: g = n mod 3.
  const GameGraph g = parse(
      "# subtraction game {1,2}\n"
      "h5: h4 h3\nh4: h3 h2\nh3: h2 h1\nh2: h1 h0\nh1: h0\nh0\n");
  const auto values = g.all_values();
  for (int n = 0; n <= 5; ++n) EXPECT_EQ(values[*g.find("h" + std::to_string(n))], static_cast<Nimber>(n % 3));
}

TEST(GameGraph, UndefinedSuccessorsAreTerminal) {
  const GameGraph g = parse("a: b, c\nb: c\n");
  EXPECT_EQ(g.size(), 3u);
  const auto values = g.all_values();
  EXPECT_EQ(values[*g.find("c")], 0u);
  EXPECT_EQ(values[*g.find("b")], 1u);
  EXPECT_EQ(values[*g.find("a")], 2u);
}

TEST(GameGraph, ErrorsNameLineAndColumn) {
  auto where = error_at("a: b\nb: c\n$c\n");
  EXPECT_EQ(where.file, "test.graph");
  EXPECT_EQ(where.line, 3u);
  EXPECT_EQ(where.column, 1u);
  where = error_at("a b\n");
  EXPECT_EQ(where.line, 1u);
  EXPECT_EQ(where.column, 3u);
  where = error_at("a: b\na: c\n");
  EXPECT_EQ(where.line, 2u);
  where = error_at("a: b ?\n");
  EXPECT_EQ(where.column, 6u);
  where = error_at("# only a comment\n\n");
  EXPECT_EQ(where.file, "test.graph");
}

TEST(GameGraph, CycleIsReportedWithItsVertices) {
  const GameGraph g = parse("s: a\na: b\nb: c\nc: a end\n");
  try {
    (void)g.all_values();
    FAIL() << "expected a cycle";
  } catch (const CycleError& e) {
    ASSERT_EQ(e.cycle().size(), 4u);  // a -> b -> c -> a
    EXPECT_EQ(e.cycle().front(), e.cycle().back());
    EXPECT_NE(std::string(e.what()).find("test.graph"), std::string::npos);
  }
  Solver<GameGraph> solver(g);
  EXPECT_THROW((void)solver.value(*g.find("s")), CycleError);
}

TEST(GameGraph, SelfLoopIsACycle) {
  const GameGraph g = parse("a: a\n");
  EXPECT_THROW((void)g.all_values(), CycleError);
}

TEST(GameGraph, RandomDagsAgreeWithTheGenericSolver) {
  std::mt19937_64 rng(20261122);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t n = 1 + rng() % 60;
    std::vector<std::pair<GameGraph::Vertex, GameGraph::Vertex>> edges;
    for (std::size_t v = 1; v < n; ++v) {
      const std::size_t degree = rng() % 6;
      for (std::size_t k = 0; k < degree; ++k) {
        edges.emplace_back(static_cast<GameGraph::Vertex>(v), static_cast<GameGraph::Vertex>(rng() % v));
      }
    }
    const GameGraph g = GameGraph::from_edges(n, edges);
    const auto values = g.all_values();
    Solver<GameGraph> solver(g);
    for (std::size_t v = 0; v < n; ++v) {
      // Definition, directly: mex of the successors' values.
      std::vector<Nimber> options;
      for (auto w : g.successors(static_cast<GameGraph::Vertex>(v))) options.push_back(values[w]);
      ASSERT_EQ(values[v], mex(options));
      ASSERT_EQ(solver.value(static_cast<GameGraph::Vertex>(v)), values[v]);
    }
  }
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// The parser's name index and rows against a std::map built from the same
// text: random names (short and long, sharing prefixes), random successor
// lists, vertices named before, after or never defined.
TEST(GameGraph, ParsedNamesAndRowsEqualAMapOfTheText) {
  std::mt19937_64 rng(515);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t pool = 1 + rng() % 300;
    std::vector<std::string> names;
    for (std::size_t i = 0; i < pool; ++i) {
      std::string name = (rng() % 4 == 0 ? "a_very_long_vertex_name." : "v") + std::to_string(i);
      if (rng() % 5 == 0) name += "-x";
      names.push_back(name);
    }
    std::map<std::string, std::vector<std::string>> rows;  // defined vertices
    std::string text;
    for (std::size_t i = 0; i < pool; ++i) {
      if (rng() % 3 == 0) continue;  // named only as a successor, or not at all
      std::vector<std::string>& row = rows[names[i]];
      text += names[i] + ":";
      for (std::size_t k = rng() % 6; k > 0; --k) {
        row.push_back(names[rng() % pool]);
        text += (row.size() > 1 && rng() % 2 ? ", " : " ") + row.back();  // commas only between successors
      }
      text += rng() % 4 == 0 ? "  # comment\n" : "\n";
    }
    if (rows.empty()) continue;
    std::istringstream in(text);
    const GameGraph g = GameGraph::parse(in, "random.graph");
    std::size_t expected_vertices = 0;
    for (const std::string& name : names) {
      bool mentioned = rows.count(name) != 0;
      for (const auto& [from, row] : rows) mentioned = mentioned || std::count(row.begin(), row.end(), name) != 0;
      expected_vertices += mentioned;
      const auto v = g.find(name);
      ASSERT_EQ(v.has_value(), mentioned) << name;
      if (!v) continue;
      ASSERT_EQ(g.name(*v), name);
      std::vector<std::string> successors;
      for (GameGraph::Vertex w : g.successors(*v)) successors.push_back(g.name(w));
      const auto it = rows.find(name);
      ASSERT_EQ(successors, it == rows.end() ? std::vector<std::string>{} : it->second) << name;
    }
    ASSERT_EQ(g.size(), expected_vertices);
    EXPECT_FALSE(g.find("not-a-vertex").has_value());
  }
}

}  // namespace
}  // namespace grundy
