// Values by the definition alone: g(x) = mex{ g(y) : x -> y } over the options
// every component lists, and the sum of components by xor — the generic
// solver (solver.hpp) run on the options, ignoring every closed form, engine
// and proven pattern. It is the slow, obviously correct twin that the
// conformance suite holds every ruleset's fast answers equal to; it is only
// for positions with few reachable positions.
#pragma once

#include <cstddef>
#include <memory>

#include "grundy/core/context.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/position.hpp"

namespace grundy {

class DefinitionSolver {
 public:
  explicit DefinitionSolver(Context& context);
  ~DefinitionSolver();
  DefinitionSolver(const DefinitionSolver&) = delete;
  DefinitionSolver& operator=(const DefinitionSolver&) = delete;

  // Throws CycleError if the positions reachable from `position` form a cycle.
  [[nodiscard]] Nimber value(const Position& position);
  [[nodiscard]] std::size_t stored_positions() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace grundy
