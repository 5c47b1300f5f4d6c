// Saturating arithmetic on 64-bit counts: move counts, position counts and
// search bounds that must never wrap (a count past 2^64 - 1 reads as "at least
// that", UINT64_MAX). The one copy of it for the library: the move lists
// (HeapMoveList, OptionList), the analyses' totals, the rulesets' counts.
#pragma once

#include <cstdint>

namespace grundy {

[[nodiscard]] constexpr std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) noexcept {
  std::uint64_t sum = 0;
  return __builtin_add_overflow(a, b, &sum) ? UINT64_MAX : sum;
}

[[nodiscard]] constexpr std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) noexcept {
  std::uint64_t product = 0;
  return __builtin_mul_overflow(a, b, &product) ? UINT64_MAX : product;
}

}  // namespace grundy
