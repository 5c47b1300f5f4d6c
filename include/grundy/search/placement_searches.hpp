// The region search of one run (the engine of placement boards): one solver
// per rule (shared by every board of that rule in the run), all of them in one
// share of the run's memory budget, each rule's table in the run's table file
// for it (table_store.hpp: loaded when its solver is made, saved periodically,
// at the end and on interruption), and progress lines. It lives in the run's
// Context (Context::shared), so it is never global and ends with the run.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/poll_scope.hpp"
#include "grundy/search/placement_options.hpp"
#include "grundy/placement/rule.hpp"
#include "grundy/search/placement_solver.hpp"

namespace grundy::placement {

class PlacementSearches {
 public:
  // What explain and --json name.
  static constexpr const char* kName = "region search";

  // The run's searches (made on first use; with a table file, a saver is
  // registered in the context).
  [[nodiscard]] static std::shared_ptr<PlacementSearches> of(Context& context);

  explicit PlacementSearches(Context& context);

  // The solver for `rule`, made on first use: threads, fast paths and the
  // rule's table file applied (a file that holds another rule's table is
  // refused with an InputError).
  [[nodiscard]] std::shared_ptr<PlacementSolver> solver_for(const Rule& rule);

  // Runs `search` with the solver polling the context (cancellation, progress
  // lines, periodic saves of the table files) and within what the run's
  // budget leaves the searches; what their tables hold is given back to the
  // budget after. The hook is removed afterwards, so a solver never refers to
  // a context that has ended.
  template <class F>
  auto with_polling(PlacementSolver& solver, Context& context, F&& search) {
    limit_memory(solver);
    const PollScope polling(solver, [this, &context] { tick(context); });
    const auto held = memory_.hold_at_end([this] { return table_bytes(); });
    return search();
  }

  // Writes the table file (if one was asked for and a solver exists); the line
  // to show, or nullopt.
  std::optional<std::string> save();

  [[nodiscard]] std::size_t loaded_positions() const noexcept { return loaded_; }
  [[nodiscard]] std::size_t stored_positions() const;
  [[nodiscard]] std::size_t searched_sums() const;
  [[nodiscard]] std::size_t table_bytes() const;  // all solvers' tables together

 private:
  using Clock = std::chrono::steady_clock;
  void tick(Context& context);
  // The solver's bound: the searches' share of the run's budget less what
  // the other rules' tables hold.
  void limit_memory(PlacementSolver& solver);

  ContextOptions options_;
  PlacementOptions placement_;  // the family's own settings of the run
  Context* context_;
  MemoryBudget::Share memory_;
  double save_seconds_;
  std::mutex mutex_;
  struct Kept {
    std::shared_ptr<PlacementSolver> solver;
    std::string table_path;  // "" : none
  };
  std::vector<Kept> solvers_;
  Clock::time_point last_save_ = Clock::now();
  std::size_t loaded_ = 0;
};

}  // namespace grundy::placement
