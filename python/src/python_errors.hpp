// grundy's C++ errors as the Python exceptions of grundy/errors.py:
//   InputError (a ValueError with .file, .line, .column, .detail), LimitError,
//   CycleError (with .cycle), and Cancelled as KeyboardInterrupt.
// GameError, for a user's game that misbehaves, is raised by python_game.cpp.
#pragma once

#include <pybind11/pybind11.h>

namespace grundy::python {

// Installs the translation of C++ exceptions for every binding of the module.
void register_error_translators();

// The classes of grundy/errors.py.
[[nodiscard]] pybind11::object game_error_type();
[[nodiscard]] pybind11::object cycle_error_type();

}  // namespace grundy::python
