// Nimber arithmetic: the values of impartial games and the two operations the
// Sprague–Grundy theory needs on them, mex and nim-sum (plus nim-product, which
// coin-turning games use).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace grundy {

// A nim-value. Nim heaps reach 10^18, so nimbers are 64-bit; engines that store
// long sequences keep them in narrower types of their own.
using Nimber = std::uint64_t;

// g(G + H) = g(G) xor g(H).
[[nodiscard]] constexpr Nimber nim_sum(Nimber a, Nimber b) noexcept { return a ^ b; }

// Minimum excludant of a set of nimbers, built up one value at a time: the one
// mex of the library (the solver's frames, the definition, explanations, heap
// rules' tables).
//
// Values are stamped into an array (stamps_[v] == epoch_ means "v present"),
// so that clear() is O(1) and an insert is one predictable comparison and one
// plain store. The array starts empty — values below 64 go to an inline word
// meanwhile, so small sets cost no allocation — and grows only at clear(), to
// cover the values its last positions listed: a position with n options has
// mex <= n, so values past 2n + 64 can never matter and stay in a list, sorted
// out only when the mex gets there. However large the values (Nim heaps of
// 10^18), memory and the work of mex() stay O(n). Measured 2026-11-25 on
// sub(squares) to 999 999 (about 1000 options a heap, values 0..166), seconds
// of CPU: this set 0.8-0.9 (the stamp loop it replaced 0.7-0.8); the inline
// word tested first (the branch "v < 64" mispredicts on such values) 2.8; a
// bitset counting its inserts 3.6; values >= 64 listed 3.0; the rare case
// inlined beside the stamp store (spilling the loop's registers) 1.2.
class MexSet {
 public:
  MexSet() = default;

  void clear() {
    low_ = 0;
    inserted_ = 0;
    high_.clear();
    if (wanted_ > stamps_.size()) stamps_.resize(wanted_, 0);
    if (++epoch_ == 0) {  // the stamps wrapped: forget every old stamp
      std::fill(stamps_.begin(), stamps_.end(), 0);
      epoch_ = 1;
    }
  }

  // Records that some option has value v.
  void insert(Nimber v) {
    if (v < stamps_.size()) [[likely]] {
      stamps_[static_cast<std::size_t>(v)] = epoch_;
    } else {
      insert_past_stamps(v);
    }
  }

  // Records the values in [first, last), the array and its stamp held in
  // registers: insert() a value reloaded them from the set after each store,
  // which may write any 64-bit word (perf, docs/performance.md).
  void insert_all(const Nimber* first, const Nimber* last) {
    // Counted: a position with n options has mex <= n, so the array may
    // cover values up to 2n + 64 (mex() below). Counting only the values past
    // the array left Wythoff's, mostly stamped, with a few just past it
    // every time: 233 -> 211 ms for (300, 500) once counted (docs/performance.md).
    inserted_ += static_cast<std::size_t>(last - first);
    std::uint64_t* const stamps = stamps_.data();
    const std::size_t stamped = stamps_.size();
    if (stamped == 0) {
      // No array yet (every value so far below 64): the word, in a register.
      // A call of insert_past_stamps a value was 27% of the primes'
      // subtraction game to 10^7 (values <= 30; perf).
      // Without a branch a value, as insert_fed below; if any value is past
      // 63 (its bit of v & 63 would be wrong), the run is taken again.
      std::uint64_t low = low_;
      Nimber past = 0;
      for (const Nimber* v = first; v != last; ++v) {
        low |= std::uint64_t{1} << (*v & 63);
        past |= *v >> 6;
      }
      if (past == 0) [[likely]] {
        low_ = low;
        return;
      }
      low = low_;
      for (; first != last; ++first) {
        const Nimber v = *first;
        if (v < 64) {
          low |= std::uint64_t{1} << v;
        } else {
          high_.push_back(v);
        }
      }
      low_ = low;
      return;
    }
    const std::uint64_t epoch = epoch_;
    for (; first != last; ++first) {
      const Nimber v = *first;
      if (v < stamped) [[likely]] {
        stamps[static_cast<std::size_t>(v)] = epoch;
      } else {
        insert_past_stamps(v);
      }
    }
  }

  // Records every value v below 64 whose bit v is set in `word`: a caller's
  // loop that keeps its small values in a word of its own (the part search's,
  // whose values are mostly below 64: a call of insert_past_stamps an option
  // was 3% of its instructions on NoGo 1×18 and Clobber 3×6, callgrind).
  void insert_word(std::uint64_t word) {
    if (stamps_.empty()) {
      low_ |= word;
      inserted_ += static_cast<std::size_t>(std::popcount(word));
      return;
    }
    for (; word != 0; word &= word - 1) insert(static_cast<Nimber>(std::countr_zero(word)));
  }

  // The values `feed(take)` gives, one call of take(v) each; feed returns how
  // many it gave, and so does this. While every value so far is below 64 (no
  // array yet: a subtraction game's), they go into a word without a branch,
  // and only if one is past 63 are they fed again through a Batch: feed must
  // give the same values each time (the solver's is a run of table reads).
  // The low word's loop took 4 of the 8 instructions an option of the
  // Batch's on the primes' subtraction game (callgrind, docs/performance.md).
  template <class Feed>
  std::size_t insert_fed(Feed&& feed) {
    if (stamps_.empty()) {
      std::uint64_t low = low_;
      Nimber past = 0;
      const std::size_t given = feed([&low, &past](Nimber v) {
        low |= std::uint64_t{1} << (v & 63);
        past |= v >> 6;
      });
      if (past == 0) [[likely]] {
        low_ = low;
        inserted_ += given;
        return given;
      }
    }
    Batch batch(*this);
    const std::size_t given = feed([&batch](Nimber v) { batch.insert(v); });
    batch.done(given);
    return given;
  }

  // Records the values {v ^ c : v in other} (the options of a sum whose other
  // part is worth c).
  void insert_xor_each(const MexSet& other, Nimber c) {
    for (std::uint64_t w = other.low_; w != 0; w &= w - 1) insert(static_cast<Nimber>(std::countr_zero(w)) ^ c);
    for (std::size_t v = 0; v < other.stamps_.size(); ++v)
      if (other.stamps_[v] == other.epoch_) insert(static_cast<Nimber>(v) ^ c);
    for (const Nimber v : other.high_) insert(v ^ c);
  }

  [[nodiscard]] bool empty() const noexcept {
    if (low_ != 0 || !high_.empty()) return false;
    for (const std::uint64_t stamp : stamps_)
      if (stamp == epoch_) return false;
    return true;
  }

  // The least nimber not inserted.
  [[nodiscard]] Nimber mex() const {
    if (stamps_.empty() && ~low_ != 0) return static_cast<Nimber>(std::countr_one(low_));
    const std::size_t covered = std::max<std::size_t>(64, stamps_.size());
    // Below stamps_.size() a value is stamped (low_ holds none there: the
    // array's size changes only at clear(), which empties low_), from there
    // to 64 it is a bit of low_. One plain scan each, four stamps a step: the
    // loop testing both at every value was 11% of Wythoff's game (300, 500)
    // by the solver with a dense index (a mex in the hundreds; perf).
    const std::uint64_t* const stamps = stamps_.data();
    const std::size_t stamped = stamps_.size();
    const std::uint64_t epoch = epoch_;
    std::size_t v = 0;
    while (v + 4 <= stamped && stamps[v] == epoch && stamps[v + 1] == epoch && stamps[v + 2] == epoch &&
           stamps[v + 3] == epoch)
      v += 4;
    while (v < stamped && stamps[v] == epoch) ++v;
    if (v == stamped && v < 64) v += static_cast<std::size_t>(std::countr_one(low_ >> v));
    if (high_.empty()) return v;
    // Values the array should cover from the next position on: listed ones
    // below 2n + 64, n at least the number of values listed or in low_, or
    // given to insert_all.
    const Nimber limit =
        2 * std::max<std::size_t>(inserted_, high_.size() + static_cast<std::size_t>(std::popcount(low_))) + 64;
    for (const Nimber h : high_)
      if (h < limit && h + 1 > wanted_) wanted_ = static_cast<std::size_t>(h + 1);
    if (v < covered) return v;
    // 0 .. covered - 1 all present: the listed values decide, and the mex is
    // at most covered + their number.
    const std::size_t span = high_.size() + 1;
    std::vector<std::uint64_t>& seen = scratch_;
    seen.assign((span + 63) / 64, 0);
    for (const Nimber h : high_) {
      const Nimber offset = h - covered;
      if (offset < span) seen[offset >> 6] |= std::uint64_t{1} << (offset & 63);
    }
    std::size_t i = 0;
    while (~seen[i] == 0) ++i;  // span bits, at most span - 1 of them set
    return covered + 64 * static_cast<Nimber>(i) + static_cast<Nimber>(std::countr_one(seen[i]));
  }

 private:
  // Out of line: the stamped case is the hot one, and inlining this beside it
  // spills the loop's registers.
  [[gnu::noinline]] void insert_past_stamps(Nimber v) {
    if (v < 64) {
      low_ |= std::uint64_t{1} << v;
    } else {
      high_.push_back(v);  // >= max(64, stamps_.size()) until the next clear()
    }
  }

  // Values given one at a time, the set's array, stamp and low word held by
  // the batch (in registers, where the caller's loop inlines it) and written
  // back by done(): insert_fed's values past its low word.
  class Batch {
   public:
    explicit Batch(MexSet& set) noexcept
        : set_(&set), stamps_(set.stamps_.data()), stamped_(set.stamps_.size()), epoch_(set.epoch_), low_(set.low_) {}
    void insert(Nimber v) {
      if (v < stamped_) {
        stamps_[static_cast<std::size_t>(v)] = epoch_;
      } else if (v < 64) {
        low_ |= std::uint64_t{1} << v;
      } else {
        set_->insert_high(v);
      }
    }
    // `count`: how many values were inserted (the caller's loop knows it).
    void done(std::size_t count) noexcept {
      set_->low_ = low_;
      set_->inserted_ += count;
    }

   private:
    MexSet* set_;
    std::uint64_t* stamps_;
    std::size_t stamped_;
    std::uint64_t epoch_;
    std::uint64_t low_;
  };

  [[gnu::noinline]] void insert_high(Nimber v) { high_.push_back(v); }

  std::uint64_t low_ = 0;              // values below 64 past stamps_
  std::vector<std::uint64_t> stamps_;  // present iff stamps_[v] == epoch_
  std::uint64_t epoch_ = 1;
  std::vector<Nimber> high_;           // values >= 64 past stamps_
  std::size_t inserted_ = 0;           // values given to insert_all since clear()
  mutable std::size_t wanted_ = 0;     // the size stamps_ takes at the next clear()
  // mex()'s bitset over the listed values, kept so that repeated use allocates once.
  mutable std::vector<std::uint64_t> scratch_;
};

// mex of a list of values (convenience for tests and small tables).
[[nodiscard]] inline Nimber mex(std::span<const Nimber> values) {
  MexSet set;
  for (Nimber v : values) set.insert(v);
  return set.mex();
}

// Nim-product (Conway): the field multiplication of nimbers, needed by coin-turning
// games (Tartan theorem). Computed by the recursive Fermat-power split on 2^k-bit
// halves; a 64-bit nimber stays a 64-bit nimber.
[[nodiscard]] Nimber nim_product(Nimber a, Nimber b) noexcept;

// The nim-product inverse: nim_product(a, nim_inverse(a)) == 1 for a != 0
// (nimbers below 2^(2^k) form a field); 0 has none, and nim_inverse(0) is 0.
// Coin-turning products solve a ⊗ b = w for b with it (winning moves).
[[nodiscard]] Nimber nim_inverse(Nimber a) noexcept;

}  // namespace grundy
