// grundy.Game's C++ side (grundy/game.py adds table()): a user's game from its
// moves function, with values, outcomes, options and winning moves of its
// positions, and its positions as grundy.Position for sums with built-in games.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "grundy/core/memory_bound.hpp"
#include "grundy/language/registry.hpp"
#include "interruptible_call.hpp"
#include "python_component.hpp"
#include "python_game.hpp"
#include "python_position.hpp"
#include "table_fields.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

SolverChoice solver_choice(const std::string& solver) {
  if (solver == "automatic") return SolverChoice::automatic;
  if (solver == "normal_play") return SolverChoice::normal_play;
  if (solver == "loopy") return SolverChoice::loopy;
  throw py::value_error("solver=" + py::repr(py::str(solver)).cast<std::string>() +
                        ": 'automatic' (normal play; the values of games with cycles from the first cycle met), "
                        "'normal_play' (a cycle is a CycleError) or 'loopy'");
}

const char* solver_name(SolverChoice choice) {
  switch (choice) {
    case SolverChoice::normal_play: return "normal_play";
    case SolverChoice::loopy: return "loopy";
    case SolverChoice::automatic: break;
  }
  return "automatic";
}

PythonGamePtr make_game(py::object moves, const std::string& name, std::size_t memory, const std::string& solver,
                        std::optional<std::uint64_t> dense) {
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
  return std::make_shared<PythonGame>(std::move(moves), name, memory, solver_choice(solver), dense);
}

// A call on the game's own positions: its memory bound also bounds the
// LoopySolver's graph (which reads the Context's bound).
ContextOptions call_options(const PythonGamePtr& game) {
  ContextOptions options;
  options.memory_bytes = game->memory_bytes();
  return options;
}

Value value(const PythonGamePtr& game, py::handle position) {
  InterruptibleCall call(call_options(game));
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
  InterruptibleCall call(call_options(game));
  return call.run(false, [&] {
    py::list out;
    for (const py::handle option : options) {
      out.append(py::make_tuple(option, to_python(game->value(option, call.context()))));
    }
    return out;
  });
}

py::dict table_fields(const PythonGamePtr& game, std::uint64_t upto) {
  InterruptibleCall call(call_options(game));
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
      .def(py::init(&make_game), py::arg("moves"), py::arg("name"), py::arg("memory"),
           py::arg("solver") = "automatic", py::arg("dense") = py::none())
      .def_property_readonly("dense", &PythonGame::dense,
                             "the largest int position kept in an array (None: every position in the table)")
      .def_property_readonly("solver", [](const PythonGame& g) { return solver_name(g.solver()); },
                             "'automatic', 'normal_play' or 'loopy'")
      .def_property_readonly("loopy", &PythonGame::loopy,
                             "True once the game is valued as a game with cycles (values ∞(K), draws)")
      .def_property_readonly("name", &PythonGame::name)
      .def_property_readonly("moves", &PythonGame::moves, "the moves function")
      .def_property_readonly("memory", &PythonGame::memory_bytes,
                             "the bound on the search's memory, in bytes (by default half of physical memory)")
      .def(
          "__call__",
          [](const PythonGamePtr& g, py::handle position) { return PythonPosition{python_position(g, position), {}}; },
          py::arg("position"),
          "The position as a grundy.Position, to add to other positions (a list gives a sum).")
      .def(
          "value", [](const PythonGamePtr& g, py::handle position) { return to_python(value(g, position)); },
          py::arg("position"),
          "The nim-value of a position (a list: the sum of its positions); in a game with cycles an "
          "InfiniteValue ∞(K) where the play can go on forever.")
      .def(
          "outcome", [](const PythonGamePtr& g, py::handle position) { return outcome_letter(value(g, position).outcome()); },
          py::arg("position"),
          "'N' when the player to move wins, 'P' when the other player does, 'D' for a draw (a game with cycles).")
      .def("options", &options_with_values, py::arg("position"),
           "[(option, value), …]: the options as moves() lists them, each with its value.")
      .def(
          "winning_moves",
          [](const PythonGamePtr& g, py::handle position) {
            py::list out;
            for (const py::handle pair : options_with_values(g, position)) {
              // Only an option of value 0 (a P-position) wins; ∞(K) never does.
              const py::object v = pair.cast<py::tuple>()[1];
              if (py::isinstance<py::int_>(v) && v.cast<Nimber>() == 0) out.append(pair.cast<py::tuple>()[0]);
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
