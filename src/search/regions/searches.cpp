#include "grundy/search/placement_searches.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "grundy/core/input_error.hpp"
#include "grundy/search/placement_reductions.hpp"
#include "grundy/search/table_store.hpp"

namespace grundy::placement {

std::shared_ptr<PlacementSearches> PlacementSearches::of(Context& context) {
  return context.shared<PlacementSearches>("placement searches", [&] {
    auto made = std::make_shared<PlacementSearches>(context);
    if (!search::TableStore::of(context).empty()) {
      // The context owns the searches, so the saver (run while the context
      // lives) may hold a plain pointer.
      PlacementSearches* searches = made.get();
      context.add_saver([searches] { return searches->save(); });
    }
    return made;
  });
}

PlacementSearches::PlacementSearches(Context& context)
    : options_(context.options()),
      placement_(placement_options(context.options())),
      context_(&context),
      memory_(context.memory_budget()),
      save_seconds_(search::TableStore::of(context).options().save_seconds) {}

std::shared_ptr<PlacementSolver> PlacementSearches::solver_for(const Rule& rule) {
  std::lock_guard lock(mutex_);
  for (const Kept& s : solvers_) {
    if (s.solver->rule().name == rule.name) return s.solver;
  }
  // The rule's table file, if the run keeps its tables (a second rule of a
  // run whose --table is one file is refused there, with the way out).
  std::string table_path = search::TableStore::of(*context_).path_for(kName, rule.name);
  auto solver = std::make_shared<PlacementSolver>(rule);
  solver->set_threads(std::min(options_.threads, 2U));  // the region search uses two at most
  // The mirror strategy is a declared fast path: off, every symmetric region is
  // searched by the definition.
  if (!options_.fast_paths.mirror_strategy) solver->set_reductions(kAllReductions & ~unsigned{kMirrorStrategy});
  switch (placement_.search) {
    case SearchChoice::requested_set: solver->set_search(PlacementSolver::Search::requested_set); break;
    case SearchChoice::outcome: solver->set_search(PlacementSolver::Search::outcome); break;
  }
  if (!table_path.empty() && std::filesystem::exists(table_path)) {
    limit_memory(*solver);
    solver->load_table(table_path);
    loaded_ += solver->stored_positions();
    memory_.hold(table_bytes() + solver->table_bytes());
  }
  solvers_.push_back(Kept{solver, std::move(table_path)});
  return solver;
}

void PlacementSearches::limit_memory(PlacementSolver& solver) {
  const std::size_t limit = memory_.limit();
  if (limit == 0) return;
  std::size_t others = 0;
  for (const Kept& s : solvers_)
    if (s.solver.get() != &solver) others += s.solver->table_bytes();
  solver.set_memory_limit(others >= limit ? 1 : limit - others);
}

std::size_t PlacementSearches::stored_positions() const {
  std::size_t n = 0;
  for (const Kept& s : solvers_) n += s.solver->stored_positions();
  return n;
}

std::size_t PlacementSearches::searched_sums() const {
  std::size_t n = 0;
  for (const Kept& s : solvers_) n += s.solver->searched_sums();
  return n;
}

std::size_t PlacementSearches::table_bytes() const {
  std::size_t n = 0;
  for (const Kept& s : solvers_) n += s.solver->table_bytes();
  return n;
}

std::optional<std::string> PlacementSearches::save() {
  std::string files;
  for (const Kept& s : solvers_) {
    if (s.table_path.empty()) continue;
    s.solver->save_table(s.table_path);
    files += (files.empty() ? "" : ", ") + s.table_path;
  }
  if (files.empty()) return std::nullopt;
  last_save_ = Clock::now();
  return "table " + files + " saved: " + std::to_string(stored_positions()) + " positions (" +
         std::to_string(loaded_) + " loaded, " + std::to_string(searched_sums()) + " search nodes)";
}

void PlacementSearches::tick(Context& context) {
  context.poll();
  if (context.progress_due()) {
    // The tables' room against the run's bound (--memory; by default half of
    // physical memory): how near a long search is to its flushes.
    constexpr double kMegabyte = 1024.0 * 1024.0;
    char bound[64];
    if (options_.memory_bytes == 0) {
      std::snprintf(bound, sizeof bound, "no bound");
    } else {
      std::snprintf(bound, sizeof bound, "of a %.0f MB bound", static_cast<double>(options_.memory_bytes) / kMegabyte);
    }
    char line[224];
    std::snprintf(line, sizeof line, "grundy: placement search: %zu positions stored (tables %.1f MB, %s), %zu search nodes, %.1f s",
                  stored_positions(), static_cast<double>(table_bytes()) / kMegabyte, bound, searched_sums(),
                  context.seconds());
    context.progress(line);
  }
  if (!search::TableStore::of(context).empty() &&
      std::chrono::duration<double>(Clock::now() - last_save_).count() >= save_seconds_) {
    // A periodic save that fails (disk full) must not stop the search: the save
    // at the end tries again and reports the reason with the answer.
    try {
      save();
    } catch (const InputError&) {
      last_save_ = Clock::now();
    }
  }
}

}  // namespace grundy::placement
