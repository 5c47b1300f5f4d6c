#include "python_rule.hpp"

#include "grundy/core/hash.hpp"
#include "python_errors.hpp"
#include "python_game.hpp"
#include "python_object_table.hpp"

namespace py = pybind11;

namespace grundy::python {

bool RulePosition::operator==(const RulePosition& other) const {
  if (!object || !other.object) return object.ptr() == other.object.ptr() && value == other.value;
  return sum == other.sum && hash == other.hash && python_equal(object.ptr(), other.object.ptr());
}

Py_hash_t PythonRule::read_sum(PyObject* list, py::handle source, std::vector<RulePosition>* parts) const {
  // The parts' identities, mixed and summed: an item replaced after moves()
  // returned the list is a new object (equal ints past 256 too).
  std::uint64_t total = static_cast<std::uint64_t>(PyList_GET_SIZE(list));
  const auto add = [&](const py::object& part) {
    total += mix_hash(reinterpret_cast<std::uintptr_t>(part.ptr()));
    // Hashed to be stored (`parts`), or to name `source` now when a part is not
    // hashable; an int's hash cannot fail, and is taken when it is stored.
    if (parts != nullptr) {
      parts->push_back(RulePosition{part, game_->hash_of(part, source), false});
    } else if (!PyLong_CheckExact(part.ptr())) {
      (void)game_->hash_of(part, source);
    }
  };
  // Sizes and items are re-read at each step: a part's __hash__ is user code.
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); ++i) {
    const py::object item = py::reinterpret_borrow<py::object>(PyList_GET_ITEM(list, i));
    if (PyList_Check(item.ptr())) {
      // A sum inside a sum (rare): flattened, with the nesting guard of parts().
      for (const py::object& part : game_->parts(item)) add(part);
    } else {
      add(item);
    }
  }
  return static_cast<Py_hash_t>(total);
}

RulePosition PythonRule::position_of(py::handle position_or_sum) const {
  const py::object object = py::reinterpret_borrow<py::object>(position_or_sum);
  if (!PyList_Check(object.ptr())) return RulePosition{object, game_->hash_of(object, py::none()), false};
  // The guard against a list containing itself runs first (parts()).
  (void)game_->parts(object);
  return RulePosition{object, read_sum(object.ptr(), py::none(), nullptr), true};
}

void PythonRule::moves(const RulePosition& p, std::vector<RulePosition>& out) const {
  const py::object listed = game_->call_moves(p.object.ptr());
  if (p.object.ptr() == game_->root_) {
    // Kept (a copy: the moves function may hand out a list it reuses) so that
    // options() of the position just valued does not call moves() again.
    game_->remember_options(p.object, p.hash, py::reinterpret_steal<py::list>(PySequence_List(listed.ptr())));
  }
  // A list or tuple (call_moves made it one); sizes and items are re-read at
  // each step, as an option's __hash__ is user code.
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(listed.ptr()); ++i) {
    PyObject* const item = PySequence_Fast_GET_ITEM(listed.ptr(), i);
    if (const Nimber v = listed_value(item); v != kEmpty) {
      out.push_back(RulePosition{py::object(), 0, false, v});
      continue;
    }
    const py::object option = py::reinterpret_borrow<py::object>(item);
    if (PyList_Check(option.ptr())) {
      // A sum, read in place (no list of parts made per option: a vector of
      // parts for every option was 12% of Grundy's game to 5000, perf).
      const Py_hash_t hash = read_sum(option.ptr(), p.object, nullptr);
      out.push_back(RulePosition{option, hash, true});
    } else {
      out.push_back(RulePosition{option, game_->hash_of(option, p.object), false});
    }
  }
}

Nimber PythonRule::listed_value(PyObject* option) const {
  // Options valued as they are listed: an int, or a list of ints, whose values
  // are all finished is handed to the solver as its value (closed_form). The solver would have read the same values a moment later
  // (a finished value never changes during a search), but through a Python
  // object kept per option, a checksum of the sum's parts, a hash and a
  // refcount for each part: Grundy's game to 5000 (6.25·10^6 options of two
  // heaps) spent 0.3 s there, as long as the user's own moves() calls
  // (docs/performance.md). Anything else (another type, a value unknown or in
  // progress, a nested sum) goes the general way, untouched.
  const PythonRuleTable& table = game_->solver_->table();
  if (PyLong_CheckExact(option)) return table.finished_int_value(option);
  if (!PyList_Check(option)) return kEmpty;
  Nimber total = 0;
  // No user code runs in this loop (ints are read, hashed and compared by int).
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(option); ++i) {
    PyObject* const part = PyList_GET_ITEM(option, i);
    if (!PyLong_CheckExact(part)) return kEmpty;
    const Nimber v = table.finished_int_value(part);
    if (v == kEmpty) return kEmpty;
    total ^= v;
  }
  return total;
}

void PythonRule::components(const RulePosition& p, std::vector<RulePosition>& out) const {
  if (!p.sum) {
    out.push_back(p);
    return;
  }
  const std::size_t first = out.size();
  if (read_sum(p.object.ptr(), py::none(), &out) != p.hash) {
    out.resize(first);
    game_->raise_game_error("game '" + game_->name() + "': the sum " + PythonGame::describe(p.object, 60) +
                                " changed after moves() returned it; a moves function must return new lists, "
                                "not lists it changes later",
                            p.object);
  }
}

std::string PythonRule::describe(const RulePosition& p) const {
  // An option valued as it was listed is never on the stack nor in the table;
  // said plainly should a message ever reach one.
  if (!p.object) return "an option of value " + std::to_string(p.value);
  return PythonGame::describe(p.object, 60);
}

void PythonRule::cycle_found(const std::vector<RulePosition>& cycle) const {
  // A game with cycles: valued by the LoopySolver unless normal play was asked for.
  if (game_->solver() != SolverChoice::normal_play) throw PythonGame::FoundCycle{};
  py::list objects;
  std::string path;
  const std::size_t length = cycle.size();
  for (std::size_t k = 0; k < length; ++k) {
    objects.append(cycle[k].object);
    // Long cycles show their first and last positions.
    if (k < 8 || k + 4 >= length) {
      path += (k == 0 ? "" : " -> ") + PythonGame::describe(cycle[k].object, 60);
    } else if (k == 8) {
      path += " -> … (" + std::to_string(length - 12) + " more)";
    }
  }
  py::object error = cycle_error_type()("game '" + game_->name() +
                                            "': the moves lead around a cycle, so these positions have no "
                                            "Sprague-Grundy value: " +
                                            path,
                                        py::arg("cycle") = objects);
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
  throw py::error_already_set();
}

void PythonRule::moves_changed(const RulePosition& p, std::size_t before, std::size_t after) const {
  game_->raise_game_error("game '" + game_->name() + "': moves(" + PythonGame::describe(p.object) + ") listed " +
                              std::to_string(before) + " options, then " + std::to_string(after) +
                              " when asked again; a moves function must list the same options each time",
                          p.object);
}

}  // namespace grundy::python
