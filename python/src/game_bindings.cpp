// grundy.Game's C++ side (grundy/game.py adds table()): a user's game from its
// moves function, with values, outcomes, options and winning moves of its
// positions, and its positions as grundy.Position for sums with built-in games.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "grundy/memory_bound.hpp"
#include "grundy/registry.hpp"
#include "interruptible_call.hpp"
#include "python_component.hpp"
#include "python_game.hpp"
#include "python_position.hpp"
#include "table_fields.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

PythonGamePtr make_game(py::object moves, const std::string& name, std::size_t memory) {
  if (name.empty()) throw py::value_error("a game's name must not be empty");
  for (const RulesetSpec& spec : Registry::builtin().specs()) {
    if (spec.name == name) {
      // Its positions would print like the built-in ruleset's and be mistaken for them.
      throw py::value_error("'" + name + "' is the name of a built-in ruleset; give the game another name (name=...)");
    }
  }
  // No bound given: the default share of physical memory (memory_bound.hpp), so
  // that a runaway rule ends in LimitError, not in the kernel's OOM killer.
  if (memory == 0) memory = static_cast<std::size_t>(default_memory_bound());
  return std::make_shared<PythonGame>(std::move(moves), name, memory);
}

Nimber value(const PythonGamePtr& game, py::handle position) {
  InterruptibleCall call;
  return call.run(false, [&] { return game->value(position, call.context()); });
}

// A single position (a sum's options are those of grundy.Position).
void expect_single(const PythonGamePtr& game, py::handle position, const char* what) {
  if (PyList_Check(position.ptr())) {
    throw py::type_error(std::string("game '") + game->name() + "': " + what +
                         "() takes one position; a list is a sum: use game(" +
                         PythonGame::describe(position, 60) + ")." + what + "() for the moves of a sum");
  }
}

// (option, value) for each option, in the order moves() lists them.
py::list options_with_values(const PythonGamePtr& game, py::handle position) {
  expect_single(game, position, "options");
  const py::list options = game->options(position);
  InterruptibleCall call;
  return call.run(false, [&] {
    py::list out;
    for (const py::handle option : options) out.append(py::make_tuple(option, game->value(option, call.context())));
    return out;
  });
}

py::dict table_fields(const PythonGamePtr& game, std::uint64_t upto) {
  InterruptibleCall call;
  std::vector<Nimber> values = call.run(false, [&] { return game->values_upto(upto, call.context()); });
  py::dict fields = detected_pattern_fields(values);
  fields["values"] = nimbers_to_numpy(std::move(values));
  fields["rule"] = game->name();
  fields["upto"] = upto;
  fields["misere"] = false;
  return fields;
}

}  // namespace

void bind_game(py::module_& m) {
  py::class_<PythonGame, PythonGamePtr>(m, "_Game")
      .def(py::init(&make_game), py::arg("moves"), py::arg("name"), py::arg("memory"))
      .def_property_readonly("name", &PythonGame::name)
      .def_property_readonly("moves", &PythonGame::moves, "the moves function")
      .def_property_readonly("memory", &PythonGame::memory_bytes,
                             "the bound on the search's memory, in bytes (by default half of physical memory)")
      .def(
          "__call__",
          [](const PythonGamePtr& g, py::handle position) { return PythonPosition{python_position(g, position), {}}; },
          py::arg("position"),
          "The position as a grundy.Position, to add to other positions (a list gives a sum).")
      .def("value", &value, py::arg("position"),
           "The nim-value of a position (a list: the sum of its positions).")
      .def(
          "outcome", [](const PythonGamePtr& g, py::handle position) { return py::str(value(g, position) == 0 ? "P" : "N"); },
          py::arg("position"), "'N' when the player to move wins, 'P' when the other player does.")
      .def("options", &options_with_values, py::arg("position"),
           "[(option, value), …]: the options as moves() lists them, each with its value.")
      .def(
          "winning_moves",
          [](const PythonGamePtr& g, py::handle position) {
            py::list out;
            for (const py::handle pair : options_with_values(g, position)) {
              if (pair.cast<py::tuple>()[1].cast<Nimber>() == 0) out.append(pair.cast<py::tuple>()[0]);
            }
            return out;
          },
          py::arg("position"), "The options of value 0: the moves that win (empty when the position is lost).")
      .def("_table", &table_fields, py::arg("upto"))
      .def_property_readonly("stored", &PythonGame::stored_positions, "how many positions have a stored value")
      .def_property_readonly("table_bytes", &PythonGame::table_bytes,
                             "bytes the table of values takes (its slots and the position objects)")
      .def("known_values", &PythonGame::stored_values, "A dict of every stored position and its value (a copy).")
      .def("clear", &PythonGame::clear, "Forgets every stored value.")
      .def("__repr__", [](const PythonGame& g) {
        return "Game(" + py::repr(py::str(g.name())).cast<std::string>() + ", " + std::to_string(g.stored_positions()) +
               " positions stored)";
      });
}

}  // namespace grundy::python
