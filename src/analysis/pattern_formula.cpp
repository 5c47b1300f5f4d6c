#include "grundy/analysis/pattern_formula.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace grundy::pattern {

bool is_unary(Operation operation) noexcept {
  return operation == Operation::parity || operation == Operation::valuation2 || operation == Operation::big_omega;
}

bool is_commutative(Operation operation) noexcept {
  switch (operation) {
    case Operation::add:
    case Operation::multiply:
    case Operation::bit_xor:
    case Operation::minimum:
    case Operation::maximum: return true;
    default: return false;
  }
}

namespace {

// Ω(n) by trial division; n >= 1. Laws are searched on small tables, and a
// formula is undefined past 2^40 rather than slow.
std::optional<std::int64_t> big_omega_of(std::int64_t n) {
  if (n < 1 || n > (std::int64_t{1} << 40)) return std::nullopt;
  std::int64_t count = 0;
  for (std::int64_t p = 2; p * p <= n; ++p) {
    while (n % p == 0) {
      n /= p;
      ++count;
    }
  }
  return count + (n > 1 ? 1 : 0);
}

}  // namespace

std::optional<std::int64_t> apply(Operation operation, std::int64_t a, std::int64_t b) noexcept {
  std::int64_t out = 0;
  switch (operation) {
    case Operation::add:
      if (__builtin_add_overflow(a, b, &out)) return std::nullopt;
      return out;
    case Operation::subtract:
      if (__builtin_sub_overflow(a, b, &out)) return std::nullopt;
      return out;
    case Operation::multiply:
      if (__builtin_mul_overflow(a, b, &out)) return std::nullopt;
      return out;
    case Operation::divide:
      if (a < 0 || b <= 0) return std::nullopt;
      return a / b;
    case Operation::modulo:
      if (a < 0 || b <= 0) return std::nullopt;
      return a % b;
    case Operation::bit_xor:
      if (a < 0 || b < 0) return std::nullopt;
      return a ^ b;
    case Operation::minimum: return a < b ? a : b;
    case Operation::maximum: return a < b ? b : a;
    case Operation::parity:
      if (a < 0) return std::nullopt;
      return std::popcount(static_cast<std::uint64_t>(a)) & 1;
    case Operation::valuation2:
      if (a < 1) return std::nullopt;
      return std::countr_zero(static_cast<std::uint64_t>(a));
    case Operation::big_omega: return big_omega_of(a);
    case Operation::variable:
    case Operation::constant:
    case Operation::select_less: break;
  }
  return std::nullopt;
}

Formula Formula::variable(std::size_t index) {
  Formula f;
  f.nodes_[0] = Node{Operation::variable, static_cast<std::int64_t>(index), {}};
  return f;
}

Formula Formula::constant(std::int64_t value) {
  Formula f;
  f.nodes_[0].value = value;
  return f;
}

std::size_t Formula::graft(const Formula& other) {
  const std::size_t offset = nodes_.size();
  for (Node node : other.nodes_) {
    for (std::size_t& child : node.children) child += offset;
    nodes_.push_back(std::move(node));
  }
  return nodes_.size() - 1;
}

Formula Formula::unary(Operation operation, const Formula& operand) {
  if (!is_unary(operation)) throw std::logic_error("Formula::unary: not a unary operation");
  Formula f;
  f.nodes_.clear();
  const std::size_t child = f.graft(operand);
  f.nodes_.push_back(Node{operation, 0, {child}});
  return f;
}

Formula Formula::binary(Operation operation, const Formula& left, const Formula& right) {
  if (is_unary(operation) || operation == Operation::variable || operation == Operation::constant ||
      operation == Operation::select_less) {
    throw std::logic_error("Formula::binary: not a binary operation");
  }
  Formula f;
  f.nodes_.clear();
  const std::size_t l = f.graft(left);
  const std::size_t r = f.graft(right);
  f.nodes_.push_back(Node{operation, 0, {l, r}});
  return f;
}

Formula Formula::select_less(const Formula& a, const Formula& b, const Formula& then_part, const Formula& else_part) {
  Formula f;
  f.nodes_.clear();
  const std::size_t ia = f.graft(a);
  const std::size_t ib = f.graft(b);
  const std::size_t it = f.graft(then_part);
  const std::size_t ie = f.graft(else_part);
  f.nodes_.push_back(Node{Operation::select_less, 0, {ia, ib, it, ie}});
  return f;
}

std::optional<std::int64_t> Formula::evaluate(std::span<const std::int64_t> variables) const {
  return evaluate_node(nodes_.size() - 1, variables);
}

std::optional<std::int64_t> Formula::evaluate_node(std::size_t index, std::span<const std::int64_t> variables) const {
  const Node& node = nodes_[index];
  switch (node.operation) {
    case Operation::constant: return node.value;
    case Operation::variable: {
      const auto i = static_cast<std::size_t>(node.value);
      if (i >= variables.size()) return std::nullopt;
      return variables[i];
    }
    case Operation::select_less: {
      const auto a = evaluate_node(node.children[0], variables);
      const auto b = evaluate_node(node.children[1], variables);
      if (!a || !b) return std::nullopt;
      return evaluate_node(node.children[*a < *b ? 2 : 3], variables);
    }
    default: break;
  }
  const auto a = evaluate_node(node.children[0], variables);
  if (!a) return std::nullopt;
  if (is_unary(node.operation)) return apply(node.operation, *a, 0);
  const auto b = evaluate_node(node.children[1], variables);
  if (!b) return std::nullopt;
  return apply(node.operation, *a, *b);
}

Formula Formula::rebind(const std::vector<Formula>& by_variable) const {
  // Rebuilt bottom-up: node i of this formula becomes built[i].
  std::vector<Formula> built;
  built.reserve(nodes_.size());
  for (const Node& node : nodes_) {
    switch (node.operation) {
      case Operation::constant: built.push_back(constant(node.value)); break;
      case Operation::variable: {
        const auto i = static_cast<std::size_t>(node.value);
        built.push_back(i < by_variable.size() ? by_variable[i] : variable(i));
        break;
      }
      case Operation::select_less:
        built.push_back(select_less(built[node.children[0]], built[node.children[1]], built[node.children[2]],
                                    built[node.children[3]]));
        break;
      default:
        if (is_unary(node.operation)) {
          built.push_back(unary(node.operation, built[node.children[0]]));
        } else {
          built.push_back(binary(node.operation, built[node.children[0]], built[node.children[1]]));
        }
    }
  }
  return built.back();
}

std::size_t Formula::variables_needed() const noexcept {
  std::size_t needed = 0;
  for (const Node& node : nodes_) {
    if (node.operation == Operation::variable) needed = std::max(needed, static_cast<std::size_t>(node.value) + 1);
  }
  return needed;
}

bool Formula::uses(std::size_t variable) const noexcept {
  for (const Node& node : nodes_) {
    if (node.operation == Operation::variable && static_cast<std::size_t>(node.value) == variable) return true;
  }
  return false;
}

bool Formula::uses_operation(Operation operation) const noexcept {
  for (const Node& node : nodes_) {
    if (node.operation == operation) return true;
  }
  return false;
}

bool Formula::is_constant() const noexcept {
  for (const Node& node : nodes_) {
    if (node.operation == Operation::variable) return false;
  }
  return true;
}

std::string Formula::text(const std::vector<std::string>& names) const {
  return write(nodes_.size() - 1, names, Dialect::text, true);
}
std::string Formula::cpp(const std::vector<std::string>& names) const {
  return write(nodes_.size() - 1, names, Dialect::cpp, true);
}
std::string Formula::python(const std::vector<std::string>& names) const {
  return write(nodes_.size() - 1, names, Dialect::python, true);
}

std::string Formula::write(std::size_t index, const std::vector<std::string>& names, Dialect dialect, bool top) const {
  const Node& node = nodes_[index];
  const auto sub = [&](std::size_t child) { return write(node.children[child], names, dialect, false); };
  const auto wrap = [top](const std::string& s) { return top ? s : "(" + s + ")"; };
  switch (node.operation) {
    case Operation::constant: {
      const std::string digits = std::to_string(node.value);
      return node.value < 0 && !top ? "(" + digits + ")" : digits;
    }
    case Operation::variable: {
      const auto i = static_cast<std::size_t>(node.value);
      return i < names.size() ? names[i] : "v" + std::to_string(i);
    }
    case Operation::add: return wrap(sub(0) + " + " + sub(1));
    case Operation::subtract: return wrap(sub(0) + " - " + sub(1));
    case Operation::multiply: {
      // A constant factor first, as people write it: 2·a, not a·2.
      const bool swap = nodes_[node.children[1]].operation == Operation::constant &&
                        nodes_[node.children[0]].operation != Operation::constant;
      return wrap(sub(swap ? 1 : 0) + (dialect == Dialect::text ? "·" : " * ") + sub(swap ? 0 : 1));
    }
    case Operation::divide:
      return wrap(sub(0) + (dialect == Dialect::text ? " div " : dialect == Dialect::cpp ? " / " : " // ") + sub(1));
    case Operation::modulo: return wrap(sub(0) + (dialect == Dialect::text ? " mod " : " % ") + sub(1));
    case Operation::bit_xor: return wrap(sub(0) + (dialect == Dialect::text ? " xor " : " ^ ") + sub(1));
    case Operation::minimum:
    case Operation::maximum: {
      const bool low = node.operation == Operation::minimum;
      if (dialect == Dialect::cpp) {
        // No <algorithm> needed, and both sides are plain long long.
        const std::string a = sub(0);
        const std::string b = sub(1);
        return "(" + a + (low ? " < " : " > ") + b + " ? " + a + " : " + b + ")";
      }
      return std::string(low ? "min(" : "max(") + sub(0) + ", " + sub(1) + ")";
    }
    case Operation::parity:
      if (dialect == Dialect::cpp) return "(__builtin_popcountll(" + sub(0) + ") & 1)";
      if (dialect == Dialect::python) return wrap("bin(" + sub(0) + ").count(\"1\") % 2");
      return "parity(" + sub(0) + ")";
    case Operation::valuation2:
      if (dialect == Dialect::cpp) return "__builtin_ctzll(" + sub(0) + ")";
      if (dialect == Dialect::python) {
        const std::string a = sub(0);
        return wrap("(" + a + " & -" + a + ").bit_length() - 1");
      }
      return "v2(" + sub(0) + ")";
    case Operation::big_omega: return (dialect == Dialect::text ? "Omega(" : "big_omega(") + sub(0) + ")";
    case Operation::select_less: {
      // For people "f < 1" reads "f = 0": the conditions the search makes are
      // never negative there (x, r, or a count of the form f mod m, f >= 0).
      const bool is_zero_test = dialect == Dialect::text && nodes_[node.children[1]].operation == Operation::constant &&
                                nodes_[node.children[1]].value == 1;
      const std::string condition = is_zero_test ? sub(0) + " = 0" : sub(0) + " < " + sub(1);
      if (dialect == Dialect::cpp) return "(" + condition + " ? " + sub(2) + " : " + sub(3) + ")";
      if (dialect == Dialect::python) return "(" + sub(2) + " if " + condition + " else " + sub(3) + ")";
      return "(" + sub(2) + " if " + condition + ", else " + sub(3) + ")";
    }
  }
  return "?";
}

}  // namespace grundy::pattern
