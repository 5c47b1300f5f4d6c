// What a position is worth: one type for every analysis, text and JSON.
//
// A finite game graph gives every position either a nimber (its Sprague–Grundy
// value) or, when the graph has cycles, possibly an infinite value ∞(K): the
// position can be kept from ending, and K is the set of finite values among its
// options (C. A. B. Smith, "Graphs and composite games", 1966; the generalized
// Sprague–Grundy function of Fraenkel and Yesha). Sums follow Smith's rules:
//   finite + finite     nim-sum
//   ∞(K) + n            ∞(K ⊕ n), where K ⊕ n = {k xor n : k in K}
//   ∞(K) + ∞(L)         ∞(∅): a draw
// Outcome (the player to move): value 0 loses (P), another nimber wins (N);
// ∞(K) wins when 0 is in K (move to a position of value 0), otherwise a draw (D).
#pragma once

#include <compare>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace grundy {

// Who wins with perfect play, for the player to move: P (the previous player,
// i.e. the second player wins), N (the next player, the one to move, wins), D (a
// draw: neither can force a win).
enum class Outcome { P, N, D };

[[nodiscard]] const char* to_string(Outcome outcome) noexcept;

class Value {
 public:
  // The nimber 0.
  Value() = default;
  // A finite value (implicit: a nimber is a value).
  Value(Nimber nimber) noexcept : nimber_(nimber) {}  // NOLINT(google-explicit-constructor)

  // ∞(K); K is sorted and deduplicated.
  [[nodiscard]] static Value infinite(std::vector<Nimber> reachable);

  [[nodiscard]] bool is_finite() const noexcept { return reachable_ == nullptr; }
  // The nimber of a finite value; std::logic_error for an infinite one.
  [[nodiscard]] Nimber nimber() const {
    if (reachable_ != nullptr) not_finite();
    return nimber_;
  }
  // K of ∞(K) (sorted); empty for a finite value.
  [[nodiscard]] const std::vector<Nimber>& reachable() const noexcept;

  [[nodiscard]] Outcome outcome() const noexcept;

  // "3", "∞(0,1)", "∞" (K empty).
  [[nodiscard]] std::string to_string() const;

  friend bool operator==(const Value& a, const Value& b) noexcept {
    if (a.is_finite() != b.is_finite()) return false;
    return a.is_finite() ? a.nimber_ == b.nimber_ : *a.reachable_ == *b.reachable_;
  }

 private:
  [[noreturn]] void not_finite() const;

  // A finite value is its nimber; an infinite one holds K (shared: values are
  // copied often and K rarely changes). 24 bytes either way.
  Nimber nimber_ = 0;
  std::shared_ptr<const std::vector<Nimber>> reachable_;
};

// The value of a sum, by Smith's rules above.
[[nodiscard]] Value infinite_sum(const Value& a, const Value& b);
[[nodiscard]] inline Value operator+(const Value& a, const Value& b) {
  if (a.is_finite() && b.is_finite()) return Value(a.nimber() ^ b.nimber());
  return infinite_sum(a, b);
}

inline std::ostream& operator<<(std::ostream& out, const Value& value) { return out << value.to_string(); }

}  // namespace grundy
