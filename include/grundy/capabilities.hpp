// Optional capabilities of a component: interfaces a component class derives
// from, besides Component, when its ruleset knows more than values and options.
// Each is declared by the ruleset that has it and asked for in one place (the
// analysis, the table command), never guessed from a name or a shape.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "grundy/context.hpp"
#include "grundy/nimber.hpp"
#include "grundy/position.hpp"
#include "grundy/value.hpp"

namespace grundy {

// The component is exactly a Nim heap of this size, so misère sums of such
// components follow Bouton's misère rule (analysis.cpp).
class NimHeapEquivalent {
 public:
  virtual ~NimHeapEquivalent() = default;
  [[nodiscard]] virtual std::uint64_t nim_heap() const = 0;
};

// A theorem decides who wins even where the nim-value is out of reach (Moore's
// Nim_k by binary digit sums, Wythoff's game by the Beatty pairs). Used when the
// component stands alone; its options_to_value(…, 0, …) lists the winning moves.
class OutcomeWithoutValue {
 public:
  virtual ~OutcomeWithoutValue() = default;
  [[nodiscard]] virtual Outcome outcome(Context& context) const = 0;
};

// One heap alone in misère play (the last player to move loses): its misère
// value g⁻, 0 exactly for the P-positions, and the options of misère value 0.
// Misère values do not add over sums.
class MisereHeap {
 public:
  virtual ~MisereHeap() = default;
  [[nodiscard]] virtual Nimber misere_value(Context& context) const = 0;
  [[nodiscard]] virtual OptionList misere_options_to_zero(Context& context, std::size_t limit) const = 0;
};

// A board game whose position people read best drawn: rows of 0 (free) and
// 1 (blocked), one line per row.
class DrawnAsBoard {
 public:
  virtual ~DrawnAsBoard() = default;
  [[nodiscard]] virtual std::string drawing() const = 0;
};

// The component's value is the generalized Sprague–Grundy function γ of a game
// whose graph has cycles (loopy_labelling.hpp), and it knows its counter c: the
// analysis answers an opponent's move that raised such a component by the
// reversal rule (to a follower of the old value with a smaller counter), which
// is what makes a win arrive in finitely many moves.
class LoopyCounter {
 public:
  virtual ~LoopyCounter() = default;
  // c of this position: set for a finite value in a graph with cycles; nullopt
  // for ∞, and when the component's graph has no cycle (every play ends anyway).
  [[nodiscard]] virtual std::optional<std::uint64_t> counter(Context& context) const = 0;
};

// The capability C of a component, or nullptr.
template <class C>
[[nodiscard]] const C* capability(const Component& component) noexcept {
  return dynamic_cast<const C*>(&component);
}

}  // namespace grundy
