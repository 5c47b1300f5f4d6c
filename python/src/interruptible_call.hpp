// One computation started from Python: the Context it runs with, Ctrl-C as a
// stop request, and the GIL released while only C++ works.
//
// Python handles SIGINT by setting a flag that only the interpreter's own loop
// or PyErr_CheckSignals() turns into KeyboardInterrupt. A long C++ computation
// runs neither, so the Context's poll hook (called at most every 20 ms from
// inside every long computation) calls PyErr_CheckSignals() on the thread that
// made the call, taking the GIL if the computation had released it. When a
// signal handler raises, the exception is kept, the context is stopped, the
// computation throws Cancelled and unwinds, and run() raises the kept
// exception: KeyboardInterrupt for Ctrl-C, or whatever the user's own handler
// raised. Tables keep only finished values, so the module stays usable.
//
// A computation that holds the GIL throughout (a Python game's moves run as it
// goes) also lets other Python threads in at each poll, as the interpreter's
// loop would.
#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <thread>
#include <utility>

#include "grundy/core/context.hpp"

namespace grundy::python {

class InterruptibleCall {
 public:
  // A call in a fresh context with these settings.
  explicit InterruptibleCall(ContextOptions options = {});
  // A call in a context that outlives it (a parsed position's run), which no
  // other call uses meanwhile: a stop left by an earlier call is cleared, and
  // the poll hook is removed when the call ends.
  explicit InterruptibleCall(Context& run);
  ~InterruptibleCall();
  InterruptibleCall(const InterruptibleCall&) = delete;
  InterruptibleCall& operator=(const InterruptibleCall&) = delete;

  [[nodiscard]] Context& context() noexcept { return *context_; }

  // Runs `work` (without the GIL when `release_gil`), turning Cancelled into
  // the Python exception that stopped it. Only for work that touches no Python
  // object when the GIL is released.
  template <class Work>
  auto run(bool release_gil, Work&& work) -> decltype(work()) {
    try {
      if (release_gil) {
        pybind11::gil_scoped_release released;
        return work();
      }
      return work();
    } catch (const Cancelled&) {
      raise_stop();
    }
  }

  // The kept exception (or KeyboardInterrupt) as the current Python error,
  // thrown as error_already_set. For callers that catch Cancelled themselves
  // (a table run that returns "interrupted" after writing its checkpoint).
  [[noreturn]] void raise_stop();

 private:
  void on_poll();
  void check_signals();

  std::optional<Context> own_;  // a fresh call's context
  Context* context_;
  std::thread::id caller_;
  // The exception a signal handler raised (owned references), until raised.
  PyObject* pending_type_ = nullptr;
  PyObject* pending_value_ = nullptr;
  PyObject* pending_traceback_ = nullptr;
};

}  // namespace grundy::python
