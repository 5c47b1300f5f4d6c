#include "python_object_table.hpp"

#include "grundy/core/hash.hpp"

#include <pybind11/pybind11.h>


namespace grundy::python {

namespace {

// What the allocator gives an object of `size` bytes: pymalloc rounds to 16,
// and a garbage-collected object (a tuple, a frozenset) has a 16-byte header
// in front.
std::size_t allocated(PyObject* object, std::size_t size) noexcept {
  const std::size_t rounded = (size + 15) / 16 * 16;
  return PyObject_IS_GC(object) ? rounded + 16 : rounded;
}

}  // namespace

std::size_t shallow_size(PyObject* object) noexcept {
  const PyTypeObject* type = Py_TYPE(object);
  std::size_t size = static_cast<std::size_t>(type->tp_basicsize);
  if (type->tp_itemsize != 0) {
    // Variable-sized objects (int, tuple, str…): ob_size counts their items
    // (negative for a negative int).
    const Py_ssize_t items = Py_SIZE(object);
    size += static_cast<std::size_t>(items < 0 ? -items : items) * static_cast<std::size_t>(type->tp_itemsize);
  }
  return size;
}

std::size_t key_size(PyObject* key) noexcept {
  std::size_t size = allocated(key, shallow_size(key));
  // A tuple's items (the piles of a position) are counted too, one level deep:
  // (a, b) with ints past 256 is 64 bytes of tuple and 64 of ints. An item
  // shared with other keys is counted for each, which errs on the side of
  // the bound.
  if (PyTuple_Check(key)) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(key); ++i) {
      PyObject* item = PyTuple_GET_ITEM(key, i);
      size += allocated(item, shallow_size(item));
    }
  }
  return size;
}

bool python_equal(PyObject* a, PyObject* b) {
  if (a == b) return true;
  if (a == nullptr || b == nullptr) return false;
  const int equal = PyObject_RichCompareBool(a, b, Py_EQ);
  if (equal < 0) throw pybind11::error_already_set();
  return equal == 1;
}

PythonObjectTable::PythonObjectTable() : slots_(64), mask_(63) {}

PythonObjectTable::~PythonObjectTable() { clear(); }

std::size_t PythonObjectTable::home(Py_hash_t hash) const noexcept {
  // Python's hash of a small int is the int itself: consecutive heaps would fill
  // consecutive slots and make long probe runs; mix the bits (murmur3 finalizer).
  return static_cast<std::size_t>(mix_hash(static_cast<std::uint64_t>(hash))) & mask_;
}

std::size_t PythonObjectTable::find_slot(PyObject* key, Py_hash_t hash) const {
  for (std::size_t i = home(hash);; i = (i + 1) & mask_) {
    const Slot& s = slots_[i];
    if (s.key == nullptr) return kAbsent;
    // User code (__eq__) may run here; the game's lock keeps it from touching this table.
    if (s.hash == hash && python_equal(s.key, key)) return i;
  }
}

Nimber* PythonObjectTable::find(PyObject* key, Py_hash_t hash) {
  const std::size_t i = find_slot(key, hash);
  return i == kAbsent ? nullptr : &slots_[i].value;
}

const Nimber* PythonObjectTable::find_int(PyObject* exact_int, Py_hash_t hash, bool& decided) const noexcept {
  decided = true;
  for (std::size_t i = home(hash);; i = (i + 1) & mask_) {
    const Slot& s = slots_[i];
    if (s.key == nullptr) return nullptr;
    if (s.hash != hash) continue;
    if (s.key == exact_int) return &s.value;
    if (!PyLong_CheckExact(s.key)) {
      // True, 1.0 or a user's object equal to the int, perhaps: only its ==
      // can say.
      decided = false;
      return nullptr;
    }
    // Two exact ints: int's own comparison, which cannot fail.
    if (PyObject_RichCompareBool(s.key, exact_int, Py_EQ) == 1) return &s.value;
  }
}

std::size_t PythonObjectTable::bytes_after_insert(PyObject* key) const noexcept {
  // Growing, the table holds its old slots and the new ones (twice as many)
  // at once.
  const std::size_t slots = needs_growth() ? slots_.size() * 3 : slots_.size();
  return slots * sizeof(Slot) + key_bytes_ + key_size(key);
}

void PythonObjectTable::insert(PyObject* key, Py_hash_t hash, Nimber value) {
  if (needs_growth()) grow();
  std::size_t i = home(hash);
  while (slots_[i].key != nullptr) i = (i + 1) & mask_;
  Py_INCREF(key);
  slots_[i] = Slot{key, hash, value};
  ++size_;
  key_bytes_ += key_size(key);
}

std::size_t PythonObjectTable::find_exact_slot(PyObject* key, Py_hash_t hash) const noexcept {
  for (std::size_t i = home(hash);; i = (i + 1) & mask_) {
    if (slots_[i].key == nullptr) return kAbsent;
    if (slots_[i].key == key) return i;
  }
}

Nimber* PythonObjectTable::find_exact(PyObject* key, Py_hash_t hash) noexcept {
  const std::size_t i = find_exact_slot(key, hash);
  return i == kAbsent ? nullptr : &slots_[i].value;
}

void PythonObjectTable::erase_exact(PyObject* key, Py_hash_t hash) noexcept {
  std::size_t hole = find_exact_slot(key, hash);
  if (hole == kAbsent) return;
  PyObject* removed = slots_[hole].key;
  key_bytes_ -= key_size(removed);
  slots_[hole] = Slot{};
  --size_;
  // Backward-shift: move later entries of the probe run into the hole when the
  // hole lies between their home slot and where they are.
  for (std::size_t j = (hole + 1) & mask_; slots_[j].key != nullptr; j = (j + 1) & mask_) {
    const std::size_t want = home(slots_[j].hash);
    const bool movable = hole <= j ? (want <= hole || want > j) : (want <= hole && want > j);
    if (movable) {
      slots_[hole] = slots_[j];
      slots_[j] = Slot{};
      hole = j;
    }
  }
  Py_DECREF(removed);  // last: its destructor may run Python code
}

void PythonObjectTable::erase_all(Nimber value) noexcept {
  // In place, slot by slot: a copy of the slots to erase (a deep search
  // abandoned: 10^6 keys) cost more memory than the bound allowed for.
  // Backward shift may move a later entry into slot i, so i is looked at again;
  // entries only move toward their home, never past slot i unseen.
  std::vector<PyObject*> last_references;
  for (std::size_t i = 0; i < slots_.size();) {
    const Slot s = slots_[i];
    if (s.key == nullptr || s.value != value) {
      ++i;
      continue;
    }
    // A key held elsewhere too (the search's frames) is let go at once; one
    // this table alone holds waits until the table is whole, as its
    // destructor may run Python code.
    if (Py_REFCNT(s.key) > 1) {
      erase_exact(s.key, s.hash);
    } else {
      Py_INCREF(s.key);
      erase_exact(s.key, s.hash);
      last_references.push_back(s.key);
    }
  }
  for (PyObject* key : last_references) Py_DECREF(key);
}

void PythonObjectTable::clear() {
  std::vector<Slot> old(64);
  old.swap(slots_);
  mask_ = 63;
  size_ = 0;
  key_bytes_ = 0;
  for (Slot& s : old) Py_XDECREF(s.key);
}

void PythonObjectTable::grow() {
  std::vector<Slot> old(slots_.size() * 2);
  old.swap(slots_);
  mask_ = slots_.size() - 1;
  for (const Slot& s : old) {
    if (s.key == nullptr) continue;
    std::size_t i = home(s.hash);
    while (slots_[i].key != nullptr) i = (i + 1) & mask_;
    slots_[i] = s;
  }
}

}  // namespace grundy::python
