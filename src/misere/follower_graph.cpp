#include "misere/follower_graph.hpp"

#include <unordered_set>

#include "grundy/core/input_error.hpp"

namespace grundy::misere {
namespace {

struct Frame {
  ComponentPtr component;
  std::string text;
  std::vector<std::vector<ComponentPtr>> options;
  std::size_t option = 0;  // the next part to resolve: options[option][part]
  std::size_t part = 0;
};

}  // namespace

FollowerGraph::FollowerGraph(Context& context, FollowerLimits limits) : context_(context), limits_(limits) {}

std::uint32_t FollowerGraph::add(const ComponentPtr& root) {
  std::string root_text = root->text();
  if (auto it = by_text_.find(root_text); it != by_text_.end()) return it->second;
  std::vector<Frame> stack;
  std::unordered_set<std::string> open;
  auto push = [&](const ComponentPtr& component, std::string text) {
    if (nodes_.size() + stack.size() >= limits_.nodes) {
      throw LimitError("more than " + std::to_string(limits_.nodes) + " positions follow " + excerpt(root_text, 60));
    }
    Frame frame{component, std::move(text), {}, 0, 0};
    component->for_each_option(context_, [&](ComponentOption&& option) {
      if (frame.options.size() >= limits_.options_per_node) {
        throw LimitError(excerpt(frame.text, 60) + " has more than " + std::to_string(limits_.options_per_node) +
                         " options");
      }
      std::vector<ComponentPtr> parts(option.after.components().begin(), option.after.components().end());
      entries_ += parts.size() + 1;
      if (entries_ > limits_.option_entries) {
        throw LimitError("the positions that follow " + excerpt(root_text, 60) + " have too many options");
      }
      frame.options.push_back(std::move(parts));
      return true;
    });
    open.insert(frame.text);
    stack.push_back(std::move(frame));
  };
  push(root, root_text);  // a copy: the messages above name the root
  while (!stack.empty()) {
    context_.charge();  // one part looked at
    Frame& frame = stack.back();
    // Find the next part that has no node yet.
    bool descended = false;
    while (frame.option < frame.options.size()) {
      const std::vector<ComponentPtr>& parts = frame.options[frame.option];
      if (frame.part >= parts.size()) {
        ++frame.option;
        frame.part = 0;
        continue;
      }
      const ComponentPtr& part = parts[frame.part];
      std::string text = part->text();
      if (by_text_.count(text) != 0) {
        ++frame.part;
        continue;
      }
      if (open.count(text) != 0) {
        throw InputError("misère play needs games that end, and " + excerpt(text, 60) +
                         " can come back to itself (a game with cycles)");
      }
      push(part, std::move(text));
      descended = true;
      break;
    }
    if (descended) continue;
    // Every part is a node: this component becomes one.
    Node node;
    node.component = frame.component;
    node.options.reserve(frame.options.size());
    for (const std::vector<ComponentPtr>& parts : frame.options) {
      std::vector<std::uint32_t> ids;
      ids.reserve(parts.size());
      for (const ComponentPtr& part : parts) ids.push_back(by_text_.at(part->text()));
      node.options.push_back(std::move(ids));
    }
    const auto id = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(std::move(node));
    open.erase(frame.text);
    by_text_.emplace(std::move(frame.text), id);
    stack.pop_back();
  }
  return by_text_.at(root->text());
}

}  // namespace grundy::misere
