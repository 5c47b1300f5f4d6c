// Graphs written in terms: the one reader of graphs in the expression language
// (docs/graph-format.md). A ruleset that plays on a graph asks its TermReader
// for the graph of a group (term.graph(group, reading)) and gets its vertices
// by name and its edges as written; what a vertex or an edge means (a move, a
// neighbour, a stick of Hackenbush) is the ruleset's.
//
// One format family, in two forms; the ruleset says which it reads:
//
//   GraphForm::neighbours  each vertex with its neighbours (or successors)
//       inline   nodekayles(a(b,c),b(d),e)
//       file     "a: b c" a line: the game graph format (GameGraph::parse)
//   GraphForm::edges       one edge u-v at a time, a repeated edge a second
//                          edge, v-v a loop
//       inline   hackenbush(0-1,1-2,2-0)
//       file     "0-1" a line
//   GraphForm::order       relations a<b of a partial order (edges from the
//                          smaller up), chains a<b<c, an element alone
//       file     "a<b" a line (posets are read from files only)
//
// A file is read once per expression (ParseSession), however many terms name
// it; its errors carry file:line:column, an inline graph's the column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/input_error.hpp"

namespace grundy {

enum class GraphForm {
  neighbours,  // a(b,c) inline; "a: b c" lines in a file
  edges,       // u-v inline; "u-v" lines in a file
  order,       // "a<b" (or a<b<c, or a alone) lines in a file
};

// What a ruleset reads: the form, and the most vertices its positions can hold
// (beyond it a LimitError, with the ruleset's own words for it).
struct GraphReading {
  GraphForm form = GraphForm::neighbours;
  std::size_t max_vertices = std::numeric_limits<std::uint32_t>::max() - 1;
  // The message for a graph of `count` vertices, more than max_vertices.
  std::function<std::string(std::size_t count)> too_many;
};

// A graph as written: the parsed part of a position, with no meaning yet.
struct GraphTerm {
  using Vertex = std::uint32_t;
  struct Edge {
    Vertex from = 0;  // u of u-v; the vertex of a(…) or of "a: …"
    Vertex to = 0;    // v of u-v; a neighbour (successor)
    // Where it is written, for a ruleset's own errors about it (an edge that
    // hangs from nothing): the line in the file (0 inline) and the column. 0:
    // not kept (a game graph file).
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    bool operator==(const Edge& other) const noexcept { return from == other.from && to == other.to; }
  };

  std::string path;                // the file; empty for a graph written inline
  std::vector<std::string> names;  // vertex v is names[v], in order of first appearance
  std::vector<Edge> edges;         // in the order written; repeats and loops kept
  // For a file: its path, a newline and its text (a run that keeps work for a
  // file finds it again by this when the file is read again, and a file that
  // changed is a new graph). Empty for a graph written inline.
  std::string contents_key;

  // The place of edge e in an error: file:line:column, or the column.
  [[nodiscard]] SourceLocation place(const Edge& e) const { return SourceLocation{path, e.line, e.column}; }
};

// Whether `name` is a vertex name of the edge form: letters, digits and _.
[[nodiscard]] bool edge_list_name(std::string_view name) noexcept;

// A file as a term prints it: "@path", or "\"path\"" when the path holds a
// character that ends an @path (',', ')', '}', '(', '{', '+', a space), so
// that the printed position reads back.
[[nodiscard]] std::string file_argument(const std::string& path);

// Reads the text of an edge-list file ("u-v" a line, # comments, blank lines):
// InputError at file:line:column.
[[nodiscard]] GraphTerm read_edge_list(std::string_view text, const std::string& file,
                                       const GraphReading& reading);

// Reads the text of an order file ("a<b" a line; a chain a<b<c is its
// relations a<b and b<c; an element alone on its line has no relation named
// there): each relation an edge from the smaller element, at the place of it.
// Whether the relations are an order (no cycle) is the ruleset's to check.
[[nodiscard]] GraphTerm read_order(std::string_view text, const std::string& file, const GraphReading& reading);

}  // namespace grundy
