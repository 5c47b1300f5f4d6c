// A component of a game sum as the expression language and the CLI see it: one
// independent game (a heap under some rule, a Moore's Nim position, a vertex of a
// graph…) that knows its nim-value and can list its moves to a given value.
//
// This is the runtime (virtual) face of the library; the compile-time face, for
// users' own games, is the ImpartialGame concept in game.hpp. Winning moves of a
// sum need nothing more than this interface: with total T = xor of all values, a
// winning move changes one component of value v into one of value v xor T.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/nimber.hpp"

namespace grundy {

// One move of one component, written for a person to play it.
struct Move {
  std::string action;  // "take 4 from the heap of 9", "move 2 coins from step 3 to step 2"
  std::string result;  // the component after the move, in expression syntax: "nim(5)"
};

// Moves found by a search, with the full count even when only some are listed
// (a heap of 10^18 under "take any odd number" has 5·10^17 winning moves).
struct MoveList {
  std::vector<Move> listed;
  std::uint64_t total = 0;  // saturates at UINT64_MAX
  // Set when `total` counts only the moves a bounded search got through (a
  // component whose exact count is out of reach says so rather than guess).
  bool total_is_lower_bound = false;
};

class Component {
 public:
  virtual ~Component() = default;

  // The component in expression syntax, e.g. "sub{1,2,3}(10)" or "moore(2)(3,5,6)".
  [[nodiscard]] virtual std::string text() const = 0;

  [[nodiscard]] virtual Nimber value() const = 0;

  // Moves to a position of nim-value `target`; at most `limit` are listed.
  [[nodiscard]] virtual MoveList moves_to_value(Nimber target, std::size_t limit) const = 0;

  // For misère play, which the nim-value alone does not decide: a component that is
  // a plain Nim heap says so (the Anti-Nim rule covers sums of those).
  [[nodiscard]] virtual std::optional<std::uint64_t> as_nim_heap() const { return std::nullopt; }

  // True if the player to move loses, when a theorem decides it without the
  // nim-value (Moore's Nim: the binary digit sums); nullopt when no theorem does.
  [[nodiscard]] virtual std::optional<bool> known_loss() const { return std::nullopt; }
};

using ComponentPtr = std::unique_ptr<Component>;

}  // namespace grundy
