#include "grundy/take_and_break/periodicity.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include "grundy/core/input_error.hpp"

namespace grundy::take_and_break {

bool periodicity_theorem_applies(const GameCode& code) noexcept {
  return code.family == GameCode::Family::code;
}

MoveBounds move_bounds(const GameCode& code) noexcept { return {code.max_take(), code.max_heaps_left()}; }

std::uint64_t periodicity_check_end(const GameCode& code, std::uint64_t preperiod, std::uint64_t period) {
  return grundy::periodicity_check_end(move_bounds(code), preperiod, period);
}

Periodicity find_periodicity(const GameCode& code, std::span<const Value> values) {
  return grundy::find_periodicity(move_bounds(code), periodicity_theorem_applies(code), values);
}

}  // namespace grundy::take_and_break
