// graph(@file)(vertices…): vertices of a game graph file (docs/graph-format.md)
// as components of a sum, on the game model: the file's graph is the game (a
// position is a vertex, its moves the vertex's successors) and GameAdapter
// values it — by the Solver while no cycle is met, then by the LoopySolver:
// the generalized Sprague–Grundy function (docs/loopy.md), values ∞(K) and
// counters for the reversal rule. A file is read once per expression, however
// many terms name it (ParseSession); the run keeps one state for a file's
// path and contents (Sharing::by_name with that key: the web page and `grundy
// play` read the expression again at every request, and a file that changed
// is a new game).
#include <cctype>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "rulesets/builtin_specs.hpp"
#include "grundy/search/game_adapter.hpp"
#include "grundy/game_graph/game_graph.hpp"
#include "grundy/terms/graph_term.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/input_file.hpp"

namespace grundy {
namespace {

// A graph file as read: the parsed part of a position, with no values.
struct ReadGraph {
  GameGraph graph;
  std::string path;
  std::string contents_key;  // "graph file PATH", a newline, the file's text
};

// The game of a graph file: a position is a vertex, a move follows an edge.
struct GraphFileGame {
  using Position = GameGraph::Vertex;
  std::shared_ptr<const ReadGraph> read;

  void moves(Position v, std::vector<Position>& out) const {
    for (const Position w : read->graph.successors(v)) out.push_back(w);
  }
  std::string describe(Position v) const { return read->graph.name(v); }
  std::string describe_move(Position from, Position to) const {
    return "move from " + read->graph.name(from) + " to " + read->graph.name(to);
  }
  // graph(@f)(t,a) is the sum of the vertices t and a.
  bool joins_parts() const { return true; }
};

}  // namespace

RulesetSpec game_graph_ruleset() {
  RulesetSpec spec{.name = "graph",
                   .help = {{"graph(@file)(vertices…)", "vertices of a game graph file (docs/graph-format.md)"}},
                   .parameters = 1};
  spec.position = [](const TermReader& term) {
    term.expect_arguments(term.parameter(0), 1);
    const std::string& path = term.path(term.parameter(0).args[0], "a graph file");
    auto graph = term.read_once<const ReadGraph>("graph file " + path, [&] {
      auto read = std::make_shared<ReadGraph>();
      const std::string text = read_input_file(path, "graph file", term.file_poll());
      std::istringstream in(text);
      read->graph = GameGraph::parse(in, path);
      read->path = path;
      read->contents_key = "graph file " + path + "\n" + text;
      return std::shared_ptr<const ReadGraph>(std::move(read));
    });
    const auto game = GameAdapter<GraphFileGame>::make(GraphFileGame{graph}, "graph(" + file_argument(path) + ")",
                                                       SolverChoice::automatic, Sharing::by_name, graph->contents_key);
    std::vector<ComponentPtr> parts;
    for (const ExprArg& arg : term.positions().args) {
      if (arg.kind == ExprArg::Kind::path || arg.kind == ExprArg::Kind::call || arg.kind == ExprArg::Kind::range)
        term.fail("a vertex is named by its name in the graph file", arg.column);
      auto vertex = graph->graph.find(arg.text);
      if (!vertex) term.fail("the graph " + path + " has no vertex '" + arg.text + "'", arg.column);
      const Position at = game->position(*vertex);
      parts.insert(parts.end(), at.components().begin(), at.components().end());
    }
    return Position(std::move(parts));
  };
  spec.samples = [](SampleRequest& request) {
    // A random DAG of 12 vertices (edges from higher to lower numbers), with
    // comments and a vertex named only as a successor, written once.
    const std::string file = request.file("sample.graph");
    std::ofstream out(file);
    out << "# random DAG for the conformance suite\n";
    for (int v = 1; v < 12; ++v) {
      out << "v" << v << ":";
      for (int w = 0; w < v; ++w) {
        if ((v == 1 && w == 0) || request.random() % 3 == 0) out << " v" << w;
      }
      out << "\n";
    }
    std::vector<std::string> positions;
    for (std::size_t i = 0; i < request.count; ++i) {
      positions.push_back("graph(@" + file + ")(v" + std::to_string(request.random() % 12) + ")");
    }
    return positions;
  };
  return spec;
}

}  // namespace grundy
