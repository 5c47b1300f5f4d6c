// A reference to a Python object that C++ code may copy and drop anywhere:
// copying and dropping take the GIL (PyGILState_Ensure, which is cheap and
// nests when the thread holds it already). A position of a user's game lives
// in grundy's positions, and their last owner may let go of it in a thread
// that does not hold the GIL (a worker, a destructor at exit); after the
// interpreter is gone nothing is given back (nothing is left to give it to).
#pragma once

#include <pybind11/pybind11.h>

#include <utility>

namespace grundy::python {

class PythonReference {
 public:
  PythonReference() = default;
  // Borrows `object` (a new reference is taken: the GIL must be held).
  explicit PythonReference(pybind11::handle object) : object_(object.ptr()) { Py_XINCREF(object_); }
  PythonReference(const PythonReference& other) : object_(other.object_) {
    if (object_ == nullptr) return;
    if (PyGILState_Check() != 0) {  // nearly always: computations on Python positions hold the GIL
      Py_INCREF(object_);
      return;
    }
    const PyGILState_STATE state = PyGILState_Ensure();
    Py_INCREF(object_);
    PyGILState_Release(state);
  }
  PythonReference(PythonReference&& other) noexcept : object_(std::exchange(other.object_, nullptr)) {}
  PythonReference& operator=(PythonReference other) noexcept {
    std::swap(object_, other.object_);
    return *this;
  }
  ~PythonReference() {
    if (object_ == nullptr || Py_IsInitialized() == 0) return;
    if (PyGILState_Check() != 0) {
      Py_DECREF(object_);
      return;
    }
    const PyGILState_STATE state = PyGILState_Ensure();
    Py_DECREF(object_);
    PyGILState_Release(state);
  }

  [[nodiscard]] pybind11::handle handle() const noexcept { return object_; }
  [[nodiscard]] PyObject* ptr() const noexcept { return object_; }

 private:
  PyObject* object_ = nullptr;
};

}  // namespace grundy::python
