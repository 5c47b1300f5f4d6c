// Periodicity of take-and-break sequences, and when it is proven.
//
// The octal periodicity theorem (Guy and Smith, 1956; Winning Ways ch. 4): for a
// game whose moves take at most t tokens and leave at most two heaps, if
// g(n + p) = g(n) for n0 <= n < 2·n0 + p + t, then for all n >= n0.
//
// Extension to moves leaving up to j heaps (hexadecimal codes: j = 3), derived
// here. Let m0 = max(n0, 1). Claim: if g(n + p) = g(n) for n0 <= n < B with
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
// whose only nonzero value is g(2) = 1, would be "proven" of period 3).
// Codes whose moves leave at most one heap use j = 1 (subtraction games).

// Grundy's game has no such theorem (moving p between the heaps can make them
// equal), so its patterns are only ever "detected".
#pragma once

#include <cstdint>
#include <span>

#include "grundy/sequence.hpp"
#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/engine.hpp"

namespace grundy::take_and_break {

// The end B of the range the theorem needs checked (exclusive; values up to
// index B + p - 1 are compared). j = max(1, heaps left).
[[nodiscard]] std::uint64_t periodicity_check_end(const GameCode& code, std::uint64_t preperiod,
                                                  std::uint64_t period);

// True when the periodicity theorem applies to this game at all.
[[nodiscard]] bool periodicity_theorem_applies(const GameCode& code) noexcept;

// Looks at g(0..values.size()-1): for each period p (ascending) the least
// preperiod n0 with g(n + p) = g(n) from n0 to the end. The first p the theorem
// proves is returned as `proven`; otherwise the least p whose periodic tail
// holds at least three times is `detected`; otherwise `none_found`.
// O(size) for sequences that are not periodic near their end.
[[nodiscard]] Periodicity find_periodicity(const GameCode& code, std::span<const Value> values);


}  // namespace grundy::take_and_break
