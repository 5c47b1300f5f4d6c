#include "python_errors.hpp"

#include <pybind11/stl.h>

#include <exception>
#include <string>

#include "grundy/core/context.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/solver.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

py::object errors_module() { return py::module_::import("grundy.errors"); }

// The Python exception of `type` for an InputError, with its place.
py::object python_error(const char* type, const InputError& error, py::kwargs extra = {}) {
  const SourceLocation& where = error.where();
  extra["detail"] = error.message();
  extra["file"] = where.file.empty() ? py::object(py::none()) : py::object(py::str(where.file));
  extra["line"] = where.line == 0 ? py::object(py::none()) : py::object(py::int_(where.line));
  extra["column"] = where.column == 0 ? py::object(py::none()) : py::object(py::int_(where.column));
  return errors_module().attr(type)(error.what(), **extra);
}

void set_error(const py::object& error) {
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
}

}  // namespace

py::object game_error_type() { return errors_module().attr("GameError"); }
py::object cycle_error_type() { return errors_module().attr("CycleError"); }

void register_error_translators() {
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      try {
        if (thrown) std::rethrow_exception(thrown);
      } catch (const CycleError& e) {
        py::kwargs extra;
        extra["cycle"] = py::cast(e.cycle());
        set_error(python_error("CycleError", e, extra));
      } catch (const LimitError& e) {
        set_error(python_error("LimitError", e));
      } catch (const InputError& e) {
        set_error(python_error("InputError", e));
      } catch (const Cancelled&) {
        // Stopped outside an InterruptibleCall's run(), which raises the
        // exception that stopped it; a bare stop is an interrupt.
        PyErr_SetNone(PyExc_KeyboardInterrupt);
      }
    } catch (py::error_already_set& e) {
      // Making the exception failed (grundy.errors not importable?): say so.
      e.restore();
    }
  });
}

std::string current_error_summary() {
  PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  std::string summary = type != nullptr ? reinterpret_cast<PyTypeObject*>(type)->tp_name : "error";
  if (value != nullptr) {
    if (PyObject* text = PyObject_Str(value)) {
      const char* utf8 = PyUnicode_AsUTF8(text);
      if (utf8 != nullptr && *utf8 != '\0') summary += std::string(": ") + utf8;
      Py_DECREF(text);
    }
    PyErr_Clear();  // a failing str() must not replace the error being described
  }
  PyErr_Restore(type, value, traceback);
  return summary;
}

bool error_is_exception() { return PyErr_ExceptionMatches(PyExc_Exception) != 0; }

}  // namespace grundy::python
