// Misère canonical forms of positions of any ruleset (heaps, boards, graph
// games, a user's C++ or Python game): each component's form from the forms of
// its followers (FollowerGraph), the form of a sum the canonical sum of its
// components' forms. Nim heaps skip their followers (*n is known). Bounded by
// the follower graph's limits and the table's memory (LimitError past them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/misere/canonical_forms.hpp"
#include "grundy/misere/classification.hpp"
#include "grundy/misere/genus.hpp"
#include "grundy/core/position.hpp"
#include "misere/follower_graph.hpp"

namespace grundy::misere {

class PositionForms {
 public:
  PositionForms(Context& context, std::size_t memory_bytes, FollowerLimits limits = {});

  [[nodiscard]] GameId of(const ComponentPtr& component);
  [[nodiscard]] GameId of(const Position& position);

  [[nodiscard]] CanonicalForms& forms() noexcept { return forms_; }
  [[nodiscard]] Genera& genera() noexcept { return genera_; }
  [[nodiscard]] Classification& classification() noexcept { return classification_; }

 private:
  CanonicalForms forms_;
  Genera genera_;
  Classification classification_;
  FollowerGraph graph_;
  std::vector<GameId> node_forms_;  // by graph node, filled in node order
};

}  // namespace grundy::misere
