// Positions as objects: what a user holds, prints, values, moves from and sums.
//
// A Position is a sum of independent components (Sprague–Grundy: its value is
// the sum of theirs). A Component is one game of one ruleset in one state — a
// heap under a rule, a Moore's Nim position, a board, a vertex of a graph — and
// knows its value and its options; each option is an action text and the
// Position the component becomes (several components when a move splits it, as
// a take-and-break move leaves two heaps).
//
// Printing: a position prints as the expression that parses back to an equal
// position (position.text() -> parse -> equal components in the same order).
// Components print as terms, head + "(" + arguments + ")"; neighbours with the
// same merge key share one term ("nim(3) + nim(4)" prints as "nim(3,4)"). The
// empty sum prints as "0".
//
// Components are immutable and shared: copying a Position copies one pointer,
// and a move's whole "after" position is built only when asked for.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/value.hpp"

namespace grundy {

class Component;
class Position;
struct ComponentOption;
using ComponentPtr = std::shared_ptr<const Component>;

// Options of one component of a given value: the first `limit` listed, all
// counted (a heap of 10^18 under "take any odd number" has 5·10^17 of them).
struct OptionList {
  std::vector<ComponentOption> listed;
  std::uint64_t total = 0;  // saturates at UINT64_MAX
  // Set when `total` counts only what a bounded search got through.
  bool total_is_lower_bound = false;
};

class Component {
 public:
  virtual ~Component() = default;

  // The ruleset with its parameters ("sub{1,2,3}", "moore(2)") and the position
  // ("10", "3,5,6"): the term is head() + "(" + arguments() + ")".
  [[nodiscard]] virtual std::string head() const = 0;
  [[nodiscard]] virtual std::string arguments() const = 0;
  // Components whose merge keys are equal and not empty print as one term with
  // their arguments joined by commas (heaps of one rule).
  [[nodiscard]] virtual std::string merge_key() const { return {}; }
  [[nodiscard]] std::string text() const;

  // Throws LimitError when the value is beyond what can be computed exactly,
  // Cancelled when the context is stopped. The default is the definition,
  // mex of the options' values over for_each_option (CycleError when the
  // options lead back to this position), so that a new ruleset needs only
  // head(), arguments() and for_each_option(); closed forms and engines
  // override it.
  [[nodiscard]] virtual Value value(Context& context) const;

  // Every option, in the ruleset's order; `visit` returns false to stop. Games
  // with astronomically many options (a heap of 10^18) are enumerated lazily.
  virtual void for_each_option(Context& context, const std::function<bool(ComponentOption&&)>& visit) const = 0;

  // Options of value `target`. The default walks for_each_option and values
  // every option (LimitError past a million options); rules with a closed form
  // or an engine override it with something exact and fast.
  [[nodiscard]] virtual OptionList options_to_value(Context& context, Nimber target, std::size_t limit) const;

  // Same ruleset, same state. The default compares text(), which is canonical.
  [[nodiscard]] virtual bool same_as(const Component& other) const;
};

// A sum of components.
class Position {
 public:
  // The empty sum: no move, value 0.
  Position() = default;
  Position(ComponentPtr component);  // NOLINT(google-explicit-constructor): a component is a position
  explicit Position(std::vector<ComponentPtr> components);

  [[nodiscard]] std::size_t size() const noexcept { return parts_ ? parts_->size() : 0; }
  [[nodiscard]] bool empty() const noexcept { return size() == 0; }
  [[nodiscard]] const Component& operator[](std::size_t i) const { return *(*parts_)[i]; }
  [[nodiscard]] const ComponentPtr& component(std::size_t i) const { return (*parts_)[i]; }
  [[nodiscard]] const std::vector<ComponentPtr>& components() const noexcept;

  [[nodiscard]] std::string text() const;

  // The sum of the components' values.
  [[nodiscard]] Value value(Context& context) const;

  // This position with component `index` replaced by `part` (zero or more
  // components, in place).
  [[nodiscard]] Position replaced(std::size_t index, const Position& part) const;

  friend Position operator+(const Position& a, const Position& b);
  friend bool operator==(const Position& a, const Position& b);

 private:
  std::shared_ptr<const std::vector<ComponentPtr>> parts_;
};

struct ComponentOption {
  std::string action;  // "take 4 from the heap of 9", in words for a person
  Position after;      // what the component becomes
};

// One move of a sum: component `component` of `before` becomes `replacement`.
struct Move {
  std::size_t component = 0;
  std::string action;
  Position replacement;
  Position before;

  // The whole position after the move.
  [[nodiscard]] Position after() const { return before.replaced(component, replacement); }
};

// Every option of a sum: the options of each component in turn.
void for_each_move(const Position& position, Context& context, const std::function<bool(Move&&)>& visit);

}  // namespace grundy
