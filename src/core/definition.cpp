#include "grundy/core/definition.hpp"

#include <functional>
#include <string>
#include <vector>

#include "grundy/core/solver.hpp"

namespace grundy {
namespace {

// A sum of components as a position of the generic solver: the solver splits
// it into its components (the Sprague–Grundy theorem) and asks each single
// component for its options.
struct Node {
  std::vector<ComponentPtr> parts;
  std::string key;  // the parts' texts, which are canonical

  Node() = default;
  explicit Node(std::vector<ComponentPtr> p) : parts(std::move(p)) {
    for (const ComponentPtr& c : parts) key += c->text() + " + ";
  }
  friend bool operator==(const Node& a, const Node& b) { return a.key == b.key; }
};

struct OptionsGame {
  Context* context;
  using Position = Node;

  void moves(const Node& node, std::vector<Node>& out) const {
    // Called on single components only (components() below).
    node.parts.front()->for_each_option(*context, [&](ComponentOption&& option) {
      out.emplace_back(option.after.components());
      return true;
    });
  }
  void components(const Node& node, std::vector<Node>& out) const {
    for (const ComponentPtr& c : node.parts) out.emplace_back(std::vector<ComponentPtr>{c});
  }
  std::size_t hash(const Node& node) const { return std::hash<std::string>{}(node.key); }
  std::string describe(const Node& node) const { return node.key; }
};

}  // namespace

struct DefinitionSolver::Impl {
  OptionsGame game;
  Solver<OptionsGame> solver;
  explicit Impl(Context& context) : game{&context}, solver(game) {
    solver.set_poll([&context] { context.poll(); });
  }
};

DefinitionSolver::DefinitionSolver(Context& context) : impl_(std::make_unique<Impl>(context)) {}
DefinitionSolver::~DefinitionSolver() = default;

Nimber DefinitionSolver::value(const Position& position) {
  if (position.empty()) return 0;
  return impl_->solver.value(Node(position.components()));
}

std::size_t DefinitionSolver::stored_positions() const { return impl_->solver.stored_positions(); }

}  // namespace grundy
