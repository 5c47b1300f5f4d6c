// The table of a Python game's values as Solver<G, Table> wants one (the
// interface of solver_tables.hpp: find, set, erase_all, a memory bound), over
// PythonObjectTable (python_object_table.hpp), which keys Python objects by
// their hash, identity and ==.
//
// Python's part: an == that raises becomes grundy.GameError naming the
// position; the bound counts the key objects' own bytes, not only the slots;
// erasing keys (a search abandoned) keeps the pending Python error, as their
// destructors may run Python code.
//
// A game that declares its positions' range (`grundy.Game(moves, dense=N)`)
// keeps the ints 0..N in the solver's DenseTable instead (solver_tables.hpp):
// no hash, no probe, no == in Python, no key object kept; 4 bytes a value.
// Other positions (tuples, negative or larger ints) still go to the table.
//
// Without a declared range, the table's exact ints 0, 1, 2, … also have
// their values mirrored in a DenseTable (a byte each while the values fit):
// a lookup of an int reads the mirror by the int's value, where the table
// hashed it, probed and compared the two ints through Python's rich
// comparison (an option's ints past 256 are new objects, not the keys
// stored). The table stays what it was, keyed as a dict is; the mirror only
// answers for an int whose equal exact int is stored, and anything it does
// not hold is looked up in the table as before (docs/performance.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "grundy/core/nimber.hpp"
#include "grundy/core/solver_tables.hpp"
#include "python_object_table.hpp"
#include "python_rule.hpp"

namespace grundy::python {

class PythonRuleTable {
 public:
  PythonRuleTable(const PythonRule& rule, std::size_t initial_capacity);

  void set_memory_limit(std::size_t bytes) noexcept { memory_limit_ = bytes; }
  [[nodiscard]] std::size_t size() const noexcept { return table_.size() + dense_.size(); }
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return table_.bytes() + dense_.memory_bytes() + mirror_.memory_bytes();
  }

  // The value stored for p (a single position), or kEmpty.
  [[nodiscard]] Nimber find(const RulePosition& p);
  // The finished value of an exact int, found without running user code (in
  // the array, or among the table's ints), or kEmpty: not valued yet, in
  // progress, or only the user's == could tell (python_object_table.hpp).
  [[nodiscard]] Nimber finished_int_value(PyObject* exact_int) const noexcept;
  // Stores p's value; LimitError when a new key would pass the bound.
  void set(const RulePosition& p, Nimber value);
  // Removes every key whose value is `value` (the solver's in-progress marks).
  void erase_all(Nimber value) noexcept;

  // Visits every (key, value); the array's keys are made as ints for the visit.
  template <class F>
  void for_each(F&& visit) const {
    table_.for_each(visit);
    dense_.for_each([&](std::size_t i, Nimber value) {
      const pybind11::object key = pybind11::reinterpret_steal<pybind11::object>(PyLong_FromSize_t(i));
      if (!key) throw pybind11::error_already_set();
      visit(key.ptr(), value);
    });
  }

 private:
  // The ints 0..N as DenseTable's positions: the index is the int.
  struct IntIndex {
    using Position = std::size_t;
    [[nodiscard]] std::size_t dense_index(std::size_t i) const noexcept { return i; }
  };
  // The array's index of a position: true for an exact int 0..N (N the
  // declared bound).
  [[nodiscard]] bool dense_index(PyObject* position, std::size_t& index) const noexcept;
  // The mirror's index of a position: true for an exact int below `end`
  // (no declared bound).
  [[nodiscard]] bool mirror_index(PyObject* position, std::size_t end, std::size_t& index) const noexcept;
  // The mirror covers ints below twice the table's keys and 1024 more, so
  // that it stays a fraction of the table's own bytes (24 a slot and the
  // key's object, against a byte an int).
  [[nodiscard]] std::size_t mirror_end() const noexcept { return 2 * table_.size() + 1024; }
  // Copies an exact int key's value into the mirror (when it covers the int).
  void mirror(PyObject* key, Nimber value) noexcept;

  const PythonRule* rule_;
  PythonObjectTable table_;
  std::size_t memory_limit_ = 0;
  std::size_t dense_end_ = 0;  // N + 1; 0 when the game declared no bound
  IntIndex ints_;
  DenseTable<IntIndex> dense_{ints_, 0};
  DenseTable<IntIndex> mirror_{ints_, 0};  // the exact int keys of table_ (no declared bound)
  bool mirror_given_up_ = false;
};

}  // namespace grundy::python
