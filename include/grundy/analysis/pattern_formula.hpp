// Integer formulas over named variables: the language in which `grundy pattern`
// states a law ("period = L + R", "g(x) = (x mod (L + R)) div L") and from which
// it writes code to paste (C++ or Python).
//
// The grammar (docs/contest.md lists it for users):
//   formula := VARIABLE | CONSTANT
//            | formula OP formula          OP: + - * div mod xor min max
//            | parity(formula)             popcount mod 2
//            | v2(formula)                 the 2-adic valuation (the ruler sequence)
//            | Omega(formula)              prime factors counted with multiplicity
//            | formula if A < B else formula
// Values are 64-bit signed integers. A formula is *undefined* at a point where
// an operation leaves its domain — div and mod need a dividend >= 0 and a
// divisor > 0, xor and parity operands >= 0, v2 and Omega an operand >= 1 —
// or where a result overflows; an undefined formula never fits a law. On the
// domain, C++'s and Python's operators agree, so the emitted code computes
// exactly what was checked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace grundy::pattern {

enum class Operation : std::uint8_t {
  variable,
  constant,
  add,
  subtract,
  multiply,
  divide,
  modulo,
  bit_xor,
  minimum,
  maximum,
  parity,
  valuation2,
  big_omega,
  select_less,  // children: A, B, then, else — "then if A < B else else"
};

// Whether an operation takes one operand (parity, v2, Omega).
[[nodiscard]] bool is_unary(Operation operation) noexcept;
// Whether a op b = b op a (the search skips mirrored pairs).
[[nodiscard]] bool is_commutative(Operation operation) noexcept;
// a op b (or op a for unary operations, b ignored); nullopt off the domain.
[[nodiscard]] std::optional<std::int64_t> apply(Operation operation, std::int64_t a, std::int64_t b) noexcept;

class Formula {
 public:
  Formula() = default;  // the constant 0
  [[nodiscard]] static Formula variable(std::size_t index);
  [[nodiscard]] static Formula constant(std::int64_t value);
  [[nodiscard]] static Formula unary(Operation operation, const Formula& operand);
  [[nodiscard]] static Formula binary(Operation operation, const Formula& left, const Formula& right);
  // "then_part if a < b else else_part"
  [[nodiscard]] static Formula select_less(const Formula& a, const Formula& b, const Formula& then_part,
                                           const Formula& else_part);

  // The value at a point (variables by index), or nullopt off the domain.
  [[nodiscard]] std::optional<std::int64_t> evaluate(std::span<const std::int64_t> variables) const;

  // The formula with every variable i replaced by by_variable[i] (variables
  // beyond the list stay as they are).
  [[nodiscard]] Formula rebind(const std::vector<Formula>& by_variable) const;

  // Nodes in the tree (variables and constants count 1).
  [[nodiscard]] std::size_t size() const noexcept { return nodes_.size(); }
  [[nodiscard]] bool uses(std::size_t variable) const noexcept;
  // One more than the largest variable index used (0 for a constant): the
  // names a text or code of it needs.
  [[nodiscard]] std::size_t variables_needed() const noexcept;
  [[nodiscard]] bool is_constant() const noexcept;

  // Written for people ("(x mod (L + R)) div L"), as a C++ expression on
  // `long long` variables, and as a Python expression. Omega in code calls a
  // helper named `big_omega`, which emitted code defines (uses_big_omega()).
  [[nodiscard]] std::string text(const std::vector<std::string>& names) const;
  [[nodiscard]] std::string cpp(const std::vector<std::string>& names) const;
  [[nodiscard]] std::string python(const std::vector<std::string>& names) const;
  [[nodiscard]] bool uses_operation(Operation operation) const noexcept;

 private:
  struct Node {
    Operation operation = Operation::constant;
    std::int64_t value = 0;       // the constant, or the variable's index
    std::vector<std::size_t> children;  // indices into nodes_, each below this node
  };
  enum class Dialect { text, cpp, python };
  [[nodiscard]] std::optional<std::int64_t> evaluate_node(std::size_t node, std::span<const std::int64_t> variables) const;
  [[nodiscard]] std::string write(std::size_t node, const std::vector<std::string>& names, Dialect dialect,
                                  bool top) const;
  // Appends another formula's nodes; returns the index of its root here.
  std::size_t graft(const Formula& other);

  std::vector<Node> nodes_{Node{}};  // the root is the last node
};

}  // namespace grundy::pattern
