// The rest of what the CLI computes: the list of rulesets (`grundy value
// --help`), every vertex of a game graph file (`grundy graph`), and the
// multi-board format (`grundy boards`).
#include <pybind11/stl.h>

#include <fstream>
#include <sstream>

#include "bindings.hpp"
#include "grundy/game_graph/game_graph.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/interfaces/boards_command.hpp"
#include "grundy/language/registry.hpp"
#include "interruptible_call.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

py::list rulesets() {
  py::list out;
  for (const RulesetSpec& spec : Registry::builtin().specs()) {
    for (const RulesetHelp& help : spec.help) {
      py::dict entry;
      entry["name"] = spec.name;
      entry["syntax"] = help.syntax;
      entry["description"] = help.description;
      out.append(entry);
    }
  }
  return out;
}

py::dict graph_values(const std::string& path) {
  InterruptibleCall call;
  const auto [graph, values] = call.run(true, [&] {
    GameGraph loaded = GameGraph::load(path);
    std::vector<Nimber> all = loaded.all_values();
    return std::make_pair(std::move(loaded), std::move(all));
  });
  py::dict out;
  for (std::size_t v = 0; v < graph.size(); ++v) out[py::str(graph.name(static_cast<GameGraph::Vertex>(v)))] = values[v];
  return out;
}

// The answers as `grundy boards` prints them: one line per case, or JSON.
std::string boards(const std::string& path, const std::string& text, const std::string& game, bool json,
                   std::size_t memory, unsigned threads) {
  if (threads < 1 || threads > 2) throw InputError("threads must be 1 or 2, not " + std::to_string(threads));
  ContextOptions settings;
  settings.memory_bytes = memory;
  settings.threads = threads;
  InterruptibleCall call(settings);
  placement::BoardsOptions options;
  options.game = game;
  options.json = json;
  std::ostringstream out;
  call.run(true, [&] {
    if (path.empty()) {
      std::istringstream in(text);
      placement::run_boards(in, "<text>", options, out, call.context());
    } else {
      // The one reader (input_file.hpp): bounded, Ctrl-C heard while it waits.
      std::istringstream in(read_input_file(path, "boards file", [&call] { call.context().poll(); }));
      placement::run_boards(in, path, options, out, call.context());
    }
    return 0;
  });
  return out.str();
}

}  // namespace

void bind_builtins(py::module_& m) {
  m.def("rulesets", &rulesets,
        "Every built-in ruleset: a list of dicts with its name, how it is written and what it is.");
  m.def("_graph", &graph_values, py::arg("path"));
  m.def("_boards", &boards, py::arg("path"), py::arg("text"), py::arg("game"), py::arg("json"), py::arg("memory"),
        py::arg("threads"));
}

}  // namespace grundy::python
