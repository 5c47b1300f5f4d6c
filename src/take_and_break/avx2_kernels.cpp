// The AVX2 kernels of the sparse engine's blocks: the contracts of the AVX-512
// ones (vector_kernels.hpp) on CPUs that stop at AVX2 (most x86-64 machines
// sold or rented: Zen 1-3, Intel client cores since Haswell without AVX-512).
// What AVX-512 does with mask registers, vpermw/vpermt2b across the whole
// register and vpcompressw is done here with movemask, in-lane byte shuffles
// and bit loops.
#include "vector_kernels.hpp"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#include <algorithm>
#include <bit>
#include <cstring>

#include "packed_values.hpp"
#include "portable_kernels.hpp"

namespace grundy::take_and_break::detail::avx2 {
namespace {

#define GRUNDY_AVX2 __attribute__((target("avx2,popcnt,bmi")))

// The 64 bytes of a row chunk that are nonzero, as a bit mask.
GRUNDY_AVX2 inline std::uint64_t marked_mask(const std::uint8_t* row) {
  const __m256i zero = _mm256_setzero_si256();
  const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row));
  const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + 32));
  const auto low_zero = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(low, zero)));
  const auto high_zero = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(high, zero)));
  return ~(std::uint64_t{low_zero} | (std::uint64_t{high_zero} << 32));
}

// 32 bits to 32 bytes of 0 or 1: byte i takes byte i / 8 of the mask (a
// broadcast and an in-lane shuffle), then its bit i % 8.
GRUNDY_AVX2 inline __m256i bits_to_bytes(std::uint32_t bits) {
  const __m256i spread = _mm256_shuffle_epi8(
      _mm256_set1_epi32(static_cast<int>(bits)),
      _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3));
  const __m256i select = _mm256_set1_epi64x(static_cast<long long>(0x8040201008040201ULL));
  return _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(spread, select), select), _mm256_set1_epi8(1));
}

// 16 words of g from `p` on, in reverse order (word i is p[15 - i]).
GRUNDY_AVX2 inline __m256i load_reversed(const Value* p) {
  const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  const __m256i in_lanes = _mm256_shuffle_epi8(
      v, _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4,
                          5, 2, 3, 0, 1));
  return _mm256_permute4x64_epi64(in_lanes, 0x4E);
}

// The values of the 16 splits (s + i, m - s - i), i = 0..15.
GRUNDY_AVX2 inline __m256i split_values(const Value* g, std::uint64_t m, std::uint64_t s) {
  const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(g + s));
  return _mm256_xor_si256(low, load_reversed(g + (m - s - 15)));
}

// Which of the 16 split values in x are in the 512-bit set held in table0
// (values 0..255) and table1 (256..511), a bit each: vpermd picks the dword of
// each value (x >> 5) from both halves, the sign of the index's bit 3 chooses
// between them, a variable shift brings its bit to the sign, movmskps gathers.
GRUNDY_AVX2 inline unsigned lookup(__m256i x, __m256i table0, __m256i table1) {
  const __m256i thirty_one = _mm256_set1_epi32(31);
  unsigned hits = 0;
  for (int half = 0; half < 2; ++half) {
    const __m256i v = _mm256_cvtepu16_epi32(half == 0 ? _mm256_castsi256_si128(x) : _mm256_extracti128_si256(x, 1));
    const __m256i index = _mm256_srli_epi32(v, 5);
    const __m256 low = _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(table0, index));
    const __m256 high = _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(table1, index));
    const __m256i word = _mm256_castps_si256(_mm256_blendv_ps(low, high, _mm256_castsi256_ps(_mm256_slli_epi32(index, 28))));
    // Bit (v & 31) to bit 31: shift it down to bit 0, then up.
    const __m256i bit = _mm256_slli_epi32(_mm256_srlv_epi32(word, _mm256_and_si256(v, thirty_one)), 31);
    hits |= static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(bit))) << (8 * half);
  }
  return hits;
}

}  // namespace

GRUNDY_AVX2 std::uint64_t lane_c0(const std::uint8_t* row, const std::uint64_t* common, std::uint8_t* want,
                                  std::uint64_t* bits, std::uint64_t& needed) {
  needed = 0;
  for (std::uint64_t w = 0;; ++w) {
    const std::uint64_t marked = marked_mask(row + 64 * w);
    const std::uint64_t open = common[w] & ~marked;
    std::uint64_t missing = ~common[w] & ~marked;
    if (open != 0) missing &= (open & (0 - open)) - 1;  // below the first open value
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(want + 64 * w), bits_to_bytes(static_cast<std::uint32_t>(missing)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(want + 64 * w + 32),
                        bits_to_bytes(static_cast<std::uint32_t>(missing >> 32)));
    if (w < 8) bits[w] = missing;
    needed += static_cast<std::uint64_t>(__builtin_popcountll(missing));
    if (open != 0) return 64 * w + static_cast<std::uint64_t>(std::countr_zero(open));
  }
}

// 64 splits (four vectors) a step, looked up in the set with one test whether
// any is wanted; only a step with a hit is walked again, and the values found
// leave the set.
GRUNDY_AVX2 std::uint64_t scan(const Value* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                               const std::uint64_t* bits, std::uint8_t* want, std::uint8_t* row,
                               std::uint64_t& needed) {
  std::uint64_t set[8];
  std::copy(bits, bits + 8, set);
  const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  __m256i table0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(set));
  __m256i table1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(set + 4));
  while (needed > 0 && a + 63 <= last) {
    __m256i x[4];
    std::uint64_t hits = 0;
    for (unsigned t = 0; t < 4; ++t) {
      x[t] = split_values(g, m, a + 16 * t);
      hits |= std::uint64_t{lookup(x[t], table0, table1)} << (16 * t);
    }
    if (hits != 0) {
      // Only the splits that hit (a value may hit twice in one step).
      alignas(32) std::uint16_t values[64];
      for (unsigned t = 0; t < 4; ++t) _mm256_store_si256(reinterpret_cast<__m256i*>(values + 16 * t), x[t]);
      for (; hits != 0; hits &= hits - 1) {
        const unsigned v = values[std::countr_zero(hits)];
        needed -= want[v];
        want[v] = 0;
        row[v] = 1;
        // Out of the set in its registers (through memory, the 32-byte reload
        // after 8-byte stores missed store forwarding at every hit).
        const __m256i bit = _mm256_and_si256(
            _mm256_cmpeq_epi32(iota, _mm256_set1_epi32(static_cast<int>((v >> 5) & 7))),
            _mm256_sllv_epi32(_mm256_set1_epi32(1), _mm256_set1_epi32(static_cast<int>(v & 31))));
        if (v < 256) {
          table0 = _mm256_andnot_si256(bit, table0);
        } else {
          table1 = _mm256_andnot_si256(bit, table1);
        }
      }
    }
    a += 64;
  }
  return portable::scan_one_by_one(g, m, a, last, want, row, needed);
}

// The packed scan (see the declaration): each vector of 32 splits takes two
// byte loads, a reversal (vpshufb, vpermq) and a xor for its values, and for
// the lookup the set's byte of each value (x >> 3: vpshufb in the set's low
// and high 16 bytes, the out-of-range one zeroed by the index's top bit) and
// its bit (x & 7: vpshufb in a table of the 8 bits): about 16 instructions for
// 32 splits, where `scan` takes about 26 for 16. Batches of kBatch vectors are
// tested together (one vptest); only a batch with a hit is walked again.
// Officers to 3·10^6 on Zen 4 (--kernels avx2, CPU s, interleaved): kBatch 4
// 3.70–3.73, 8 3.43–3.59, 12 3.43–3.45 (16 ymm registers: 8 kept). Per scan
// there (prefix 1024): 8.6 values wanted, 15.8 hits of which 7.2 false (a
// common split value with a wanted one's packed form), 2 104 splits read.
template <bool kLowCommon>
GRUNDY_AVX2 std::uint64_t scan_packed_with(const Value* g, const std::uint8_t* low, const std::uint8_t* high,
                                           std::uint64_t m, std::uint64_t a, std::uint64_t last,
                                           const std::uint64_t* packed_set, unsigned bit, std::uint8_t* want,
                                           std::uint8_t* row, std::uint64_t& needed_io,
                                           const std::uint8_t* low_common) {
  constexpr unsigned kBatch = 8;
  std::uint64_t needed = needed_io;
  const std::uint64_t first = a;
  // The set's 32 bytes as two registers, each 16-byte half in both lanes.
  __m256i set_low = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(packed_set)));
  __m256i set_high = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(packed_set + 2)));
  const __m256i reverse = _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10,
                                           9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  const __m256i bits = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16,
                                        32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
  const __m256i low5 = _mm256_set1_epi8(0x1F);
  const __m256i low3 = _mm256_set1_epi8(7);
  const __m256i offset = _mm256_set1_epi8(0x70);
  const __m256i top = _mm256_set1_epi8(static_cast<char>(0x80));
  // Bytes of x in the set: nonzero where a split's packed value is wanted.
  auto lookup = [&](__m256i x) GRUNDY_AVX2 {
    // Byte index 0..31 + 0x70: below 16 a valid index into set_low (top bit
    // clear), from 16 on an index with the top bit set (zero); flipped, the
    // other way round for set_high.
    const __m256i index = _mm256_add_epi8(_mm256_and_si256(_mm256_srli_epi16(x, 3), low5), offset);
    const __m256i byte = _mm256_or_si256(_mm256_shuffle_epi8(set_low, index),
                                         _mm256_shuffle_epi8(set_high, _mm256_xor_si256(index, top)));
    return _mm256_and_si256(byte, _mm256_shuffle_epi8(bits, _mm256_and_si256(x, low3)));
  };
  // The lookup of the vector from split s on, without the splits whose part
  // s + i is rare (kLowCommon: their values are common).
  auto hits = [&](std::uint64_t s, __m256i x) GRUNDY_AVX2 {
    if constexpr (kLowCommon) {
      return _mm256_and_si256(lookup(x), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(low_common + (s - first))));
    } else {
      return lookup(x);
    }
  };
  auto values = [&](std::uint64_t s) GRUNDY_AVX2 {
    const std::uint64_t i = s - first;
    const __m256i l = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(low + i));
    const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(high - i - 31));
    return _mm256_xor_si256(l, _mm256_permute4x64_epi64(_mm256_shuffle_epi8(h, reverse), 0x4E));
  };
  // The hits of up to four vectors from split s on, without branches: a hit
  // that is wanted (not a false hit of a common value, nor a value found
  // already) is counted off, marked, and cleared from the set in memory; the
  // registers are loaded again once after all of them. (Cleared in the
  // registers hit by hit, each hit waited for the one before: ~45 cycles a hit
  // at Officers 10^7.)
  alignas(16) std::uint8_t set[32];
  std::memcpy(set, packed_set, 32);
  auto walk = [&](const __m256i* hit, unsigned vectors, std::uint64_t s) GRUNDY_AVX2 {
    for (unsigned t = 0; t < vectors; ++t, s += 32) {
      auto mask = ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit[t], _mm256_setzero_si256())));
      for (; mask != 0; mask &= mask - 1) {
        const std::uint64_t split = s + static_cast<unsigned>(std::countr_zero(mask));
        const unsigned v = g[split] ^ g[m - split];
        const unsigned w = want[v];
        needed -= w;
        want[v] = 0;
        row[v] = static_cast<std::uint8_t>(row[v] | w);
        const unsigned c = pack_value(v, bit);
        set[c >> 3] = static_cast<std::uint8_t>(set[c >> 3] & ~(w << (c & 7)));
      }
    }
    set_low = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(set)));
    set_high = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(set + 16)));
  };
  while (needed > 0 && a + 32 * kBatch - 1 <= last) {
    __m256i hit[kBatch];
    __m256i any = _mm256_setzero_si256();
    for (unsigned t = 0; t < kBatch; ++t) {
      hit[t] = hits(a + 32 * t, values(a + 32 * t));
      any = _mm256_or_si256(any, hit[t]);
    }
    if (!_mm256_testz_si256(any, any)) {
      walk(hit, kBatch, a);
    }
    a += 32 * kBatch;
  }
  for (; needed > 0 && a + 31 <= last; a += 32) {
    const __m256i hit = hits(a, values(a));
    if (!_mm256_testz_si256(hit, hit)) walk(&hit, 1, a);
  }
  a = portable::scan_one_by_one(g, m, a, last, want, row, needed);
  needed_io = needed;
  return a;
}

GRUNDY_AVX2 std::uint64_t scan_packed(const Value* g, const std::uint8_t* low, const std::uint8_t* high,
                                      std::uint64_t m, std::uint64_t a, std::uint64_t last,
                                      const std::uint64_t* packed_set, unsigned bit, std::uint8_t* want,
                                      std::uint8_t* row, std::uint64_t& needed, const std::uint8_t* low_common) {
  return low_common != nullptr
             ? scan_packed_with<true>(g, low, high, m, a, last, packed_set, bit, want, row, needed, low_common)
             : scan_packed_with<false>(g, low, high, m, a, last, packed_set, bit, want, row, needed, nullptr);
}

GRUNDY_AVX2 bool split_has(const Value* g, std::uint64_t m, std::uint64_t count, unsigned c) {
  const __m256i wanted = _mm256_set1_epi16(static_cast<short>(c));
  __m256i hit = _mm256_setzero_si256();
  std::uint64_t a = 1;
  for (; a + 15 <= count; a += 16) hit = _mm256_or_si256(hit, _mm256_cmpeq_epi16(split_values(g, m, a), wanted));
  bool taken = !_mm256_testz_si256(hit, hit);
  for (; a <= count; ++a) taken |= (g[a] ^ g[m - a]) == c;
  return taken;
}

GRUNDY_AVX2 void find_candidates(const std::uint8_t* row, const std::uint64_t* common, std::uint64_t end,
                                 std::uint16_t* value, std::uint8_t* cand) {
  int have = 0;
  for (std::uint64_t w = 0; have < avx512::kCandidates && 64 * w < end; ++w) {
    std::uint64_t open = common[w] & ~marked_mask(row + 64 * w);
    for (; open != 0 && have < avx512::kCandidates; open &= open - 1) {
      const auto v = static_cast<std::uint16_t>(64 * w + static_cast<std::uint64_t>(std::countr_zero(open)));
      value[have * 64] = v;
      cand[have * 64] = static_cast<std::uint8_t>(v & 0xFF);
      ++have;
    }
  }
  for (; have < avx512::kCandidates; ++have) {
    value[have * 64] = static_cast<std::uint16_t>(end);
    cand[have * 64] = static_cast<std::uint8_t>(end & 0xFF);
  }
}

// A pass over the parts for the lanes [first, first + 32): their options'
// low bytes packed into one vector (vpackuswb of the masked words, then the
// 64-bit quarters put back in order), xored with each candidate vector and
// folded into its accumulator with an unsigned minimum: 0 when some part gave
// that candidate. Lanes at or past `lanes` are read as zeros (their reads
// could pass the computed values) and ignored by the caller.
GRUNDY_AVX2 void compare_candidates(const Value* g, std::uint64_t base, const std::uint64_t* parts,
                                    std::size_t count, unsigned lanes, const std::uint8_t* cand, std::uint8_t* acc) {
  constexpr int kVectors = avx512::kCandidates;
  const __m256i low_byte = _mm256_set1_epi16(0xFF);
  for (unsigned first = 0; first < 64; first += 32) {
    if (first >= lanes) {
      for (int i = 0; i < kVectors; ++i) std::fill(acc + 64 * i + first, acc + 64 * i + first + 32, std::uint8_t{0xFF});
      continue;
    }
    const unsigned here = std::min(32U, lanes - first);
    __m256i a[kVectors];
    for (int i = 0; i < kVectors; ++i) a[i] = _mm256_set1_epi8(static_cast<char>(0xFF));
    for (std::size_t q = 0; q < count; ++q) {
      const std::uint64_t p = parts[q];
      const Value* other = g + (base - p) + first;
      __m256i lo;
      __m256i hi;
      if (here == 32) {
        lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(other));
        hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(other + 16));
      } else {
        alignas(32) Value copy[32] = {};
        std::copy(other, other + here, copy);
        lo = _mm256_load_si256(reinterpret_cast<const __m256i*>(copy));
        hi = _mm256_load_si256(reinterpret_cast<const __m256i*>(copy + 16));
      }
      const __m256i packed = _mm256_permute4x64_epi64(
          _mm256_packus_epi16(_mm256_and_si256(lo, low_byte), _mm256_and_si256(hi, low_byte)), 0xD8);
      const __m256i x = _mm256_xor_si256(packed, _mm256_set1_epi8(static_cast<char>(g[p] & 0xFF)));
      for (int i = 0; i < kVectors; ++i) {
        const __m256i c = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(cand + 64 * i + first));
        a[i] = _mm256_min_epu8(a[i], _mm256_xor_si256(x, c));
      }
    }
    for (int i = 0; i < kVectors; ++i) _mm256_storeu_si256(reinterpret_cast<__m256i*>(acc + 64 * i + first), a[i]);
  }
}

#undef GRUNDY_AVX2

}  // namespace grundy::take_and_break::detail::avx2

#else  // No AVX2 kernels in this build: none is supported, so none is called.

#include <cstdlib>

namespace grundy::take_and_break::detail::avx2 {

std::uint64_t lane_c0(const std::uint8_t*, const std::uint64_t*, std::uint8_t*, std::uint64_t*, std::uint64_t&) {
  std::abort();
}
std::uint64_t scan(const Value*, std::uint64_t, std::uint64_t, std::uint64_t, const std::uint64_t*, std::uint8_t*,
                   std::uint8_t*, std::uint64_t&) {
  std::abort();
}
bool split_has(const Value*, std::uint64_t, std::uint64_t, unsigned) { std::abort(); }
std::uint64_t scan_packed(const Value*, const std::uint8_t*, const std::uint8_t*, std::uint64_t, std::uint64_t,
                          std::uint64_t, const std::uint64_t*, unsigned, std::uint8_t*, std::uint8_t*,
                          std::uint64_t&, const std::uint8_t*) {
  std::abort();
}
void find_candidates(const std::uint8_t*, const std::uint64_t*, std::uint64_t, std::uint16_t*, std::uint8_t*) {
  std::abort();
}
void compare_candidates(const Value*, std::uint64_t, const std::uint64_t*, std::size_t, unsigned,
                        const std::uint8_t*, std::uint8_t*) {
  std::abort();
}

}  // namespace grundy::take_and_break::detail::avx2

#endif
