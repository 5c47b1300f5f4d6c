// The sparse engine: the rare/common split (Gangolli–Plambeck, Flammenkamp).
// For a mask M call a value v common when popcount(v & M) is odd, rare when it
// is even. The xor of two commons is rare and the xor of a rare and a common is
// common, so every common option of a split has a rare part: when few positions
// are rare they are all listed, and the least missing common value c comes from
// them alone; the rare options below c are found by a scan over the splits that
// usually stops early. Exact for any mask; fast when rare positions are few.
//
// Heaps before the first mask evaluation, and heaps where the mask does not
// fit, are computed naively. Evaluation (at 1024 heaps and each doubling, or
// early when rare positions pile up) picks the mask M minimising the number of
// rare positions so far: with h the histogram of values, the number of
// positions with popcount(g & M) even is (N + Ĥ(M)) / 2 where Ĥ is the
// Walsh–Hadamard transform of h, so all masks cost O(w log w) for values below
// w. In automatic mode the sparse way is used only when at most 1/8 of
// positions are rare, and dropped for the rest of a doubling if a block of
// heaps shows the sparse work above half the naive work (falling back, not
// crawling).
//
// Three ways to compute sparse heaps, in sparse_engine.cpp heap by heap and two
// heaps at once on two threads, in sparse_blocks.cpp 64 consecutive heaps at
// once (from heap 2048, while values stay below 4096), which is where the
// vector kernels (vector_kernels.hpp: AVX-512 or AVX2) run, when the engine
// was given them.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "naive_engine.hpp"
#include "packed_values.hpp"
#include "vector_kernels.hpp"

namespace grundy::take_and_break::detail {

class SparseEngine final : public NaiveEngine {
 public:
  // forced: sparse whenever a mask exists (EngineKind::sparse, for tests), else
  // only where it pays (automatic). `kernels`: the vector kernels to run,
  // allowed by the options and supported by the CPU (make_engine decides).
  SparseEngine(const GameCode& code, unsigned threads, bool forced, VectorKernels kernels);

  void extend_to(std::uint64_t count) override;
  void restore(std::vector<Value> values) override;
  SparseStats sparse_stats() const override;
  EngineKind kind() const noexcept override { return forced_ ? EngineKind::sparse : EngineKind::automatic; }
  VectorKernelSet kernel_set() const noexcept override { return kernels_.set; }

  // ---- Speculation (a distributed run, distributed_run.cpp) ----
  //
  // The candidate for a heap of a block is its least missing common value c:
  // every common option has a rare part, so the rare list and the values
  // behind the heap give it exactly. Speculating, a block takes c without
  // looking for the rare values below c among the splits (the scan): g(n) = c
  // exactly when each of them is an option, which a verifier checks
  // (block_verifier.hpp). Heaps outside blocks are computed exactly as ever.
  // A speculated value is common, so the rare list does not change.

  // Whether the game has the shape the sparse way needs (else no heap is speculated).
  [[nodiscard]] bool usable() const noexcept { return usable_; }
  // Speculating, extend_to also stops before a new mask is chosen (past its
  // first heap), so that the heaps of one call share one mask.
  void set_speculative(bool on) noexcept { speculative_ = on; }
  // The current mask (sparse_stats() recounts the rare list when it is not kept).
  [[nodiscard]] std::uint64_t mask() const noexcept { return stats_.mask; }
  // Drops g(n..) and appends `value` as g(n): a verifier proved that value.
  void rewind(std::uint64_t n, Value value);
  // Speculating with threads >= 2, blocks are speculated on that many threads
  // (speculation.cpp): the parts of a block from a rare position P on need
  // only values at least P behind its heaps, so other threads mark them for
  // the next blocks while this one finishes the current block with the
  // smaller parts (where that does not apply, as with one thread). What that
  // speculation did so far: the heaps it
  // speculated, and the CPU seconds of marking bands (on any thread) and of
  // finishing blocks in order (one thread), waiting left out: the model of
  // rank 0 on T cores in docs/performance.md divides the first over T.
  // The calling thread's own share: its band marking and its waiting for a
  // band another thread marks.
  struct BandTimes {
    std::uint64_t heaps = 0;
    double band_seconds = 0;
    double in_order_seconds = 0;
    double own_band_seconds = 0;
    double waiting_seconds = 0;
  };
  [[nodiscard]] BandTimes band_times() const noexcept {
    return {banded_heaps_, 1e-9 * static_cast<double>(band_nanoseconds_.load(std::memory_order_relaxed)),
            in_order_seconds_, own_band_seconds_, band_waiting_seconds_};
  }

 private:
  // ---- The mask and the rare list (sparse_engine.cpp) ----

  // Heaps between checks of the sparse work against the naive work.
  static constexpr std::uint64_t kBlock = 4096;

  [[nodiscard]] bool common(std::uint64_t v) const noexcept { return std::popcount(v & stats_.mask) & 1; }

  void set_width(std::size_t width) override;
  // common_, common_bits_ and the lane rows' stride for the current mask.
  void rebuild_common();
  // push(g), and the heap into the rare list if g is rare.
  void push_tracked(std::uint64_t g);
  // Chooses the mask (see above), or leaves the sparse way.
  void evaluate();
  // The sparse-against-naive work check after kBlock heaps.
  void end_block();

  // ---- Heap by heap, and two heaps on two threads (sparse_engine.cpp) ----

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
    // A new heap: the stamps of the last one no longer count.
    void begin() {
      if (++generation == 0) {
        std::fill(stamp.begin(), stamp.end(), 0);
        generation = 1;
      }
    }
  };

  static constexpr std::uint64_t kNone = UINT64_MAX;

  void mark_listed(std::uint64_t n, std::uint64_t pending, Scratch& s) const;
  std::uint64_t least_common_missing(const Scratch& s) const;
  std::uint64_t want_rare_below(std::uint64_t c, Scratch& s) const;
  std::uint64_t scan(std::uint64_t n, std::uint64_t pending, std::uint64_t needed, Scratch& s) const;
  static std::uint64_t finish(std::uint64_t c, std::uint64_t needed, Scratch& s);
  std::uint64_t compute_sparse(std::uint64_t n, Scratch& s) const;
  template <class Ready>
  std::uint64_t compute_second(std::uint64_t n, Scratch& s, Ready ready) const;
  void compute_pair(std::uint64_t n);

  // ---- Blocks of 64 consecutive heaps (sparse_blocks.cpp) ----

  static constexpr std::uint64_t kLanes = 64;
  static constexpr std::size_t kBlockedWidth = 4096;  // rows of up to 2·width bytes a lane

  // What phase 1 found for a lane.
  struct LaneResult {
    std::uint64_t c0 = 0;
    bool exhaustive = false;
    bool partial = false;   // the compared rare parts are not marked in the row (common values above c0)
    bool fallback = false;  // they were compared, but all candidates were hit: marked after all
    bool second = false;    // c0 was found among the second round's candidates
    // A partial row holds every option of its parts below this value: c0 + 1
    // for a whole block, the last candidate + 1 for a band (whose hit
    // candidates are all marked); above it, a compared part's option may be
    // missing.
    std::uint64_t exact_below = UINT64_MAX;
  };

  // Where a block's phase 1 writes and which parts it takes: the prefix
  // splits, the rare parts rare_[first_rare, compared) marked, the rare parts
  // rare_[compared, rare_end) compared with each lane's candidates (see
  // compare_block). `whole`: the whole of phase 1 (also the single moves
  // whose heap lies below the block, and each lane's c0); otherwise a band
  // of the rare parts for speculation on several threads, whose owner marks
  // the rest and takes c0 (speculation.cpp).
  struct BlockTarget {
    std::uint8_t* marks = nullptr;  // kLanes rows of row_stride() bytes
    LaneResult* results = nullptr;  // kLanes of them
    std::size_t first_rare = 0;
    std::size_t compared = 0;
    std::size_t rare_end = 0;
    bool whole = true;
  };

  void compute_block(std::uint64_t n, std::uint64_t lanes);
  // Phase 2 of a block whose phase 1 is in `target`: g(n .. n + lanes - 1)
  // pushed (fewer when the width grows or the mask is due); returns how many.
  std::uint64_t finish_block(std::uint64_t n, std::uint64_t lanes, const BlockTarget& target, std::uint64_t work);
  [[nodiscard]] std::uint64_t prefix_of(std::uint64_t n) const noexcept;
  std::uint64_t mark_block(std::uint64_t n, std::uint64_t j0, std::uint64_t j1, std::uint8_t* want,
                           const BlockTarget& target);
  template <std::size_t kStride>
  std::uint64_t mark_block_with(std::uint64_t n, std::uint64_t j0, std::uint64_t j1, std::uint8_t* want,
                                const BlockTarget& target);
  // Marks the options of lanes [j0, j1) from the single moves whose heap
  // lies below n.
  void mark_single_moves(std::uint64_t n, std::uint64_t j0, std::uint64_t j1, std::uint8_t* marks) const;
  // Marks the options of lanes [j0, j1) from the rare parts rare_[from, to)
  // whose other part lies below n; returns the pairs marked.
  std::uint64_t mark_rare_parts(std::uint64_t n, std::uint64_t j0, std::uint64_t j1, std::size_t from,
                                std::size_t to, std::uint8_t* marks) const;
  template <std::size_t kStride>
  std::uint64_t mark_rare_parts_with(std::uint64_t n, std::uint64_t j0, std::uint64_t j1, std::size_t from,
                                     std::size_t to, std::uint8_t* marks) const;
  template <std::size_t kStride>
  std::uint64_t mark_part(std::uint64_t n, std::uint64_t j0, std::uint64_t j1, std::uint64_t k, std::uint64_t p,
                          std::uint8_t* marks) const;
  template <std::size_t kStride>
  static void mark_run(std::uint8_t* row, const Value* other, unsigned gp, std::uint64_t count,
                       std::size_t stride) noexcept;
  [[nodiscard]] std::size_t compared_from(std::uint64_t n, std::uint64_t j0, std::uint64_t j1,
                                          std::uint64_t prefix) const;
  std::uint64_t compare_block(std::uint64_t n, std::uint64_t j0, std::uint64_t j1, const BlockTarget& target);
  void second_round(std::uint64_t n, std::uint64_t j0, unsigned lanes, const BlockTarget& target,
                    const unsigned* again, unsigned more, const std::uint16_t* value);
  void mark_compared(std::uint8_t* row, std::uint64_t n, std::uint64_t j, std::size_t from, std::size_t to) const;
  // The least common value from `from` on (a multiple of 8) not marked in `row`.
  [[nodiscard]] std::uint64_t least_open_common(const std::uint8_t* row, std::uint64_t from) const noexcept;

  // ---- Speculation on several threads (speculation.cpp) ----

  // A block's band (its rare parts from the band's first on), marked by
  // whichever thread claimed it, waiting for this thread to finish the block.
  struct BandSlot {
    std::vector<std::uint8_t> marks;  // kLanes rows of row_stride() bytes
    LaneResult results[kLanes];
    std::uint64_t work = 0;
    std::atomic<std::uint64_t> ready{UINT64_MAX};  // the block whose band is here
  };
  // Speculates whole blocks from values_.size() towards `end` on threads_
  // threads; returns the heaps done (0: this way does not apply here).
  std::uint64_t speculate_blocks(std::uint64_t end);
  // Stops the other threads of speculate_blocks (before the width, the mask
  // or the rare list change under them).
  void stop_band_threads();
  std::uint64_t rescan(std::uint64_t heap, std::uint64_t from, std::uint64_t to, std::uint8_t* row);
  std::uint64_t scan_splits(std::uint64_t m, std::uint64_t from, std::uint64_t last, std::uint64_t* bits,
                            std::uint8_t* want, std::uint8_t* row, std::uint64_t& needed) const;
  std::uint64_t rescan_512(std::uint64_t heap, std::uint64_t from, std::uint64_t to, std::uint8_t* row);

  // Lane rows are this far apart (see rebuild_common).
  [[nodiscard]] std::size_t row_stride() const noexcept { return row_stride_; }
  // Where open_values stops reading a row and the common values.
  [[nodiscard]] std::uint64_t candidate_end() const noexcept {
    return std::min<std::uint64_t>(row_stride_, common_bits_.size() * 64);
  }

  // ---- State ----

  const bool forced_;
  const VectorKernels kernels_;
  bool speculative_ = false;
  bool usable_ = false;  // the game has the shape the sparse way needs
  bool sparse_mode_ = false;
  bool rare_valid_ = false;
  std::uint64_t next_eval_ = 1024;
  std::uint64_t rare_at_eval_ = 0;
  std::vector<std::uint64_t> rare_;         // ascending positions with rare values
  std::vector<std::uint8_t> common_;        // common_[v]: v is common under the mask
  std::vector<std::uint64_t> common_bits_;  // the same, a bit a value
  Scratch scratch_[2];                      // [0] main thread, [1] helper
  std::uint64_t round_ = 0;
  std::atomic<std::uint64_t> published_{0};  // round whose first value is in the table
  SparseStats stats_;
  std::uint64_t block_heaps_ = 0;
  std::uint64_t block_sparse_work_ = 0;
  std::uint64_t block_naive_work_ = 0;

  std::uint64_t blocked_from_ = 0;
  std::vector<std::uint8_t> block_marks_;    // kLanes rows of row_stride_ bytes
  std::size_t row_stride_ = 0;
  std::vector<std::uint8_t> block_want_[2];  // per thread, 2·width bytes, all zero between uses
  // The 8-bit form of the values the AVX2 scan reads (bit dropped; -1: not
  // used), brought up to date at each block.
  int packed_bit_ = -1;
  PackedValues packed_;

  const unsigned threads_;
  std::vector<std::unique_ptr<Helper>> band_threads_;  // threads_ - 1 of them, made when first needed
  std::unique_ptr<BandSlot[]> band_slots_;
  std::size_t band_slot_count_ = 0;
  std::atomic<bool> bands_stop_{false};
  bool bands_running_ = false;
  std::uint64_t banded_heaps_ = 0;
  std::atomic<std::uint64_t> band_nanoseconds_{0};
  double in_order_seconds_ = 0;
  double own_band_seconds_ = 0;
  double band_waiting_seconds_ = 0;
};

}  // namespace grundy::take_and_break::detail
