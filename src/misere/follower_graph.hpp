// The followers of some positions, as an explicit graph: what the general
// misère methods (tame genus, canonical forms, the search of the sum) work on,
// for components of any ruleset — heaps, boards, graph games, a user's C++ or
// Python game — through their options alone.
//
// Each component reachable from the ones added is a node, named by its text
// (which is canonical: equal texts, equal games); an option of a node is the
// list of nodes it leaves (a move can split a component). Nodes are numbered
// so that every option's parts come before the node that moves to them.
//
// Misère play needs the game to end: a component that can return to itself
// (a graph game with cycles, a loopy user game) is refused with InputError.
// The graph is bounded (nodes, options of one node, option entries in all):
// past a bound it throws LimitError, and the caller tries another method.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/position.hpp"

namespace grundy::misere {

struct FollowerLimits {
  std::size_t nodes = 200'000;
  std::size_t options_per_node = 100'000;
  std::size_t option_entries = 20'000'000;
};

class FollowerGraph {
 public:
  FollowerGraph(Context& context, FollowerLimits limits);

  // The node of this component, with all its followers.
  std::uint32_t add(const ComponentPtr& component);

  [[nodiscard]] std::size_t size() const noexcept { return nodes_.size(); }
  [[nodiscard]] const std::vector<std::vector<std::uint32_t>>& options(std::uint32_t node) const {
    return nodes_[node].options;
  }
  [[nodiscard]] const ComponentPtr& component(std::uint32_t node) const { return nodes_[node].component; }

 private:
  struct Node {
    ComponentPtr component;
    std::vector<std::vector<std::uint32_t>> options;
  };

  Context& context_;
  FollowerLimits limits_;
  std::vector<Node> nodes_;
  std::unordered_map<std::string, std::uint32_t> by_text_;
  std::size_t entries_ = 0;
};

}  // namespace grundy::misere
