// A position of a user's Python game as a component of grundy's positions, so
// that it joins sums with built-in games: `g(7) + grundy.parse("nim(3)")` has a
// value, options and winning moves like any other sum.
//
// It prints as name(repr(position)). Its options are what the moves function
// lists; an option that is a list becomes several components (a sum).
//
// Computations on positions that hold such a component keep the GIL (they call
// Python); the component also takes the GIL to drop its Python reference, in
// case its last owner lets go of it elsewhere.
#pragma once

#include <pybind11/pybind11.h>

#include "grundy/core/capabilities.hpp"
#include "grundy/core/position.hpp"
#include "python_game.hpp"

namespace grundy::python {

class PythonComponent final : public Component, public LoopyCounter {
 public:
  // `position` must be hashable (hash given).
  PythonComponent(PythonGamePtr game, pybind11::object position, Py_hash_t hash);
  ~PythonComponent() override;
  PythonComponent(const PythonComponent&) = delete;
  PythonComponent& operator=(const PythonComponent&) = delete;

  [[nodiscard]] const PythonGamePtr& game() const noexcept { return game_; }
  [[nodiscard]] const pybind11::object& position() const noexcept { return position_; }

  std::string head() const override { return game_->name(); }
  std::string arguments() const override;
  Value value(Context& context) const override;
  std::optional<std::uint64_t> counter(Context& context) const override;
  void for_each_option(Context& context, const std::function<bool(ComponentOption&&)>& visit) const override;
  bool same_as(const Component& other) const override;

 private:
  PythonGamePtr game_;
  pybind11::object position_;
  Py_hash_t hash_;
};

// The position `position_or_sum` of `game` (a list: a sum, one component per part).
[[nodiscard]] Position python_position(const PythonGamePtr& game, pybind11::handle position_or_sum);

// True when computing on `position` calls Python (it holds a user's component).
[[nodiscard]] bool calls_python(const Position& position);

}  // namespace grundy::python
