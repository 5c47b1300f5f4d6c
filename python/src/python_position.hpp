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

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "grundy/context.hpp"
#include "grundy/position.hpp"
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
  // Held by the call computing in the run. A call from a second Python thread
  // meanwhile (the first released the GIL) runs in a fresh run with the same
  // settings instead of waiting with the GIL held.
  std::mutex busy;
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
  std::unique_lock<std::mutex> own;
  if (position.run) own = std::unique_lock<std::mutex>(position.run->busy, std::try_to_lock);
  std::optional<InterruptibleCall> call;
  if (own.owns_lock()) {
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
