// The placement searches of one run: one solver per rule (shared by every board
// of that rule in the run), with the run's memory bound divided among them, the
// table file loaded into the first solver and saved periodically, at the end
// and on interruption, and progress lines. It lives in the run's Context
// (Context::shared), so it is never global and ends with the run.
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
#include "grundy/placement/options.hpp"
#include "grundy/placement/rule.hpp"
#include "grundy/placement/solver.hpp"

namespace grundy::placement {

class PlacementSearches {
 public:
  // The run's searches (made on first use; with a table file, a saver is
  // registered in the context).
  [[nodiscard]] static std::shared_ptr<PlacementSearches> of(Context& context);

  explicit PlacementSearches(const ContextOptions& options);

  // The solver for `rule`, made on first use: memory bound, threads, fast
  // paths and table file applied. A table file serves one rule: a second rule is
  // refused with an InputError.
  [[nodiscard]] std::shared_ptr<PlacementSolver> solver_for(const Rule& rule);

  // Runs `search` with the solver polling the context: cancellation, progress
  // lines, periodic saves of the table file. The hook is removed afterwards, so
  // a solver never refers to a context that has ended.
  template <class F>
  auto with_polling(PlacementSolver& solver, Context& context, F&& search) {
    const PollScope polling(solver, [this, &context] { tick(context); });
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

  ContextOptions options_;
  PlacementOptions placement_;  // the family's own settings of the run
  std::mutex mutex_;
  std::vector<std::shared_ptr<PlacementSolver>> solvers_;
  Clock::time_point last_save_ = Clock::now();
  std::size_t loaded_ = 0;
};

}  // namespace grundy::placement
