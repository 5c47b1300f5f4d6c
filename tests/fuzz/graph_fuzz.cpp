// Game graph files (docs/graph-format.md), through the text parser that
// `graph(@FILE)` and `grundy graph FILE` use: any bytes are a graph or a
// one-line InputError naming the file. A graph is then valued twice — by its own
// linear-time evaluator and by the generic solver — and the two must agree, or
// both must report the cycle.
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_support.hpp"
#include "grundy/game_graph/game_graph.hpp"
#include "grundy/core/solver.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  GameGraph graph;
  try {
    graph = GameGraph::parse(in, "fuzz.graph");
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
    if (error.where().file != "fuzz.graph") fuzz::fail("a graph error does not name its file", error.what());
    return 0;
  }
  if (graph.size() == 0) fuzz::fail("a graph without vertices was accepted", "");
  for (GameGraph::Vertex v = 0; v < graph.size(); ++v) {
    if (graph.find(graph.name(v)) != v) fuzz::fail("a vertex is not found by its name", graph.name(v));
  }
  std::vector<Nimber> values;
  bool cyclic = false;
  try {
    values = graph.all_values();
  } catch (const CycleError& error) {
    fuzz::check_refusal(error);
    cyclic = true;
  }
  Solver<GameGraph> solver(graph);
  bool solver_saw_cycle = false;
  for (GameGraph::Vertex v = 0; v < graph.size(); ++v) {
    try {
      const Nimber g = solver.value(v);
      if (!cyclic && g != values[v]) fuzz::fail("the solver and the evaluator disagree", graph.name(v));
    } catch (const CycleError& error) {
      // The solver stays usable after a cycle (its marks are undone): go on.
      fuzz::check_refusal(error);
      if (!cyclic) fuzz::fail("the solver found a cycle the evaluator did not", graph.name(v));
      solver_saw_cycle = true;
    }
  }
  if (cyclic && !solver_saw_cycle) fuzz::fail("the evaluator found a cycle the solver did not", "");
  return 0;
}
