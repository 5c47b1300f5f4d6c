#include "python_component.hpp"

#include <utility>
#include <vector>

#include "python_object_table.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

using PythonAdapter = GameAdapter<PythonPositions>;

// The adapter's sharing key: the game object's address. Two parts compared
// are alive, and each keeps its game alive, so equal keys are one game.
std::string sharing_key(const PythonGame& game) {
  return "python:" + std::to_string(reinterpret_cast<std::uintptr_t>(&game));
}

}  // namespace

bool PythonPositions::Position::operator==(const Position& other) const {
  return sum == other.sum && hash == other.hash && python_equal(object.ptr(), other.object.ptr());
}

PythonPositions::Position PythonPositions::option_position(py::handle option, const Position& from) const {
  if (PyList_Check(option.ptr())) return Position{PythonReference(option), 0, true};
  return Position{PythonReference(option), game_->hash_of(option, from.object.handle()), false};
}

void PythonPositions::components(const Position& p, std::vector<Position>& out) const {
  if (!p.sum) {
    out.push_back(p);
    return;
  }
  for (const py::object& part : game_->parts(p.object.handle())) {
    out.push_back(Position{PythonReference(part), game_->hash_of(part, py::none()), false});
  }
}

std::string PythonPositions::describe(const Position& p) const {
  // The whole repr: the text is the position's name in sums and moves.
  return PythonGame::describe(p.object.handle(), std::string::npos);
}

std::string PythonPositions::describe_move(const Position&, const Position& to) const {
  return "move to " + PythonGame::describe(to.object.handle());
}

grundy::Position python_position(const PythonGamePtr& game, py::handle position_or_sum) {
  const bool sum = PyList_Check(position_or_sum.ptr());
  const Py_hash_t hash = sum ? 0 : game->hash_of(position_or_sum, py::none());
  const auto adapter = PythonAdapter::make(PythonPositions(game), game->name(), SolverChoice::automatic,
                                           Sharing::by_name, sharing_key(*game));
  return adapter->position(PythonPositions::Position{PythonReference(position_or_sum), hash, sum});
}

bool calls_python(const grundy::Position& position) {
  for (const ComponentPtr& c : position.components()) {
    if (PythonAdapter::made(*c)) return true;
  }
  return false;
}

}  // namespace grundy::python
