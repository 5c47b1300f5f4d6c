// Values in Python: a nimber is a plain int; ∞(K), the value of a position of a
// game with cycles that can be kept from ending (value.hpp), is an
// InfiniteValue that prints as ∞(0,1) and knows K and its outcome.
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include "bindings.hpp"

namespace py = pybind11;

namespace grundy::python {

py::object to_python(const Value& value) {
  if (value.is_finite()) return py::int_(value.nimber());
  return py::cast(value);
}

py::str outcome_letter(Outcome outcome) { return py::str(to_string(outcome)); }

void bind_values(py::module_& m) {
  py::class_<Value>(m, "InfiniteValue",
                    "∞(K): a position that can be kept from ending (a game with cycles). K, the finite values "
                    "among its options, is `reachable`; it wins for the player to move when 0 is in K, and is "
                    "a draw otherwise.")
      .def_property_readonly("reachable",
                             [](const Value& v) { return py::tuple(py::cast(v.reachable())); })
      .def_property_readonly("outcome", [](const Value& v) { return outcome_letter(v.outcome()); })
      .def("__str__", &Value::to_string)
      .def("__repr__", [](const Value& v) { return "InfiniteValue('" + v.to_string() + "')"; })
      .def(py::self == py::self)
      .def("__hash__", [](const Value& v) { return py::hash(py::str(v.to_string())); });
}

}  // namespace grundy::python
