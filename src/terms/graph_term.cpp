// The one reader of graphs in terms (graph_term.hpp, docs/graph-format.md):
// inline graphs from a term's group, graph files of both forms, each file read
// once per expression through the TermReader's ParseSession.
#include "grundy/terms/graph_term.hpp"

#include <cctype>
#include <cstdint>
#include <memory>
#include <sstream>
#include <unordered_map>

#include "grundy/game_graph/game_graph.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/terms/term_reader.hpp"

namespace grundy {

std::string file_argument(const std::string& path) {
  for (char c : path) {
    if (c == ',' || c == ')' || c == '}' || c == '(' || c == '{' || c == '+' || std::isspace(static_cast<unsigned char>(c)))
      return "\"" + path + "\"";
  }
  return "@" + path;
}
namespace {

// A place kept with an edge: lines and columns of a 64 MiB input fit 32 bits.
std::uint32_t narrow(std::size_t place) {
  return place > UINT32_MAX ? UINT32_MAX : static_cast<std::uint32_t>(place);
}

bool edge_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// Vertices by name while a graph is read, numbered in order of first appearance.
class VertexNames {
 public:
  VertexNames(GraphTerm& graph, const GraphReading& reading) : graph_(graph), reading_(reading) {}

  // The vertex named `name`, added if new; past the reading's bound a
  // LimitError at `where`.
  GraphTerm::Vertex vertex(std::string_view name, const SourceLocation& where) {
    const auto [it, added] = index_.try_emplace(std::string(name), static_cast<GraphTerm::Vertex>(graph_.names.size()));
    if (added) {
      if (graph_.names.size() >= reading_.max_vertices) {
        index_.erase(it);
        throw LimitError(too_many(graph_.names.size() + 1), where);
      }
      graph_.names.emplace_back(name);
    }
    return it->second;
  }

  std::string too_many(std::size_t count) const {
    if (reading_.too_many) return reading_.too_many(count);
    return "too many vertices (at most " + std::to_string(reading_.max_vertices) + ")";
  }

 private:
  GraphTerm& graph_;
  const GraphReading& reading_;
  std::unordered_map<std::string, GraphTerm::Vertex> index_;
};

// The two names of an edge written "u-v" (inline: one argument), or nothing.
std::optional<std::pair<std::string_view, std::string_view>> split_edge(std::string_view text) {
  const std::size_t dash = text.find('-');
  if (dash == std::string_view::npos || text.find('-', dash + 1) != std::string_view::npos) return std::nullopt;
  const std::string_view u = text.substr(0, dash);
  const std::string_view v = text.substr(dash + 1);
  if (!edge_list_name(u) || !edge_list_name(v)) return std::nullopt;
  return std::pair{u, v};
}

// hackenbush(0-1,1-2,2-0): each argument one edge.
GraphTerm inline_edges(const TermReader& term, const ExprGroup& group, const GraphReading& reading) {
  GraphTerm graph;
  VertexNames names(graph, reading);
  for (const ExprArg& arg : group.args) {
    if (arg.kind == ExprArg::Kind::path) {
      term.fail("a graph file stands alone in its parentheses: " + term.name() + "(@file)", arg.column);
    }
    const auto ends = arg.kind == ExprArg::Kind::word ? split_edge(arg.text) : std::nullopt;
    if (!ends) {
      term.fail("expected an edge u-v between two vertex names (letters, digits, _), not '" + excerpt(arg.text) + "'",
                arg.column);
    }
    const SourceLocation where{"", 0, arg.column};
    const GraphTerm::Vertex u = names.vertex(ends->first, where);
    const GraphTerm::Vertex v = names.vertex(ends->second, where);
    graph.edges.push_back({u, v, 0, narrow(arg.column)});
  }
  return graph;
}

// nodekayles(a(b,c),b(d),e): vertices are names (a letter or _ first); a(b,c)
// gives a the neighbours b and c.
GraphTerm inline_neighbours(const TermReader& term, const ExprGroup& group, const GraphReading& reading) {
  GraphTerm graph;
  VertexNames names(graph, reading);
  auto vertex = [&](const std::string& name, std::size_t column) {
    if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name.front())) || name.front() == '_')) {
      term.fail("in a graph written inline a vertex is a name (a letter or _ first), not '" + excerpt(name) +
                    "'; number vertices in a file: " + term.name() + "(@file)",
                column);
    }
    return names.vertex(name, SourceLocation{"", 0, column});
  };
  const std::string expected = "a vertex, or a vertex with its neighbours: a(b,c)";
  for (const ExprArg& arg : group.args) {
    if (arg.kind == ExprArg::Kind::word) {
      (void)vertex(arg.text, arg.column);
    } else if (arg.kind == ExprArg::Kind::call) {
      // The call's text is its whole source, "a(b,c)": the name is what comes
      // before the first group.
      std::size_t end = 0;
      while (end < arg.text.size() && arg.text[end] != '(' && arg.text[end] != '{' &&
             !std::isspace(static_cast<unsigned char>(arg.text[end])))
        ++end;
      const GraphTerm::Vertex v = vertex(arg.text.substr(0, end), arg.column);
      if (arg.groups.size() != 1 || arg.groups[0].open != '(') {
        term.fail("expected " + expected + ", not '" + excerpt(arg.text) + "'", arg.column);
      }
      for (const ExprArg& n : arg.groups[0].args) {
        if (n.kind != ExprArg::Kind::word && n.kind != ExprArg::Kind::integer) {
          term.fail("a neighbour is a vertex name, not '" + excerpt(n.text) + "'", n.column);
        }
        graph.edges.push_back({v, vertex(n.text, n.column), 0, narrow(n.column)});
      }
    } else if (arg.kind == ExprArg::Kind::path) {
      term.fail("a graph file stands alone in its parentheses: " + term.name() + "(@file), or " + term.name() +
                    "(@file)(vertices…)",
                arg.column);
    } else {
      term.fail("expected " + expected + ", not '" + excerpt(arg.text) + "'", arg.column);
    }
  }
  return graph;
}

// A game graph file ("a: b c" lines), read by the game graph's own parser.
GraphTerm neighbours_file(const std::string& text, const std::string& path, const GraphReading& reading) {
  std::istringstream in(text);
  const GameGraph read = GameGraph::parse(in, path);
  GraphTerm graph;
  if (read.size() > reading.max_vertices) {
    const std::string message = reading.too_many ? reading.too_many(read.size())
                                                 : "too many vertices (at most " + std::to_string(reading.max_vertices) + ")";
    throw LimitError(message, SourceLocation{path});
  }
  graph.names.reserve(read.size());
  graph.edges.reserve(read.edge_count());
  for (GameGraph::Vertex v = 0; v < read.size(); ++v) {
    graph.names.push_back(read.name(v));
    for (GameGraph::Vertex w : read.successors(v)) graph.edges.push_back({v, w});
  }
  return graph;
}

}  // namespace

bool edge_list_name(std::string_view name) noexcept {
  if (name.empty()) return false;
  for (char c : name)
    if (!edge_name_char(c)) return false;
  return true;
}

namespace {

// The line reader of both file forms of edges: "u-v" (one edge a line), or
// "a<b<c" (a chain of relations, or one element alone).
GraphTerm read_lines(std::string_view text, const std::string& file, const GraphReading& reading, char joint) {
  const bool order = joint == '<';
  GraphTerm graph;
  VertexNames names(graph, reading);
  std::size_t line_number = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::size_t pos = 0;
    auto skip_space = [&] {
      while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) ++pos;
    };
    auto at = [&](std::size_t p) { return SourceLocation{file, line_number, p + 1}; };
    auto found = [&](std::size_t p) {
      const auto c = static_cast<unsigned char>(line[p]);
      if (c < 0x20 || c == 0x7F) return std::string("the control character ") + std::to_string(c);
      return "'" + std::string(1, line[p]) + "'";
    };
    auto read_name = [&](const char* what) {
      const std::size_t begin = pos;
      while (pos < line.size() && edge_name_char(line[pos])) ++pos;
      if (pos == begin) {
        throw InputError(std::string("expected ") + what + " (letters, digits, _), " +
                             (pos < line.size() ? "found " + found(pos) : std::string("found the end of the line")),
                         at(pos));
      }
      return std::pair{line.substr(begin, pos - begin), at(begin)};
    };
    skip_space();
    if (pos == line.size() || line[pos] == '#') continue;
    if (order) {
      // a, or a < b < c …: each relation from the element before the '<'.
      auto [u, u_at] = read_name("an element name");
      GraphTerm::Vertex from = names.vertex(u, u_at);
      skip_space();
      while (pos < line.size() && line[pos] == '<') {
        ++pos;
        skip_space();
        const auto [v, v_at] = read_name("an element name after '<'");
        const GraphTerm::Vertex to = names.vertex(v, v_at);
        graph.edges.push_back({from, to, narrow(line_number), narrow(u_at.column)});
        from = to;
        u_at = v_at;
        skip_space();
      }
      if (pos < line.size() && line[pos] != '#') {
        throw InputError("expected '<' between two elements (a<b, a<b<c), found " + found(pos), at(pos));
      }
      continue;
    }
    const auto [u, u_at] = read_name("a vertex name");
    skip_space();
    if (pos == line.size() || line[pos] != '-') {
      throw InputError("expected '-' between the two ends of an edge u-v, " +
                           (pos < line.size() ? "found " + found(pos) : std::string("found the end of the line")),
                       at(pos));
    }
    ++pos;
    skip_space();
    const auto [v, v_at] = read_name("the second vertex of the edge");
    skip_space();
    if (pos < line.size() && line[pos] != '#') {
      throw InputError("one edge a line: expected the end of the line after the edge, found " + found(pos), at(pos));
    }
    const GraphTerm::Vertex from = names.vertex(u, u_at);
    const GraphTerm::Vertex to = names.vertex(v, v_at);
    graph.edges.push_back({from, to, narrow(line_number), narrow(u_at.column)});
  }
  if (order && graph.names.empty()) throw InputError("the order file has no elements (a<b a line)", SourceLocation{file});
  if (!order && graph.edges.empty()) throw InputError("the graph file has no edges (one edge u-v a line)", SourceLocation{file});
  return graph;
}

}  // namespace

GraphTerm read_edge_list(std::string_view text, const std::string& file, const GraphReading& reading) {
  return read_lines(text, file, reading, '-');
}

GraphTerm read_order(std::string_view text, const std::string& file, const GraphReading& reading) {
  return read_lines(text, file, reading, '<');
}

std::shared_ptr<const GraphTerm> TermReader::graph_file(const ExprArg& arg, const GraphReading& reading) const {
  const std::string& file = path(arg, "a graph file");
  const std::string form = reading.form == GraphForm::edges ? "edges" : reading.form == GraphForm::order ? "order" : "neighbours";
  return read_once<const GraphTerm>("graph file (" + form + ") " + file, [&] {
    const std::string text = read_input_file(file, "graph file", file_poll());
    GraphTerm graph = reading.form == GraphForm::edges   ? read_edge_list(text, file, reading)
                      : reading.form == GraphForm::order ? read_order(text, file, reading)
                                                         : neighbours_file(text, file, reading);
    graph.path = file;
    graph.contents_key = file + "\n" + text;
    return std::make_shared<const GraphTerm>(std::move(graph));
  });
}

std::shared_ptr<const GraphTerm> TermReader::graph(const ExprGroup& group, const GraphReading& reading) const {
  if (group.args.size() == 1 && group.args[0].kind == ExprArg::Kind::path) return graph_file(group.args[0], reading);
  if (group.args.empty()) fail("the graph is empty: " + usage_, group.column);
  if (reading.form == GraphForm::order) {
    fail("a partial order is read from a file, one relation a<b a line: " + name() + "(@file)", group.args[0].column);
  }
  GraphTerm read = reading.form == GraphForm::edges ? inline_edges(*this, group, reading)
                                                    : inline_neighbours(*this, group, reading);
  return std::make_shared<const GraphTerm>(std::move(read));
}

}  // namespace grundy
