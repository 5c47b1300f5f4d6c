// The followers of components, listed one node at a time as a search asks
// for them: what the misère search of a sum (sum_search.hpp) walks.
//
// FollowerGraph lists every follower before anything is decided, which the
// genus and canonical forms need; a search does not: a won position is
// settled by its first winning move, so it looks at a small part of what
// follows. Misère Sprouts of 5 spots has more than 200000 followers (the
// graph's bound) and is decided by the search after far fewer.
//
// A node is a component named by its text (canonical: equal texts, equal
// games); its options are listed the first time they are asked for, each as
// the nodes of the parts a move leaves. References to a node's options stay
// valid while others are added (the nodes live in a deque).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/position.hpp"

namespace grundy::misere {

class LazyFollowers {
 public:
  // A component with more options than `options_per_node` is refused
  // (LimitError) as it is listed: a heap of 10^12 of an octal game would
  // otherwise list options until memory ran out.
  explicit LazyFollowers(Context& context, std::size_t options_per_node = 100'000)
      : context_(context), options_per_node_(options_per_node) {}

  // The node of this component; its options are not listed yet.
  std::uint32_t node(const ComponentPtr& component);

  // The options of a node, listed on the first call.
  const std::vector<std::vector<std::uint32_t>>& options(std::uint32_t node);

  [[nodiscard]] const ComponentPtr& component(std::uint32_t node) const { return nodes_[node].component; }
  [[nodiscard]] std::size_t size() const noexcept { return nodes_.size(); }
  // What the nodes hold: their texts, options and entries, roughly.
  [[nodiscard]] std::size_t bytes() const noexcept { return bytes_; }

 private:
  struct Node {
    ComponentPtr component;
    bool listed = false;
    std::vector<std::vector<std::uint32_t>> options;
  };

  Context& context_;
  std::size_t options_per_node_;
  std::deque<Node> nodes_;
  std::unordered_map<std::string, std::uint32_t> by_text_;
  std::size_t bytes_ = 0;
};

}  // namespace grundy::misere
