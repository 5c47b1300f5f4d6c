// The sparse engine's blocks: heaps n .. n + L - 1 (lanes j = 0 .. L - 1,
// L = kLanes = 64) at once, in two phases.
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
//
// The vector kernels (AVX-512 or AVX2) run where the engine was given them
// (kernels_, fixed when it was made); otherwise their portable definitions,
// inlined here.
#include "sparse_engine.hpp"

#include <algorithm>
#include <cstring>

#include "portable_kernels.hpp"
#include "vector_kernels.hpp"

namespace grundy::take_and_break::detail {

namespace {

using avx512::kCandidates;
using portable::load8;

// The kernels of the engine's set (VectorKernels::scan true: avx2 or avx512).
std::uint64_t simd_lane_c0(VectorKernelSet set, const std::uint8_t* row, const std::uint64_t* common,
                           std::uint8_t* want, std::uint64_t* bits, std::uint64_t& needed) {
  return set == VectorKernelSet::avx512 ? avx512::lane_c0(row, common, want, bits, needed)
                                        : avx2::lane_c0(row, common, want, bits, needed);
}

std::uint64_t simd_scan(VectorKernelSet set, const Value* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                        const std::uint64_t* bits, std::uint8_t* want, std::uint8_t* row, std::uint64_t& needed) {
  return set == VectorKernelSet::avx512 ? avx512::scan_512(g, m, a, last, bits, want, row, needed)
                                        : avx2::scan(g, m, a, last, bits, want, row, needed);
}

bool split_has(const VectorKernels& kernels, const Value* g, std::uint64_t m, std::uint64_t count, unsigned c,
               bool unequal) {
  if (!kernels.scan || unequal) return portable::split_has(g, m, count, c, unequal);
  return kernels.set == VectorKernelSet::avx512 ? avx512::split_has(g, m, count, c) : avx2::split_has(g, m, count, c);
}

// Splits marked outright in every lane, at most (n / 4 below 4096): with the
// AVX-512 scan, whose hits are cheap, fewer (see avx512::scan_512). Officers at 10^7
// on Zen 4, cycles a heap (the rare parts up to 512 marked either way, see
// compared_from): 128 splits 2 188, 192 2 150, 256 2 170, 384 2 187, 512
// 2 233: a split scanned costs ~0.35 cycles, a split marked ~0.8.
constexpr std::uint64_t kPrefixSplits = 1024;
constexpr std::uint64_t kPrefixSplitsSimd = 256;
// With the AVX2 scan (a split ~2x dearer than AVX-512's, and hits dearer):
// Officers to 10^6 on Zen 4, CPU s: 1024 1.35, 512 1.45, 256 1.53.
constexpr std::uint64_t kPrefixSplitsAvx2 = 1024;
// The rare parts up to this are marked whatever the prefix (then kMarkedRare
// more): with a shorter prefix they would otherwise count towards
// kMarkedRare, and more lanes would need a second round of candidates.
constexpr std::uint64_t kMarkedRareFrom = 512;

// How many rare parts (past the prefix and kMarkedRareFrom) a block marks
// before comparing the rest with each lane's kCandidates least unmarked
// common values. Officers at 10^7: after 600 marked parts, 14% of the heaps
// have more than 12 unmarked common values up to c0 (those lanes take a
// second round of candidates); 300, 450 and 800 measured slower on Zen 4
// (400, 800 and 1000 on the Xeon before the second round).
constexpr std::size_t kMarkedRare = 600;

// A 512-wide table whose mask has a low bit: its rows' stride, for which
// mark_run is compiled with the stride a constant.
constexpr std::size_t kStride512 = 512 + 64 + 64;

}  // namespace

// ---- A block ----

// Computes g(n .. n + lanes - 1), or fewer when the width grows or the mask is
// due to be chosen again (the caller goes on heap by heap or block by block).
void SparseEngine::compute_block(std::uint64_t n, std::uint64_t lanes) {
  const std::size_t span = row_stride();
  if (block_marks_.size() < kLanes * span + 64) block_marks_.assign(kLanes * span + 64, 0);  // + room for 64-byte reads
  for (auto& w : block_want_) {
    if (w.size() < 2 * width_) w.assign(2 * width_, 0);
  }
  LaneResult results[kLanes];
  // Fixed for the whole block (both threads' lanes), and kept for phase 2.
  BlockTarget target;
  target.marks = block_marks_.data();
  target.results = results;
  target.compared = compared_from(n, 0, lanes, prefix_of(n));
  target.rare_end = rare_.size();
  // The AVX2 scan reads the packed values where the mask and width have them.
  packed_bit_ = kernels_.set == VectorKernelSet::avx2 ? packed_bit(stats_.mask, width_) : -1;
  if (packed_bit_ >= 0) packed_.sync(values_, packed_bit_, stats_.mask);
  std::uint64_t work = 0;
  const bool two = helper_ && choice_.use();
  if (two) {
    const std::uint64_t half = lanes / 2;
    std::uint64_t helper_work = 0;
    helper_->post([this, n, half, lanes, &target, &helper_work] {
      helper_work = mark_block(n, half, lanes, block_want_[1].data(), target);
    });
    work += mark_block(n, 0, half, block_want_[0].data(), target);
    helper_->wait();
    work += helper_work;
  } else {
    work += mark_block(n, 0, lanes, block_want_[0].data(), target);
  }
  const std::uint64_t done = finish_block(n, lanes, target, work);
  if (helper_) choice_.heaps_done(done);
}

std::uint64_t SparseEngine::finish_block(std::uint64_t n, std::uint64_t lanes, const BlockTarget& target,
                                         std::uint64_t work) {
  const std::size_t span = row_stride();
  LaneResult* results = target.results;
  const std::size_t width = width_;
  std::uint64_t done = 0;
  const bool unequal = shape_.unequal;
  for (std::uint64_t j = 0; j < lanes; ++j) {
    const Value* g = values_.data();
    std::uint8_t* row = target.marks + j * span;
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
        if (j <= k) continue;
        taken |= split_has(kernels_, g, m, j - k, static_cast<unsigned>(c0), unequal);
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
      mark_compared(row, n, j, target.compared, target.rare_end);
      results[j].partial = false;
      ++stats_.compare_completions;
    }
    // Not below c0: the options so far are among the lane's options now.
    const std::uint64_t c = least_open_common(row, results[j].c0 & ~std::uint64_t{7});
    const LaneResult r = results[j];
    std::uint64_t result = c;
    if (!speculative_ && (r.exhaustive || c > r.c0)) {
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
      if (proven > r.c0) {
        ++stats_.c0_rescans;
        result = kernels_.scan && width <= 512 ? rescan_512(n + j, r.c0, proven, row) : rescan(n + j, r.c0, proven, row);
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
  block_heaps_ += done;
  if (block_heaps_ >= kBlock) end_block();
  return done;
}

std::uint64_t SparseEngine::least_open_common(const std::uint8_t* row, std::uint64_t from) const noexcept {
  for (std::uint64_t c = from;; c += 8) {
    const std::uint64_t open = load8(common_.data() + c) & ~load8(row + c);
    if (open != 0) return c + static_cast<std::uint64_t>(std::countr_zero(open)) / 8;
  }
}

// ---- Phase 1 ----

// The prefix of splits a block marks outright.
std::uint64_t SparseEngine::prefix_of(std::uint64_t n) const noexcept {
  // Speculating, only the rare parts' options are needed (the others' only
  // help a scan that is not made): none are marked outright.
  if (speculative_) return 0;
  if (!kernels_.scan || width_ > 512) return std::min(kPrefixSplits, n / 4);
  return std::min(kernels_.set == VectorKernelSet::avx512 ? kPrefixSplitsSimd : kPrefixSplitsAvx2, n / 4);
}

// Parallel phase for lanes [j0, j1); `want` is this thread's, all zero on entry
// and exit. Returns the work done (pairs marked + splits scanned).
std::uint64_t SparseEngine::mark_block(std::uint64_t n, std::uint64_t j0, std::uint64_t j1, std::uint8_t* want,
                                       const BlockTarget& target) {
  return row_stride() == kStride512 ? mark_block_with<kStride512>(n, j0, j1, want, target)
                                    : mark_block_with<0>(n, j0, j1, want, target);
}

// Lane j splits m = n + j - k; part p pairs with m - p, which must lie in
// [1, n - 1]: j in [p + k + 1 - n, p + k - 1] (the first bound only bites for
// p near n). Marks those lanes of [j0, j1); returns how many. Always inlined
// into the loops over the parts (with its own frame, Officers to 10^7 took
// 7–16% more CPU: the stride and the table reloaded at every part).
template <std::size_t kStride>
__attribute__((always_inline)) inline std::uint64_t SparseEngine::mark_part(std::uint64_t n, std::uint64_t j0,
                                                                            std::uint64_t j1, std::uint64_t k,
                                                                            std::uint64_t p, std::uint8_t* marks) const {
  const std::uint64_t lo = std::max<std::uint64_t>(j0, p + k + 1 > n ? p + k + 1 - n : 0);
  const std::uint64_t hi = std::min<std::uint64_t>(j1, p + k);
  if (lo >= hi) return 0;
  const Value* g = values_.data();
  const std::size_t stride = row_stride();
  const unsigned gp = g[p];
  // Lane j pairs with g(n + j - k - p). The pointer is formed at the first
  // lane of a run, never as g + (n - k - p): for p + k > n that lies before
  // the array, which is undefined even if only lanes past it are read.
  auto run = [&](std::uint64_t from, std::uint64_t to) {
    if (from < to) mark_run<kStride>(marks + from * stride, g + (n + from - k - p), gp, to - from, stride);
  };
  // Grundy's game: not the split into two equal heaps (lane 2p + k - n).
  const std::uint64_t equal = 2 * p + k >= n ? 2 * p + k - n : kNone;
  if (shape_.unequal && equal >= lo && equal < hi) {
    run(lo, equal);
    run(equal + 1, hi);
  } else {
    run(lo, hi);
  }
  return hi - lo;
}

void SparseEngine::mark_single_moves(std::uint64_t n, std::uint64_t j0, std::uint64_t j1,
                                     std::uint8_t* marks) const {
  const Value* g = values_.data();
  const std::size_t stride = row_stride();
  for (std::uint64_t k : shape_.single) {
    for (std::uint64_t j = j0; j < j1 && j < k; ++j) marks[j * stride + g[n + j - k]] = 1;
  }
}

std::uint64_t SparseEngine::mark_rare_parts(std::uint64_t n, std::uint64_t j0, std::uint64_t j1, std::size_t from,
                                            std::size_t to, std::uint8_t* marks) const {
  return row_stride() == kStride512 ? mark_rare_parts_with<kStride512>(n, j0, j1, from, to, marks)
                                    : mark_rare_parts_with<0>(n, j0, j1, from, to, marks);
}

template <std::size_t kStride>
std::uint64_t SparseEngine::mark_rare_parts_with(std::uint64_t n, std::uint64_t j0, std::uint64_t j1,
                                                 std::size_t from, std::size_t to, std::uint8_t* marks) const {
  std::uint64_t work = 0;
  for (std::uint64_t k : shape_.pair) {
    for (std::size_t i = from; i < to; ++i) work += mark_part<kStride>(n, j0, j1, k, rare_[i], marks);
  }
  return work;
}

// mark_block, with the rows' stride a constant when it is kStride512 (0: a
// variable).
template <std::size_t kStride>
std::uint64_t SparseEngine::mark_block_with(std::uint64_t n, std::uint64_t j0, std::uint64_t j1, std::uint8_t* want,
                                            const BlockTarget& target) {
  const std::uint64_t prefix = prefix_of(n);
  const std::size_t stride = row_stride();
  const bool simd = kernels_.scan && width_ <= 512;  // the vector scan (and lane_c0)
  std::uint8_t* const marks = target.marks;
  LaneResult* const results = target.results;
  std::fill(marks + j0 * stride, marks + j1 * stride, std::uint8_t{0});
  std::uint64_t work = 0;
  if (target.whole) mark_single_moves(n, j0, j1, marks);
  for (std::uint64_t k : shape_.pair) {
    for (std::uint64_t p = 1; p <= prefix; ++p) work += mark_part<kStride>(n, j0, j1, k, p, marks);
  }
  const auto after_prefix = static_cast<std::size_t>(std::upper_bound(rare_.begin(), rare_.end(), prefix) - rare_.begin());
  work += mark_rare_parts_with<kStride>(n, j0, j1, std::max(after_prefix, target.first_rare), target.compared, marks);
  if (target.compared < target.rare_end) work += compare_block(n, j0, j1, target);
  if (!target.whole) return work;
  for (std::uint64_t j = j0; j < j1; ++j) {
    std::uint8_t* row = marks + j * stride;
    // c0, the least common value not marked, then the rare values below it
    // not marked, flagged in `want` and, below 512, in `bits`.
    std::uint64_t needed = 0;
    std::uint64_t bits[8] = {};
    const std::uint64_t c0 = simd ? simd_lane_c0(kernels_.set, row, common_bits_.data(), want, bits, needed)
                                  : portable::lane_c0(row, common_.data(), want, bits, needed);
    if (speculative_) {
      // The rare values below c0 are left to a verifier.
      if (needed > 0) std::fill(want, want + c0, std::uint8_t{0});
      results[j].c0 = c0;
      results[j].exhaustive = false;
      continue;
    }
    bool exhaustive = needed > 0;
    for (std::size_t i = 0; needed > 0 && i < shape_.pair.size(); ++i) {
      const std::uint64_t m = n + j - shape_.pair[i];
      const std::uint64_t last = shape_.unequal ? (m - 1) / 2 : m / 2;
      work += scan_splits(m, prefix + 1, last, bits, want, row, needed) - prefix;
    }
    if (needed > 0) std::fill(want, want + c0, std::uint8_t{0});
    exhaustive = exhaustive && needed > 0;
    results[j].c0 = c0;
    results[j].exhaustive = exhaustive;
  }
  return work;
}

// Marks {gp ^ other[j]} in the rows of lanes [0, count) from `row` on. The
// usual case (all lanes of one thread, rows of a 512-wide table) has its
// trip count and stride known here, so the loop unrolls into a load, a xor
// and a store a pair.
template <std::size_t kStride>
void SparseEngine::mark_run(std::uint8_t* row, const Value* other, unsigned gp, std::uint64_t count,
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

// ---- Phase 1: the compared rare parts (VectorKernels::compare) ----

// Whether the rare parts after the first kMarkedRare may be compared (see
// compare_candidates) in the block of lanes [j0, j1) from heap n: one split move,
// each compared part valid in every lane, every part it pairs with common
// (so all these options are common), and values that the low byte tells apart.
std::size_t SparseEngine::compared_from(std::uint64_t n, std::uint64_t j0, std::uint64_t j1,
                                       std::uint64_t prefix) const {
  if (!kernels_.compare || shape_.pair.size() != 1 || shape_.unequal || width_ > 512) return rare_.size();
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

// The rare parts rare_[compared..] for lanes [j0, j1) (see compared_from):
// each lane's kCandidates least unmarked common values are compared with
// their options; the candidates hit are marked in the row, so that the least
// unmarked common value of the row is c0 as if every part had been marked.
// A lane whose candidates are all hit marks the parts after all. The rows
// then lack only common values above c0 (results[j].partial; phase 2
// completes a row if c0 is taken there). Returns the pairs looked at.
std::uint64_t SparseEngine::compare_block(std::uint64_t n, std::uint64_t j0, std::uint64_t j1,
                                          const BlockTarget& target) {
  const std::size_t stride = row_stride();
  std::uint8_t* const marks = target.marks;
  LaneResult* const results = target.results;
  const std::size_t compared = target.compared;
  alignas(64) std::uint8_t cand[kCandidates * 64] = {};  // lanes past `lanes` are compared too, and ignored
  alignas(64) std::uint8_t acc[kCandidates * 64];
  alignas(64) std::uint16_t value[kCandidates * 64];
  const unsigned lanes = static_cast<unsigned>(j1 - j0);
  const bool avx512 = kernels_.set == VectorKernelSet::avx512;
  for (unsigned t = 0; t < lanes; ++t) {
    std::uint8_t* row = marks + (j0 + t) * stride;
    if (avx512) {
      avx512::find_candidates(row, common_bits_.data(), candidate_end(), value + t, cand + t);
    } else {
      avx2::find_candidates(row, common_bits_.data(), candidate_end(), value + t, cand + t);
    }
  }
  const std::size_t count = target.rare_end - compared;
  const std::uint64_t base = n + j0 - shape_.pair[0];
  if (avx512) {
    avx512::compare_candidates(values_.data(), base, rare_.data() + compared, count, lanes, cand, acc);
  } else {
    avx2::compare_candidates(values_.data(), base, rare_.data() + compared, count, lanes, cand, acc);
  }
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
    // The candidates hit before c0: the row is then exact up to c0 (an option
    // missing from it is a compared part's, so a common value, and the
    // unmarked common values up to there are the candidates). A band of
    // speculation.cpp, whose small parts are marked later and may take c0,
    // marks every candidate hit, so that its row is exact up to the last
    // one (for a whole block that loop's unpredictable branches measured
    // 3-5% of Officers' CPU, and phase 2 completes its rare inexact rows).
    if (target.whole) {
      for (int h = 0; h < i; ++h) row[value[h * 64 + t]] = 1;
      results[j0 + t].exact_below = value[i * 64 + t] + std::uint64_t{1};
    } else {
      for (int h = 0; h < kCandidates; ++h) {
        const std::uint16_t v = value[h * 64 + t];
        if (acc[h * 64 + t] == 0 && v < width_) row[v] = 1;
      }
      results[j0 + t].exact_below = value[(kCandidates - 1) * 64 + t] + std::uint64_t{1};
    }
    results[j0 + t].partial = true;
  }
  if (more > 0 && avx512) {
    second_round(n, j0, lanes, target, again, more, value);
  } else {
    // AVX2 has no byte permute across the register for the second round's
    // slots: these lanes (14% at Officers 10^7) mark the parts after all.
    for (unsigned i = 0; i < more; ++i) {
      const unsigned t = again[i];
      mark_compared(marks + (j0 + t) * stride, n, j0 + t, compared, target.rare_end);
      results[j0 + t].fallback = true;
    }
  }
  return count * lanes;
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
void SparseEngine::second_round(std::uint64_t n, std::uint64_t j0, unsigned lanes, const BlockTarget& target,
                                const unsigned* again, unsigned more, const std::uint16_t* value) {
  const std::size_t stride = row_stride();
  std::uint8_t* const marks = target.marks;
  LaneResult* const results = target.results;
  const std::size_t compared = target.compared;
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
    avx512::open_values(marks + (j0 + t) * stride, common_bits_.data(), value[(kCandidates - 1) * 64 + t] + 1U,
                        extra, candidate_end(), mine);
    for (unsigned r = 0; r < per; ++r) {
      const unsigned slot = i * per + r;
      pick[slot] = static_cast<std::uint8_t>(2 * t);
      for (unsigned u = 0; u < vectors; ++u) cand[u * 64 + slot] = static_cast<std::uint8_t>(mine[u * per + r] & 0xFF);
    }
  }
  const Value* g = values_.data();
  const std::uint64_t base = n + j0 - shape_.pair[0];
  const std::uint64_t* parts = rare_.data() + compared;
  const std::size_t count = target.rare_end - compared;
  avx512::compare_slots(vectors, g, base, parts, count, lanes, pick, cand, acc);
  for (unsigned i = 0; i < more; ++i) {
    const unsigned t = again[i];
    const std::uint16_t* mine = next + i * extra;
    std::uint8_t* row = marks + (j0 + t) * stride;
    auto hit = [&](unsigned k) { return acc[(k / per) * 64 + i * per + k % per] == 0 && mine[k] < width_; };
    unsigned k = 0;
    while (k < extra && hit(k)) ++k;
    if (k == extra) {
      mark_compared(row, n, j0 + t, compared, target.rare_end);
      results[j0 + t].partial = false;
      results[j0 + t].fallback = true;
      continue;
    }
    // As in compare_block: exact up to c0, or (a band) up to the last candidate.
    for (int h = 0; h < kCandidates; ++h) row[value[h * 64 + t]] = 1;
    if (target.whole) {
      for (unsigned h = 0; h < k; ++h) row[mine[h]] = 1;
      results[j0 + t].exact_below = mine[k] + std::uint64_t{1};
    } else {
      for (unsigned h = 0; h < extra; ++h) {
        if (hit(h)) row[mine[h]] = 1;
      }
      results[j0 + t].exact_below = mine[extra - 1] + std::uint64_t{1};
    }
    results[j0 + t].partial = true;
    results[j0 + t].second = true;
  }
}

// Marks the options of lane j from the compared rare parts rare_[from..to).
void SparseEngine::mark_compared(std::uint8_t* row, std::uint64_t n, std::uint64_t j, std::size_t from,
                                 std::size_t to) const {
  const Value* g = values_.data();
  const std::uint64_t m = n + j - shape_.pair[0];
  for (std::size_t i = from; i < to; ++i) row[g[rare_[i]] ^ g[m - rare_[i]]] = 1;
}

// ---- Phase 2: the rare values above c0 ----

// Phase 2 when an option inside the block took c0 (about 1% of the heaps at
// Officers 10^7): the least rare value in [from, to) that is no option of
// `heap`, or `to`, the rare options in `row` being those of the marked splits
// only. A scan over all splits with avx512::scan_512 (the scalar scan took ~50 cycles
// a heap on average, a third of phase 2). Rare values from the width on are
// no option at all.
std::uint64_t SparseEngine::rescan_512(std::uint64_t heap, std::uint64_t from, std::uint64_t to, std::uint8_t* row) {
  const std::uint64_t lim = std::min<std::uint64_t>(to, width_);
  std::uint8_t* want = block_want_[0].data();
  std::uint64_t needed = 0;
  for (std::uint64_t v = from; v < lim; ++v) {
    want[v] = !common_[v] && !row[v] ? 1 : 0;
    needed += want[v];
  }
  for (std::size_t i = 0; needed > 0 && i < shape_.pair.size(); ++i) {
    const std::uint64_t k = shape_.pair[i];
    if (heap < k + 2) continue;
    const std::uint64_t m = heap - k;
    const std::uint64_t last = shape_.unequal ? (m - 1) / 2 : m / 2;
    std::uint64_t bits[8] = {};
    for (std::uint64_t v = from; v < lim; ++v) bits[v >> 6] |= std::uint64_t{want[v]} << (v & 63);
    scan_splits(m, 1, last, bits, want, row, needed);
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

// Looks for the wanted values (`want`, and `bits` below 512) among the splits
// (a, m - a), a = from..last, until `needed` reaches 0; returns the first split
// not looked at. With the vector kernels, over the packed values first where
// they reach (the AVX2 kernels: 32 splits a vector instead of 16), the rest
// with the 16-bit scan; otherwise portable::scan.
std::uint64_t SparseEngine::scan_splits(std::uint64_t m, std::uint64_t from, std::uint64_t last, std::uint64_t* bits,
                                        std::uint8_t* want, std::uint8_t* row, std::uint64_t& needed) const {
  const Value* g = values_.data();
  if (!kernels_.scan || width_ > 512) return portable::scan(g, m, from, last, want, row, needed);
  std::uint64_t a = from;
  if (packed_bit_ >= 0) {
    const std::uint64_t reach = packed_.reach(m, a, last);
    if (reach >= a) {
      std::uint64_t packed_set[4];
      pack_set(bits, static_cast<unsigned>(packed_bit_), packed_set);
      // Past the last rare position every part m - a' is common: a rare part
      // a' gives a common value, never a wanted one.
      const bool high_common = rare_valid_ && (rare_.empty() || m - reach > rare_.back());
      a = avx2::scan_packed(g, packed_.low(a), packed_.high(m - a), m, a, reach, packed_set,
                            static_cast<unsigned>(packed_bit_), want, row, needed,
                            high_common ? packed_.low_common(a) : nullptr);
      if (needed == 0 || a > last) return a;
      // The set without the values found.
      for (unsigned w = 0; w < 8; ++w) {
        for (std::uint64_t b = bits[w]; b != 0; b &= b - 1) {
          const unsigned v = 64 * w + static_cast<unsigned>(std::countr_zero(b));
          if (!want[v]) bits[w] &= ~(std::uint64_t{1} << (v & 63));
        }
      }
    }
  }
  return simd_scan(kernels_.set, g, m, a, last, bits, want, row, needed);
}

// The same with the portable scan of the heap-by-heap engine.
std::uint64_t SparseEngine::rescan(std::uint64_t heap, std::uint64_t from, std::uint64_t to, std::uint8_t* row) {
  Scratch& s = scratch_[0];
  s.begin();
  std::uint64_t needed = 0;
  for (std::uint64_t v = from; v < to; ++v) {
    const bool missing = !common_[v] && !row[v];
    s.want[v] = missing ? 1 : 0;
    needed += missing ? 1 : 0;
  }
  needed = scan(heap, kNone, needed, s);
  return finish(to, needed, s);
}

}  // namespace grundy::take_and_break::detail
