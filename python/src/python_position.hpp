// A position as Python holds it (grundy.Position), and how computations on
// positions run from Python.
//
// A position parsed from text keeps the Context it was parsed in: the settings
// given then (threads, memory, a placement table file) were built into its
// components, and a placement search's table is saved through that context
// (at the end of each computation and when one is interrupted, as the CLI does).
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <vector>

#include "grundy/context.hpp"
#include "grundy/position.hpp"
#include "interruptible_call.hpp"
#include "python_component.hpp"

namespace grundy::python {

struct PythonPosition {
  Position position;
  // Where its components were parsed (none for a user's game's positions).
  std::vector<std::shared_ptr<Context>> origins;

  friend PythonPosition operator+(const PythonPosition& a, const PythonPosition& b);
};

// Saves the work of the contexts a position was parsed in (placement tables).
void save_work(const std::vector<std::shared_ptr<Context>>& origins);

// Runs work(context) on `position` in a fresh interruptible call with the
// settings it was parsed with: without the GIL unless it holds a Python game's
// component; its origins' work saved afterwards, also when interrupted.
template <class Work>
auto compute(const PythonPosition& position, Work&& work) -> decltype(work(std::declval<Context&>())) {
  InterruptibleCall call(position.origins.size() == 1 ? position.origins.front()->options() : ContextOptions{});
  const bool release_gil = !calls_python(position.position);
  try {
    auto result = call.run(release_gil, [&] { return work(call.context()); });
    save_work(position.origins);
    return result;
  } catch (...) {
    save_work(position.origins);
    throw;
  }
}

}  // namespace grundy::python
