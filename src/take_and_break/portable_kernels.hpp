// The portable definitions of the sparse engine's block kernels: what runs
// where the AVX-512 ones (vector_kernels.hpp) do not, and what those must equal.
// Rows, the common-value table and `want` hold 0 or 1 a byte, with room for
// 8-byte reads past every value they are asked about.
//
// Inline, in a header included by sparse_blocks.cpp and the vector kernels'
// files (for the scalar tail of their scans): each runs once a lane (or once a
// pair move of a lane) inside the block loops, and compiles there as the loops'
// own code, as before these were named.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include "grundy/take_and_break/engine.hpp"

namespace grundy::take_and_break::detail::portable {

inline std::uint64_t load8(const std::uint8_t* p) noexcept {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  return x;
}

// c0 of a lane: the least value v with common[v] set and row[v] clear. The
// values below c0 with neither (rare, not marked) get want[v] = 1 (the bytes
// from c0 to the end of its 8 get 0) and, below 512, their bit in `bits` (zero
// on entry); `needed` counts them. Eight values at a time.
inline std::uint64_t lane_c0(const std::uint8_t* row, const std::uint8_t* common, std::uint8_t* want,
                             std::uint64_t* bits, std::uint64_t& needed) {
  std::uint64_t c0 = 0;
  for (;; c0 += 8) {
    const std::uint64_t open = load8(common + c0) & ~load8(row + c0);
    if (open != 0) {
      c0 += static_cast<std::uint64_t>(std::countr_zero(open)) / 8;
      break;
    }
  }
  needed = 0;
  for (std::uint64_t v = 0; v < c0; v += 8) {
    std::uint64_t missing = ~(load8(common + v) | load8(row + v)) & 0x0101010101010101ULL;
    if (c0 - v < 8) missing &= (std::uint64_t{1} << (8 * (c0 - v))) - 1;
    std::memcpy(want + v, &missing, 8);
    needed += (missing * 0x0101010101010101ULL) >> 56;  // the bytes' sum (no POPCNT in baseline x86-64)
    // Byte i's low bit to bit i: the product gathers them in the top byte.
    if (v < 512) bits[v >> 6] |= ((missing * 0x0102040810204080ULL) >> 56) << (v & 63);
  }
  return c0;
}

// One split at a time, (a, m - a) from `a` up to `last`, until `needed` reaches
// 0: the tail of every scan, vector or not, past its last whole chunk. A value
// found is counted off `needed`, cleared from `want` and marked in `row`;
// returns the first split not looked at.
inline std::uint64_t scan_one_by_one(const Value* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                                     std::uint8_t* want, std::uint8_t* row, std::uint64_t& needed) {
  for (; needed > 0 && a <= last; ++a) {
    const unsigned v = g[a] ^ g[m - a];
    if (want[v]) {
      want[v] = 0;
      row[v] = 1;
      --needed;
    }
  }
  return a;
}

// Looks up the splits (a, m - a) from `a` up to `last` in `want` until `needed`
// reaches 0; a value found is counted off `needed`, cleared from `want` and
// marked in `row`. Returns the first split not looked at. Chunks of splits:
// their values first (no branch), then one test whether any is wanted; only a
// chunk with a hit is walked again.
inline std::uint64_t scan(const Value* g, std::uint64_t m, std::uint64_t a, std::uint64_t last, std::uint8_t* want,
                          std::uint8_t* row, std::uint64_t& needed) {
  while (a <= last) {
    constexpr std::uint64_t kChunk = 64;
    const std::uint64_t count = std::min(kChunk, last - a + 1);
    std::uint16_t x[kChunk];
    const Value* low = g + a;
    const Value* high = g + (m - a);
    unsigned hit = 0;
    if (count == kChunk) {  // the usual case, with a fixed trip count
      for (std::uint64_t t = 0; t < kChunk; ++t) x[t] = static_cast<std::uint16_t>(low[t] ^ *(high - t));
#pragma GCC unroll 16
      for (std::uint64_t t = 0; t < kChunk; ++t) hit |= want[x[t]];
    } else {
      for (std::uint64_t t = 0; t < count; ++t) x[t] = static_cast<std::uint16_t>(low[t] ^ *(high - t));
      for (std::uint64_t t = 0; t < count; ++t) hit |= want[x[t]];
    }
    if (hit != 0) {
      for (std::uint64_t t = 0; t < count && needed > 0; ++t) {
        if (want[x[t]]) {
          want[x[t]] = 0;
          row[x[t]] = 1;
          --needed;
        }
      }
    }
    a += count;
    if (needed == 0) break;
  }
  return a;
}

// Whether some split (a, m - a) with 1 <= a <= count has the value c; with
// `unequal` (Grundy's game) not the split into equal halves.
inline bool split_has(const Value* g, std::uint64_t m, std::uint64_t count, unsigned c, bool unequal) {
  bool taken = false;
  for (std::uint64_t a = 1; a <= count; ++a) taken |= (g[a] ^ g[m - a]) == c && !(unequal && 2 * a == m);
  return taken;
}

}  // namespace grundy::take_and_break::detail::portable
