// A position of a user's Python game as a part of grundy's positions, so that
// it joins sums with built-in games: `g(7) + grundy.parse("nim(3)")` has a
// value, options and winning moves like any other sum.
//
// The parts are made by the game model's one adapter (GameAdapter,
// game_adapter.hpp), as for every built-in ruleset and a user's C++ game, over
// PythonPositions, the model's view of a PythonGame:
//   - moves, one at a time: what the moves function lists (PythonGame::options, which keeps
//     them for the positions asked about most recently, so that a position's
//     value and then its options call moves() once); an option that is a list
//     is a sum, split by components() into one part a position;
//   - value and counter: the game's own search (GameWithOwnSearch), whose
//     table lives with the game object across calls (python_game.hpp);
//   - describe: the position's whole repr (it prints as name(repr(position)));
//     a move is worded "move to " and the option's repr.
// Two parts are the same position when their games are one object and the
// positions are == (the adapter's sharing key is the game object's).
//
// Computations on positions that hold such a part keep the GIL (they call
// Python); a part's Python objects are PythonReferences, given back under the
// GIL wherever the last owner lets go of them.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/search/game_adapter.hpp"
#include "grundy/core/position.hpp"
#include "grundy/core/value.hpp"
#include "python_game.hpp"
#include "python_reference.hpp"

namespace grundy::python {

class PythonPositions {
 public:
  struct Position {
    PythonReference object;  // a position, or the list of a sum's parts
    Py_hash_t hash = 0;      // a position's hash (0 for a sum)
    bool sum = false;
    // Python's == after the hash and identity (the GIL held).
    bool operator==(const Position& other) const;
  };

  explicit PythonPositions(PythonGamePtr game) : game_(std::move(game)) {}

  // The options one at a time (the adapter lists them lazily), or all of them.
  template <class Visit>
  void for_each_move(const Position& p, Visit&& visit) const {
    // options() has checked that every part of every option is hashable.
    const pybind11::list options = game_->options(p.object.handle());
    for (const pybind11::handle option : options)
      if (!visit(option_position(option, p))) return;
  }
  void moves(const Position& p, std::vector<Position>& out) const {
    for_each_move(p, [&](const Position& q) {
      out.push_back(q);
      return true;
    });
  }
  void components(const Position& p, std::vector<Position>& out) const;
  [[nodiscard]] std::string describe(const Position& p) const;
  [[nodiscard]] std::string describe_move(const Position& from, const Position& to) const;
  [[nodiscard]] Value value(const Position& p, Context& context) const { return game_->value(p.object.handle(), context); }
  [[nodiscard]] std::optional<std::uint64_t> counter(const Position& p, Context& context) const {
    return game_->counter(p.object.handle(), context);
  }

 private:
  // An option listed by moves(from): a position, or a sum for a list.
  [[nodiscard]] Position option_position(pybind11::handle option, const Position& from) const;

  PythonGamePtr game_;
};

// The position `position_or_sum` of `game` (a list: a sum, one part a position).
[[nodiscard]] grundy::Position python_position(const PythonGamePtr& game, pybind11::handle position_or_sum);

// True when computing on `position` calls Python (it holds a user's part).
[[nodiscard]] bool calls_python(const grundy::Position& position);

}  // namespace grundy::python
