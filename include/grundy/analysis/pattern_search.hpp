// The search for a law: the smallest formula (pattern_formula.hpp) that gives
// the wanted value at every data point — a period at each member of a family,
// g(x) at each heap of each member.
//
// Bottom-up enumeration by size with observational equivalence: formulas are
// built from smaller ones, evaluated on a sample of the points, and a formula
// whose values on the sample equal an earlier one's is dropped (it can only
// repeat what the earlier, smaller one says there). A formula that fits the
// sample is then checked on every point. So the search is exhaustive up to
// `max_size` nodes among formulas that differ on the sample, and never reports
// a formula that fails a point; a smaller law that agrees on the sample with a
// formula that fails elsewhere can be missed (the sample holds every point when
// there are at most `sample_size`).
//
// Beyond the plain formulas it tries a split: "A if v < t, else B" with v one
// of `split_variables` and t a formula in the other variables (the parameters),
// or "A if f = 0, else B" with f a small formula of `condition_variables`
// (such as k mod 3), A and B found by the same enumeration on the two sides.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grundy/analysis/pattern_formula.hpp"

namespace grundy::pattern {

// What a law must give at one point.
struct Wanted {
  enum class Kind : std::uint8_t {
    exact,      // the value `low`
    range,      // any value in [low, high]
    multiple,   // a positive multiple of `low` (a period, when `low` is the least period)
  };
  Kind kind = Kind::exact;
  std::int64_t low = 0;
  std::int64_t high = 0;

  [[nodiscard]] static Wanted exactly(std::int64_t v) { return {Kind::exact, v, v}; }
  [[nodiscard]] static Wanted between(std::int64_t low, std::int64_t high) { return {Kind::range, low, high}; }
  [[nodiscard]] static Wanted multiple_of(std::int64_t p) { return {Kind::multiple, p, 0}; }
  [[nodiscard]] bool accepts(std::int64_t v) const noexcept;
};

struct SearchSpace {
  std::vector<std::string> names;            // the variables, by index
  std::vector<std::int64_t> constants = {0, 1, 2, 3};
  std::vector<Operation> operations = {Operation::multiply, Operation::add, Operation::subtract,
                                       Operation::divide, Operation::modulo,   Operation::bit_xor,
                                       Operation::minimum, Operation::maximum, Operation::parity,
                                       Operation::valuation2, Operation::big_omega};
  std::size_t max_size = 7;                  // nodes
  std::size_t stored_size = 5;               // formulas up to this size are kept as parts of larger ones
  std::size_t sample_size = 128;
  std::size_t bank_limit = 200'000;          // formulas kept, at most
  // Splits "A if v < t, else B": v among these variables, t a formula of at
  // most `threshold_size` nodes over the variables in `threshold_variables`.
  std::vector<std::size_t> split_variables;
  std::vector<std::size_t> threshold_variables;
  std::size_t threshold_size = 3;
  // Splits "A if f = 0, else B" with f a formula of at most condition_size
  // nodes over these variables (such as "k mod 3"): for laws of the parameters.
  std::vector<std::size_t> condition_variables;
  std::size_t condition_size = 5;
};

struct SearchResult {
  std::optional<Formula> formula;
  std::size_t examined = 0;        // formulas evaluated
  std::size_t largest_size = 0;    // the search covered every size up to this
};

// points[i] holds the variables' values (by index); wanted[i] what the law
// must give there. `charge` is called with the work of each formula examined
// (its evaluations on the sample): a Context's work meter, which polls and may
// throw to stop the search.
[[nodiscard]] SearchResult find_formula(const SearchSpace& space, const std::vector<std::vector<std::int64_t>>& points,
                                        const std::vector<Wanted>& wanted,
                                        const std::function<void(std::uint64_t)>& charge);

// An exact affine law y = c0 + c1 v1 + … over the chosen variables with
// integer coefficients (solved on the points, then checked on each), or
// nullopt; for laws whose coefficients are beyond the enumeration's constants.
[[nodiscard]] std::optional<Formula> find_affine(const std::vector<std::size_t>& variables,
                                                 const std::vector<std::vector<std::int64_t>>& points,
                                                 const std::vector<std::int64_t>& values);

}  // namespace grundy::pattern
