// The parts of the extension module grundy._grundy, one file each; module.cpp
// calls them in order (a class is bound before the functions that return it).
#pragma once

#include <pybind11/pybind11.h>

#include "grundy/core/value.hpp"

namespace grundy::python {

void bind_values(pybind11::module_& m);      // InfiniteValue; values as Python ints
void bind_positions(pybind11::module_& m);   // Position, Option, parse, load
void bind_analysis(pybind11::module_& m);    // Result, Move, analyze
void bind_tables(pybind11::module_& m);      // table of a built-in heap rule, pattern detection
void bind_game(pybind11::module_& m);        // Game: a user's game in Python
void bind_builtins(pybind11::module_& m);    // rulesets, graph files, the multi-board format
void bind_misere(pybind11::module_& m);      // misère quotients and canonical forms
void bind_patterns(pybind11::module_& m);    // laws across a family of games (grundy.pattern)

// A Value for Python: an int, or a grundy.InfiniteValue.
[[nodiscard]] pybind11::object to_python(const Value& value);

// "P", "N" or "D".
[[nodiscard]] pybind11::str outcome_letter(Outcome outcome);

}  // namespace grundy::python
