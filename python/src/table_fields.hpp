// The fields of a grundy.Table (grundy/table.py) that C++ fills: the pattern
// found in a table, and values as numpy arrays. Shared by the tables of
// built-in rules (table_bindings.cpp) and of a user's game (game_bindings.cpp).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <vector>

#include "grundy/core/nimber.hpp"
#include "grundy/core/sequence.hpp"

namespace grundy::python {

// kind ("periodic", "arithmetic", "none"), status ("proven", "detected",
// "none"), period, preperiod, saltus, proof (None where they do not apply).
[[nodiscard]] pybind11::dict pattern_fields(const Periodicity& pattern);

// The pattern of computed values: a period, else an arithmetic period, detected.
[[nodiscard]] pybind11::dict detected_pattern_fields(const std::vector<Nimber>& values);

// The values as a numpy array of uint64 that owns them.
[[nodiscard]] pybind11::array_t<Nimber> nimbers_to_numpy(std::vector<Nimber>&& values);

}  // namespace grundy::python
