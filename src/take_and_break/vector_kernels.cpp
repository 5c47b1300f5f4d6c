#include "vector_kernels.hpp"

#if defined(__x86_64__) && defined(__GNUC__)
#define GRUNDY_VECTOR_KERNELS 1
#include <immintrin.h>

#include <algorithm>
#include <bit>

#include "portable_kernels.hpp"
#else
#include <cstdlib>
#endif

namespace grundy::take_and_break::detail {

#ifdef GRUNDY_VECTOR_KERNELS

const char* missing_extension(const CpuFeatures& cpu, VectorKernelSet set) noexcept {
  switch (set) {
    case VectorKernelSet::avx512:
      if (!cpu.avx512f) return "AVX-512F";
      if (!cpu.avx512bw) return "AVX-512BW";
      if (!cpu.avx512vbmi) return "AVX-512VBMI";
      if (!cpu.avx512vbmi2) return "AVX-512VBMI2";
      if (!cpu.popcnt) return "POPCNT";
      return nullptr;
    case VectorKernelSet::avx2:
      if (!cpu.avx2) return "AVX2";
      if (!cpu.bmi1) return "BMI1";
      if (!cpu.popcnt) return "POPCNT";
      return nullptr;
    case VectorKernelSet::best:
    case VectorKernelSet::portable: return nullptr;
  }
  return nullptr;
}

VectorKernelSet best_kernel_set(const CpuFeatures& cpu) noexcept {
  if (missing_extension(cpu, VectorKernelSet::avx512) == nullptr) return VectorKernelSet::avx512;
  if (missing_extension(cpu, VectorKernelSet::avx2) == nullptr) return VectorKernelSet::avx2;
  return VectorKernelSet::portable;
}

namespace avx512 {
namespace {

// The values found[0..count) of a batch of scan_512: counted off `needed` if
// still wanted, marked in `row`, cleared from `want` and from the set in its
// register. (Inlined into scan_512, whose target includes this one's.)
__attribute__((target("avx512f,avx512bw"))) inline void apply_hits(const std::uint16_t* found, unsigned count,
                                                                   std::uint8_t* want, std::uint8_t* row,
                                                                   std::uint64_t& needed, __m512i& table) {
  for (unsigned i = 0; i < count; ++i) {
    const unsigned v = found[i];
    needed -= want[v];
    want[v] = 0;
    row[v] = 1;
    const __m512i bit = _mm512_maskz_set1_epi16(__mmask32{1} << (v >> 4), static_cast<short>(1U << (v & 15)));
    table = _mm512_maskz_andnot_epi64(0xFF, bit, table);  // (the unmasked form trips a GCC 12 -Wmaybe-uninitialized)
  }
}

}  // namespace

// c0 and the wanted values 64 at a time: a test mask of a 64-byte row chunk
// against a bit set of the common values (Officers at 10^7 on Zen 4: ~55 TSC
// cycles a heap, against ~120 for the loop over 8 bytes at a time that
// portable::lane_c0 is; docs/take_and_break.md).
__attribute__((target("avx512f,avx512bw,popcnt"))) std::uint64_t lane_c0(const std::uint8_t* row,
                                                                        const std::uint64_t* common,
                                                                        std::uint8_t* want, std::uint64_t* bits,
                                                                        std::uint64_t& needed) {
  needed = 0;
  for (std::uint64_t w = 0;; ++w) {
    const __m512i r = _mm512_loadu_si512(row + 64 * w);
    const std::uint64_t marked = _mm512_test_epi8_mask(r, r);
    const std::uint64_t open = common[w] & ~marked;
    std::uint64_t missing = ~common[w] & ~marked;
    if (open != 0) missing &= (open & (0 - open)) - 1;  // below the first open value
    _mm512_storeu_si512(want + 64 * w, _mm512_maskz_set1_epi8(missing, 1));
    if (w < 8) bits[w] = missing;
    needed += static_cast<std::uint64_t>(__builtin_popcountll(missing));
    if (open != 0) return 64 * w + static_cast<std::uint64_t>(std::countr_zero(open));
  }
}

// The flagged values are a 512-bit set held in one register, and 32 splits
// (a, m - a) at a time are looked up in it (vpermw picks the 16-bit word of each
// value, a variable shift its bit).
//
// The hits of kBatch vectors are compressed into a buffer (vpcompressw) and
// applied together, each value found cleared from the set in its register: a
// branch per vector with a hit (a hit costs a misprediction) made marking the
// first 1024 splits of every heap outright cheaper than scanning them; with
// the batches, a block marks only the first 512 (measured on Officers at 10^7,
// best of 8 interleaved runs: 695k values/s against 652k). On Zen 4, where
// vpcompressw costs ~4 cycles, a batch of 12 vectors computes its values and
// hit masks in registers and compresses only when one of them has a hit (a
// replay of 20 000 recorded scans at 10^7: 668 cycles a scan, against 808 for
// compressing every vector in batches of 12 and ~850 in batches of 8).
__attribute__((target("avx512f,avx512bw,avx512vbmi2,popcnt"))) std::uint64_t scan_512(
    const Value* g, std::uint64_t m, std::uint64_t a, std::uint64_t last, const std::uint64_t* bits, std::uint8_t* want,
    std::uint8_t* row, std::uint64_t& needed_io) {
  constexpr int kBatch = 12;
  std::uint64_t needed = needed_io;
  alignas(64) std::uint16_t found[kBatch * 32 + 32];
  __m512i table = _mm512_loadu_si512(bits);
  const __m512i reverse = _mm512_set_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                                           21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  const __m512i fifteen = _mm512_set1_epi16(15);
  const __m512i one = _mm512_set1_epi16(1);
  // Whole batches: the values and hit masks of kBatch vectors first, in
  // registers; only a batch with a hit compresses them (about 4 cycles each).
  while (a + 32 * kBatch - 1 <= last) {
    __m512i x[kBatch];
    __mmask32 hit[kBatch];
    __mmask32 any = 0;
    for (int t = 0; t < kBatch; ++t) {
      const std::uint64_t s = a + 32 * static_cast<unsigned>(t);
      const __m512i low = _mm512_loadu_si512(g + s);
      const __m512i high = _mm512_permutexvar_epi16(reverse, _mm512_loadu_si512(g + (m - s - 31)));
      x[t] = _mm512_xor_si512(low, high);
      const __m512i word = _mm512_permutexvar_epi16(_mm512_srli_epi16(x[t], 4), table);
      hit[t] = _mm512_test_epi16_mask(_mm512_srlv_epi16(word, _mm512_and_si512(x[t], fifteen)), one);
      any |= hit[t];
    }
    a += 32 * kBatch;
    if (any == 0) continue;
    unsigned count = 0;
    for (int t = 0; t < kBatch; ++t) {
      _mm512_storeu_si512(found + count, _mm512_maskz_compress_epi16(hit[t], x[t]));
      count += static_cast<unsigned>(__builtin_popcount(hit[t]));
    }
    apply_hits(found, count, want, row, needed, table);
    if (needed == 0) break;
  }
  // The last vectors (fewer than a batch).
  while (needed > 0 && a + 31 <= last) {
    unsigned count = 0;
    for (int t = 0; t < kBatch && a + 31 <= last; ++t, a += 32) {
      const __m512i low = _mm512_loadu_si512(g + a);
      const __m512i high = _mm512_permutexvar_epi16(reverse, _mm512_loadu_si512(g + (m - a - 31)));
      const __m512i xv = _mm512_xor_si512(low, high);
      const __m512i word = _mm512_permutexvar_epi16(_mm512_srli_epi16(xv, 4), table);
      const __mmask32 h = _mm512_test_epi16_mask(_mm512_srlv_epi16(word, _mm512_and_si512(xv, fifteen)), one);
      _mm512_storeu_si512(found + count, _mm512_maskz_compress_epi16(h, xv));
      count += static_cast<unsigned>(__builtin_popcount(h));
    }
    apply_hits(found, count, want, row, needed, table);
  }
  a = portable::scan_one_by_one(g, m, a, last, want, row, needed);
  needed_io = needed;
  return a;
}

// Phase 2 of a block asks this once a lane, for the few splits with a part
// inside the block: 32 splits at a time.
__attribute__((target("avx512f,avx512bw"))) bool split_has(const Value* g, std::uint64_t m, std::uint64_t count,
                                                           unsigned c) {
  const __m512i reverse = _mm512_set_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                                           21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  const __m512i want = _mm512_set1_epi16(static_cast<short>(c));
  __mmask32 hit = 0;
  for (std::uint64_t a = 1; a <= count; a += 32) {
    const std::uint64_t left = count - a + 1;
    const __mmask32 lanes = left >= 32 ? ~__mmask32{0} : (__mmask32{1} << left) - 1;
    // Lane i: g(a + i) and g(m - a - i), the latter loaded from m - a - 31 on
    // and reversed (lanes past `left` masked off, their reads too).
    const __m512i low = _mm512_maskz_loadu_epi16(lanes, g + a);
    const __mmask32 high_lanes = static_cast<__mmask32>(lanes << (32 - std::min<std::uint64_t>(left, 32))) |
                                 (left >= 32 ? ~__mmask32{0} : 0);
    const __m512i high = _mm512_permutexvar_epi16(reverse, _mm512_maskz_loadu_epi16(high_lanes, g + (m - a - 31)));
    hit |= _mm512_mask_cmpeq_epi16_mask(lanes, _mm512_xor_si512(low, high), want);
  }
  return hit != 0;
}

// ---- The comparisons ----
//
// A byte store a pair (marking) is about a cycle (stores to different cache
// lines retire one a cycle); comparing is about a fifth of that for
// kCandidates = 12: the 64 lanes' options packed to their low bytes (vpermt2b)
// and min(acc, x xor candidate) a candidate.

// The `count` least open values 64 at a time, the open ones compressed
// (vpcompressw) into the buffer (a loop over the bits took ~100 cycles a lane,
// its exits mispredicted).
__attribute__((target("avx512f,avx512bw,avx512vbmi2,popcnt"))) void open_values(const std::uint8_t* row,
                                                                                const std::uint64_t* common,
                                                                                std::uint64_t from, unsigned count,
                                                                                std::uint64_t end,
                                                                                std::uint16_t* found) {
  const __m512i iota = _mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12,
                                        11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  unsigned have = 0;
  for (std::uint64_t w = from / 64; have < count && 64 * w < end; ++w) {
    const __m512i r = _mm512_loadu_si512(row + 64 * w);
    std::uint64_t open = common[w] & ~_mm512_test_epi8_mask(r, r);
    if (64 * w < from) open &= ~std::uint64_t{0} << (from - 64 * w);
    const __m512i low = _mm512_add_epi16(iota, _mm512_set1_epi16(static_cast<short>(64 * w)));
    const __m512i high = _mm512_add_epi16(low, _mm512_set1_epi16(32));
    _mm512_storeu_si512(found + have, _mm512_maskz_compress_epi16(static_cast<__mmask32>(open), low));
    have += static_cast<unsigned>(__builtin_popcount(static_cast<unsigned>(open)));
    _mm512_storeu_si512(found + have, _mm512_maskz_compress_epi16(static_cast<__mmask32>(open >> 32), high));
    have += static_cast<unsigned>(__builtin_popcount(static_cast<unsigned>(open >> 32)));
  }
  for (; have < count; ++have) found[have] = static_cast<std::uint16_t>(end);
}

void find_candidates(const std::uint8_t* row, const std::uint64_t* common, std::uint64_t end, std::uint16_t* value,
                     std::uint8_t* cand) {
  alignas(64) std::uint16_t found[kCandidates + 96];
  open_values(row, common, 0, kCandidates, end, found);
  for (int i = 0; i < kCandidates; ++i) {
    value[i * 64] = found[i];
    cand[i * 64] = static_cast<std::uint8_t>(found[i] & 0xFF);
  }
}

namespace {

// compare_slots with its number of candidate vectors fixed, so that the
// candidates and accumulators stay in registers. The first round of a block
// has one slot a lane and kCandidates vectors; the second, for the lanes whose
// candidates were all hit, spreads each such lane over several slots (see
// SparseEngine::second_round).
template <int kVectors>
__attribute__((target("avx512f,avx512bw,avx512vbmi"))) void compare_slots_fixed(const Value* g, std::uint64_t base,
                                                                           const std::uint64_t* parts,
                                                                           std::size_t count, unsigned lanes,
                                                                           const std::uint8_t* pick_bytes,
                                                                           const std::uint8_t* cand,
                                                                           std::uint8_t* acc) {
  const __mmask32 low_lanes = lanes >= 32 ? ~__mmask32{0} : (__mmask32{1} << lanes) - 1;
  const __mmask32 high_lanes =
      lanes <= 32 ? 0 : (lanes >= 64 ? ~__mmask32{0} : (__mmask32{1} << (lanes - 32)) - 1);
  const __m512i pick = _mm512_loadu_si512(pick_bytes);
  __m512i c[kVectors];
  __m512i a[kVectors];
  for (int i = 0; i < kVectors; ++i) {
    c[i] = _mm512_loadu_si512(cand + 64 * i);
    a[i] = _mm512_set1_epi8(static_cast<char>(0xFF));
  }
  for (std::size_t q = 0; q < count; ++q) {
    const std::uint64_t p = parts[q];
    const Value* other = g + (base - p);
    const __m512i lo = _mm512_maskz_loadu_epi16(low_lanes, other);
    const __m512i hi = _mm512_maskz_loadu_epi16(high_lanes, other + 32);
    const __m512i x = _mm512_xor_si512(_mm512_permutex2var_epi8(lo, pick, hi),
                                       _mm512_set1_epi8(static_cast<char>(g[p] & 0xFF)));
    for (int i = 0; i < kVectors; ++i) a[i] = _mm512_min_epu8(a[i], _mm512_xor_si512(x, c[i]));
  }
  for (int i = 0; i < kVectors; ++i) _mm512_storeu_si512(acc + 64 * i, a[i]);
}

}  // namespace

void compare_slots(unsigned vectors, const Value* g, std::uint64_t base, const std::uint64_t* parts,
                   std::size_t count, unsigned lanes, const std::uint8_t* pick, const std::uint8_t* cand,
                   std::uint8_t* acc) {
  switch (vectors) {
    case 1: compare_slots_fixed<1>(g, base, parts, count, lanes, pick, cand, acc); break;
    case 2: compare_slots_fixed<2>(g, base, parts, count, lanes, pick, cand, acc); break;
    case 3: compare_slots_fixed<3>(g, base, parts, count, lanes, pick, cand, acc); break;
    case 4: compare_slots_fixed<4>(g, base, parts, count, lanes, pick, cand, acc); break;
    case 6: compare_slots_fixed<6>(g, base, parts, count, lanes, pick, cand, acc); break;
    default: compare_slots_fixed<kCandidates>(g, base, parts, count, lanes, pick, cand, acc); break;
  }
}

void compare_candidates(const Value* g, std::uint64_t base, const std::uint64_t* parts, std::size_t count,
                        unsigned lanes, const std::uint8_t* cand, std::uint8_t* acc) {
  alignas(64) std::uint8_t pick_bytes[64];
  for (int i = 0; i < 64; ++i) pick_bytes[i] = static_cast<std::uint8_t>(2 * i);  // the low byte of word i
  compare_slots_fixed<kCandidates>(g, base, parts, count, lanes, pick_bytes, cand, acc);
}

}  // namespace avx512

#else  // No AVX-512 kernels in this build: none is supported, so none is called.

const char* missing_extension(const CpuFeatures&, VectorKernelSet set) noexcept {
  return set == VectorKernelSet::avx512 ? "AVX-512 (an x86-64 build with GCC or Clang)"
         : set == VectorKernelSet::avx2 ? "AVX2 (an x86-64 build with GCC or Clang)"
                                        : nullptr;
}

VectorKernelSet best_kernel_set(const CpuFeatures&) noexcept { return VectorKernelSet::portable; }

namespace avx512 {

std::uint64_t lane_c0(const std::uint8_t*, const std::uint64_t*, std::uint8_t*, std::uint64_t*, std::uint64_t&) {
  std::abort();
}
std::uint64_t scan_512(const Value*, std::uint64_t, std::uint64_t, std::uint64_t, const std::uint64_t*, std::uint8_t*,
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
void open_values(const std::uint8_t*, const std::uint64_t*, std::uint64_t, unsigned, std::uint64_t, std::uint16_t*) {
  std::abort();
}
void compare_slots(unsigned, const Value*, std::uint64_t, const std::uint64_t*, std::size_t, unsigned,
                   const std::uint8_t*, const std::uint8_t*, std::uint8_t*) {
  std::abort();
}

}  // namespace avx512

#endif

VectorKernels vector_kernels_of(VectorKernelSet set) noexcept {
  VectorKernels k;
  k.set = set == VectorKernelSet::best ? VectorKernelSet::portable : set;
  k.scan = k.set != VectorKernelSet::portable;
  k.compare = k.scan;
  return k;
}

}  // namespace grundy::take_and_break::detail
