// The one periodicity prover of heap games: for a game whose moves take at
// most t tokens from a heap and leave at most j heaps, a period seen over a
// long enough stretch holds forever. Take-and-break codes (take_and_break/
// periodicity.hpp) and finite subtraction sets (rulesets/subtraction.cpp, j = 1:
// the "window theorem") both prove their periods here.
//
// The octal periodicity theorem (Guy and Smith, 1956; Winning Ways ch. 4): for
// j = 2, if g(n + p) = g(n) for n0 <= n < 2·n0 + p + t, then for all n >= n0.
// Extension to moves leaving up to j heaps, derived here. Let m0 = max(n0, 1).
// Claim: if g(n + p) = g(n) for n0 <= n < B with
//     B = j·m0 + (j-1)·p + t,
// then for every n >= n0. Induction on n >= B, assuming it for all heaps below n:
//  * A move from n + p takes k <= t and leaves i <= j non-empty heaps summing
//    to n + p - k; the largest, c, has c >= (n + p - k)/j >= m0 + p since
//    n >= j·m0 + (j-1)·p + k. Replacing c by c - p (>= m0 >= 1, so still a
//    heap, and < n) is a move of the same kind from n, of the same value
//    because g(c) = g(c - p) by induction.
//  * A move from n leaves heaps summing to n - k >= j·m0 + (j-1)·p; the
//    largest, c, has m0 <= c < n, so adding p to it is a move of the same kind
//    from n + p, of the same value.
//  * Taking a whole heap (bit 1) is possible only for heaps <= t, and
//    n >= j + t > t.
// So n and n + p have equal option values and g(n + p) = g(n). For j = 2 and
// n0 >= 1 this is exactly Guy–Smith; m0 keeps n0 = 0 safe (without it 0.01,
// whose only nonzero value is g(2) = 1, would be "proven" of period 3). For
// j = 1 it is the window theorem of subtraction games: B = m0 + t, a window of
// t values repeated. The same argument holds for misère values of single heaps
// when j <= 1 (an option is one heap or none, and every n >= B has moves).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "grundy/core/sequence.hpp"

namespace grundy {

// What the theorem needs to know of a game's moves.
struct MoveBounds {
  std::uint64_t max_take = 0;      // t: the most tokens one move takes
  unsigned max_heaps_left = 1;     // j: the most heaps one move leaves (at least 1 for the bound)
};

// The end B of the range the theorem needs checked (exclusive; values up to
// index B + p - 1 are compared).
[[nodiscard]] inline std::uint64_t periodicity_check_end(const MoveBounds& bounds, std::uint64_t preperiod,
                                                         std::uint64_t period) {
  const std::uint64_t j = std::max(1U, bounds.max_heaps_left);
  const std::uint64_t m0 = std::max<std::uint64_t>(preperiod, 1);
  return j * m0 + (j - 1) * period + bounds.max_take;
}

// The scan every periodicity proof shares (heap games' nim-values below, the
// pretending function of a misère quotient in misere/heap_quotient.cpp): for
// each period p = 1..p_max (ascending) the least preperiod n0 with v(n + p) =
// v(n) from n0 to the end. `end_of(n0, p)` gives the end B of the range its
// theorem needs checked, or nullopt when no theorem applies; the first p with
// values.size() >= B + p is `proven`, with `proof(n0, p, B)` as its sentence.
// Otherwise the least p whose periodic tail holds three times and
// `min_tail_beyond_period` values more than p is `detected`; otherwise
// `none_found`. O(size) for sequences that are not periodic near their end.
template <class V, class EndOf, class Proof>
[[nodiscard]] Periodicity scan_periodicity(std::span<const V> values, std::uint64_t p_max,
                                           std::uint64_t min_tail_beyond_period, EndOf&& end_of, Proof&& proof) {
  Periodicity result;
  const std::uint64_t size = values.size();
  std::uint64_t detected_p = 0;
  std::uint64_t detected_n0 = 0;
  for (std::uint64_t p = 1; p <= p_max && p < size; ++p) {
    // Multiples of a period already seen repeat its story at more cost.
    if (detected_p != 0 && p % detected_p == 0) continue;
    std::uint64_t n = size - p;
    while (n > 0 && values[n - 1 + p] == values[n - 1]) --n;
    const std::uint64_t n0 = n;
    if (const std::optional<std::uint64_t> end = end_of(n0, p); end && size >= *end + p) {
      result.kind = Periodicity::Kind::periodic;
      result.status = Periodicity::Status::proven;
      result.preperiod = n0;
      result.period = p;
      result.proof = proof(n0, p, *end);
      return result;
    }
    if (detected_p == 0 && size - n0 >= 3 * p && size - n0 >= p + min_tail_beyond_period) {
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

// Looks at g(0..values.size()-1) of a heap game: the first period the theorem
// proves (when `theorem` is true: the game meets its hypotheses) is returned as
// `proven` (least_pattern then gives the least period and preperiod); otherwise
// the least p whose periodic tail holds at least three times (and 64 values) is
// `detected`; otherwise `none_found`.
template <class V>
[[nodiscard]] Periodicity find_periodicity(const MoveBounds& bounds, bool theorem, std::span<const V> values) {
  const std::uint64_t size = values.size();
  const std::uint64_t j = std::max(1U, bounds.max_heaps_left);
  // A period the theorem can prove satisfies size >= j·1 + j·p + t; one worth
  // reporting as detected repeats three times.
  const std::uint64_t p_max = std::max(theorem ? size / j : 0, size / 3);
  return scan_periodicity(
      values, p_max, 64,
      [&](std::uint64_t n0, std::uint64_t p) -> std::optional<std::uint64_t> {
        if (!theorem) return std::nullopt;
        return periodicity_check_end(bounds, n0, p);
      },
      [&](std::uint64_t n0, std::uint64_t p, std::uint64_t end) {
        const std::string window = j == 1 ? "window theorem (moves leave at most one heap, so g(n) follows from the " +
                                                std::to_string(bounds.max_take) + " values before it)"
                                          : "octal periodicity theorem (Guy-Smith, bound for moves leaving up to " +
                                                std::to_string(j) + " heaps)";
        return window + ": g(n+" + std::to_string(p) + ") = g(n) checked for " + std::to_string(n0) + " <= n < " +
               std::to_string(end) + " (t = " + std::to_string(bounds.max_take) + ")";
      });
}

}  // namespace grundy
