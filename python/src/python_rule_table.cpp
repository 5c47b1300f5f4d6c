#include "python_rule_table.hpp"

#include <string>

#include "grundy/core/input_error.hpp"
#include "grundy/core/solver_tables.hpp"
#include "python_errors.hpp"
#include "python_game.hpp"

namespace py = pybind11;

namespace grundy::python {

PythonRuleTable::PythonRuleTable(const PythonRule& rule, std::size_t /*initial_capacity*/)
    : rule_(&rule), dense_end_(rule.game().dense_end()) {}

bool PythonRuleTable::dense_index(PyObject* position, std::size_t& index) const noexcept {
  // Exact ints only: an int subclass (bool, IntEnum) may compare and hash as
  // it likes, so it is a key like any other.
  if (dense_end_ == 0 || !PyLong_CheckExact(position)) return false;
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(position, &overflow);
  if (overflow != 0 || v < 0 || static_cast<unsigned long long>(v) >= dense_end_) return false;
  index = static_cast<std::size_t>(v);
  return true;
}

bool PythonRuleTable::mirror_index(PyObject* position, std::size_t end, std::size_t& index) const noexcept {
  if (dense_end_ != 0 || !PyLong_CheckExact(position)) return false;
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(position, &overflow);
  if (overflow != 0 || v < 0 || static_cast<unsigned long long>(v) >= end) return false;
  index = static_cast<std::size_t>(v);
  return true;
}

Nimber PythonRuleTable::finished_int_value(PyObject* exact_int) const noexcept {
  Nimber value = kEmpty;
  std::size_t i = 0;
  if (dense_index(exact_int, i)) {
    value = dense_.find(i);
  } else if (mirror_index(exact_int, mirror_.size() == 0 ? 0 : ~std::size_t{0}, i) &&
             (value = mirror_.find(i)) != kEmpty) {
    // The value of the stored exact int equal to this one.
  } else {
    // An int's hash is computed by int itself and cannot fail.
    bool decided = false;
    if (const Nimber* stored = table_.find_int(exact_int, PyObject_Hash(exact_int), decided)) value = *stored;
  }
  return value == kInProgress ? kEmpty : value;
}

Nimber PythonRuleTable::find(const RulePosition& p) {
  if (std::size_t i = 0; dense_index(p.object.ptr(), i)) return dense_.find(i);
  if (std::size_t i = 0; mirror_.size() != 0 && mirror_index(p.object.ptr(), ~std::size_t{0}, i)) {
    if (const Nimber v = mirror_.find(i); v != kEmpty) return v;
  }
  try {
    const Nimber* v = table_.find(p.object.ptr(), p.hash);
    return v == nullptr ? kEmpty : *v;
  } catch (py::error_already_set& e) {
    e.restore();
    if (!error_is_exception()) throw py::error_already_set();
    const PythonGame& game = rule_->game();
    game.raise_game_error("game '" + game.name() + "': comparing the position " + PythonGame::describe(p.object) +
                              " with a stored position raised " + current_error_summary(),
                          p.object);
  }
}

void PythonRuleTable::set(const RulePosition& p, Nimber value) {
  if (std::size_t i = 0; dense_index(p.object.ptr(), i)) {
    // The array gets what the table of objects leaves of the bound.
    if (memory_limit_ != 0) dense_.set_memory_limit(memory_limit_ > table_.bytes() ? memory_limit_ - table_.bytes() : 1);
    dense_.set(i, value);
    return;
  }
  if (Nimber* stored = table_.find_exact(p.object.ptr(), p.hash)) {
    *stored = value;
    mirror(p.object.ptr(), value);
    return;
  }
  if (memory_limit_ != 0 && table_.bytes_after_insert(p.object.ptr()) > memory_limit_) {
    // PythonGame tells the user the bound they gave; this is what the solver sees.
    throw LimitError("the table of values needs more than " + bytes_text(memory_limit_) + " (" +
                     std::to_string(table_.size()) + " positions stored)");
  }
  table_.insert(p.object.ptr(), p.hash, value);
  mirror(p.object.ptr(), value);
}

void PythonRuleTable::mirror(PyObject* key, Nimber value) noexcept {
  std::size_t i = 0;
  if (mirror_given_up_ || !mirror_index(key, mirror_end(), i)) return;
  // Within what the bound leaves, and a copy only: a mirror that cannot grow
  // (or hold a value past 32 bits) leaves the int to the table alone.
  if (memory_limit_ != 0) {
    const std::size_t used = table_.bytes() + mirror_.memory_bytes();
    const std::size_t grown = 4 * (i + 1);  // at most: doubled, 16-bit values
    if (used >= memory_limit_ || grown > (memory_limit_ - used) / 8) return;
  }
  try {
    mirror_.set(i, value);
  } catch (...) {
    // A value past 32 bits, or no memory: the mirror is given up (its entry
    // for this int would be stale), and every int is looked up in the table.
    mirror_ = DenseTable<IntIndex>(ints_, 0);
    mirror_given_up_ = true;
  }
}

void PythonRuleTable::erase_all(Nimber value) noexcept {
  // The error that abandoned the search stays set while the keys' destructors run.
  PyObject *type = nullptr, *error = nullptr, *traceback = nullptr;
  PyErr_Fetch(&type, &error, &traceback);
  table_.erase_all(value);
  dense_.erase_all(value);
  mirror_.erase_all(value);
  PyErr_Restore(type, error, traceback);
}

}  // namespace grundy::python
