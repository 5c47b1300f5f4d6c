#include "interruptible_call.hpp"

namespace grundy::python {

InterruptibleCall::InterruptibleCall(ContextOptions options)
    : own_(std::in_place, std::move(options)), context_(&*own_), caller_(std::this_thread::get_id()) {
  context_->set_poll_hook([this] { on_poll(); });
}

InterruptibleCall::InterruptibleCall(Context& run) : context_(&run), caller_(std::this_thread::get_id()) {
  context_->start_request();
  context_->set_poll_hook([this] { on_poll(); });
}

InterruptibleCall::~InterruptibleCall() {
  if (!own_) context_->set_poll_hook({});  // the hook refers to this call
  // Made and destroyed by a binding, with the GIL held.
  Py_XDECREF(pending_type_);
  Py_XDECREF(pending_value_);
  Py_XDECREF(pending_traceback_);
}

void InterruptibleCall::on_poll() {
  // Signals are delivered to Python's main thread only; a helper thread of an
  // engine has nothing to check and must not wait for the GIL.
  if (std::this_thread::get_id() != caller_) return;
  if (PyGILState_Check() != 0) {
    check_signals();
    // Let other Python threads run (a timer, a progress display), as the
    // interpreter does every few milliseconds; the computation touches no
    // Python object meanwhile.
    PyThreadState* state = PyEval_SaveThread();
    PyEval_RestoreThread(state);
  } else {
    pybind11::gil_scoped_acquire acquired;
    check_signals();
  }
}

void InterruptibleCall::check_signals() {
  if (pending_type_ != nullptr) {
    context_->request_stop();
    return;
  }
  if (PyErr_CheckSignals() != 0) {
    PyErr_Fetch(&pending_type_, &pending_value_, &pending_traceback_);
    context_->request_stop();
  }
}

void InterruptibleCall::raise_stop() {
  if (pending_type_ != nullptr) {
    PyErr_Restore(std::exchange(pending_type_, nullptr), std::exchange(pending_value_, nullptr),
                  std::exchange(pending_traceback_, nullptr));
  } else {
    // Stopped without a Python exception (a stop requested from C++).
    PyErr_SetNone(PyExc_KeyboardInterrupt);
  }
  throw pybind11::error_already_set();
}

}  // namespace grundy::python
