#include "misere/position_forms.hpp"

#include "grundy/core/capabilities.hpp"

namespace grundy::misere {

PositionForms::PositionForms(Context& context, std::size_t memory_bytes, FollowerLimits limits)
    : forms_(memory_bytes, [&context] { context.poll(); }),
      genera_(forms_),
      classification_(forms_),
      graph_(context, limits) {}

GameId PositionForms::of(const ComponentPtr& component) {
  if (const auto* heap = capability<NimHeapEquivalent>(*component)) return forms_.nim_heap(heap->nim_heap());
  const std::uint32_t node = graph_.add(component);
  // Nodes come after the parts of their options: fill in order.
  while (node_forms_.size() <= node) {
    const auto next = static_cast<std::uint32_t>(node_forms_.size());
    std::vector<GameId> options;
    options.reserve(graph_.options(next).size());
    for (const std::vector<std::uint32_t>& parts : graph_.options(next)) {
      GameId sum = CanonicalForms::kZero;
      for (std::uint32_t part : parts) sum = forms_.sum(sum, node_forms_[part]);
      options.push_back(sum);
    }
    node_forms_.push_back(forms_.game(std::move(options)));
  }
  return node_forms_[node];
}

GameId PositionForms::of(const Position& position) {
  GameId sum = CanonicalForms::kZero;
  for (std::size_t i = 0; i < position.size(); ++i) sum = forms_.sum(sum, of(position.component(i)));
  return sum;
}

}  // namespace grundy::misere
