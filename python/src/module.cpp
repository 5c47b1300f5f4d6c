// grundy._grundy: the compiled half of the Python package (python/grundy/ is
// the other). Each part is bound in a file of its own (bindings.hpp).
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "python_errors.hpp"

PYBIND11_MODULE(_grundy, m) {
  m.doc() = "grundy's C++ core for Python; use the package `grundy`, which wraps it.";
  grundy::python::register_error_translators();
  grundy::python::bind_values(m);
  grundy::python::bind_positions(m);
  grundy::python::bind_analysis(m);
  grundy::python::bind_tables(m);
  grundy::python::bind_game(m);
  grundy::python::bind_builtins(m);
}
