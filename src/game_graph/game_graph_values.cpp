#include "grundy/game_graph/game_graph_values.hpp"

#include <algorithm>

#include "grundy/core/input_error.hpp"
#include "grundy/core/solver.hpp"

namespace grundy {

GameGraphValues GameGraphValues::compute(const GameGraph& graph, Context& context) {
  GameGraphValues out;
  std::vector<Nimber> acyclic;
  try {
    acyclic = graph.all_values();
  } catch (const CycleError&) {
    out.has_cycles_ = true;
  }
  if (!out.has_cycles_) {
    // g(v) <= out-degree < 2^32 - 1, so the labels hold every value.
    out.label_.assign(acyclic.begin(), acyclic.end());
    return out;
  }
  LoopyLabelling labelling = label_loopy_graph(LoopyGraph{graph.row_offsets(), graph.edge_targets(), {}}, context);
  out.label_ = std::move(labelling.label);
  out.counter_ = std::move(labelling.counter);
  out.stages_ = labelling.stages;
  return out;
}

Value GameGraphValues::value(const GameGraph& graph, GameGraph::Vertex v) const {
  if (label_[v] != kInfiniteLabel) return Value(Nimber{label_[v]});
  std::vector<Nimber> reachable;
  for (GameGraph::Vertex w : graph.successors(v)) {
    if (label_[w] != kInfiniteLabel) reachable.push_back(label_[w]);
  }
  return Value::infinite(std::move(reachable));
}

Outcome GameGraphValues::outcome(const GameGraph& graph, GameGraph::Vertex v) const {
  if (label_[v] != kInfiniteLabel) return label_[v] == 0 ? Outcome::P : Outcome::N;
  const auto next = graph.successors(v);
  return std::any_of(next.begin(), next.end(), [&](GameGraph::Vertex w) { return label_[w] == 0; }) ? Outcome::N
                                                                                                   : Outcome::D;
}

std::optional<std::uint32_t> GameGraphValues::counter(GameGraph::Vertex v) const {
  if (!has_cycles_ || label_[v] == kInfiniteLabel) return std::nullopt;
  return counter_[v];
}

}  // namespace grundy
