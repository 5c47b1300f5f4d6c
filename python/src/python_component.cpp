#include "python_component.hpp"

#include <utility>
#include <vector>

namespace py = pybind11;

namespace grundy::python {

PythonComponent::PythonComponent(PythonGamePtr game, py::object position, Py_hash_t hash)
    : game_(std::move(game)), position_(std::move(position)), hash_(hash) {}

PythonComponent::~PythonComponent() {
  if (Py_IsInitialized() == 0) {
    (void)position_.release();  // the interpreter is gone: nothing to give back
    return;
  }
  py::gil_scoped_acquire acquired;
  position_ = py::object();
}

std::string PythonComponent::arguments() const {
  // The whole repr: the text is the position's name in sums and moves.
  return PythonGame::describe(position_, std::string::npos);
}

Value PythonComponent::value(Context& context) const { return game_->value(position_, context); }

std::optional<std::uint64_t> PythonComponent::counter(Context& context) const {
  return game_->counter(position_, context);
}

void PythonComponent::for_each_option(Context& context, const std::function<bool(ComponentOption&&)>& visit) const {
  const py::list options = game_->options(position_);
  for (const py::handle option : options) {
    context.charge();
    if (!visit(ComponentOption{"move to " + PythonGame::describe(option), python_position(game_, option)})) return;
  }
}

bool PythonComponent::same_as(const Component& other) const {
  const auto* same = dynamic_cast<const PythonComponent*>(&other);
  if (same == nullptr || same->game_ != game_ || same->hash_ != hash_) return false;
  const int equal = PyObject_RichCompareBool(position_.ptr(), same->position_.ptr(), Py_EQ);
  if (equal < 0) throw py::error_already_set();
  return equal == 1;
}

Position python_position(const PythonGamePtr& game, py::handle position_or_sum) {
  std::vector<ComponentPtr> components;
  for (py::object& part : game->parts(position_or_sum)) {
    const Py_hash_t hash = game->hash_of(part, py::none());
    components.push_back(std::make_shared<const PythonComponent>(game, std::move(part), hash));
  }
  return Position(std::move(components));
}

bool calls_python(const Position& position) {
  for (const ComponentPtr& c : position.components()) {
    if (dynamic_cast<const PythonComponent*>(c.get()) != nullptr) return true;
  }
  return false;
}

}  // namespace grundy::python
