// graph(@file)(vertices…): vertices of a game graph file (docs/graph-format.md)
// as components of a sum. A file is read once per expression, however many
// terms name it (ParseSession), and valued once by each run that values it:
// found for the graph object (Context::shared_for), else by the file's path and
// contents (the web page and `grundy play` read the expression again at every
// request, and a file that changed is a new graph). A graph with cycles gets
// the generalized Sprague–Grundy function (docs/loopy.md): values ∞(K), and
// counters for the reversal rule (LoopyCounter).
#include <cctype>
#include <fstream>
#include <memory>
#include <sstream>

#include "rulesets/builtin_specs.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/game_graph/game_graph.hpp"
#include "grundy/game_graph/game_graph_values.hpp"
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


class GraphVertex final : public Component, public LoopyCounter {
 public:
  GraphVertex(std::shared_ptr<const ReadGraph> graph, GameGraph::Vertex vertex)
      : graph_(std::move(graph)), vertex_(vertex) {}

  std::string head() const override { return "graph(" + file_argument(graph_->path) + ")"; }
  std::string arguments() const override { return graph_->graph.name(vertex_); }
  std::string merge_key() const override { return head(); }

  Value value(Context& context) const override { return values(context).value(graph_->graph, vertex_); }

  std::optional<std::uint64_t> counter(Context& context) const override { return values(context).counter(vertex_); }

  void for_each_option(Context&, const std::function<bool(ComponentOption&&)>& visit) const override {
    for (GameGraph::Vertex w : graph_->graph.successors(vertex_)) {
      if (!visit(option(w))) return;
    }
  }

  OptionList options_to_value(Context& context, Nimber target, std::size_t limit) const override {
    OptionList result;
    const GameGraphValues& valued = values(context);
    for (GameGraph::Vertex w : graph_->graph.successors(vertex_)) {
      if (!valued.has_value(w, target)) continue;
      ++result.total;
      if (result.listed.size() < limit) result.listed.push_back(option(w));
    }
    return result;
  }

  bool same_as(const Component& other) const override {
    const auto* vertex = dynamic_cast<const GraphVertex*>(&other);
    return vertex != nullptr && vertex->vertex_ == vertex_ &&
           (vertex->graph_ == graph_ || vertex->graph_->path == graph_->path);
  }

 private:
  // The graph's values in this run: computed once per run, kept by the run
  // (which holds the graph with them).
  const GameGraphValues& values(Context& context) const {
    return *context.shared_for<const GameGraphValues>(graph_, [&] {
      return context.shared<const GameGraphValues>(graph_->contents_key, [&] {
        return std::make_shared<const GameGraphValues>(GameGraphValues::compute(graph_->graph, context));
      });
    });
  }

  ComponentOption option(GameGraph::Vertex w) const {
    return {"move from " + graph_->graph.name(vertex_) + " to " + graph_->graph.name(w),
            Position(std::make_shared<const GraphVertex>(graph_, w))};
  }

  std::shared_ptr<const ReadGraph> graph_;
  GameGraph::Vertex vertex_;
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
    std::vector<ComponentPtr> parts;
    for (const ExprArg& arg : term.positions().args) {
      if (arg.kind == ExprArg::Kind::path || arg.kind == ExprArg::Kind::call || arg.kind == ExprArg::Kind::range)
        term.fail("a vertex is named by its name in the graph file", arg.column);
      auto vertex = graph->graph.find(arg.text);
      if (!vertex) term.fail("the graph " + path + " has no vertex '" + arg.text + "'", arg.column);
      parts.push_back(std::make_shared<const GraphVertex>(graph, *vertex));
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
