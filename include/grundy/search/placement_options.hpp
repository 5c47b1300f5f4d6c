// The region search's own setting of a run: which search values the large
// parts (the CLI's --search). The front ends set it in
// ContextOptions::families; a run that sets none gets the default. (Its table
// file is the run's one persistence: table_store.hpp.)
#pragma once

#include "grundy/core/context.hpp"

namespace grundy::placement {

// Which search values the large parts of placement boards (both exact; see
// PlacementSolver::Search).
enum class SearchChoice { requested_set, outcome };

struct PlacementOptions {
  SearchChoice search = SearchChoice::requested_set;
};

// The run's placement settings, or the defaults.
[[nodiscard]] inline PlacementOptions placement_options(const ContextOptions& options) {
  const PlacementOptions* set = options.families.find<PlacementOptions>();
  return set != nullptr ? *set : PlacementOptions{};
}

}  // namespace grundy::placement
