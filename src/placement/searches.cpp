#include "grundy/placement/searches.hpp"

#include <cstdio>
#include <filesystem>

#include "grundy/core/input_error.hpp"
#include "grundy/placement/reductions.hpp"

namespace grundy::placement {

std::shared_ptr<PlacementSearches> PlacementSearches::of(Context& context) {
  return context.shared<PlacementSearches>("placement searches", [&] {
    auto made = std::make_shared<PlacementSearches>(context.options());
    if (!placement_options(context.options()).table_path.empty()) {
      // The context owns the searches, so the saver (run while the context
      // lives) may hold a plain pointer.
      PlacementSearches* searches = made.get();
      context.add_saver([searches] { return searches->save(); });
    }
    return made;
  });
}

PlacementSearches::PlacementSearches(const ContextOptions& options)
    : options_(options), placement_(placement_options(options)) {}

std::shared_ptr<PlacementSolver> PlacementSearches::solver_for(const Rule& rule) {
  std::lock_guard lock(mutex_);
  for (const auto& s : solvers_) {
    if (s->rule().name == rule.name) return s;
  }
  if (!placement_.table_path.empty() && !solvers_.empty()) {
    throw InputError("--table keeps one rule's table, but the position has placement games of two rules (" +
                     solvers_.front()->rule().name + " and " + rule.name + ")");
  }
  auto solver = std::make_shared<PlacementSolver>(rule);
  solver->set_threads(options_.threads);
  // The mirror strategy is a declared fast path: off, every symmetric region is
  // searched by the definition.
  if (!options_.fast_paths.mirror_strategy) solver->set_reductions(kAllReductions & ~unsigned{kMirrorStrategy});
  switch (placement_.search) {
    case SearchChoice::requested_set: solver->set_search(PlacementSolver::Search::requested_set); break;
    case SearchChoice::outcome: solver->set_search(PlacementSolver::Search::outcome); break;
  }
  solvers_.push_back(solver);
  // One bound for the run: solvers of different rules share it evenly.
  for (const auto& s : solvers_) s->set_memory_limit(options_.memory_bytes / solvers_.size());
  if (!placement_.table_path.empty() && std::filesystem::exists(placement_.table_path)) {
    solver->load_table(placement_.table_path);
    loaded_ = solver->stored_positions();
  }
  return solver;
}

std::size_t PlacementSearches::stored_positions() const {
  std::size_t n = 0;
  for (const auto& s : solvers_) n += s->stored_positions();
  return n;
}

std::size_t PlacementSearches::searched_sums() const {
  std::size_t n = 0;
  for (const auto& s : solvers_) n += s->searched_sums();
  return n;
}

std::size_t PlacementSearches::table_bytes() const {
  std::size_t n = 0;
  for (const auto& s : solvers_) n += s->table_bytes();
  return n;
}

std::optional<std::string> PlacementSearches::save() {
  if (placement_.table_path.empty() || solvers_.empty()) return std::nullopt;
  solvers_.front()->save_table(placement_.table_path);
  last_save_ = Clock::now();
  return "table " + placement_.table_path + " saved: " + std::to_string(stored_positions()) + " positions (" +
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
  if (!placement_.table_path.empty() &&
      std::chrono::duration<double>(Clock::now() - last_save_).count() >= placement_.table_seconds) {
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
