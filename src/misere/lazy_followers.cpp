#include "misere/lazy_followers.hpp"

#include <limits>
#include <string>

#include "grundy/core/input_error.hpp"

namespace grundy::misere {
namespace {

// What a node costs beyond its text and options (the map entry, the deque
// slot, the component's object and its control block), and what a heap block
// costs beyond its bytes (malloc's header and rounding): round figures that
// keep the bound near the process's size (misère Sprouts of 7 spots: 692 MB
// resident, 354 MB counted before these were raised).
constexpr std::size_t kNodeBytes = 320;
constexpr std::size_t kBlockBytes = 32;

}  // namespace

std::uint32_t LazyFollowers::node(const ComponentPtr& component) {
  std::string text = component->text();
  if (auto it = by_text_.find(text); it != by_text_.end()) return it->second;
  if (nodes_.size() >= std::numeric_limits<std::uint32_t>::max()) {
    throw LimitError("the misère search met more than 2^32 different components");
  }
  const auto id = static_cast<std::uint32_t>(nodes_.size());
  bytes_ += kNodeBytes + 2 * (text.size() + kBlockBytes);
  nodes_.push_back(Node{component, false, {}});
  by_text_.emplace(std::move(text), id);
  return id;
}

const std::vector<std::vector<std::uint32_t>>& LazyFollowers::options(std::uint32_t id) {
  if (nodes_[id].listed) return nodes_[id].options;
  std::vector<std::vector<std::uint32_t>> options;
  // A copy: node() below may add to nodes_ (a deque: nodes_[id] stays put,
  // but the component is read while that happens).
  const ComponentPtr component = nodes_[id].component;
  component->for_each_option(context_, [&](ComponentOption&& option) {
    if (options.size() >= options_per_node_) {
      throw LimitError(excerpt(component->text(), 60) + " has more than " + std::to_string(options_per_node_) +
                       " options, more than the misère search lists for one component");
    }
    std::vector<std::uint32_t> parts;
    parts.reserve(option.after.size());
    for (std::size_t k = 0; k < option.after.size(); ++k) parts.push_back(node(option.after.component(k)));
    bytes_ += sizeof(parts) + kBlockBytes + parts.size() * sizeof(std::uint32_t);
    options.push_back(std::move(parts));
    return true;
  });
  Node& node = nodes_[id];
  node.options = std::move(options);
  node.listed = true;
  return node.options;
}

}  // namespace grundy::misere
