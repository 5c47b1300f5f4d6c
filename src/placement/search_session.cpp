#include "grundy/placement/search_session.hpp"

#include <cstdio>
#include <filesystem>
#include <ostream>

#include "grundy/input_error.hpp"
#include "grundy/stop_signals.hpp"

namespace grundy::placement {

namespace {

SearchSession* g_current = nullptr;

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f s", s);
  return buf;
}

}  // namespace

// SIGINT/SIGTERM while the session lives: the shared flag (stop_signals.hpp).
struct SearchSession::Signals {
  StopSignals installed;
};

SearchSession::SearchSession(SearchOptions options, std::ostream& progress_out)
    : options_(std::move(options)), out_(&progress_out) {
  if (g_current != nullptr) throw std::logic_error("placement search sessions do not nest");
  if (options_.stop_on_signals) signals_ = std::make_unique<Signals>();
  g_current = this;
}

SearchSession::~SearchSession() {
  // An error cut the run short: end the in-place progress line so the error
  // message starts on a line of its own.
  if (reported_ && options_.progress_on_terminal) *out_ << '\n' << std::flush;
  g_current = nullptr;
}

SearchSession* SearchSession::current() noexcept { return g_current; }

std::shared_ptr<PlacementSolver> SearchSession::solver_for(const Rule& rule) {
  for (const auto& s : solvers_) {
    if (s->rule().name == rule.name) return s;
  }
  if (!options_.table_path.empty() && !solvers_.empty()) {
    throw InputError("--table keeps one rule's table, but the position has placement games of two rules (" +
                     solvers_.front()->rule().name + " and " + rule.name + ")");
  }
  auto solver = std::make_shared<PlacementSolver>(rule);
  solver->set_threads(options_.threads);
  solvers_.push_back(solver);
  // One bound for the whole session: solvers of different rules share it evenly.
  for (const auto& s : solvers_) s->set_memory_limit(options_.memory_bytes / solvers_.size());
  if (!options_.table_path.empty() && std::filesystem::exists(options_.table_path)) {
    solver->load_table(options_.table_path);
    loaded_ = solver->stored_positions();
  }
  solver->set_poll([this] { poll(); });
  return solver;
}

std::size_t SearchSession::stored_positions() const {
  std::size_t n = 0;
  for (const auto& s : solvers_) n += s->stored_positions();
  return n;
}

std::size_t SearchSession::searched_sums() const {
  std::size_t n = 0;
  for (const auto& s : solvers_) n += s->searched_sums();
  return n;
}

bool SearchSession::save() {
  if (options_.table_path.empty() || solvers_.empty()) return false;
  solvers_.front()->save_table(options_.table_path);
  last_save_ = Clock::now();
  return true;
}

void SearchSession::poll() {
  if (StopSignals::raised()) throw SearchInterrupted();
  const auto now = Clock::now();
  const auto seconds = [&](Clock::time_point since) { return std::chrono::duration<double>(now - since).count(); };
  if (options_.progress && seconds(start_) >= options_.progress_after && (!reported_ || seconds(last_report_) >= 1.0)) {
    report(false);
  }
  if (!options_.table_path.empty() && seconds(last_save_) >= options_.table_seconds) save();
}

void SearchSession::report(bool last) {
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  const std::string line = "grundy: placement search: " + std::to_string(stored_positions()) + " positions stored, " +
                           std::to_string(searched_sums()) + " outcome-search nodes, " + seconds_text(elapsed);
  if (options_.progress_on_terminal) {
    // Rewrite the same line; erase what a longer previous line left.
    *out_ << '\r' << line << "\x1b[K";
    if (last) *out_ << '\n';
  } else if (!last) {
    *out_ << line << '\n';
  }
  out_->flush();
  reported_ = true;
  last_report_ = Clock::now();
}

void SearchSession::end_progress() {
  if (reported_) report(true);
  reported_ = false;
}

}  // namespace grundy::placement
