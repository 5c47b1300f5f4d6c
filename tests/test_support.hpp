// Shared helpers of the test suite: a context for calls that need one, and the
// moves of a component with the positions after them as text, which is what
// most tests compare against their brute forces.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/capabilities.hpp"
#include "grundy/context.hpp"
#include "grundy/heap_rule.hpp"
#include "grundy/position.hpp"
#include "grundy/registry.hpp"

namespace grundy::testing {

// One context for a test file's calls (tests are not the library: a shared
// default context is fine here).
inline Context& context() {
  static Context shared;
  return shared;
}

inline Nimber value_of(const Component& component) { return component.value(context()).nimber(); }
inline Nimber value_of(const ComponentPtr& component) { return value_of(*component); }
inline Nimber value_of(const Position& position) { return position.value(context()).nimber(); }

struct TextMove {
  std::string action;
  std::string result;  // the component after the move, as an expression
};

struct TextMoveList {
  std::vector<TextMove> listed;
  std::uint64_t total = 0;
  bool total_is_lower_bound = false;
};

inline TextMoveList moves_to_value(const Component& component, Nimber target, std::size_t limit) {
  const OptionList options = component.options_to_value(context(), target, limit);
  TextMoveList out;
  out.total = options.total;
  out.total_is_lower_bound = options.total_is_lower_bound;
  for (const ComponentOption& option : options.listed) out.listed.push_back({option.action, option.after.text()});
  return out;
}
inline TextMoveList moves_to_value(const ComponentPtr& component, Nimber target, std::size_t limit) {
  return moves_to_value(*component, target, limit);
}

// A heap rule's moves from `heap` to `target`, through its component.
inline TextMoveList heap_moves(const HeapRule& rule, std::uint64_t heap, Nimber target, std::size_t limit) {
  return moves_to_value(rule.component(heap), target, limit);
}
inline TextMoveList heap_moves(const HeapRulePtr& rule, std::uint64_t heap, Nimber target, std::size_t limit) {
  return heap_moves(*rule, heap, target, limit);
}

// True when a theorem says the player to move loses (OutcomeWithoutValue).
inline std::optional<bool> known_loss(const ComponentPtr& component) {
  if (const auto* theorem = capability<OutcomeWithoutValue>(*component)) {
    return theorem->outcome(context()) == Outcome::P;
  }
  return std::nullopt;
}

// The position an expression describes, with the built-in rulesets.
inline Position parse(const std::string& text) { return Registry::builtin().parse(text, context()); }

}  // namespace grundy::testing
