// Node Kayles on a graph the user draws. A move picks a vertex that is still
// there and removes it together with its remaining neighbours; whoever cannot
// move loses.
//
//   nodekayles(@FILE)              the whole graph of a game graph file
//                                  (docs/graph-format.md), read as undirected
//   nodekayles(@FILE)(a,b,c)       the subgraph induced by those vertices
//   nodekayles(a(b,c),b(d),e)      a graph written inline: each vertex, then
//                                  its neighbours in parentheses
//
// A position is a vertex set of one fixed graph; the position after a move is
// the set without the closed neighbourhood of the chosen vertex. Values come
// from node_kayles::GraphSolver (node_kayles_graph.hpp): connected components
// valued separately and summed, memoised on vertex bitsets. A graph is read
// when the expression is, by the language's one reader of graphs
// (graph_term.hpp: a file once per expression, however many terms name it);
// the game is a game of the model (NodeKaylesGame below, on GameAdapter), and
// its solver for a graph is kept by the run's copy of the game, so every
// position of a graph, and every option, shares one table in the run that
// values them.
//
// Printing keeps the form the position was written in, so that it parses back:
// a file graph as the file and the remaining vertices (the whole graph as the
// file alone), an inline graph as the subgraph itself, inline. The inline text
// is canonical: vertices in the order they first appear, each followed by its
// earlier neighbours only, so that reading it back numbers the vertices in the
// same order and prints the same text.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "rulesets/builtin_specs.hpp"
#include "grundy/terms/graph_term.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/search/game_adapter.hpp"
#include "core/heap_rule_helpers.hpp"
#include "search/node_kayles_graph.hpp"

namespace grundy {
namespace {

using VertexList = std::vector<std::uint32_t>;  // sorted, no repeats

// A graph as read: the parsed part of a position.
struct KaylesGraph {
  std::string path;                    // the file; empty for a graph written inline
  std::vector<std::string> names;      // vertex i is names[i]
  std::vector<VertexList> neighbours;  // undirected, no self-loops
  // For a file: "nodekayles graph PATH", a newline and the file's text. The
  // run keeps a solver per file found by it, so that a file read again (the
  // web page and `grundy play` read the expression at every request) finds
  // the table of the one read before, and a file that changed does not. A
  // graph written inline has none: each position after a move prints as a
  // new, smaller graph, so one read again is rarely the same, and a run that
  // kept them all would grow with every request.
  std::string contents_key;
};

// Undirected adjacency lists from edges in either direction: sorted, repeats
// and self-loops dropped. A self-loop changes nothing in Node Kayles (a chosen
// vertex goes anyway), so files may keep them.
std::vector<VertexList> undirected(std::size_t n, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges) {
  std::vector<VertexList> adjacency(n);
  for (const auto& [u, v] : edges) {
    if (u == v) continue;
    adjacency[u].push_back(v);
    adjacency[v].push_back(u);
  }
  for (VertexList& list : adjacency) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  return adjacency;
}

std::string too_large(std::size_t n) {
  return "Node Kayles is solved here for graphs of at most " + std::to_string(node_kayles::kMaxVertices) +
         " vertices (positions are bitsets of up to four 64-bit words); this graph has " + std::to_string(n);
}

// Whether a vertex name reads back from an expression as one argument with the
// same text: a number or word of letters and digits (3, 8x8), or a name (v1,
// left_2, a-b). Any other name ("x.y", "-1", "2_b") is printed in quotes, and
// so is a number of 20 digits or more, which might not fit in 64 bits and would
// then be refused by the expression reader.
bool plain_name(const std::string& name) {
  if (name.empty()) return false;
  const auto c0 = static_cast<unsigned char>(name.front());
  if (std::isdigit(c0)) {
    const bool digits = std::all_of(name.begin(), name.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
    if (digits && name.size() >= 20) return false;
    return std::all_of(name.begin(), name.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; });
  }
  if (!std::isalpha(c0) && c0 != '_') return false;
  if (name.back() == '-') return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-';
  });
}

std::string printed_name(const std::string& name) { return plain_name(name) ? name : "\"" + name + "\""; }


// A position: a vertex set of one graph (the subgraph it induces).
struct KaylesPosition {
  std::shared_ptr<const KaylesGraph> graph;
  VertexList vertices;
};

bool whole(const KaylesPosition& p) { return p.vertices.size() == p.graph->names.size(); }

// The induced subgraph written inline: each vertex, in the graph's order,
// with its earlier neighbours in parentheses.
std::string inline_text(const KaylesPosition& p) {
  const KaylesGraph& graph = *p.graph;
  std::string out;
  for (std::size_t i = 0; i < p.vertices.size(); ++i) {
    const std::uint32_t v = p.vertices[i];
    if (i) out += ',';
    out += graph.names[v];
    std::string earlier;
    for (std::uint32_t u : graph.neighbours[v]) {
      if (u >= v) break;  // the lists are sorted
      if (!std::binary_search(p.vertices.begin(), p.vertices.end(), u)) continue;
      earlier += earlier.empty() ? "" : ",";
      earlier += graph.names[u];
    }
    if (!earlier.empty()) out += "(" + earlier + ")";
  }
  return out;
}

// The same game: a file's graph by its path and the vertices; an inline graph
// by what it prints (a graph read back from the text of an option is a new,
// smaller graph object).
bool operator==(const KaylesPosition& a, const KaylesPosition& b) {
  if (a.graph->path.empty() != b.graph->path.empty()) return false;
  if (!a.graph->path.empty()) return a.graph->path == b.graph->path && a.vertices == b.vertices;
  return a.graph == b.graph ? a.vertices == b.vertices : inline_text(a) == inline_text(b);
}

// The vertices left after choosing v: those outside N[v].
KaylesPosition after(const KaylesPosition& p, std::uint32_t v) {
  const VertexList& near = p.graph->neighbours[v];
  KaylesPosition rest{p.graph, {}};
  rest.vertices.reserve(p.vertices.size());
  for (std::uint32_t u : p.vertices) {
    if (u != v && !std::binary_search(near.begin(), near.end(), u)) rest.vertices.push_back(u);
  }
  return rest;
}

// Node Kayles on the game model (game_adapter.hpp): a position's moves once,
// each named, and the position declared a vertex set of its graph, which the
// engine choice gives to the run's graph search (search/graph_engine.hpp:
// one solver a graph, its outcome search for the moves to a value).
class NodeKaylesGame {
 public:
  using Position = KaylesPosition;

  std::size_t hash(const Position& p) const {
    if (p.graph->path.empty()) return std::hash<std::string>{}(inline_text(p));
    std::size_t h = std::hash<std::string>{}(p.graph->path);
    for (std::uint32_t v : p.vertices) h = h * 1000003u + v;
    return h;
  }

  // Printing keeps the form the position was written in, so that it parses
  // back: a file graph as the file and the remaining vertices (the whole graph
  // as the file alone), an inline graph as the subgraph itself, inline.
  std::string head(const Position& p) const {
    if (p.graph->path.empty() || whole(p)) return "nodekayles";
    return "nodekayles(" + file_argument(p.graph->path) + ")";
  }
  std::string describe(const Position& p) const {
    if (p.graph->path.empty()) return inline_text(p);
    if (whole(p)) return file_argument(p.graph->path);
    std::string out;
    for (std::uint32_t v : p.vertices) {
      if (!out.empty()) out += ',';
      out += printed_name(p.graph->names[v]);
    }
    return out;
  }

  // No vertex left is the empty game, printed "0": no part.
  void components(const Position& p, std::vector<Position>& out) const {
    if (!p.vertices.empty()) out.push_back(p);
  }

  // One move per remaining vertex, in the graph's order.
  template <class Visit>
  void for_each_move(const Position& p, Visit&& visit) const {
    for (std::uint32_t v : p.vertices)
      if (!visit(after(p, v))) return;
  }
  void moves(const Position& p, std::vector<Position>& out) const {
    for_each_move(p, [&](Position&& q) {
      out.push_back(std::move(q));
      return true;
    });
  }

  // Each move named as it is listed: two vertices of one closed neighbourhood
  // (the ends of an edge) leave one position by two moves, told apart only here.
  template <class Visit>
  void for_each_named_move(const Position& p, Visit&& visit) const {
    for (std::uint32_t v : p.vertices)
      if (!visit(NamedMove<Position>{after(p, v), words(p, v)})) return;
  }

  // What the engines read (engine_choice.hpp): p is a vertex set of its
  // graph, valued by the run's graph search (one solver a graph) and its
  // winning moves found by outcome questions.
  search::VertexSet vertex_set(const Position& p) const {
    return search::VertexSet{&p.graph->neighbours, p.graph, &p.graph->contents_key, &p.vertices};
  }

 private:
  // Choosing v in p: the vertex and the neighbours it takes.
  static std::string words(const Position& p, std::uint32_t v) {
    const KaylesGraph& graph = *p.graph;
    std::string action = "take vertex " + graph.names[v];
    std::string removed;
    std::size_t count = 0;
    for (std::uint32_t u : graph.neighbours[v]) {
      if (!std::binary_search(p.vertices.begin(), p.vertices.end(), u)) continue;
      removed += removed.empty() ? "" : ", ";
      removed += graph.names[u];
      ++count;
    }
    if (count == 0) return action + " (no neighbours left)";
    return action + (count == 1 ? " and its neighbour " : " and its neighbours ") + removed;
  }

};

// A position of Node Kayles: the run's state shared by every graph (one name).
Position kayles_position(std::shared_ptr<const KaylesGraph> graph, VertexList vertices) {
  return GameAdapter<NodeKaylesGame>::for_ruleset(NodeKaylesGame{}, "nodekayles")
      ->position(KaylesPosition{std::move(graph), std::move(vertices)});
}

// What Node Kayles reads: vertices with their neighbours, at most the solver's
// bitset of vertices.
GraphReading kayles_reading() {
  return GraphReading{GraphForm::neighbours, node_kayles::kMaxVertices, too_large};
}

// The graph as Node Kayles plays on it, from the graph as written (the
// language's one reader of graphs, graph_term.hpp).
std::shared_ptr<const KaylesGraph> kayles_graph(const GraphTerm& read) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  edges.reserve(read.edges.size());
  for (const GraphTerm::Edge& e : read.edges) edges.emplace_back(e.from, e.to);
  const std::size_t n = read.names.size();
  return std::make_shared<const KaylesGraph>(KaylesGraph{
      read.path, read.names, undirected(n, edges),
      read.contents_key.empty() ? std::string() : "nodekayles graph " + read.contents_key});
}

// A graph file, read once per expression: its errors carry file:line:column.
std::shared_ptr<const KaylesGraph> file_graph(const TermReader& term, const ExprArg& arg) {
  const std::string& path = term.path(arg, "a graph file");
  return term.read_once<const KaylesGraph>("nodekayles file " + path,
                                           [&] { return kayles_graph(*term.graph_file(arg, kayles_reading())); });
}

// The vertices named in a position group: names as written, numbers (ranges
// a..b name the vertices "a" … "b"), or quoted names.
VertexList named_vertices(const TermReader& term, const KaylesGraph& graph, std::map<std::string, std::uint32_t>& index) {
  if (index.empty()) {
    for (std::uint32_t v = 0; v < graph.names.size(); ++v) index.emplace(graph.names[v], v);
  }
  VertexList out;
  auto add = [&](const std::string& name, std::size_t column) {
    const auto it = index.find(name);
    if (it == index.end()) term.fail("the graph " + graph.path + " has no vertex '" + excerpt(name) + "'", column);
    out.push_back(it->second);
  };
  for (const ExprArg& arg : term.positions().args) {
    switch (arg.kind) {
      case ExprArg::Kind::integer:
      case ExprArg::Kind::word:
      case ExprArg::Kind::path:  // "x.y": a name that is no plain word
        add(arg.text, arg.column);
        break;
      case ExprArg::Kind::range:
        // Ends at the first number that is no vertex: at most one more step
        // than the graph has vertices, however long the range.
        for (std::uint64_t k = arg.integer;; ++k) {
          add(std::to_string(k), arg.column);
          if (k == arg.range_high) break;
        }
        break;
      case ExprArg::Kind::call:
        term.fail("a vertex is named by its name in the graph file, not '" + excerpt(arg.text) + "'", arg.column);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// nodekayles(a(b,c),b(d),e): vertices are names (a letter or _ first), numbered
// in the order they first appear; a(b,c) gives a the neighbours b and c.
std::shared_ptr<const KaylesGraph> inline_graph(const TermReader& term) {
  return kayles_graph(*term.graph(term.positions(), kayles_reading()));
}

VertexList every_vertex(const KaylesGraph& graph) {
  VertexList all(graph.names.size());
  for (std::uint32_t v = 0; v < all.size(); ++v) all[v] = v;
  return all;
}

// ---- samples for the conformance suite ----

// A random graph of 9 vertices written as a game graph file: edges in one
// direction or both, a self-loop, commas, a comment, a vertex named only as a
// neighbour, and names that print plain (v1, 7) or quoted (x.y).
std::string sample_file(SampleRequest& request) {
  const std::vector<std::string> names = {"v0", "v1", "7", "x.y", "_u", "w-2", "v6", "v7", "end"};
  std::string text = "# a random graph for the conformance suite\n";
  for (std::size_t v = 0; v + 1 < names.size(); ++v) {
    text += names[v] + ":";
    bool first = true;
    if (v == 3) {
      text += " " + names[v];  // a self-loop
      first = false;
    }
    for (std::size_t w = 0; w < names.size(); ++w) {
      // "end" has no line of its own: v0 always names it, so that it exists.
      const bool named = (v == 0 && w + 1 == names.size()) || request.random() % 4 == 0;
      if (w == v || !named) continue;
      // Successors are separated by spaces or by commas.
      text += (first || request.random() % 2 ? " " : ", ") + names[w];
      first = false;
    }
    text += "\n";
  }
  const std::string path = request.file("nodekayles-sample.graph");
  std::ofstream(path) << text;
  return path;
}

// A random graph of 1 to 7 vertices, inline, written in no canonical order.
std::string sample_inline(SampleRequest& request) {
  const std::size_t n = 1 + request.random() % 7;
  std::vector<std::string> names;
  for (std::size_t v = 0; v < n; ++v) names.push_back(std::string(1, static_cast<char>('a' + v)));
  std::shuffle(names.begin(), names.end(), request.random);
  std::string out;
  for (std::size_t v = 0; v < n; ++v) {
    std::string list;
    for (std::size_t w = 0; w < n; ++w) {
      if (w != v && request.random() % 3 == 0) list += (list.empty() ? "" : ",") + names[w];
    }
    out += (v ? "," : "") + names[v] + (list.empty() ? "" : "(" + list + ")");
  }
  return "nodekayles(" + out + ")";
}

}  // namespace

RulesetSpec node_kayles_ruleset() {
  RulesetSpec spec;
  spec.name = "nodekayles";
  spec.help = {{"nodekayles(@file)", "Node Kayles on the graph of a game graph file, read as undirected (one component)"},
               {"nodekayles(@file)(v,…)", "Node Kayles on the subgraph induced by the vertices named"},
               {"nodekayles(a(b,c),b(d),e)", "Node Kayles on a graph written inline: each vertex and its neighbours"}};
  spec.position = [](const TermReader& term) {
    const ExprGroup& group = term.positions();
    if (term.parameter_count() == 0) {
      if (group.args.size() == 1 && group.args[0].kind == ExprArg::Kind::path) {
        auto graph = file_graph(term, group.args[0]);
        VertexList all = every_vertex(*graph);
        return kayles_position(std::move(graph), std::move(all));
      }
      auto graph = inline_graph(term);
      VertexList all = every_vertex(*graph);
      return kayles_position(std::move(graph), std::move(all));
    }
    term.expect_parameters(1);
    term.expect_arguments(term.parameter(0), 1);
    auto graph = file_graph(term, term.parameter(0).args[0]);
    std::map<std::string, std::uint32_t> index;
    VertexList chosen = named_vertices(term, *graph, index);
    return kayles_position(std::move(graph), std::move(chosen));
  };
  spec.samples = [](SampleRequest& request) {
    const std::string path = sample_file(request);
    const std::vector<std::string> names = {"v0", "v1", "7", "\"x.y\"", "_u", "w-2", "v6", "v7", "end"};
    std::vector<std::string> out;
    for (std::size_t i = 0; i < request.count; ++i) {
      if (i % 3 == 0) {
        out.push_back("nodekayles(@" + path + ")");
      } else if (i % 3 == 1) {
        std::string list;
        for (const std::string& name : names) {
          if (request.random() % 3 != 0) list += (list.empty() ? "" : ",") + name;
        }
        out.push_back("nodekayles(@" + path + ")(" + (list.empty() ? names.front() : list) + ")");
      } else {
        out.push_back(sample_inline(request));
      }
    }
    return out;
  };
  return spec;
}

}  // namespace grundy
