// grundy's C++ errors as the Python exceptions of grundy/errors.py:
//   InputError (a ValueError with .file, .line, .column, .detail), LimitError,
//   CycleError (with .cycle), and Cancelled as KeyboardInterrupt.
// GameError, for a user's game that misbehaves, is raised by python_game.cpp.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

namespace grundy::python {

// Installs the translation of C++ exceptions for every binding of the module.
void register_error_translators();

// The classes of grundy/errors.py.
[[nodiscard]] pybind11::object game_error_type();
[[nodiscard]] pybind11::object cycle_error_type();

// "ZeroDivisionError: division by zero" for the current Python error (kept set).
[[nodiscard]] std::string current_error_summary();
// True when the current Python error is an Exception (a bug in the user's
// code, reported as GameError); KeyboardInterrupt and SystemExit are not, and
// go through unchanged.
[[nodiscard]] bool error_is_exception();

}  // namespace grundy::python
