// Lasker's Nim: a move takes any number of tokens from one heap, or splits a heap
// into two non-empty heaps. Internal to the rulesets (the lead wraps it).
//
// Closed form (Winning Ways, ch. 4): g(0) = 0 and, for k >= 0,
//   g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.
// Proof, by induction on n >= 1. Write r(x) = g(x) mod 4: r = 1, 2, 0, 3 for
// x = 1, 2, 3, 0 mod 4. Take-moves reach every g(m), m < n: by induction the
// blocks below n are permuted, so they reach {0..n-1} except that n = 4k+4
// reaches 4k+4 instead of 4k+3. A split a + b = n reaches g(a) xor g(b), whose
// residue is r(a) xor r(b):
//   n = 4k+1: (a, b) = (0, 1) or (2, 3) mod 4 -> 3^1 = 2^0 = 2, never 4k+1;
//   n = 4k+2: (1, 1), (0, 2), (3, 3) -> 0, 1, 0, never 4k+2;
//   n = 4k+3: (1, 2), (0, 3) -> 3, so never 4k+4, and (1, 4k+2) gives 4k+3;
//   n = 4k+4: (1, 3), (2, 2), (0, 0) -> 1, 0, 0, never 4k+3.
// So the mex is 4k+1, 4k+2, 4k+4, 4k+3 respectively. (g is an involution that
// only swaps 4k+3 and 4k+4.) Tests also hold it against the definition.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace grundy::lasker {

// g(heap). Throws LimitError for heap = 2^64 - 1 (its value 2^64 does not fit).
[[nodiscard]] Nimber value(std::uint64_t heap);

struct Splits {
  std::uint64_t total = 0;               // exact number of solutions (at most n/2)
  std::vector<std::uint64_t> smallest;   // the `limit` smallest a, increasing
};

// The splits of heap n into (n - a, a), 1 <= a <= n - a, with
// g(a) xor g(n - a) == target: their exact number, and the `limit` smallest a.
// Exact for every n < 2^64 (g(n - a) always fits: n - a <= 2^64 - 2). Cost:
// O(64 x 36) for the count plus O(limit x 64 x 36 x 18) for the list, whatever n.
[[nodiscard]] Splits splits_to_value(std::uint64_t n, Nimber target, std::size_t limit);

}  // namespace grundy::lasker
