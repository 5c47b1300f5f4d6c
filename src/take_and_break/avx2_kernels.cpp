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

// The values still wanted among those flagged in `bits` (all below 512),
// padded with a value no split has up to kList: how many there are (more than
// kList: kList + 1, the list unusable).
template <unsigned kList>
unsigned wanted_list(const std::uint64_t* bits, const std::uint8_t* want, std::uint16_t* list) {
  unsigned count = 0;
  for (unsigned w = 0; w < 8; ++w) {
    for (std::uint64_t b = bits[w]; b != 0; b &= b - 1) {
      const unsigned v = 64 * w + static_cast<unsigned>(std::countr_zero(b));
      if (!want[v]) continue;
      if (count == kList) return kList + 1;
      list[count++] = static_cast<std::uint16_t>(v);
    }
  }
  for (unsigned i = count; i < kList; ++i) list[i] = 0xFFFF;
  return count;
}

// The scan with at most kList wanted values, compared one by one: 64 splits
// (four vectors) a step, one test whether any matched; only a step with a hit
// is walked again (hits are few once the list is this short). Returns the
// first split not looked at; stops early when the list must be rebuilt
// (*rebuild) or nothing is wanted.
template <unsigned kList>
GRUNDY_AVX2 std::uint64_t scan_list(const Value* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                                    const std::uint16_t* list, std::uint8_t* want, std::uint8_t* row,
                                    std::uint64_t& needed) {
  __m256i wanted[kList];
  for (unsigned i = 0; i < kList; ++i) wanted[i] = _mm256_set1_epi16(static_cast<short>(list[i]));
  while (a + 63 <= last) {
    __m256i x[4];
    __m256i hit = _mm256_setzero_si256();
    for (unsigned t = 0; t < 4; ++t) {
      x[t] = split_values(g, m, a + 16 * t);
      for (unsigned i = 0; i < kList; ++i) hit = _mm256_or_si256(hit, _mm256_cmpeq_epi16(x[t], wanted[i]));
    }
    if (!_mm256_testz_si256(hit, hit)) {
      alignas(32) std::uint16_t values[64];
      for (unsigned t = 0; t < 4; ++t) _mm256_store_si256(reinterpret_cast<__m256i*>(values + 16 * t), x[t]);
      for (unsigned t = 0; t < 64; ++t) {
        const unsigned v = values[t];
        if (want[v]) {
          want[v] = 0;
          row[v] = 1;
          --needed;
        }
      }
      return a + 64;  // the caller rebuilds the list
    }
    a += 64;
  }
  return a;
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

GRUNDY_AVX2 std::uint64_t scan(const Value* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                               const std::uint64_t* bits, std::uint8_t* want, std::uint8_t* row,
                               std::uint64_t& needed) {
  // Values from 512 on are no split's (the width is at most 512): only those
  // below can be found, and `bits` says whether any is wanted.
  bool any = false;
  for (int w = 0; w < 8; ++w) any |= bits[w] != 0;
  if (!any) return last + 1;
  std::uint16_t list[kScanList];
  while (needed > 0 && a <= last) {
    const unsigned count = wanted_list<kScanList>(bits, want, list);
    if (count == 0) return last + 1;
    std::uint64_t next = a;
    if (count > kScanList) {
      // Many wanted (the first splits of a lane find most of them): the
      // portable scan, a chunk at a time, until the list is short.
      next = portable::scan(g, m, a, std::min(last, a + 255), want, row, needed);
    } else if (count <= 2) {
      next = scan_list<2>(g, m, a, last, list, want, row, needed);
    } else if (count <= 4) {
      next = scan_list<4>(g, m, a, last, list, want, row, needed);
    } else {
      next = scan_list<kScanList>(g, m, a, last, list, want, row, needed);
    }
    if (next == a) break;  // fewer than 64 splits left
    a = next;
  }
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
void find_candidates(const std::uint8_t*, const std::uint64_t*, std::uint64_t, std::uint16_t*, std::uint8_t*) {
  std::abort();
}
void compare_candidates(const Value*, std::uint64_t, const std::uint64_t*, std::size_t, unsigned,
                        const std::uint8_t*, std::uint8_t*) {
  std::abort();
}

}  // namespace grundy::take_and_break::detail::avx2

#endif
