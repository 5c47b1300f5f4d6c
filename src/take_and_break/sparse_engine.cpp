// The sparse engine apart from its blocks: the mask and the rare list, heaps
// one at a time, and two heaps at once on two threads where blocks do not
// apply (see sparse_engine.hpp).
#include "sparse_engine.hpp"

#include <algorithm>
#include <atomic>
#include <thread>
#include <utility>

namespace grundy::take_and_break::detail {

namespace {

// Depth from which the sparse engine computes two heaps at once on two threads
// (below it a heap costs too few microseconds to pay for the hand-over).
constexpr std::uint64_t kPairFrom = 16384;

}  // namespace

SparseEngine::SparseEngine(const GameCode& code, unsigned threads, bool forced, VectorKernels kernels)
    : NaiveEngine(code, std::min(threads, 2U)), forced_(forced), kernels_(kernels), threads_(threads) {
  usable_ = !shape_.pair.empty() && shape_.triple.empty();
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

void SparseEngine::extend_to(std::uint64_t count) {
  const std::uint64_t first = values_.size();
  while (values_.size() < count) {
    const std::uint64_t n = values_.size();
    if (usable_ && n >= next_eval_) {
      // Speculating, one call computes under one mask: the verifier of its
      // block checks the rare values of that mask (block_verifier.hpp).
      if (speculative_ && n > first) return;
      evaluate();
    }
    if (sparse_mode_ && n >= blocked_from_ && width_ <= kBlockedWidth) {
      if (speculative_ && threads_ > 1 && speculate_blocks(std::min(count, next_eval_)) > 0) continue;
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

void SparseEngine::restore(std::vector<Value> values) {
  NaiveEngine::restore(std::move(values));
  packed_.clear();
  sparse_mode_ = false;
  rare_.clear();
  next_eval_ = std::max<std::uint64_t>(forced_ ? 16 : 1024, values_.size());
}

void SparseEngine::rewind(std::uint64_t n, Value value) {
  values_.resize(n);
  packed_.clear();
  while (!rare_.empty() && rare_.back() >= n) rare_.pop_back();
  push_tracked(value);
}

SparseStats SparseEngine::sparse_stats() const {
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

void SparseEngine::set_width(std::size_t width) {
  stop_band_threads();  // they read the common values and the rows' stride
  NaiveEngine::set_width(width);
  // Options are below width; the least missing common value is below 2·width.
  for (Scratch& s : scratch_) s.resize(2 * width);
  rebuild_common();
}

void SparseEngine::rebuild_common() {
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

void SparseEngine::push_tracked(std::uint64_t g) {
  const std::uint64_t n = values_.size();
  push(g);
  if (rare_valid_ && !common(g)) {
    rare_.push_back(n);
    if (!forced_ && rare_.size() > 2 * rare_at_eval_ + 256) next_eval_ = n + 1;  // the mask stops fitting
  }
}

void SparseEngine::evaluate() {
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

void SparseEngine::end_block() {
  for (Scratch& s : scratch_) {
    block_sparse_work_ += s.work;
    block_naive_work_ += s.naive_work;
    s.work = 0;
    s.naive_work = 0;
  }
  if (!forced_ && 2 * block_sparse_work_ > block_naive_work_) {
    stop_band_threads();  // they read the rare list
    sparse_mode_ = false;
    rare_valid_ = false;
    rare_.clear();
  }
  block_heaps_ = 0;
  block_sparse_work_ = 0;
  block_naive_work_ = 0;
}

// Stamps the options of heap n that single moves and the rare list give. A
// part equal to `pending` (the heap before n, whose value another thread is
// still computing) is left out; compute_second adds it later.
void SparseEngine::mark_listed(std::uint64_t n, std::uint64_t pending, Scratch& s) const {
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

std::uint64_t SparseEngine::least_common_missing(const Scratch& s) const {
  std::uint64_t c = 0;
  while (!common_[c] || s.stamp[c] == s.generation) ++c;
  return c;
}

// Flags the rare values below c not stamped yet; returns how many.
std::uint64_t SparseEngine::want_rare_below(std::uint64_t c, Scratch& s) const {
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
std::uint64_t SparseEngine::scan(std::uint64_t n, std::uint64_t pending, std::uint64_t needed, Scratch& s) const {
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
std::uint64_t SparseEngine::finish(std::uint64_t c, std::uint64_t needed, Scratch& s) {
  std::uint64_t result = c;
  if (needed != 0) {
    result = 0;
    while (!s.want[result]) ++result;
  }
  std::fill(s.want.begin(), s.want.begin() + static_cast<std::ptrdiff_t>(c), 0);
  return result;
}

std::uint64_t SparseEngine::compute_sparse(std::uint64_t n, Scratch& s) const {
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
std::uint64_t SparseEngine::compute_second(std::uint64_t n, Scratch& s, Ready ready) const {
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
void SparseEngine::compute_pair(std::uint64_t n) {
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

}  // namespace grundy::take_and_break::detail
