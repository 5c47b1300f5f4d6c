// The language's one reader of graphs (graph_term.hpp, docs/graph-format.md):
// both forms inline and from files, vertices numbered in order of first
// appearance, edges as written (repeats and loops kept), a file read once per
// expression, and every error with its place.
#include "grundy/terms/graph_term.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "grundy/terms/expression.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/terms/parse_session.hpp"
#include "grundy/terms/term_reader.hpp"

namespace grundy {
namespace {

namespace fs = std::filesystem;

std::string scratch(const std::string& name, const std::string& text) {
  const fs::path dir = fs::temp_directory_path() / ("grundy_graph_term_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / name).string();
  std::ofstream(path) << text;
  return path;
}

GraphReading reading_of(GraphForm form) {
  GraphReading reading;
  reading.form = form;
  return reading;
}

// The graph of the position group of the one term in `text`.
GraphTerm read(const std::string& text, GraphForm form, ParseSession* session = nullptr) {
  const Expression e = parse_expression(text);
  const TermReader term(e.terms.at(0), true, "g(graph)", session);
  return *term.graph(term.positions(), reading_of(form));
}

std::string error(const std::string& text, GraphForm form, std::size_t max_vertices = 1000) {
  try {
    const Expression e = parse_expression(text);
    const TermReader term(e.terms.at(0), true, "g(graph)");
    GraphReading reading{form, max_vertices, [](std::size_t n) { return "too big: " + std::to_string(n); }};
    (void)term.graph(term.positions(), reading);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

using Edges = std::vector<GraphTerm::Edge>;

TEST(GraphTerm, EdgesInline) {
  // The issue's spelling: digits as names, a repeated edge, a loop.
  const GraphTerm g = read("g(0-1,1-2,2-0,1-3,1-3,3-3,a_1-0)", GraphForm::edges);
  EXPECT_EQ(g.names, (std::vector<std::string>{"0", "1", "2", "3", "a_1"}));
  EXPECT_EQ(g.edges, (Edges{{0, 1}, {1, 2}, {2, 0}, {1, 3}, {1, 3}, {3, 3}, {4, 0}}));
  EXPECT_TRUE(g.path.empty());
  EXPECT_TRUE(g.contents_key.empty());
}

TEST(GraphTerm, NeighboursInline) {
  const GraphTerm g = read("g(a(b,c),b(d),e)", GraphForm::neighbours);
  EXPECT_EQ(g.names, (std::vector<std::string>{"a", "b", "c", "d", "e"}));
  EXPECT_EQ(g.edges, (Edges{{0, 1}, {0, 2}, {1, 3}}));
}

TEST(GraphTerm, EdgeListFile) {
  const std::string path = scratch("edges.txt", "# a triangle on the ground\n0-1\n 1 - 2  # spaces and a comment\n\n2-0\r\n2-2\n");
  const GraphTerm g = read("g(@" + path + ")", GraphForm::edges);
  EXPECT_EQ(g.path, path);
  EXPECT_EQ(g.names, (std::vector<std::string>{"0", "1", "2"}));
  EXPECT_EQ(g.edges, (Edges{{0, 1}, {1, 2}, {2, 0}, {2, 2}}));
  EXPECT_NE(g.contents_key.find("0-1"), std::string::npos);
}

TEST(GraphTerm, NeighboursFileIsTheGameGraphFormat) {
  const std::string path = scratch("game.graph", "start: a b\na: end\nb: a, end\nend\n");
  const GraphTerm g = read("g(@" + path + ")", GraphForm::neighbours);
  EXPECT_EQ(g.names, (std::vector<std::string>{"start", "a", "b", "end"}));
  EXPECT_EQ(g.edges, (Edges{{0, 1}, {0, 2}, {1, 3}, {2, 1}, {2, 3}}));
}

TEST(GraphTerm, OrderFile) {
  const std::string path = scratch("order.txt", "# a poset\na < b<c\nd\n b<d   # a comment\n");
  const GraphTerm g = read("g(@" + path + ")", GraphForm::order);
  EXPECT_EQ(g.names, (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(g.edges, (Edges{{0, 1}, {1, 2}, {1, 3}}));
  // Each relation at the place of its smaller element.
  EXPECT_EQ(g.place(g.edges[1]).to_string(), path + ":2:5");
  EXPECT_EQ(g.place(g.edges[2]).to_string(), path + ":4:2");
  const auto order_error = [](const std::string& text) {
    return error("g(@" + scratch("bad-order.txt", text) + ")", GraphForm::order);
  };
  const std::string bad = scratch("bad-order.txt", "");
  EXPECT_EQ(order_error("a<\n"), bad + ":1:3: expected an element name after '<' (letters, digits, _), found the end of the line");
  EXPECT_EQ(order_error("a<b\na-b\n"), bad + ":2:2: expected '<' between two elements (a<b, a<b<c), found '-'");
  EXPECT_EQ(order_error("# nothing\n"), bad + ": the order file has no elements (a<b a line)");
  EXPECT_NE(error("g(a,b)", GraphForm::order).find("column 3: a partial order is read from a file"), std::string::npos);
}

TEST(GraphTerm, FileReadOncePerExpression) {
  const std::string path = scratch("once.txt", "0-1\n");
  ParseOptions options;
  ParseSession session(options);
  const Expression e = parse_expression("g(@" + path + ") + g(@" + path + ")");
  const TermReader first(e.terms[0], true, "g(graph)", &session);
  const TermReader second(e.terms[1], true, "g(graph)", &session);
  const auto a = first.graph(first.positions(), reading_of(GraphForm::edges));
  std::ofstream(path) << "0-1\n1-2\n";  // changed after the first read: the expression keeps what it read
  const auto b = second.graph(second.positions(), reading_of(GraphForm::edges));
  EXPECT_EQ(a.get(), b.get());
  EXPECT_EQ(b->edges.size(), 1u);
}

TEST(GraphTerm, ErrorsNameThePlace) {
  EXPECT_EQ(error("g(0-1,1)", GraphForm::edges),
            "column 7: expected an edge u-v between two vertex names (letters, digits, _), not '1'");
  EXPECT_EQ(error("g(0-1,a-b-c)", GraphForm::edges),
            "column 7: expected an edge u-v between two vertex names (letters, digits, _), not 'a-b-c'");
  EXPECT_NE(error("g(0-1,x(y))", GraphForm::edges).find("column 7"), std::string::npos);
  EXPECT_NE(error("g(0-1,@f)", GraphForm::edges).find("stands alone"), std::string::npos);
  EXPECT_NE(error("g(0-)", GraphForm::edges).find("column 4"), std::string::npos);  // the expression's own error
  EXPECT_EQ(error("g(0-1,1-2,2-3)", GraphForm::edges, 3), "column 11: too big: 4");
  EXPECT_NE(error("g(a(3))", GraphForm::neighbours).find("column 5: in a graph written inline a vertex is a name"),
            std::string::npos);

  const auto file_error = [](const std::string& text) { return error("g(@" + scratch("bad.txt", text) + ")", GraphForm::edges); };
  const std::string bad = scratch("bad.txt", "");
  EXPECT_EQ(file_error("0-1\n1 2\n"), bad + ":2:3: expected '-' between the two ends of an edge u-v, found '2'");
  EXPECT_EQ(file_error("0-1\n1-\n"), bad + ":2:3: expected the second vertex of the edge (letters, digits, _), found the end of the line");
  EXPECT_EQ(file_error("0-1 1-2\n"), bad + ":1:5: one edge a line: expected the end of the line after the edge, found '1'");
  EXPECT_EQ(file_error("x.y-0\n"), bad + ":1:2: expected '-' between the two ends of an edge u-v, found '.'");
  EXPECT_EQ(file_error("# only a comment\n\n"), bad + ": the graph file has no edges (one edge u-v a line)");
  EXPECT_NE(error("g(@/nonexistent/g.txt)", GraphForm::edges).find("/nonexistent/g.txt: cannot open"), std::string::npos);
}

}  // namespace
}  // namespace grundy
