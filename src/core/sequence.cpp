#include "grundy/core/sequence.hpp"

#include <stdexcept>

#include "grundy/core/input_error.hpp"

namespace grundy {

const char* to_string(Periodicity::Status status) noexcept {
  switch (status) {
    case Periodicity::Status::none_found: return "none found";
    case Periodicity::Status::detected: return "detected, not proven";
    case Periodicity::Status::proven: return "proven";
  }
  return "?";
}

const char* to_string(Periodicity::Kind kind) noexcept {
  switch (kind) {
    case Periodicity::Kind::none: return "none";
    case Periodicity::Kind::periodic: return "periodic";
    case Periodicity::Kind::arithmetic: return "arithmetic-periodic";
  }
  return "?";
}

namespace {

// Least preperiod for period p and saltus s over the table: scanning back from the
// end, the first n with g(n + p) != g(n) + s ends the pattern.
std::uint64_t least_preperiod(const std::vector<Nimber>& values, std::uint64_t p, Nimber s) {
  std::uint64_t n = values.size() - p;
  while (n > 0 && values[n - 1 + p] == values[n - 1] + s) --n;
  return n;
}

Periodicity detect(const std::vector<Nimber>& values, std::uint64_t min_repeats, bool arithmetic) {
  Periodicity result;
  const std::uint64_t size = values.size();
  if (min_repeats == 0) min_repeats = 1;
  for (std::uint64_t p = 1; p * min_repeats <= size; ++p) {
    Nimber s = 0;
    if (arithmetic) {
      if (values[size - 1] <= values[size - 1 - p]) continue;
      s = values[size - 1] - values[size - 1 - p];
    }
    const std::uint64_t pre = least_preperiod(values, p, s);
    // A pattern is reported only when it is seen `min_repeats` times and covers at
    // least half the table: two equal values at the end are not "period 1".
    if (size - pre >= min_repeats * p && pre <= size / 2) {
      result.kind = arithmetic ? Periodicity::Kind::arithmetic : Periodicity::Kind::periodic;
      result.status = Periodicity::Status::detected;
      result.preperiod = pre;
      result.period = p;
      result.saltus = s;
      return result;
    }
  }
  return result;
}

}  // namespace

Periodicity detect_periodicity(const std::vector<Nimber>& values, std::uint64_t min_repeats) {
  return detect(values, min_repeats, false);
}

Periodicity detect_arithmetic_periodicity(const std::vector<Nimber>& values, std::uint64_t min_repeats) {
  return detect(values, min_repeats, true);
}

Periodicity detect_any_periodicity(const std::vector<Nimber>& values) {
  Periodicity found = detect_periodicity(values);
  if (found.kind == Periodicity::Kind::none) found = detect_arithmetic_periodicity(values);
  return found;
}

Nimber value_from_pattern(const std::vector<Nimber>& values, const Periodicity& pattern, std::uint64_t n) {
  if (n < values.size()) return values[n];
  if (pattern.kind == Periodicity::Kind::none || pattern.period == 0 ||
      pattern.preperiod + pattern.period > values.size()) {
    throw std::logic_error("value_from_pattern: no pattern covers this heap");
  }
  const std::uint64_t offset = n - pattern.preperiod;
  const Nimber base = values[pattern.preperiod + offset % pattern.period];
  if (pattern.kind == Periodicity::Kind::periodic) return base;
  Nimber shift = 0;
  Nimber total = 0;
  if (__builtin_mul_overflow(offset / pattern.period, pattern.saltus, &shift) ||
      __builtin_add_overflow(base, shift, &total)) {
    throw LimitError("the nim-value of heap " + std::to_string(n) + " exceeds 64 bits");
  }
  return total;
}

}  // namespace grundy

namespace grundy {

Periodicity least_pattern(const std::vector<Nimber>& values, Periodicity pattern) {
  if (pattern.kind != Periodicity::Kind::periodic || pattern.period == 0) return pattern;
  const std::uint64_t n0 = pattern.preperiod;
  const std::uint64_t p = pattern.period;
  if (n0 + p > values.size()) throw std::logic_error("least_pattern: the values do not cover one period");
  // Every period of the tail is a multiple of the least one, which divides p:
  // the least divisor d of p under which one block of p values is invariant.
  std::uint64_t least = p;
  for (std::uint64_t d = 1; d < p; ++d) {
    if (p % d != 0) continue;
    bool holds = true;
    for (std::uint64_t i = 0; i < p && holds; ++i) holds = values[n0 + i] == values[n0 + (i + d) % p];
    if (holds) {
      least = d;
      break;
    }
  }
  // The least preperiod for that period: back from n0 while it still holds.
  std::uint64_t start = n0;
  while (start > 0 && values[start - 1] == value_from_pattern(values, pattern, start - 1 + least)) --start;
  pattern.period = least;
  pattern.preperiod = start;
  return pattern;
}

}  // namespace grundy
