// Options of long placement searches (memory bound, saved table, progress,
// interruption) for code that reaches PlacementSolver only through the
// expression registry.
//
// Why a scoped session rather than a parameter: `grundy value` builds its
// components through make_placement_component(term), which every ruleset shares
// and which takes only the term. Threading options through the registry, the
// Component interface and analyze_sum would touch every game for the sake of
// one. Instead the command opens a SearchSession for the length of the run;
// while one is open, placement components take their solver from it (one solver
// per rule, shared by the components of that rule, so one table file and one
// memory bound cover them all). With no session open, nothing changes: each
// component owns a plain solver, as library users expect.
#pragma once

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "grundy/placement/rule.hpp"
#include "grundy/placement/solver.hpp"

namespace grundy::placement {

struct SearchOptions {
  std::size_t memory_bytes = 0;  // bound on all tables of the session together; 0 = none
  std::string table_path;        // loaded when the first solver is made (if the file exists), saved after
  double table_seconds = 60;     // between saves of table_path during the search
  bool progress = false;         // progress lines on `progress_out`
  double progress_after = 1.0;   // seconds of work before the first progress line
  bool progress_on_terminal = false;  // refresh one line in place (\r) instead of one line per report
  bool stop_on_signals = false;  // SIGINT/SIGTERM stop the search (SearchInterrupted) instead of killing it
  unsigned threads = 1;          // PlacementSolver::set_threads
};

// Thrown out of the search when SIGINT or SIGTERM arrived (stop_on_signals).
class SearchInterrupted : public std::runtime_error {
 public:
  SearchInterrupted() : std::runtime_error("the placement search was interrupted") {}
};

class SearchSession {
 public:
  // Installs itself as the current session (and the signal handlers, if asked);
  // sessions do not nest.
  SearchSession(SearchOptions options, std::ostream& progress_out);
  ~SearchSession();
  SearchSession(const SearchSession&) = delete;
  SearchSession& operator=(const SearchSession&) = delete;

  // The open session, or nullptr.
  [[nodiscard]] static SearchSession* current() noexcept;

  // The session's solver for `rule`, made on first use: memory bound applied,
  // table file loaded. A table file serves one rule: a second rule is refused.
  [[nodiscard]] std::shared_ptr<PlacementSolver> solver_for(const Rule& rule);

  // Writes the table file, if one was asked for and a solver exists; returns
  // whether it wrote.
  bool save();

  // Ends the progress line on a terminal, if one was written.
  void end_progress();

  [[nodiscard]] std::size_t loaded_positions() const noexcept { return loaded_; }
  [[nodiscard]] std::size_t stored_positions() const;
  [[nodiscard]] std::size_t searched_sums() const;
  [[nodiscard]] const SearchOptions& options() const noexcept { return options_; }

 private:
  using Clock = std::chrono::steady_clock;
  void poll();
  void report(bool last);

  SearchOptions options_;
  std::ostream* out_;
  std::vector<std::shared_ptr<PlacementSolver>> solvers_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_report_ = start_;
  Clock::time_point last_save_ = start_;
  bool reported_ = false;
  std::size_t loaded_ = 0;
  struct Signals;
  std::unique_ptr<Signals> signals_;
};

}  // namespace grundy::placement
