// A game written in Python as a G of the library's one traversal,
// Solver<G, Table> (solver.hpp): positions are hashable Python objects, the
// moves are the user's function's, and a list among the options is a sum of
// independent games (components(), the Sprague–Grundy theorem).
//
// What is Python's own stays here, in the hooks the solver offers:
//   - moves() calls the user's function and turns every failure into
//     grundy.GameError naming the position (PythonGame::call_moves, hash_of);
//   - cycle_found(): a cycle makes the game a game with cycles (PythonGame
//     switches to the LoopySolver), or, in normal play only, grundy.CycleError
//     with the cycle's Python objects;
//   - moves_changed(): a moves function that lists other options when asked
//     again is named (the values kept would be wrong);
//   - kListingWork: a call into Python costs about 64 units of C++ work;
//   - an option that is an int, or a list of ints, whose values are all
//     finished is valued as it is listed (moves()), and its value given back
//     by closed_form().
// The table of values is PythonRuleTable (python_rule_table.hpp).
//
// Everything here runs with the GIL held.
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/nimber.hpp"
#include "grundy/core/solver_tables.hpp"

namespace grundy::python {

class PythonGame;

// A position of a Python game: one hashable object, or a sum — the list
// moves() gave as an option, read when the solver splits it. A sum's `hash` is
// a checksum of its parts' identities, taken when it was listed and checked
// when it is split: a list changed in between (a moves function reusing its
// lists) is named instead of giving a wrong value.
//
// An option valued as it was listed (see PythonRule::moves) carries its value
// and no object; the solver reads it through PythonRule::closed_form, its hook
// for a value known without a search, and never looks it up or stores it.
struct RulePosition {
  pybind11::object object;
  Py_hash_t hash = 0;
  bool sum = false;
  Nimber value = kEmpty;
  // Python's == after the hash and identity; throws error_already_set when == raises.
  bool operator==(const RulePosition& other) const;
};

class PythonRule {
 public:
  using Position = RulePosition;
  static constexpr std::uint64_t kListingWork = 64;

  explicit PythonRule(PythonGame& game) : game_(&game) {}

  // The position (or sum, for a list) the user asked about; GameError when a
  // part is not hashable.
  [[nodiscard]] RulePosition position_of(pybind11::handle position_or_sum) const;

  void moves(const RulePosition& p, std::vector<RulePosition>& out) const;
  // The value of an option valued as it was listed (the solver's closed_form
  // hook, game.hpp); nullopt for every other position.
  [[nodiscard]] std::optional<Nimber> closed_form(const RulePosition& p) const noexcept {
    if (p.value == kEmpty) return std::nullopt;
    return p.value;
  }
  void components(const RulePosition& p, std::vector<RulePosition>& out) const;
  [[nodiscard]] std::string describe(const RulePosition& p) const;
  [[noreturn]] void cycle_found(const std::vector<RulePosition>& cycle) const;
  [[noreturn]] void moves_changed(const RulePosition& p, std::size_t before, std::size_t after) const;

  [[nodiscard]] PythonGame& game() const noexcept { return *game_; }

 private:
  // The value of an option that is an int or a list of ints, read from the
  // table as it is listed, or kEmpty (see moves()).
  [[nodiscard]] Nimber listed_value(PyObject* option) const;
  // The checksum of a sum: the parts of `list` (lists inside it flattened),
  // each checked to be hashable (GameError naming `source`) and appended to
  // `parts` with its hash when `parts` is given.
  Py_hash_t read_sum(PyObject* list, pybind11::handle source, std::vector<RulePosition>* parts) const;

  PythonGame* game_;
};

}  // namespace grundy::python
