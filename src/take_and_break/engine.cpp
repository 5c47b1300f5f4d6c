#include "grundy/take_and_break/engine.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <thread>

#include "grundy/input_error.hpp"


#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define GRUNDY_AVX512_SCAN 1
#endif

namespace grundy::take_and_break {

const char* to_string(EngineKind kind) noexcept {
  switch (kind) {
    case EngineKind::automatic: return "auto";
    case EngineKind::naive: return "naive";
    case EngineKind::sparse: return "sparse";
  }
  return "?";
}

namespace {

#ifdef GRUNDY_AVX512_SCAN
// The scan of the sparse engine's blocks (see mark_block_with) with AVX-512,
// for tables whose values are below 512: the flagged values are a 512-bit set
// held in one register, and 32 splits (a, m - a) at a time are looked up in it
// (vpermw picks the 16-bit word of each value, a variable shift its bit).
// Splits a, a + 1, … up to `last` until `needed` reaches 0; `bits` holds the
// flags of `want` on entry. Returns the first split not looked at.
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
// The values found[0..count) of a batch: counted off `needed` if still wanted,
// marked in `row`, cleared from `want` and from the set in its register.
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
  for (; needed > 0 && a <= last; ++a) {
    const unsigned v = g[a] ^ g[m - a];
    if (want[v]) {
      want[v] = 0;
      row[v] = 1;
      --needed;
    }
  }
  needed_io = needed;
  return a;
}

// The rare parts of a block beyond the first few hundred are compared with each
// lane's candidates instead of marked (see mark_block_with): for every part p
// in `parts` and lane t < lanes, x = g(p) xor g(base + t - p), an option value
// of heap n + t; acc[i][t] becomes 0 when x equals candidate i of lane t.
// Values are compared by their low byte: the caller ensures that every x and
// every candidate below the table's width is a common value below 512, and that
// the mask has bit 8 (or the width is at most 256), so the low byte tells them
// apart. A byte store a pair is about a cycle (stores to different cache lines
// retire one a cycle); this is about a fifth of that for kCandidates = 12.
constexpr int kCandidates = 12;

// compare_tail's loop: slot s (of 64) takes the option of lane pick[s] / 2 and
// compares it with byte s of each of the kVectors candidate vectors. The first
// round of a block has one slot a lane and kCandidates vectors; the second,
// for the lanes whose candidates were all hit, spreads each such lane over
// several slots (see compare_block).
template <int kVectors>
__attribute__((target("avx512f,avx512bw,avx512vbmi"))) void compare_slots(const Value* g, std::uint64_t base,
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

void compare_tail(const Value* g, std::uint64_t base, const std::uint64_t* parts, std::size_t count,
                  unsigned lanes, const std::uint8_t* cand, std::uint8_t* acc) {
  alignas(64) std::uint8_t pick_bytes[64];
  for (int i = 0; i < 64; ++i) pick_bytes[i] = static_cast<std::uint8_t>(2 * i);  // the low byte of word i
  compare_slots<kCandidates>(g, base, parts, count, lanes, pick_bytes, cand, acc);
}

// The `count` least values v >= from with bit v of `common` set and row[v]
// clear, into found[0..count) (room for count + 96): 64 values at a time, the
// open ones compressed (vpcompressw) into the buffer (a loop over the bits took
// ~100 cycles a lane, its exits mispredicted). Rows are read up to `end` (a
// multiple of 64); values missing there are given as `end`.
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

// The kCandidates least values v with bit v of `common` set and row[v] clear
// (the row always has such values below its end), into value[i * 64] and their
// low bytes into cand[i * 64].
void find_candidates(const std::uint8_t* row, const std::uint64_t* common, std::uint64_t end, std::uint16_t* value,
                     std::uint8_t* cand) {
  alignas(64) std::uint16_t found[kCandidates + 96];
  open_values(row, common, 0, kCandidates, end, found);
  for (int i = 0; i < kCandidates; ++i) {
    value[i * 64] = found[i];
    cand[i * 64] = static_cast<std::uint8_t>(found[i] & 0xFF);
  }
}

// c0 of a lane (the least value v with bit v of `common` set and row[v] clear),
// 64 values at a time; the values below c0 with neither (rare, not marked) get
// want[v] = 1 (the bytes from c0 to the end of its 64 get 0) and, below 512,
// their bit in `bits`; `needed` counts them all.
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

// Whether some split (a, m - a) with 1 <= a <= count (count < 64) has the
// value c: g(a) xor g(m - a) for 32 splits at a time.
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

bool compare_tail_available() {
  if (std::getenv("GRUNDY_NO_SIMD") != nullptr) return false;
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512bw") != 0 && __builtin_cpu_supports("avx512vbmi") != 0 &&
         __builtin_cpu_supports("avx512vbmi2") != 0;  // (find_candidates)
}

// Whether scan_512 may run: the CPU has AVX-512BW and VBMI2 and GRUNDY_NO_SIMD
// is unset (tests use it to run the portable scan too).
bool simd_scan_available() {
  if (std::getenv("GRUNDY_NO_SIMD") != nullptr) return false;
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512bw") != 0 && __builtin_cpu_supports("avx512vbmi2") != 0;
}
#else
bool simd_scan_available() { return false; }
bool compare_tail_available() { return false; }
#endif

// The moves of a game by kind, from its code.
struct Shape {
  std::vector<std::uint64_t> whole;   // take k = the whole heap
  std::vector<std::uint64_t> single;  // take k, leave one heap
  std::vector<std::uint64_t> pair;    // take k, leave two heaps
  std::vector<std::uint64_t> triple;  // take k, leave three heaps
  bool unequal = false;               // Grundy's game: the two heaps must differ
  bool lasker = false;                // Lasker's Nim: take any number, or split

  explicit Shape(const GameCode& code) {
    switch (code.family) {
      case GameCode::Family::grundy:
        pair.push_back(0);
        unequal = true;
        return;
      case GameCode::Family::lasker:
        pair.push_back(0);
        lasker = true;
        return;
      case GameCode::Family::code: break;
    }
    for (std::uint64_t k = 0; k < code.digits.size(); ++k) {
      const std::uint8_t d = code.digits[k];
      if (d & 1) whole.push_back(k);
      if (d & 2) single.push_back(k);
      if (d & 4) pair.push_back(k);
      if (d & 8) triple.push_back(k);
    }
  }
};

[[noreturn]] void value_overflow(std::uint64_t n) {
  throw LimitError("g(" + std::to_string(n) + ") exceeds 65535, the largest value the compact (16-bit) table stores");
}

// Bits for the values [0, width) of one heap's options.
class Marks {
 public:
  void resize(std::size_t width) { words_.assign(width / 64, 0); }
  void clear() noexcept { std::fill(words_.begin(), words_.end(), 0); }
  void set(unsigned v) noexcept { words_[v >> 6] |= std::uint64_t{1} << (v & 63); }
  void merge(const Marks& other) noexcept {
    for (std::size_t i = 0; i < words_.size(); ++i) words_[i] |= other.words_[i];
  }
  // Marks {v ^ c : v in row}, row being a bitset of the same width: bit i of
  // word j goes to bit i ^ (c & 63) of word j ^ (c >> 6); the in-word part is a
  // butterfly of up to six swaps of bit groups.
  void merge_xor(const std::uint64_t* row, unsigned c) noexcept {
    const std::size_t high = c >> 6;
    const unsigned low = c & 63;
    for (std::size_t j = 0; j < words_.size(); ++j) {
      std::uint64_t x = row[j];
      if (x == 0) continue;
      if (low & 1) x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
      if (low & 2) x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
      if (low & 4) x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
      if (low & 8) x = ((x >> 8) & 0x00FF00FF00FF00FFULL) | ((x & 0x00FF00FF00FF00FFULL) << 8);
      if (low & 16) x = ((x >> 16) & 0x0000FFFF0000FFFFULL) | ((x & 0x0000FFFF0000FFFFULL) << 16);
      if (low & 32) x = (x >> 32) | (x << 32);
      words_[j ^ high] |= x;
    }
  }
  [[nodiscard]] std::size_t words() const noexcept { return words_.size(); }
  [[nodiscard]] std::uint64_t mex() const noexcept {
    for (std::size_t i = 0; i < words_.size(); ++i) {
      if (~words_[i] != 0) return i * 64 + static_cast<unsigned>(std::countr_one(words_[i]));
    }
    return words_.size() * 64;
  }

 private:
  std::vector<std::uint64_t> words_;
};

// A second thread that runs one job at a time for the engine. It spins briefly
// after a job (the next heap's job follows within microseconds) and then sleeps
// on the atomic, so an idle engine costs no CPU.
class Helper {
 public:
  Helper() : thread_([this] { loop(); }) {}
  ~Helper() {
    stop_.store(true, std::memory_order_release);
    posted_.fetch_add(1, std::memory_order_acq_rel);
    posted_.notify_one();
    thread_.join();
  }
  Helper(const Helper&) = delete;
  Helper& operator=(const Helper&) = delete;

  void post(std::function<void()> job) {
    job_ = std::move(job);
    posted_.fetch_add(1, std::memory_order_acq_rel);
    posted_.notify_one();
  }
  void wait() noexcept {
    const std::uint64_t target = posted_.load(std::memory_order_acquire);
    // The job is about as long as the caller's own half, so a short spin usually
    // suffices; on a busy machine the helper may be descheduled, and spinning
    // then would burn the time slice it needs, so yield after a while.
    for (int spin = 0; done_.load(std::memory_order_acquire) != target; ++spin) {
      if (spin > 2000) std::this_thread::yield();
    }
  }

 private:
  void loop() {
    std::uint64_t seen = 0;
    for (;;) {
      std::uint64_t now = posted_.load(std::memory_order_acquire);
      for (int spin = 0; now == seen && spin < 20000; ++spin) now = posted_.load(std::memory_order_acquire);
      while (now == seen) {
        posted_.wait(seen, std::memory_order_acquire);
        now = posted_.load(std::memory_order_acquire);
      }
      seen = now;
      if (stop_.load(std::memory_order_acquire)) return;
      job_();
      done_.store(seen, std::memory_order_release);
    }
  }

  std::function<void()> job_;
  std::atomic<std::uint64_t> posted_{0};
  std::atomic<std::uint64_t> done_{0};
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// Whether the helper thread pays, decided from the wall-clock rate of blocks of
// heaps: most blocks run the way that was faster last time; the first block and
// every sixteenth after it try the other way. On this project's 2-core box with another process on one
// core, the hand-over cost more than it saved (Officers near 2·10^5: 1.57 s with
// one thread, 2.74 s with two, 176k involuntary context switches), so the choice
// has to be measured where the run happens, not fixed.
class HelperChoice {
 public:
  [[nodiscard]] bool use() const noexcept { return (block_ % 16 == 0) ? !preferred_ : preferred_; }

  // Counts heaps done; at the end of a block records its rate under the way used.
  void heaps_done(std::uint64_t heaps) {
    if (heaps_ == 0) start_ = std::chrono::steady_clock::now();
    heaps_ += heaps;
    if (heaps_ < kBlockHeaps) return;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    rate_[use() ? 1 : 0] = static_cast<double>(heaps_) / std::max(seconds, 1e-9);
    heaps_ = 0;
    ++block_;
    if (rate_[0] > 0 && rate_[1] > 0) preferred_ = rate_[1] > rate_[0];
  }

 private:
  static constexpr std::uint64_t kBlockHeaps = 1024;
  // One thread until the helper has shown, in a probe block, that it pays.
  bool preferred_ = false;
  std::uint64_t block_ = 0;
  std::uint64_t heaps_ = 0;
  double rate_[2] = {0, 0};  // heaps per second: [0] one thread, [1] two
  std::chrono::steady_clock::time_point start_;
};

// Splits worth handing half of to the helper (measured: below this the hand-over
// costs more than the half it saves).
constexpr std::uint64_t kParallelPairs = 16384;

// Depth from which the sparse engine computes two heaps at once on two threads
// (below it a heap costs too few microseconds to pay for the hand-over).
constexpr std::uint64_t kPairFrom = 16384;

// The naive engine, which the sparse engine also uses for heaps it does not
// compute the sparse way.
class NaiveEngine : public SequenceEngine {
 public:
  NaiveEngine(const GameCode& code, unsigned threads) : shape_(code) {
    if (threads > 1) helper_ = std::make_unique<Helper>();
    set_width(64);
  }

  void extend_to(std::uint64_t count) override {
    while (values_.size() < count) {
      push(compute_naive(values_.size()));
      if (use_s2_) append_s2_row();
      if (helper_ && values_.size() > 2 * kParallelPairs) choice_.heaps_done(1);
    }
  }

  void restore(std::vector<Value> values) override {
    values_ = std::move(values);
    std::size_t width = 64;
    for (Value v : values_) {
      while (v >= width) width *= 2;
    }
    set_width(width);
    if (use_s2_) {
      std::vector<Value> all = std::move(values_);
      values_.clear();
      s2_.clear();
      for (Value v : all) {
        values_.push_back(v);
        append_s2_row();
      }
    }
  }

  EngineKind kind() const noexcept override { return EngineKind::naive; }

 protected:
  virtual void set_width(std::size_t width) {
    const std::size_t old_words = width_ / 64;
    width_ = width;
    marks_.resize(width);
    helper_marks_.resize(width);
    if (use_s2_ && !s2_.empty() && old_words != width / 64) {
      // Rows widen with the values: copy each into its wider place.
      const std::size_t rows = s2_.size() / old_words;
      std::vector<std::uint64_t> wider(rows * (width / 64), 0);
      for (std::size_t r = 0; r < rows; ++r) {
        std::copy_n(s2_.begin() + static_cast<std::ptrdiff_t>(r * old_words), old_words,
                    wider.begin() + static_cast<std::ptrdiff_t>(r * (width / 64)));
      }
      s2_ = std::move(wider);
    }
  }

  // Three-heap moves (hexadecimal bit 8). The reference engine lists every
  // triple, O(m^2) per heap. The others keep S2(x) = {g(b) ^ g(x - b)}, the
  // values of the two-part splits of x, as one bitset row per x; the three-part
  // splits of m are then g(a) ^ S2(m - a) over a, O(m · width/64) per heap (the
  // same options: every triple lists each of its parts as a). Rows cost
  // width/8 bytes a heap; past kS2Bytes the engine goes back to the triples.
  static constexpr std::uint64_t kS2Bytes = std::uint64_t{1} << 30;

  void append_s2_row() {
    const std::size_t words = width_ / 64;
    const std::uint64_t x = values_.size() - 1;
    if ((x + 1) * words * 8 > kS2Bytes) {
      use_s2_ = false;
      s2_ = {};
      return;
    }
    s2_.resize((x + 1) * words, 0);
    std::uint64_t* row = s2_.data() + x * words;
    const Value* g = values_.data();
    for (std::uint64_t b = 1; 2 * b <= x; ++b) {
      const unsigned v = g[b] ^ g[x - b];
      row[v >> 6] |= std::uint64_t{1} << (v & 63);
    }
  }

  void push(std::uint64_t g) {
    if (g > std::numeric_limits<Value>::max()) value_overflow(values_.size());
    if (g >= width_) {
      std::size_t width = width_;
      while (g >= width) width *= 2;
      set_width(width);
    }
    values_.push_back(static_cast<Value>(g));
  }

  // Marks the xors of the splits (a, m - a) for a in [from, to].
  static void mark_pairs(const Value* g, std::uint64_t m, std::uint64_t from, std::uint64_t to, Marks& marks) {
    for (std::uint64_t a = from; a <= to; ++a) marks.set(static_cast<unsigned>(g[a] ^ g[m - a]));
  }

  std::uint64_t compute_naive(std::uint64_t n) {
    const Value* g = values_.data();
    marks_.clear();
    for (std::uint64_t k : shape_.whole) {
      if (n == k) marks_.set(0);
    }
    for (std::uint64_t k : shape_.single) {
      if (n > k) marks_.set(g[n - k]);
    }
    if (shape_.lasker && n > 0) {
      // Take any number: every smaller heap, and nothing.
      marks_.set(0);
      for (std::uint64_t r = 1; r < n; ++r) marks_.set(g[r]);
    }
    for (std::uint64_t k : shape_.pair) {
      if (n < k + 2) continue;
      const std::uint64_t m = n - k;
      const std::uint64_t last = shape_.unequal ? (m - 1) / 2 : m / 2;
      if (last == 0) continue;
      if (helper_ && last >= kParallelPairs && choice_.use()) {
        const std::uint64_t mid = last / 2;
        helper_->post([this, g, m, mid, last] {
          helper_marks_.clear();
          mark_pairs(g, m, mid + 1, last, helper_marks_);
        });
        mark_pairs(g, m, 1, mid, marks_);
        helper_->wait();
        marks_.merge(helper_marks_);
      } else {
        mark_pairs(g, m, 1, last, marks_);
      }
    }
    for (std::uint64_t k : shape_.triple) {
      if (n < k + 3) continue;
      const std::uint64_t m = n - k;
      if (use_s2_) {
        const std::size_t words = width_ / 64;
        for (std::uint64_t a = 1; a + 2 <= m; ++a) marks_.merge_xor(s2_.data() + (m - a) * words, g[a]);
        continue;
      }
      for (std::uint64_t a = 1; 3 * a <= m; ++a) {
        for (std::uint64_t b = a; 2 * b <= m - a; ++b) {
          marks_.set(static_cast<unsigned>(g[a] ^ g[b] ^ g[m - a - b]));
        }
      }
    }
    return marks_.mex();
  }

  Shape shape_;
  std::size_t width_ = 64;  // a power of two above every value so far
  Marks marks_;
  Marks helper_marks_;
  std::unique_ptr<Helper> helper_;
  HelperChoice choice_;
  bool use_s2_ = false;             // three-heap options from S2 rows (not in the reference engine)
  std::vector<std::uint64_t> s2_;   // row x: S2(x), width_/64 words
};

// The sparse engine. Heaps before the first mask evaluation, and heaps where the
// mask does not fit, are computed naively. Evaluation (at 1024 heaps and each
// doubling, or early when rare positions pile up) picks the mask M minimising the
// number of rare positions so far: with h the histogram of values, the number of
// positions with popcount(g & M) even is (N + Ĥ(M)) / 2 where Ĥ is the
// Walsh–Hadamard transform of h, so all masks cost O(w log w) for values below w.
// In automatic mode the sparse way is used only when at most 1/8 of positions are
// rare, and dropped for the rest of a doubling if a block of heaps shows the
// sparse work above half the naive work (falling back, not crawling).
class SparseEngine final : public NaiveEngine {
 public:
  SparseEngine(const GameCode& code, unsigned threads, bool forced)
      : NaiveEngine(code, threads), forced_(forced) {
    usable_ = !shape_.pair.empty() && shape_.triple.empty() && !shape_.lasker;
    use_s2_ = !shape_.triple.empty();
    next_eval_ = forced_ ? 16 : 1024;
    std::uint64_t max_k = 0;
    for (const auto* moves : {&shape_.whole, &shape_.single, &shape_.pair}) {
      for (std::uint64_t k : *moves) max_k = std::max(max_k, k);
    }
    // Far enough that a block's heaps and every move fit below n with room: a
    // split then never has both parts in the block, and the prefix (n / 4)
    // reaches past the block.
    blocked_from_ = std::max<std::uint64_t>(2048, 4 * (kLanes + max_k));
    set_width(64);
  }

  void extend_to(std::uint64_t count) override {
    while (values_.size() < count) {
      const std::uint64_t n = values_.size();
      if (usable_ && n >= next_eval_) evaluate();
      if (sparse_mode_ && n >= blocked_from_ && width_ <= kBlockedWidth) {
        const std::uint64_t lanes = std::min({kLanes, count - n, next_eval_ - n});
        if (lanes >= kLanes / 2) {
          compute_block(n, lanes);
          continue;
        }
      }
      const bool may_pair = sparse_mode_ && helper_ && n >= kPairFrom && width_ <= 16384;
      if (may_pair && n + 2 <= count && choice_.use()) {
        compute_pair(n);
        stats_.sparse_heaps += 2;
        block_heaps_ += 2;
        choice_.heaps_done(2);
        if (block_heaps_ >= kBlock) end_block();
      } else if (sparse_mode_) {
        push_tracked(compute_sparse(n, scratch_[0]));
        ++stats_.sparse_heaps;
        if (may_pair) choice_.heaps_done(1);
        if (++block_heaps_ >= kBlock) end_block();
      } else {
        push_tracked(compute_naive(n));
        if (use_s2_) append_s2_row();
        ++stats_.naive_heaps;
      }
    }
  }

  void restore(std::vector<Value> values) override {
    NaiveEngine::restore(std::move(values));
    sparse_mode_ = false;
    rare_.clear();
    next_eval_ = std::max<std::uint64_t>(forced_ ? 16 : 1024, values_.size());
  }

  SparseStats sparse_stats() const override {
    SparseStats s = stats_;
    if (s.mask != 0 && rare_valid_) {
      s.rare_count = rare_.size();
      s.last_rare = rare_.empty() ? 0 : rare_.back();
    } else if (s.mask != 0) {
      // The rare list is not kept while computing naively: count it afresh.
      s.rare_count = 0;
      for (std::uint64_t n = 0; n < values_.size(); ++n) {
        if (!common(values_[n])) {
          ++s.rare_count;
          s.last_rare = n;
        }
      }
    }
    return s;
  }

  EngineKind kind() const noexcept override { return forced_ ? EngineKind::sparse : EngineKind::automatic; }

 private:
  static constexpr std::uint64_t kBlock = 4096;

  bool common(std::uint64_t v) const noexcept { return std::popcount(v & stats_.mask) & 1; }

  void set_width(std::size_t width) override {
    NaiveEngine::set_width(width);
    // Options are below width; the least missing common value is below 2·width.
    for (Scratch& s : scratch_) s.resize(2 * width);
    rebuild_common();
  }

  void rebuild_common() {
    common_.assign(2 * width_ + 64, 0);  // room for word-wise and 64-byte reads
    for (std::size_t v = 0; v < 2 * width_; ++v) common_[v] = common(v) ? 1 : 0;
    // Options are below width, so the least unmarked common value is at most
    // the first common value from width on: a lane row needs that much (and 8
    // bytes for word-wise reads), rounded to cache lines, plus one line so that
    // the rows of consecutive lanes do not all fall in the same cache sets.
    // Rows of 2·width bytes made 64 lanes of a 512-wide table overflow L1.
    std::size_t first = width_;
    while (first < 2 * width_ && !common_[first]) ++first;
    row_stride_ = (first + 8 + 63) / 64 * 64 + 64;
    common_bits_.assign(common_.size() / 64, 0);
    for (std::size_t v = 0; v < common_bits_.size() * 64; ++v) {
      common_bits_[v / 64] |= std::uint64_t{common_[v]} << (v % 64);
    }
  }

  void push_tracked(std::uint64_t g) {
    const std::uint64_t n = values_.size();
    push(g);
    if (rare_valid_ && !common(g)) {
      rare_.push_back(n);
      if (!forced_ && rare_.size() > 2 * rare_at_eval_ + 256) next_eval_ = n + 1;  // the mask stops fitting
    }
  }

  void evaluate() {
    const std::uint64_t size = values_.size();
    next_eval_ = 2 * size;
    std::vector<std::int64_t> f(width_, 0);
    for (Value v : values_) ++f[v];
    for (std::size_t len = 1; len < width_; len <<= 1) {
      for (std::size_t i = 0; i < width_; i += 2 * len) {
        for (std::size_t j = i; j < i + len; ++j) {
          const std::int64_t u = f[j];
          const std::int64_t w = f[j + len];
          f[j] = u + w;
          f[j + len] = u - w;
        }
      }
    }
    std::size_t best = 1;
    for (std::size_t m = 2; m < width_; ++m) {
      if (f[m] < f[best]) best = m;
    }
    const std::uint64_t rare = static_cast<std::uint64_t>((static_cast<std::int64_t>(size) + f[best]) / 2);
    if (!forced_ && rare * 8 > size) {
      sparse_mode_ = false;
      rare_valid_ = false;
      rare_.clear();
      return;
    }
    if (best != stats_.mask || !rare_valid_) {
      if (best != stats_.mask) ++stats_.mask_changes;
      stats_.mask = best;
      rebuild_common();
      rare_.clear();
      for (std::uint64_t n = 0; n < size; ++n) {
        if (!common_[values_[n]]) rare_.push_back(n);
      }
      rare_valid_ = true;
    }
    rare_at_eval_ = rare_.size();
    sparse_mode_ = true;
    block_heaps_ = 0;
    block_sparse_work_ = 0;
    block_naive_work_ = 0;
  }

  void end_block() {
    for (Scratch& s : scratch_) {
      block_sparse_work_ += s.work;
      block_naive_work_ += s.naive_work;
      s.work = 0;
      s.naive_work = 0;
    }
    if (!forced_ && 2 * block_sparse_work_ > block_naive_work_) {
      sparse_mode_ = false;
      rare_valid_ = false;
      rare_.clear();
    }
    block_heaps_ = 0;
    block_sparse_work_ = 0;
    block_naive_work_ = 0;
  }

  // Per-thread working memory of one heap's sparse computation.
  struct Scratch {
    std::vector<std::uint32_t> stamp;  // stamp[v] == generation: v is an option, or a rare value found
    std::vector<std::uint8_t> want;    // rare values still looked for (all 0 between heaps)
    std::uint32_t generation = 0;
    std::uint64_t work = 0;            // rare pairs listed + splits scanned
    std::uint64_t naive_work = 0;      // splits a naive computation would visit

    void resize(std::size_t size) {
      stamp.assign(size, 0);
      want.assign(size, 0);
      generation = 0;
    }
    void begin() {
      if (++generation == 0) {
        std::fill(stamp.begin(), stamp.end(), 0);
        generation = 1;
      }
    }
  };

  static constexpr std::uint64_t kNone = UINT64_MAX;

  // Stamps the options of heap n that single moves and the rare list give. A
  // part equal to `pending` (the heap before n, whose value another thread is
  // still computing) is left out; compute_second adds it later.
  void mark_listed(std::uint64_t n, std::uint64_t pending, Scratch& s) const {
    const Value* g = values_.data();
    const std::uint32_t gen = s.generation;
    std::uint32_t* stamp = s.stamp.data();
    for (std::uint64_t k : shape_.whole) {
      if (n == k) stamp[0] = gen;
    }
    for (std::uint64_t k : shape_.single) {
      if (n > k && n - k != pending) stamp[g[n - k]] = gen;
    }
    // Every common option of a split has a rare part: list them all.
    for (std::uint64_t k : shape_.pair) {
      if (n < k + 2) continue;
      const std::uint64_t m = n - k;
      s.naive_work += m / 2;
      // The end found first and the count kept outside the loop: a counter in
      // `s` would be reloaded after every store to `stamp` (they may alias),
      // which measured a third of this loop's time.
      const std::uint64_t* rare = rare_.data();
      const std::size_t end = static_cast<std::size_t>(std::lower_bound(rare_.begin(), rare_.end(), m) - rare_.begin());
      for (std::size_t i = 0; i < end; ++i) {
        const std::uint64_t r = rare[i];
        const std::uint64_t b = m - r;
        if (r == 0 || b == pending || (shape_.unequal && b == r)) continue;
        stamp[g[r] ^ g[b]] = gen;
      }
      s.work += end;
    }
  }

  std::uint64_t least_common_missing(const Scratch& s) const {
    std::uint64_t c = 0;
    while (!common_[c] || s.stamp[c] == s.generation) ++c;
    return c;
  }

  // Flags the rare values below c not stamped yet; returns how many.
  std::uint64_t want_rare_below(std::uint64_t c, Scratch& s) const {
    std::uint64_t needed = 0;
    for (std::uint64_t v = 0; v < c; ++v) {
      const bool missing = !common_[v] && s.stamp[v] != s.generation;
      s.want[v] = missing ? 1 : 0;
      needed += missing ? 1 : 0;
    }
    return needed;
  }

  // Looks for the flagged values among the splits of heap n (none with a part
  // equal to `pending`), stopping when all are found. want[x] flags exactly
  // those values, so the test per split is a single, almost always false,
  // branch (testing rarity per split mispredicted half the time: 4x slower).
  std::uint64_t scan(std::uint64_t n, std::uint64_t pending, std::uint64_t needed, Scratch& s) const {
    const Value* g = values_.data();
    std::uint8_t* want = s.want.data();
    for (std::size_t i = 0; needed > 0 && i < shape_.pair.size(); ++i) {
      const std::uint64_t k = shape_.pair[i];
      if (n < k + 2) continue;
      const std::uint64_t m = n - k;
      const std::uint64_t last = shape_.unequal ? (m - 1) / 2 : m / 2;
      // The split (m - pending, pending) is not read at all: the other thread
      // may be writing g(pending).
      const std::uint64_t skip = pending < m ? m - pending : 0;
      auto range = [&](std::uint64_t from, std::uint64_t to) {
        std::uint64_t a = from;
        for (; a <= to; ++a) {
          const unsigned x = g[a] ^ g[m - a];
          if (want[x]) {
            want[x] = 0;
            s.stamp[x] = s.generation;
            if (--needed == 0) break;
          }
        }
        s.work += a - from;
      };
      if (skip >= 1 && skip <= last) {
        range(1, skip - 1);
        if (needed > 0) range(skip + 1, last);
      } else {
        range(1, last);
      }
    }
    return needed;
  }

  // g(n) once the scan is over: c, or the least rare value not found. Leaves
  // `want` all zero.
  static std::uint64_t finish(std::uint64_t c, std::uint64_t needed, Scratch& s) {
    std::uint64_t result = c;
    if (needed != 0) {
      result = 0;
      while (!s.want[result]) ++result;
    }
    std::fill(s.want.begin(), s.want.begin() + static_cast<std::ptrdiff_t>(c), 0);
    return result;
  }

  std::uint64_t compute_sparse(std::uint64_t n, Scratch& s) const {
    s.begin();
    mark_listed(n, kNone, s);
    const std::uint64_t c = least_common_missing(s);
    return finish(c, scan(n, kNone, want_rare_below(c, s), s), s);
  }

  // g(n) for the second heap of a pair, on the helper thread, while the main
  // thread computes g(n - 1): everything not involving heap n - 1 first, then,
  // once `ready` says g(n - 1) is in the table, the options it takes part in. If
  // they raise the least missing common value, the rare values up to the new one
  // are looked for afresh (rare: it needs the deferred option to hit exactly c).
  template <class Ready>
  std::uint64_t compute_second(std::uint64_t n, Scratch& s, Ready ready) const {
    const std::uint64_t pending = n - 1;
    s.begin();
    mark_listed(n, pending, s);
    const std::uint64_t c = least_common_missing(s);
    std::uint64_t needed = scan(n, pending, want_rare_below(c, s), s);
    ready();
    const Value* g = values_.data();
    auto deferred = [&](unsigned x) {
      if (s.want[x]) {
        s.want[x] = 0;
        --needed;
      }
      s.stamp[x] = s.generation;
    };
    for (std::uint64_t k : shape_.single) {
      if (n > k && n - k == pending) deferred(g[pending]);
    }
    for (std::uint64_t k : shape_.pair) {
      if (n < k + 2) continue;
      const std::uint64_t m = n - k;
      if (pending >= m) continue;
      const std::uint64_t a = m - pending;
      const std::uint64_t last = shape_.unequal ? (m - 1) / 2 : m / 2;
      if (a >= 1 && a <= last) deferred(g[a] ^ g[pending]);
    }
    const std::uint64_t c2 = least_common_missing(s);
    if (c2 == c) return finish(c, needed, s);
    std::fill(s.want.begin(), s.want.begin() + static_cast<std::ptrdiff_t>(c), 0);
    return finish(c2, scan(n, kNone, want_rare_below(c2, s), s), s);
  }

  // g(n) and g(n + 1) on two threads (see compute_second). The table has room
  // for both beforehand, so the helper's pointer into it stays valid; the rare
  // list, widths and masks change only after both are done.
  void compute_pair(std::uint64_t n) {
    if (values_.capacity() < n + 2) values_.reserve(std::max<std::uint64_t>(n + 2, 2 * values_.capacity()));
    const std::uint64_t round = ++round_;
    std::uint64_t second = 0;
    helper_->post([this, n, round, &second] {
      second = compute_second(n + 1, scratch_[1], [this, round] {
        for (int spin = 0; published_.load(std::memory_order_acquire) != round; ++spin) {
          if (spin > 2000) std::this_thread::yield();
        }
      });
    });
    const std::uint64_t first = compute_sparse(n, scratch_[0]);
    values_.push_back(static_cast<Value>(first));  // first <= width_ <= 16384: fits
    published_.store(round, std::memory_order_release);
    helper_->wait();
    values_.pop_back();
    push_tracked(first);
    push_tracked(second);
  }

  // ---- Blocks of consecutive heaps ----
  //
  // Heaps n .. n + L - 1 (lanes j = 0 .. L - 1) at once, in two phases.
  //
  // Parallel phase (lanes split between the threads; reads only g(0..n-1)):
  // every option whose parts are all below n that comes from a part p in the
  // rare list or in 1..kPrefixSplits is marked in the lane's byte row. For a
  // fixed p the other parts g(n + j - k - p) of consecutive lanes are
  // consecutive in the table, so the rare list is walked once per block instead
  // of once per heap and the reads stay in a few cache lines. Then each lane
  // takes c0, the least common value not marked, and scans the remaining splits
  // (first part above kPrefixSplits, both parts below n) for the rare values
  // below c0 not marked yet, stopping when all are found.
  //
  // Sequential phase (lane after lane, main thread): the options with a part in
  // n .. n + j - 1 (computed by then) are added, which may raise the least
  // missing common value to c. A rare value below c0 still unmarked after an
  // exhaustive scan is proven missing; rare values in [c0, c) are looked for by
  // a scan over all splits. g(n + j) is the least missing of these, or c.
  static constexpr std::uint64_t kLanes = 64;
  // Splits marked outright in every lane, at most (n / 4 below 4096): with the
  // AVX-512 scan, whose hits are cheap, fewer (see scan_512). Officers at 10^7
  // on Zen 4, cycles a heap (the rare parts up to 512 marked either way, see
  // compared_from): 128 splits 2 188, 192 2 150, 256 2 170, 384 2 187, 512
  // 2 233: a split scanned costs ~0.35 cycles, a split marked ~0.8.
  static constexpr std::uint64_t kPrefixSplits = 1024;
  static constexpr std::uint64_t kPrefixSplitsSimd = 256;
  // The rare parts up to this are marked whatever the prefix (then kMarkedRare
  // more): with a shorter prefix they would otherwise count towards
  // kMarkedRare, and more lanes would need a second round of candidates.
  static constexpr std::uint64_t kMarkedRareFrom = 512;
  static constexpr std::size_t kBlockedWidth = 4096;  // rows of 2·width bytes a lane

  struct LaneResult {
    std::uint64_t c0 = 0;
    bool exhaustive = false;
    bool partial = false;   // the compared rare parts are not marked in the row (common values above c0)
    bool fallback = false;  // they were compared, but all candidates were hit: marked after all
    bool second = false;    // c0 was found among the second round's candidates
  };

  // How many rare parts (past the prefix and kMarkedRareFrom) a block marks
  // before comparing the rest with each lane's kCandidates least unmarked
  // common values. Officers at 10^7: after 600 marked parts, 14% of the heaps
  // have more than 12 unmarked common values up to c0 (those lanes take a
  // second round of candidates); 300, 450 and 800 measured slower on Zen 4
  // (400, 800 and 1000 on the Xeon before the second round).
  static constexpr std::size_t kMarkedRare = 600;

  // Whether the rare parts after the first kMarkedRare may be compared (see
  // compare_tail) in the block of lanes [j0, j1) from heap n: one split move,
  // each compared part valid in every lane, every part it pairs with common
  // (so all these options are common), and values that the low byte tells apart.
  [[nodiscard]] std::size_t compared_from(std::uint64_t n, std::uint64_t j0, std::uint64_t j1,
                                          std::uint64_t prefix) const {
    if (!compare_ || shape_.pair.size() != 1 || shape_.unequal || width_ > 512) return rare_.size();
    if (width_ > 256 && (stats_.mask & 0x100) == 0) return rare_.size();
    const std::uint64_t k = shape_.pair[0];
    const std::size_t first = static_cast<std::size_t>(
        std::upper_bound(rare_.begin(), rare_.end(), std::max(prefix, kMarkedRareFrom)) - rare_.begin());
    if (rare_.size() - first <= kMarkedRare) return rare_.size();
    const std::size_t from = first + kMarkedRare;
    const std::uint64_t last = rare_.back();
    if (rare_[from] < j1 + k || n + j0 < 2 * last + k + 1) return rare_.size();
    return from;
  }

  // Marks the options of lane j from the compared rare parts rare_[from..to).
  void mark_compared(std::uint8_t* row, std::uint64_t n, std::uint64_t j, std::size_t from, std::size_t to) const {
    const Value* g = values_.data();
    const std::uint64_t m = n + j - shape_.pair[0];
    for (std::size_t i = from; i < to; ++i) row[g[rare_[i]] ^ g[m - rare_[i]]] = 1;
  }

  static std::uint64_t load8(const std::uint8_t* p) noexcept {
    std::uint64_t x;
    std::memcpy(&x, p, 8);
    return x;
  }

  // Lane rows are this far apart (see rebuild_common).
  [[nodiscard]] std::size_t row_stride() const noexcept { return row_stride_; }
  // Where open_values stops reading a row and the common values.
  [[nodiscard]] std::uint64_t candidate_end() const noexcept {
    return std::min<std::uint64_t>(row_stride_, common_bits_.size() * 64);
  }

  // Marks {gp ^ other[j]} in the rows of lanes [0, count) from `row` on. The
  // usual case (all lanes of one thread, rows of a 512-wide table) has its
  // trip count and stride known here, so the loop unrolls into a load, a xor
  // and a store a pair.
  template <std::size_t kStride>
  static void mark_run(std::uint8_t* row, const Value* other, unsigned gp, std::uint64_t count,
                       std::size_t stride) noexcept {
    if constexpr (kStride != 0) {
      if (count == kLanes) {
#pragma GCC unroll 64
        for (std::size_t j = 0; j < kLanes; ++j) row[j * kStride + (gp ^ other[j])] = 1;
        return;
      }
      if (count == kLanes / 2) {
#pragma GCC unroll 64
        for (std::size_t j = 0; j < kLanes / 2; ++j) row[j * kStride + (gp ^ other[j])] = 1;
        return;
      }
      // Other counts (the first prefix parts, whose partners reach into the
      // block for the last lanes): the stride still a constant (as a variable
      // it was reloaded from the stack at every store).
      for (std::size_t j = 0; j < count; ++j) row[j * kStride + (gp ^ other[j])] = 1;
      return;
    }
    for (std::size_t j = 0; j < count; ++j) row[j * stride + (gp ^ other[j])] = 1;
  }

  // Parallel phase for lanes [j0, j1); `want` is this thread's, all zero on entry
  // and exit. Returns the work done (pairs marked + splits scanned).
  std::uint64_t mark_block(std::uint64_t n, std::uint64_t j0, std::uint64_t j1, std::uint8_t* want,
                           LaneResult* results) {
    return row_stride() == kStride512 ? mark_block_with<kStride512>(n, j0, j1, want, results)
                                      : mark_block_with<0>(n, j0, j1, want, results);
  }

  // The prefix of splits a block marks outright.
  [[nodiscard]] std::uint64_t prefix_of(std::uint64_t n) const noexcept {
    const bool simd_scan = simd_ && width_ <= 512;
    return std::min(simd_scan ? kPrefixSplitsSimd : kPrefixSplits, n / 4);
  }

  static constexpr std::size_t kStride512 = 512 + 64 + 64;  // a 512-wide table whose mask has a low bit

  template <std::size_t kStride>
  std::uint64_t mark_block_with(std::uint64_t n, std::uint64_t j0, std::uint64_t j1, std::uint8_t* want,
                                LaneResult* results) {
    const std::uint64_t prefix = prefix_of(n);
    const Value* g = values_.data();
    const std::size_t stride = row_stride();
#ifdef GRUNDY_AVX512_SCAN
    const bool simd_scan = simd_ && width_ <= 512;  // scan_512 (and lane_c0)
#else
    const bool simd_scan = false;
#endif
    std::uint8_t* const marks = block_marks_.data();
    std::fill(marks + j0 * stride, marks + j1 * stride, std::uint8_t{0});
    std::uint64_t work = 0;
    const std::size_t compared = block_compared_;
    for (std::uint64_t k : shape_.single) {
      for (std::uint64_t j = j0; j < j1 && j < k; ++j) marks[j * stride + g[n + j - k]] = 1;
    }
    for (std::uint64_t k : shape_.pair) {
      // Lane j splits m = n + j - k; part p pairs with m - p, which must lie in
      // [1, n - 1]: j in [p + k + 1 - n, p + k - 1] (the first bound only bites
      // for p near n).
      auto part = [&](std::uint64_t p) {
        const std::uint64_t lo = std::max<std::uint64_t>(j0, p + k + 1 > n ? p + k + 1 - n : 0);
        const std::uint64_t hi = std::min<std::uint64_t>(j1, p + k);
        if (lo >= hi) return;
        const unsigned gp = g[p];
        const Value* other = g + (n - k - p);  // other[j] = g(n + j - k - p)
        auto run = [&](std::uint64_t from, std::uint64_t to) {
          if (from < to) mark_run<kStride>(marks + from * stride, other + from, gp, to - from, stride);
        };
        // Grundy's game: not the split into two equal heaps (lane 2p + k - n).
        const std::uint64_t equal = 2 * p + k >= n ? 2 * p + k - n : kNone;
        if (shape_.unequal && equal >= lo && equal < hi) {
          run(lo, equal);
          run(equal + 1, hi);
        } else {
          run(lo, hi);
        }
        work += hi - lo;
      };
      for (std::uint64_t p = 1; p <= prefix; ++p) part(p);
      const auto first = std::upper_bound(rare_.begin(), rare_.end(), prefix);
      for (auto it = first; it != rare_.begin() + static_cast<std::ptrdiff_t>(compared); ++it) part(*it);
    }
    if (compared < block_rare_end_) work += compare_block(n, j0, j1, compared, results);
    for (std::uint64_t j = j0; j < j1; ++j) {
      std::uint8_t* row = marks + j * stride;
      // Eight values at a time (the bytes of row, common_ and want are 0 or 1;
      // all three have room past 2·width): c0, the least common value not
      // marked, then the rare values below it not marked, also as a bit set.
      const std::uint8_t* common = common_.data();
      std::uint64_t c0 = 0;
      std::uint64_t needed = 0;
      std::uint64_t bits[8] = {};  // the flagged values below 512
#ifdef GRUNDY_AVX512_SCAN
      if (simd_scan) c0 = lane_c0(row, common_bits_.data(), want, bits, needed);
#endif
      for (; !simd_scan; c0 += 8) {
        const std::uint64_t open = load8(common + c0) & ~load8(row + c0);
        if (open != 0) {
          c0 += static_cast<std::uint64_t>(std::countr_zero(open)) / 8;
          break;
        }
      }
      for (std::uint64_t v = 0; !simd_scan && v < c0; v += 8) {
        std::uint64_t missing = ~(load8(common + v) | load8(row + v)) & 0x0101010101010101ULL;
        if (c0 - v < 8) missing &= (std::uint64_t{1} << (8 * (c0 - v))) - 1;
        std::memcpy(want + v, &missing, 8);
        needed += (missing * 0x0101010101010101ULL) >> 56;  // the bytes' sum (no POPCNT in baseline x86-64)
        // Byte i's low bit to bit i: the product gathers them in the top byte.
        if (v < 512) bits[v >> 6] |= ((missing * 0x0102040810204080ULL) >> 56) << (v & 63);
      }
      bool exhaustive = needed > 0;
      for (std::size_t i = 0; needed > 0 && i < shape_.pair.size(); ++i) {
        const std::uint64_t m = n + j - shape_.pair[i];
        const std::uint64_t last = shape_.unequal ? (m - 1) / 2 : m / 2;
        std::uint64_t a = prefix + 1;
#ifdef GRUNDY_AVX512_SCAN
        if (simd_scan) {
          a = scan_512(g, m, a, last, bits, want, row, needed);
          work += a - prefix;
          continue;
        }
#endif
        // Chunks of splits: their values first (no branch), then one test
        // whether any is wanted; only a chunk with a hit is walked again.
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
        work += a - prefix;
      }
      if (needed > 0) std::fill(want, want + c0, std::uint8_t{0});
      exhaustive = exhaustive && needed > 0;
      results[j].c0 = c0;
      results[j].exhaustive = exhaustive;
    }
    return work;
  }

  // The rare parts rare_[compared..] for lanes [j0, j1) (see compared_from):
  // each lane's kCandidates least unmarked common values are compared with
  // their options; the candidates hit are marked in the row, so that the least
  // unmarked common value of the row is c0 as if every part had been marked.
  // A lane whose candidates are all hit marks the parts after all. The rows
  // then lack only common values above c0 (results[j].partial; phase 2
  // completes a row if c0 is taken there). Returns the pairs looked at.
  std::uint64_t compare_block(std::uint64_t n, std::uint64_t j0, std::uint64_t j1, std::size_t compared,
                              LaneResult* results) {
#ifdef GRUNDY_AVX512_SCAN
    const std::size_t stride = row_stride();
    std::uint8_t* const marks = block_marks_.data();
    alignas(64) std::uint8_t cand[kCandidates * 64] = {};  // lanes past `lanes` are compared too, and ignored
    alignas(64) std::uint8_t acc[kCandidates * 64];
    alignas(64) std::uint16_t value[kCandidates * 64];
    const unsigned lanes = static_cast<unsigned>(j1 - j0);
    for (unsigned t = 0; t < lanes; ++t) {
      find_candidates(marks + (j0 + t) * stride, common_bits_.data(), candidate_end(), value + t, cand + t);
    }
    const std::size_t count = block_rare_end_ - compared;
    compare_tail(values_.data(), n + j0 - shape_.pair[0], rare_.data() + compared, count, lanes, cand, acc);
    unsigned again[64];  // the lanes whose candidates were all hit
    unsigned more = 0;
    for (unsigned t = 0; t < lanes; ++t) {
      std::uint8_t* row = marks + (j0 + t) * stride;
      int i = 0;
      // A candidate from the width on is no option at all.
      while (i < kCandidates && acc[i * 64 + t] == 0 && value[i * 64 + t] < width_) ++i;
      if (i == kCandidates) {
        again[more++] = t;
        continue;
      }
      for (int h = 0; h < i; ++h) row[value[h * 64 + t]] = 1;
      results[j0 + t].partial = true;
    }
    if (more > 0) second_round(n, j0, lanes, compared, again, more, value, results);
    return count * lanes;
#else
    (void)n, (void)j0, (void)j1, (void)compared, (void)results;
    return 0;
#endif
  }

  // The second round of compare_block for the `more` lanes again[] whose
  // kCandidates candidates (value[i * 64 + t]) were all hit: their next
  // unmarked common values are compared in one pass, each such lane spread over
  // 64 / more slots of the vectors, so that a lane gets at least kCandidates
  // more candidates from ceil(kCandidates · more / 64) candidate vectors (one
  // vector for up to five lanes; the first round takes kCandidates vectors for
  // all 64 lanes). Officers at 10^7: 14% of the lanes need this, and 80% of
  // them are done after 8 more candidates. A lane whose second candidates are
  // all hit too marks the compared parts after all.
  void second_round(std::uint64_t n, std::uint64_t j0, unsigned lanes, std::size_t compared, const unsigned* again,
                    unsigned more, const std::uint16_t* value, LaneResult* results) {
    const std::size_t stride = row_stride();
    std::uint8_t* const marks = block_marks_.data();
    const unsigned per = 64 / more;  // slots a lane
    const unsigned vectors = (kCandidates + per - 1) / per;
    const unsigned extra = per * vectors;  // candidates a lane
    alignas(64) std::uint8_t pick[64] = {};
    alignas(64) std::uint8_t cand[kCandidates * 64] = {};
    alignas(64) std::uint8_t acc[kCandidates * 64];
    alignas(64) std::uint16_t next[64 * kCandidates + 96];  // lane i's candidates at next[i * extra ...]
    for (unsigned i = 0; i < more; ++i) {
      const unsigned t = again[i];
      std::uint16_t* mine = next + i * extra;
      // (Values from the width on are no options, never hit; the row ends
      // past the first common one.)
      open_values(marks + (j0 + t) * stride, common_bits_.data(), value[(kCandidates - 1) * 64 + t] + 1U, extra,
                  candidate_end(), mine);
      for (unsigned r = 0; r < per; ++r) {
        const unsigned slot = i * per + r;
        pick[slot] = static_cast<std::uint8_t>(2 * t);
        for (unsigned u = 0; u < vectors; ++u) cand[u * 64 + slot] = static_cast<std::uint8_t>(mine[u * per + r] & 0xFF);
      }
    }
    const Value* g = values_.data();
    const std::uint64_t base = n + j0 - shape_.pair[0];
    const std::uint64_t* parts = rare_.data() + compared;
    const std::size_t count = block_rare_end_ - compared;
    switch (vectors) {
      case 1: compare_slots<1>(g, base, parts, count, lanes, pick, cand, acc); break;
      case 2: compare_slots<2>(g, base, parts, count, lanes, pick, cand, acc); break;
      case 3: compare_slots<3>(g, base, parts, count, lanes, pick, cand, acc); break;
      case 4: compare_slots<4>(g, base, parts, count, lanes, pick, cand, acc); break;
      case 6: compare_slots<6>(g, base, parts, count, lanes, pick, cand, acc); break;
      default: compare_slots<kCandidates>(g, base, parts, count, lanes, pick, cand, acc); break;
    }
    for (unsigned i = 0; i < more; ++i) {
      const unsigned t = again[i];
      const std::uint16_t* mine = next + i * extra;
      std::uint8_t* row = marks + (j0 + t) * stride;
      unsigned k = 0;
      while (k < extra && acc[(k / per) * 64 + i * per + k % per] == 0 && mine[k] < width_) ++k;
      if (k == extra) {
        mark_compared(row, n, j0 + t, compared, block_rare_end_);
        results[j0 + t].partial = false;
        results[j0 + t].fallback = true;
        continue;
      }
      for (int h = 0; h < kCandidates; ++h) row[value[h * 64 + t]] = 1;
      for (unsigned h = 0; h < k; ++h) row[mine[h]] = 1;
      results[j0 + t].partial = true;
      results[j0 + t].second = true;
    }
  }

#ifdef GRUNDY_AVX512_SCAN
  // Phase 2 when an option inside the block took c0 (about 1% of the heaps at
  // Officers 10^7): the least rare value in [from, to) that is no option of
  // `heap`, or `to`, the rare options in `row` being those of the marked splits
  // only. A scan over all splits with scan_512 (the scalar scan took ~50 cycles
  // a heap on average, a third of phase 2). Rare values from the width on are
  // no option at all.
  std::uint64_t rescan_512(std::uint64_t heap, std::uint64_t from, std::uint64_t to, std::uint8_t* row) {
    const std::uint64_t lim = std::min<std::uint64_t>(to, width_);
    std::uint8_t* want = block_want_[0].data();
    std::uint64_t needed = 0;
    for (std::uint64_t v = from; v < lim; ++v) {
      want[v] = !common_[v] && !row[v] ? 1 : 0;
      needed += want[v];
    }
    const Value* g = values_.data();
    for (std::size_t i = 0; needed > 0 && i < shape_.pair.size(); ++i) {
      const std::uint64_t k = shape_.pair[i];
      if (heap < k + 2) continue;
      const std::uint64_t m = heap - k;
      const std::uint64_t last = shape_.unequal ? (m - 1) / 2 : m / 2;
      std::uint64_t bits[8] = {};
      for (std::uint64_t v = from; v < lim; ++v) bits[v >> 6] |= std::uint64_t{want[v]} << (v & 63);
      scan_512(g, m, 1, last, bits, want, row, needed);
    }
    std::uint64_t result = to;
    for (std::uint64_t v = from; v < lim && result == to; ++v) {
      if (want[v]) result = v;
    }
    for (std::uint64_t v = lim; v < to && result == to; ++v) {
      if (!common_[v]) result = v;
    }
    std::fill(want + from, want + lim, std::uint8_t{0});
    return result;
  }
#endif

  // Computes g(n .. n + lanes - 1), or fewer when the width grows or the mask is
  // due to be chosen again (the caller goes on heap by heap or block by block).
  void compute_block(std::uint64_t n, std::uint64_t lanes) {
    const std::size_t span = row_stride();
    if (block_marks_.size() < kLanes * span + 64) block_marks_.assign(kLanes * span + 64, 0);  // + room for 64-byte reads
    for (auto& w : block_want_) {
      if (w.size() < 2 * width_) w.assign(2 * width_, 0);
    }
    LaneResult results[kLanes];
    // Fixed for the whole block (both threads' lanes), and kept for phase 2.
    block_compared_ = compared_from(n, 0, lanes, prefix_of(n));
    block_rare_end_ = rare_.size();
    std::uint64_t work = 0;
    const bool two = helper_ && choice_.use();
    if (two) {
      const std::uint64_t half = lanes / 2;
      std::uint64_t helper_work = 0;
      helper_->post([this, n, half, lanes, &results, &helper_work] {
        helper_work = mark_block(n, half, lanes, block_want_[1].data(), results);
      });
      work += mark_block(n, 0, half, block_want_[0].data(), results);
      helper_->wait();
      work += helper_work;
    } else {
      work += mark_block(n, 0, lanes, block_want_[0].data(), results);
    }

    const std::size_t width = width_;
    std::uint64_t done = 0;
    const bool unequal = shape_.unequal;
    for (std::uint64_t j = 0; j < lanes; ++j) {
      const Value* g = values_.data();
      std::uint8_t* row = block_marks_.data() + j * span;
      if (results[j].partial || results[j].fallback) ++stats_.compared_heaps;
      if (results[j].fallback) ++stats_.compare_fallbacks;
      if (results[j].second) ++stats_.compare_second_rounds;
      if (!results[j].exhaustive) {
        // Usually none of the options with a part in n .. n + j - 1 is c0,
        // and then g(n + j) is c0 (checked without marking them).
        const std::uint64_t c0 = results[j].c0;
        bool taken = false;
        for (std::uint64_t k : shape_.single) taken |= k <= j && g[n + j - k] == c0;
        for (std::uint64_t k : shape_.pair) {
          const std::uint64_t m = n + j - k;
#ifdef GRUNDY_AVX512_SCAN
          if (simd_ && !unequal) {
            if (j > k) taken |= split_has(g, m, j - k, static_cast<unsigned>(c0));
            continue;
          }
#endif
          for (std::uint64_t a = 1; a + k <= j; ++a) taken |= (g[a] ^ g[m - a]) == c0 && !(unequal && 2 * a == m);
        }
        if (!taken) {
          push_tracked(c0);
          ++done;
          if (c0 >= width || values_.size() >= next_eval_) break;
          continue;
        }
      }
      // Options with a part in n .. n + j - 1.
      for (std::uint64_t k : shape_.single) {
        if (k <= j) row[g[n + j - k]] = 1;
      }
      for (std::uint64_t k : shape_.pair) {
        const std::uint64_t m = n + j - k;
        for (std::uint64_t a = 1; a + k <= j; ++a) {
          if (unequal && 2 * a == m) continue;
          row[g[a] ^ g[m - a]] = 1;
        }
      }
      // A row missing its compared parts' values above c0 is completed when c0
      // itself was taken by the options just added (rare).
      if (results[j].partial && row[results[j].c0] != 0) {
        mark_compared(row, n, j, block_compared_, block_rare_end_);
        results[j].partial = false;
        ++stats_.compare_completions;
      }
      // Not below c0: the options so far are among the lane's options now.
      std::uint64_t c = results[j].c0 & ~std::uint64_t{7};
      for (;; c += 8) {
        const std::uint64_t open = load8(common_.data() + c) & ~load8(row + c);
        if (open != 0) {
          c += static_cast<std::uint64_t>(std::countr_zero(open)) / 8;
          break;
        }
      }
      const LaneResult r = results[j];
      std::uint64_t result = c;
      if (r.exhaustive || c > r.c0) {
        // Below c0 after an exhaustive scan: missing unless a new option gave it.
        std::uint64_t proven = c;
        if (r.exhaustive) {
          for (std::uint64_t v = 0; v < std::min(r.c0, c); ++v) {
            if (!common_[v] && !row[v]) {
              proven = v;
              break;
            }
          }
        }
        result = proven;
        if (proven > r.c0) ++stats_.c0_rescans;
#ifdef GRUNDY_AVX512_SCAN
        if (proven > r.c0 && simd_ && width <= 512) {
          result = rescan_512(n + j, r.c0, proven, row);
        } else
#endif
        if (proven > r.c0) {
          Scratch& s = scratch_[0];
          s.begin();
          std::uint64_t needed = 0;
          for (std::uint64_t v = r.c0; v < proven; ++v) {
            const bool missing = !common_[v] && !row[v];
            s.want[v] = missing ? 1 : 0;
            needed += missing ? 1 : 0;
          }
          needed = scan(n + j, kNone, needed, s);
          result = finish(proven, needed, s);
        }
      }
      push_tracked(result);
      ++done;
      if (result >= width || values_.size() >= next_eval_) break;
    }
    stats_.sparse_heaps += done;
    scratch_[0].work += work;
    for (std::uint64_t j = 0; j < done; ++j) {
      for (std::uint64_t k : shape_.pair) scratch_[0].naive_work += (n + j - k) / 2;
    }
    if (helper_) choice_.heaps_done(done);
    block_heaps_ += done;
    if (block_heaps_ >= kBlock) end_block();
  }

  bool forced_;
  bool simd_ = simd_scan_available();
  bool compare_ = compare_tail_available();
  std::size_t block_compared_ = 0;   // this block's rare parts rare_[block_compared_ .. block_rare_end_) are compared
  std::size_t block_rare_end_ = 0;
  bool usable_ = false;
  std::uint64_t blocked_from_ = 0;
  std::vector<std::uint8_t> block_marks_;   // kLanes rows of row_stride_ bytes
  std::size_t row_stride_ = 0;
  std::vector<std::uint8_t> block_want_[2];  // per thread, 2·width bytes, all zero between uses
  bool sparse_mode_ = false;
  bool rare_valid_ = false;
  std::uint64_t next_eval_ = 1024;
  std::uint64_t rare_at_eval_ = 0;
  std::vector<std::uint64_t> rare_;  // ascending positions with rare values
  std::vector<std::uint8_t> common_;  // common_[v]: v is common under the mask
  std::vector<std::uint64_t> common_bits_;  // the same, a bit a value
  Scratch scratch_[2];                // [0] main thread, [1] helper
  std::uint64_t round_ = 0;
  std::atomic<std::uint64_t> published_{0};  // round whose first value is in the table
  SparseStats stats_;
  std::uint64_t block_heaps_ = 0;
  std::uint64_t block_sparse_work_ = 0;
  std::uint64_t block_naive_work_ = 0;
};

}  // namespace

std::unique_ptr<SequenceEngine> make_engine(const GameCode& code, EngineKind kind, unsigned threads) {
  if (threads == 0 || threads > 2) {
    throw InputError("threads must be 1 or 2, not " + std::to_string(threads));
  }
  switch (kind) {
    case EngineKind::naive: return std::make_unique<NaiveEngine>(code, threads);
    case EngineKind::sparse: return std::make_unique<SparseEngine>(code, threads, true);
    case EngineKind::automatic: return std::make_unique<SparseEngine>(code, threads, false);
  }
  throw std::logic_error("make_engine: unknown engine kind");
}

}  // namespace grundy::take_and_break
