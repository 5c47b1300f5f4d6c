#include "grundy/take_and_break/periodicity.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include "grundy/input_error.hpp"

namespace grundy::take_and_break {

bool periodicity_theorem_applies(const GameCode& code) noexcept {
  return code.family == GameCode::Family::code;
}

std::uint64_t periodicity_check_end(const GameCode& code, std::uint64_t preperiod, std::uint64_t period) {
  const std::uint64_t j = std::max(1U, code.max_heaps_left());
  const std::uint64_t m0 = std::max<std::uint64_t>(preperiod, 1);
  return j * m0 + (j - 1) * period + code.max_take();
}

Periodicity find_periodicity(const GameCode& code, std::span<const Value> values) {
  Periodicity result;
  const std::uint64_t size = values.size();
  const bool theorem = periodicity_theorem_applies(code);
  const std::uint64_t j = std::max(1U, code.max_heaps_left());
  // A period the theorem can prove satisfies size >= j·1 + j·p + t; one worth
  // reporting as detected repeats three times.
  const std::uint64_t p_max = std::max(theorem ? size / j : 0, size / 3);
  std::uint64_t detected_p = 0;
  std::uint64_t detected_n0 = 0;
  for (std::uint64_t p = 1; p <= p_max && p < size; ++p) {
    // Multiples of a period already seen repeat its story at more cost.
    if (detected_p != 0 && p % detected_p == 0) continue;
    std::uint64_t n = size - p;
    while (n > 0 && values[n - 1 + p] == values[n - 1]) --n;
    const std::uint64_t n0 = n;
    if (theorem) {
      const std::uint64_t end = periodicity_check_end(code, n0, p);
      if (size >= end + p) {
        result.kind = Periodicity::Kind::periodic;
        result.status = Periodicity::Status::proven;
        result.preperiod = n0;
        result.period = p;
        result.proof = "octal periodicity theorem (Guy-Smith, bound for moves leaving up to " +
                       std::to_string(j) + (j == 1 ? " heap" : " heaps") + "): g(n+" + std::to_string(p) +
                       ") = g(n) checked for " +
                       std::to_string(n0) + " <= n < " + std::to_string(end) + " (t = " +
                       std::to_string(code.max_take()) + ")";
        return result;
      }
    }
    if (detected_p == 0 && size - n0 >= 3 * p && size - n0 >= p + 64) {
      detected_p = p;
      detected_n0 = n0;
    }
  }
  if (detected_p != 0) {
    result.kind = Periodicity::Kind::periodic;
    result.status = Periodicity::Status::detected;
    result.preperiod = detected_n0;
    result.period = detected_p;
  }
  return result;
}

}  // namespace grundy::take_and_break
