// grundy graph FILE: the value of every vertex of a game graph file; with
// cycles, the generalized Sprague–Grundy value (a nimber or ∞(K)) and the
// outcome, P, N or D (docs/loopy.md).
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "commands.hpp"
#include "grundy/analysis/analysis.hpp"
#include "grundy/game_graph/game_graph.hpp"
#include "grundy/game_graph/game_graph_values.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/stop_signals.hpp"
#include "validators.hpp"

namespace grundy::cli {
namespace {

struct GraphOptions {
  std::string file;
  bool json = false;
  std::optional<double> memory_mb;  // not given: default_memory_bound()
};

const char* outcome_note(Outcome outcome) {
  switch (outcome) {
    case Outcome::P: return "  (P: the player to move loses)";
    case Outcome::D: return "  (D: a draw with best play)";
    case Outcome::N: return "";
  }
  return "";
}

void run_graph(const GraphOptions& options) {
  ContextOptions settings;
  settings.memory_bytes = memory_bound_bytes(options.memory_mb);
  Context context(settings);
  StopOnSignals signals(context);
  GameGraph graph;
  GameGraphValues values;
  try {
    graph = GameGraph::load(options.file, [&context] { context.poll(); });
    values = GameGraphValues::compute(graph, context);
  } catch (const Cancelled& stopped) {
    std::cerr << "grundy: interrupted; nothing was saved\n";
    throw ExitStatus::interrupted(stopped.signal());
  }
  std::size_t losing = 0, drawn = 0;
  std::vector<Outcome> outcomes(graph.size());
  for (std::size_t v = 0; v < graph.size(); ++v) {
    outcomes[v] = values.outcome(graph, static_cast<GameGraph::Vertex>(v));
    losing += outcomes[v] == Outcome::P;
    drawn += outcomes[v] == Outcome::D;
  }
  if (options.json) {
    // Written as it goes: a graph of 10^6 vertices would make a JSON object of
    // 10^6 keys (seconds, and hundreds of MB) just to print it. Vertex names
    // are letters, digits, '_', '.', '-' (the file format), so they need no
    // escaping; vertices come in file order.
    std::string out = "{\n  \"file\": " + nlohmann::json(options.file).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) +
                      ",\n  \"vertices\": " + std::to_string(graph.size()) +
                      ",\n  \"edges\": " + std::to_string(graph.edge_count()) +
                      ",\n  \"p_positions\": " + std::to_string(losing);
    if (values.has_cycles()) out += ",\n  \"cycles\": true,\n  \"d_positions\": " + std::to_string(drawn);
    out += ",\n  \"values\": {";
    for (std::size_t v = 0; v < graph.size(); ++v) {
      const auto vertex = static_cast<GameGraph::Vertex>(v);
      out += (v ? ",\n    \"" : "\n    \"") + graph.name(vertex) + "\": ";
      out += values.is_finite(vertex) ? std::to_string(values.value(graph, vertex).nimber())
                                      : value_json(values.value(graph, vertex)).dump();
      if (out.size() > (1 << 16)) {
        std::cout << out;
        out.clear();
      }
    }
    out += "\n  }";
    if (values.has_cycles()) {
      out += ",\n  \"outcomes\": {";
      for (std::size_t v = 0; v < graph.size(); ++v) {
        out += (v ? ",\n    \"" : "\n    \"") + graph.name(static_cast<GameGraph::Vertex>(v)) + "\": \"" +
               to_string(outcomes[v]) + "\"";
        if (out.size() > (1 << 16)) {
          std::cout << out;
          out.clear();
        }
      }
      out += "\n  }";
    }
    std::cout << out << "\n}\n";
    return;
  }
  std::cout << "Graph: " << options.file << " (" << graph.size() << " vertices, " << graph.edge_count()
            << " moves" << (values.has_cycles() ? ", with cycles" : "") << ")\n";
  for (std::size_t v = 0; v < graph.size(); ++v) {
    const auto vertex = static_cast<GameGraph::Vertex>(v);
    std::cout << "  " << graph.name(vertex) << "  g = " << values.value(graph, vertex).to_string()
              << outcome_note(outcomes[v]) << "\n";
  }
  std::cout << losing << " P-position" << (losing == 1 ? "" : "s");
  if (values.has_cycles()) std::cout << ", " << drawn << " drawn position" << (drawn == 1 ? "" : "s");
  std::cout << "\n";
}

}  // namespace

void register_graph_command(CLI::App& app) {
  auto options = std::make_shared<GraphOptions>();
  CLI::App* cmd = app.add_subcommand("graph", "Values of every vertex of a game graph file (cycles allowed)");
  cmd->add_option("file", options->file, "graph file (format: docs/graph-format.md)")->required();
  cmd->add_flag("--json", options->json, "print JSON");
  cmd->add_option("--memory", options->memory_mb,
                  "bound on the labelling's working memory for a graph with cycles, in MB (default: half of "
                  "physical memory; 0: none)");
  cmd->footer(
      "\nExamples:\n  grundy graph examples/textbook.graph\n  grundy value 'graph(@examples/textbook.graph)(start)'\n"
      "  grundy graph examples/two-cycle.graph     (cycles: values ∞(K), draws; docs/loopy.md)\n");
  cmd->callback([options] { run_graph(*options); });
}

}  // namespace grundy::cli
