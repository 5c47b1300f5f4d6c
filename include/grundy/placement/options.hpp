// The placement family's own settings of a run: the table file that keeps a
// long search's work, and which search values the large parts. The front ends
// set them in ContextOptions::families (the CLI's --table, --table-seconds and
// --search; the Python module's table=, table_seconds=; a census's
// checkpoints); a run that sets none gets these defaults.
#pragma once

#include <string>

#include "grundy/core/context.hpp"

namespace grundy::placement {

// Which search values the large parts of placement boards (both exact; see
// PlacementSolver::Search).
enum class SearchChoice { requested_set, outcome };

struct PlacementOptions {
  // A table file loaded when the first solver is made and saved every
  // `table_seconds` during the search, at the end and on interruption; empty:
  // none.
  std::string table_path;
  double table_seconds = 60;
  SearchChoice search = SearchChoice::requested_set;
};

// The run's placement settings, or the defaults.
[[nodiscard]] inline PlacementOptions placement_options(const ContextOptions& options) {
  const PlacementOptions* set = options.families.find<PlacementOptions>();
  return set != nullptr ? *set : PlacementOptions{};
}

}  // namespace grundy::placement
