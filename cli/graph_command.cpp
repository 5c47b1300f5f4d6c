// grundy graph FILE: the value of every vertex of a game graph file.
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "commands.hpp"
#include "grundy/game_graph.hpp"

namespace grundy::cli {
namespace {

struct GraphOptions {
  std::string file;
  bool json = false;
};

void run_graph(const GraphOptions& options) {
  const GameGraph graph = GameGraph::load(options.file);
  const std::vector<Nimber> values = graph.all_values();
  std::size_t losing = 0;
  for (Nimber v : values) losing += v == 0;
  if (options.json) {
    nlohmann::json j{{"file", options.file}, {"vertices", graph.size()}, {"edges", graph.edge_count()},
                     {"p_positions", losing}};
    j["values"] = nlohmann::json::object();
    for (std::size_t v = 0; v < graph.size(); ++v) j["values"][graph.name(static_cast<GameGraph::Vertex>(v))] = values[v];
    std::cout << j.dump(2) << "\n";
    return;
  }
  std::cout << "Graph: " << options.file << " (" << graph.size() << " vertices, " << graph.edge_count()
            << " moves)\n";
  for (std::size_t v = 0; v < graph.size(); ++v) {
    std::cout << "  " << graph.name(static_cast<GameGraph::Vertex>(v)) << "  g = " << values[v]
              << (values[v] == 0 ? "  (P: the player to move loses)" : "") << "\n";
  }
  std::cout << losing << " P-position" << (losing == 1 ? "" : "s") << "\n";
}

}  // namespace

void register_graph_command(CLI::App& app) {
  auto options = std::make_shared<GraphOptions>();
  CLI::App* cmd = app.add_subcommand("graph", "Nim-values of every vertex of a game graph file");
  cmd->add_option("file", options->file, "graph file (format: docs/graph-format.md)")->required();
  cmd->add_flag("--json", options->json, "print JSON");
  cmd->footer("\nExample:\n  grundy graph examples/textbook.graph\n  grundy value 'graph(@examples/textbook.graph)(start)'\n");
  cmd->callback([options] { run_graph(*options); });
}

}  // namespace grundy::cli
