// Speculation on several threads: the sparse engine's blocks (sparse_blocks.cpp)
// speculated by threads_ threads at once, for rank 0 of a distributed run
// (distributed_run.cpp), where one thread speculating is what bounds the run.
//
// Why it splits this way. A speculated g(n) is c, the least common value that
// no option of n has, and every common option comes from a rare part p paired
// with g(n - k - p). For a block of heaps n .. n + 63, the parts p >= P pair
// with values at least P - 63 behind the block: they can be marked while the
// blocks before it are still being speculated. So a block's rare parts from P
// on (its band, most of the work: Officers has 1584 rare parts, 40 of them
// below 192) are marked, and the parts past the first few hundred compared
// with candidates, by whichever thread claims the block first, up to `slots`
// blocks ahead; the thread that speculates in order then marks the smaller
// parts and the single moves, takes each lane's c and finishes the block
// (phase 2) exactly as with one thread. The values are the same; only who
// marks which part differs (tests/take_and_break_distributed_test.cpp holds
// the speculated tables equal).
//
// P = 64 · slots, slots = threads + 1: a band can be marked as soon as the
// values it reads are speculated, i.e. while the `slots` - 1 blocks before it
// are still open. The thread in order, when the band it needs is not ready,
// claims and marks bands itself, so no thread waits while there is work.
#include "sparse_engine.hpp"
#include "thread_cpu_time.hpp"

#include <algorithm>
#include <thread>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace grundy::take_and_break::detail {

namespace {

void pause() noexcept {
#if defined(__x86_64__)
  _mm_pause();
#endif
}

}  // namespace

void SparseEngine::stop_band_threads() {
  if (!bands_running_) return;
  bands_stop_.store(true, std::memory_order_release);
  for (auto& thread : band_threads_) thread->wait();
  bands_running_ = false;
}

std::uint64_t SparseEngine::speculate_blocks(std::uint64_t end) {
  const std::uint64_t n0 = values_.size();
  if (end <= n0 || shape_.pair.empty()) return 0;
  const std::uint64_t blocks = (end - n0) / kLanes;
  const std::size_t slots = threads_ + 1;
  const std::uint64_t first_part = kLanes * slots;  // P
  const auto first_rare =
      static_cast<std::size_t>(std::lower_bound(rare_.begin(), rare_.end(), first_part) - rare_.begin());
  // Too few blocks, or no band (the rare parts all small): as with one thread.
  if (blocks < 2 || first_rare >= rare_.size() || n0 < 2 * first_part) return 0;
  const std::uint64_t least_k = *std::min_element(shape_.pair.begin(), shape_.pair.end());

  // The bands read the table while this thread appends to it: no reallocation.
  if (values_.capacity() < end + kLanes) values_.reserve(std::max<std::uint64_t>(end + kLanes, 2 * values_.capacity()));
  const std::size_t span = row_stride();
  if (band_slot_count_ != slots) {
    band_slots_ = std::make_unique<BandSlot[]>(slots);
    band_slot_count_ = slots;
  }
  for (std::size_t s = 0; s < slots; ++s) {
    if (band_slots_[s].marks.size() < kLanes * span + 64) band_slots_[s].marks.assign(kLanes * span + 64, 0);
    band_slots_[s].ready.store(UINT64_MAX, std::memory_order_relaxed);
  }
  while (band_threads_.size() + 1 < threads_) band_threads_.push_back(std::make_unique<Helper>());

  const std::size_t rare_end = rare_.size();  // speculated values are common: the list stays
  std::atomic<std::uint64_t> next_claim{0};   // the next block whose band is unclaimed
  std::atomic<std::uint64_t> frontier{n0};    // values speculated so far
  std::atomic<std::uint64_t> finished{0};     // blocks finished in order (their slots free again)
  bands_stop_.store(false, std::memory_order_relaxed);

  // Claims the next band if it can be marked now (its values speculated, its
  // slot free) and marks it; false if it could not.
  auto mark_next_band = [&](bool in_order) -> bool {
    std::uint64_t b = next_claim.load(std::memory_order_acquire);
    if (b >= blocks || bands_stop_.load(std::memory_order_acquire)) return false;
    if (finished.load(std::memory_order_acquire) + slots <= b) return false;
    const std::uint64_t n = n0 + b * kLanes;
    // Lane j pairs part p >= P with n + j - k - p <= n + 63 - least_k - P.
    if (frontier.load(std::memory_order_acquire) + least_k + first_part < n + kLanes) return false;
    if (!next_claim.compare_exchange_strong(b, b + 1, std::memory_order_acq_rel)) return false;
    BandSlot& slot = band_slots_[b % slots];
    for (LaneResult& r : slot.results) r = LaneResult{};
    BlockTarget band;
    band.marks = slot.marks.data();
    band.results = slot.results;
    band.first_rare = first_rare;
    band.compared = std::max(first_rare, compared_from(n, 0, kLanes, first_part - 1));
    band.rare_end = rare_end;
    band.whole = false;
    const double started = thread_cpu_seconds();
    slot.work = mark_block(n, 0, kLanes, nullptr, band);
    const double took = thread_cpu_seconds() - started;
    band_nanoseconds_.fetch_add(static_cast<std::uint64_t>(1e9 * took), std::memory_order_relaxed);
    if (in_order) own_band_seconds_ += took;
    slot.ready.store(b, std::memory_order_release);
    return true;
  };
  // Marks bands until `done`: spinning a little when none can be marked yet,
  // then yielding (a machine with fewer cores than threads).
  auto mark_bands_until = [&](bool in_order, auto done) {
    for (unsigned idle = 0; !done();) {
      if (mark_next_band(in_order)) {
        idle = 0;
      } else if (++idle < 4096) {
        pause();
      } else {
        std::this_thread::yield();
      }
    }
  };
  auto work_on_bands = [&] {
    mark_bands_until(false, [&] {
      return next_claim.load(std::memory_order_acquire) >= blocks || bands_stop_.load(std::memory_order_acquire);
    });
  };
  bands_running_ = true;
  for (auto& thread : band_threads_) thread->post(work_on_bands);
  // The other threads use this frame's counters: they stop before it ends,
  // an exception (a value past 65535) included.
  struct StopOnExit {
    SparseEngine& engine;
    ~StopOnExit() { engine.stop_band_threads(); }
  } stop_on_exit{*this};

  std::uint64_t done = 0;
  for (std::uint64_t b = 0; b < blocks; ++b) {
    BandSlot& slot = band_slots_[b % slots];
    if (slot.ready.load(std::memory_order_acquire) != b) {
      const double waiting = thread_cpu_seconds();
      const double own = own_band_seconds_;
      mark_bands_until(true, [&] { return slot.ready.load(std::memory_order_acquire) == b; });
      band_waiting_seconds_ += thread_cpu_seconds() - waiting - (own_band_seconds_ - own);
    }
    const double started = thread_cpu_seconds();
    const std::uint64_t n = n0 + b * kLanes;
    BlockTarget target;
    target.marks = slot.marks.data();
    target.results = slot.results;
    target.first_rare = 0;
    target.compared = std::max(first_rare, compared_from(n, 0, kLanes, first_part - 1));
    target.rare_end = rare_end;
    // The rest of phase 1: the single moves whose heap lies below the block
    // and the rare parts below P, then each lane's c.
    std::uint64_t work = slot.work;
    mark_single_moves(n, 0, kLanes, target.marks);
    const auto first_small =
        static_cast<std::size_t>(std::upper_bound(rare_.begin(), rare_.begin() + first_rare, 0) - rare_.begin());
    work += mark_rare_parts(n, 0, kLanes, first_small, first_rare, target.marks);
    for (std::uint64_t j = 0; j < kLanes; ++j) {
      std::uint8_t* row = target.marks + j * span;
      LaneResult& r = target.results[j];
      std::uint64_t c = least_open_common(row, 0);
      if (r.partial && c >= r.exact_below) {
        // Every candidate the band left open is an option of a smaller part:
        // the band's compared parts are marked after all (rare).
        mark_compared(row, n, j, target.compared, rare_end);
        r.partial = false;
        ++stats_.compare_completions;
        c = least_open_common(row, 0);
      }
      r.c0 = c;
      r.exhaustive = false;
    }
    const std::uint64_t heaps = finish_block(n, kLanes, target, work);
    in_order_seconds_ += thread_cpu_seconds() - started;
    done += heaps;
    banded_heaps_ += heaps;
    if (heaps < kLanes || !bands_running_) break;  // the width grew, or the mask is due, or a fallback
    frontier.store(values_.size(), std::memory_order_release);
    finished.store(b + 1, std::memory_order_release);
  }
  return done;
}

}  // namespace grundy::take_and_break::detail
