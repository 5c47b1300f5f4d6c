#include "collector_pace.hpp"

namespace py = pybind11;

namespace grundy::python {

void CollectorPace::raise() {
  // Python's error indicator kept aside meanwhile: a search may be ending
  // because of an error that is still set.
  const py::error_scope kept;
  try {
    const py::module_ gc = py::module_::import("gc");
    if (!gc.attr("isenabled")().cast<bool>()) return;
    const auto threshold = gc.attr("get_threshold")().cast<py::tuple>();
    for (int i = 0; i < 3; ++i) saved_[i] = threshold[static_cast<std::size_t>(i)].cast<long>();
    if (saved_[0] >= kSearchThreshold) return;
    gc.attr("set_threshold")(kSearchThreshold, saved_[1], saved_[2]);
    raised_ = true;
  } catch (const py::error_already_set&) {
    // The collector left as it was: the search is only slower.
  }
}

CollectorPace::~CollectorPace() {
  if (!raised_) return;
  const py::error_scope kept;
  try {
    const py::module_ gc = py::module_::import("gc");
    const auto threshold = gc.attr("get_threshold")().cast<py::tuple>();
    // Changed since it was raised: the newer setting stays.
    if (threshold[0].cast<long>() != kSearchThreshold) return;
    gc.attr("set_threshold")(saved_[0], saved_[1], saved_[2]);
  } catch (const py::error_already_set&) {
  }
}

}  // namespace grundy::python
