// The value of every vertex of a game graph file, with cycles or without.
//
// Without a cycle: the Sprague–Grundy function, by one pass in reverse
// topological order (GameGraph::all_values, linear). With cycles: the
// generalized Sprague–Grundy function γ and its counter (loopy_labelling.hpp):
// a nimber or ∞(K) for each vertex, K the finite values of its followers.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/game_graph/game_graph.hpp"
#include "grundy/search/loopy_labelling.hpp"
#include "grundy/core/value.hpp"

namespace grundy {

class GameGraphValues {
 public:
  GameGraphValues() = default;

  // Values every vertex of `graph`. Throws LimitError (memory bound), Cancelled.
  [[nodiscard]] static GameGraphValues compute(const GameGraph& graph, Context& context);

  [[nodiscard]] bool has_cycles() const noexcept { return has_cycles_; }
  [[nodiscard]] std::size_t size() const noexcept { return label_.size(); }

  [[nodiscard]] bool is_finite(GameGraph::Vertex v) const noexcept { return label_[v] != kInfiniteLabel; }
  // γ(v) as a Value: K of ∞(K) is read from v's followers, so the graph the
  // values were computed for must be given.
  [[nodiscard]] Value value(const GameGraph& graph, GameGraph::Vertex v) const;
  // Whether γ(v) is the nimber `target` (without building ∞(K)).
  [[nodiscard]] bool has_value(GameGraph::Vertex v, Nimber target) const noexcept {
    return label_[v] != kInfiniteLabel && label_[v] == target;
  }
  [[nodiscard]] Outcome outcome(const GameGraph& graph, GameGraph::Vertex v) const;
  // c(v) of the labelling, for a finite value in a graph with cycles; nullopt
  // otherwise (without cycles every play ends, so no counter is needed).
  [[nodiscard]] std::optional<std::uint32_t> counter(GameGraph::Vertex v) const;
  // Stages of the loopy labelling (0 without cycles).
  [[nodiscard]] std::uint32_t stages() const noexcept { return stages_; }

 private:
  bool has_cycles_ = false;
  std::vector<LoopyLabel> label_;
  std::vector<std::uint32_t> counter_;  // empty without cycles
  std::uint32_t stages_ = 0;
};

}  // namespace grundy
