// A position as Python holds it (grundy.Position), and how computations on
// positions run from Python.
//
// A Position is a plain value; what values it is a run (a Context). A position
// parsed from text keeps the run made for it: the settings given then
// (threads, memory, a placement table file) are that run's, and what the run
// computes (an engine's sequence, a placement search's table) serves every
// later call on the position, its options and its parts, as one CLI run would.
// A placement table is saved through the run at the end of each computation
// and when one is interrupted.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/position.hpp"
#include "interruptible_call.hpp"
#include "python_component.hpp"

namespace grundy::python {

// The settings of grundy.parse(…, threads=, memory=, table=, table_seconds=).
struct PythonSettings {
  unsigned threads = 1;
  std::size_t memory = 0;
  std::string table;
  double table_seconds = 60;

  [[nodiscard]] ContextOptions context_options() const;
  friend bool operator==(const PythonSettings&, const PythonSettings&) = default;
};

// The run a parsed position is valued in, kept across calls.
struct PythonRun {
  explicit PythonRun(const PythonSettings& given) : settings(given), context(given.context_options()) {}
  PythonSettings settings;
  Context context;
  // Set by the call computing in the run. A call meanwhile — from a second
  // Python thread (the first released the GIL), or from within the first (a
  // user's moves function valuing the same position) — runs in a fresh run
  // with the same settings instead of waiting, with the GIL held, for itself.
  std::atomic<bool> busy{false};
};

// Holds a run for one call, if no call holds it.
class RunClaim {
 public:
  explicit RunClaim(PythonRun* run) {
    bool idle = false;
    if (run != nullptr && run->busy.compare_exchange_strong(idle, true)) run_ = run;
  }
  ~RunClaim() {
    if (run_ != nullptr) run_->busy.store(false);
  }
  RunClaim(const RunClaim&) = delete;
  RunClaim& operator=(const RunClaim&) = delete;
  [[nodiscard]] bool held() const noexcept { return run_ != nullptr; }

 private:
  PythonRun* run_ = nullptr;
};

struct PythonPosition {
  Position position;
  // The run it is valued in; none (a user's game's positions): a fresh run
  // with the default settings for each call.
  std::shared_ptr<PythonRun> run;

  // A sum is valued in its parts' run. Parts parsed with different settings
  // have no one run: ValueError, naming the way out.
  friend PythonPosition operator+(const PythonPosition& a, const PythonPosition& b);
};

// Runs work(context) on `position` in its run, made interruptible: without
// the GIL unless it holds a Python game's component; the run's work saved
// afterwards (placement tables), also when interrupted.
template <class Work>
auto compute(const PythonPosition& position, Work&& work) -> decltype(work(std::declval<Context&>())) {
  const RunClaim claim(position.run.get());
  std::optional<InterruptibleCall> call;
  if (claim.held()) {
    call.emplace(position.run->context);
  } else {
    call.emplace(position.run ? position.run->settings.context_options() : ContextOptions{});
  }
  const bool release_gil = !calls_python(position.position);
  try {
    auto result = call->run(release_gil, [&] { return work(call->context()); });
    (void)call->context().save_work();
    return result;
  } catch (...) {
    (void)call->context().save_work();
    throw;
  }
}

}  // namespace grundy::python
