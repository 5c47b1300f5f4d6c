// grundy._grundy: the compiled half of the Python package (python/grundy/ is
// the other). Each part is bound in a file of its own (bindings.hpp).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>

#include "bindings.hpp"
#include "python_errors.hpp"

PYBIND11_MODULE(_grundy, m) {
  m.doc() = "grundy's C++ core for Python; use the package `grundy`, which wraps it.";
  // pybind11 looks numpy up on first use, inside function-local statics whose
  // initialisation imports numpy (Python code, which lets other threads run): a
  // second thread reaching the same static then waits for it holding the GIL,
  // a deadlock. Done here, at import, under the import lock, it happens once.
  (void)pybind11::array_t<std::uint16_t>(0);
  (void)pybind11::array_t<std::uint64_t>(0);
  grundy::python::register_error_translators();
  grundy::python::bind_values(m);
  grundy::python::bind_positions(m);
  grundy::python::bind_analysis(m);
  grundy::python::bind_tables(m);
  grundy::python::bind_game(m);
  grundy::python::bind_builtins(m);
  grundy::python::bind_misere(m);
  grundy::python::bind_patterns(m);
}
