// The memo of a Python game: position -> nim-value, where a position is any
// hashable Python object, compared as a dict compares keys (the object's hash,
// then identity, then ==).
//
// Why not a Python dict: the solver looks positions up from C++ millions of
// times; a dict would box every value in a Python int and cost a C-API call per
// lookup through the generic mapping protocol. This table keeps the hash next to
// the key, so most probes never call back into Python, and it can say what it
// holds in bytes (the game's `memory=` bound).
//
// Open addressing with linear probing and backward-shift deletion (no
// tombstones): deletion is needed when a search is abandoned (an exception, a
// cycle, Ctrl-C) and its in-progress entries must go.
//
// All members require the GIL. Keys are owned references.
#pragma once

#include <Python.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace grundy::python {

class PythonObjectTable {
 public:
  PythonObjectTable();
  ~PythonObjectTable();
  PythonObjectTable(const PythonObjectTable&) = delete;
  PythonObjectTable& operator=(const PythonObjectTable&) = delete;

  // The value stored for `key`, or nullptr. Throws pybind11::error_already_set
  // when the key's == raises.
  [[nodiscard]] Nimber* find(PyObject* key, Py_hash_t hash);

  // The value stored under this very object (identity only: no Python code
  // runs), or nullptr. For the solver's own in-progress entries.
  [[nodiscard]] Nimber* find_exact(PyObject* key, Py_hash_t hash) noexcept;
  // The value stored for an exact int, found without running user code: a
  // stored exact int is compared as ints compare. nullptr when absent, or when
  // a key of another type has the same hash (its == is the user's): `decided`
  // is false then, and find() must answer.
  [[nodiscard]] const Nimber* find_int(PyObject* exact_int, Py_hash_t hash, bool& decided) const noexcept;
  // Removes this very object if stored (identity only; never raises).
  void erase_exact(PyObject* key, Py_hash_t hash) noexcept;
  // Removes every key stored with `value` (identity only; never raises).
  void erase_all(Nimber value) noexcept;

  // Stores a key known to be absent (takes a new reference to it).
  void insert(PyObject* key, Py_hash_t hash, Nimber value);

  void clear();

  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  // The slots and the key objects themselves (key_size: their allocations,
  // a tuple's items included).
  [[nodiscard]] std::size_t bytes() const noexcept { return slots_.size() * sizeof(Slot) + key_bytes_; }
  // What the table holds at most while inserting `key` (while growing, the old
  // slots and the new ones).
  [[nodiscard]] std::size_t bytes_after_insert(PyObject* key) const noexcept;

  // Visits every (key, value).
  template <class F>
  void for_each(F&& visit) const {
    for (const Slot& s : slots_)
      if (s.key != nullptr) visit(s.key, s.value);
  }

 private:
  struct Slot {
    PyObject* key = nullptr;  // nullptr: empty
    Py_hash_t hash = 0;
    Nimber value = 0;
  };

  static constexpr std::size_t kAbsent = ~std::size_t{0};

  [[nodiscard]] std::size_t home(Py_hash_t hash) const noexcept;
  // The slot holding `key`, or kAbsent.
  [[nodiscard]] std::size_t find_slot(PyObject* key, Py_hash_t hash) const;
  [[nodiscard]] std::size_t find_exact_slot(PyObject* key, Py_hash_t hash) const noexcept;
  [[nodiscard]] bool needs_growth() const noexcept { return (size_ + 1) * 4 > slots_.size() * 3; }
  void grow();

  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
  std::size_t key_bytes_ = 0;
};

// a == b as a dict compares keys whose hashes are equal: identity first, then
// Python's == (user code). Throws pybind11::error_already_set when == raises.
[[nodiscard]] bool python_equal(PyObject* a, PyObject* b);

// The shallow size of a Python object (its type's basic size and items).
[[nodiscard]] std::size_t shallow_size(PyObject* object) noexcept;
// What a stored key costs: its allocation (rounded, with the collector's
// header) and, for a tuple, its items' allocations.
[[nodiscard]] std::size_t key_size(PyObject* key) noexcept;

}  // namespace grundy::python
