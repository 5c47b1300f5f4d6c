// The 8-bit form of a table's values, for scans that look up 32 splits a
// 256-bit vector (avx2::scan_packed) instead of 16.
//
// Under a rare/common mask M whose lowest bit b is at most 8, a value v below
// 512 without its bit b fits a byte, and popcount(v & M) gives the bit back:
// odd for a common value, even for a rare one (Grossman stores Officers' values
// this way; mvr/officers drops their bit 1). Dropping a bit is linear over
// GF(2), so pack(x ^ y) = pack(x) ^ pack(y): the packed value of a split is the
// xor of its parts' packed values. Two rare values never share a packed form
// (they would differ in bit b alone, and so in parity), so the packed forms of
// the wanted rare values are a 256-bit set; a common split value (one part
// rare) can share the form of a rare one, a false hit that the caller tells
// apart with the 16-bit values.
//
// A scan reads the splits (a, m - a) from small a on: the values near 0 and the
// values just behind the heap. PackedValues keeps those two windows (g(0..W)
// and at least the last 2W), not a second copy of the table, so that a table
// still takes 2 bytes a heap; splits past the windows go to the 16-bit scans.
// Officers at 10^7 needs on average 2 535 splits to find its rare values, 15 330
// at worst (5 000 heaps): W = 32 768 covers every scan that finds them.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "grundy/take_and_break/engine.hpp"

namespace grundy::take_and_break::detail {

// v without its bit `bit` (the bits above moved down one).
[[nodiscard]] inline unsigned pack_value(unsigned v, unsigned bit) noexcept {
  return ((v >> (bit + 1)) << bit) | (v & ((1U << bit) - 1));
}

// The bit a mask's packed form drops, or -1 when values below `width` have no
// packed form under it (a width past 512, or no mask bit up to 8).
[[nodiscard]] inline int packed_bit(std::uint64_t mask, std::size_t width) noexcept {
  if (width > 512 || mask == 0) return -1;
  const int bit = std::countr_zero(mask);
  return bit <= 8 ? bit : -1;
}

// The packed forms of the values in the 512-bit set `bits` (rare values under
// a mask with bit `bit`): a 256-bit set.
inline void pack_set(const std::uint64_t* bits, unsigned bit, std::uint64_t* packed) noexcept {
  std::fill(packed, packed + 4, std::uint64_t{0});
  for (unsigned w = 0; w < 8; ++w) {
    for (std::uint64_t b = bits[w]; b != 0; b &= b - 1) {
      const unsigned c = pack_value(64 * w + static_cast<unsigned>(std::countr_zero(b)), bit);
      packed[c >> 6] |= std::uint64_t{1} << (c & 63);
    }
  }
}

class PackedValues {
 public:
  static constexpr std::uint64_t kWindow = 32768;

  // Brings the copy up to `values` (g(0..size-1)) packed without bit `bit`
  // (packed_bit(mask, ...)), and the flags of the first window's common
  // values under `mask`. Values only appended since the last call are packed
  // alone; after values changed in place, clear() first.
  void sync(const std::vector<Value>& values, int bit, std::uint64_t mask) {
    if (bit != bit_ || mask != mask_ || values.size() < size_) {
      clear();
      bit_ = bit;
      mask_ = mask;
      base_ = values.size() > 2 * kWindow ? values.size() - 2 * kWindow : 0;
      for (std::uint64_t x = 0; x < std::min<std::uint64_t>(kWindow, values.size()); ++x) push_low(values[x]);
      size_ = base_;
    }
    for (; size_ < values.size(); ++size_) {
      const std::uint8_t p = pack(values[size_]);
      if (low_.size() == size_ && size_ < kWindow) push_low(values[size_]);
      high_.push_back(p);
    }
    // At least the last 2W kept: the first W dropped once there are 3W.
    if (high_.size() >= 3 * kWindow) {
      high_.erase(high_.begin(), high_.begin() + static_cast<std::ptrdiff_t>(kWindow));
      base_ += kWindow;
    }
  }
  // The table's values changed (a rewind, a restore): the next sync packs anew.
  void clear() noexcept {
    bit_ = -1;
    mask_ = 0;
    low_common_.clear();
    size_ = 0;
    base_ = 0;
    low_.clear();
    high_.clear();
  }

  // The last split (a', m - a') with a <= a' <= last such that the parts of
  // every split from a to it have a packed value here; a - 1 if (a, m - a)
  // has not.
  [[nodiscard]] std::uint64_t reach(std::uint64_t m, std::uint64_t a, std::uint64_t last) const noexcept {
    if (a >= low_.size() || m < base_ + a || m - a >= size_) return a - 1;
    return std::min({last, static_cast<std::uint64_t>(low_.size()) - 1, m - base_});
  }
  // The packed g(x) of a split reached (reach): from the first window for the
  // part a, from the last for the part m - a.
  [[nodiscard]] const std::uint8_t* low(std::uint64_t x) const noexcept { return low_.data() + x; }
  // 0xFF where g(x) of the first window is common, 0 where it is rare: a
  // split whose part x is rare and other part common has a common value, so
  // that a scan whose other parts are all common drops those splits' hits
  // (half of them false at Officers 10^7, docs/performance.md).
  [[nodiscard]] const std::uint8_t* low_common(std::uint64_t x) const noexcept { return low_common_.data() + x; }
  [[nodiscard]] const std::uint8_t* high(std::uint64_t x) const noexcept { return high_.data() + (x - base_); }

 private:
  [[nodiscard]] std::uint8_t pack(Value v) const noexcept {
    return static_cast<std::uint8_t>(pack_value(v, static_cast<unsigned>(bit_)));
  }

  void push_low(Value v) {
    low_.push_back(pack(v));
    low_common_.push_back(std::popcount(v & mask_) & 1 ? 0xFF : 0);
  }

  int bit_ = -1;
  std::uint64_t mask_ = 0;
  std::uint64_t size_ = 0;          // values synced: g(0..size_-1)
  std::uint64_t base_ = 0;          // high_[i] is g(base_ + i)
  std::vector<std::uint8_t> low_;   // g(0 .. min(size_, W) - 1)
  std::vector<std::uint8_t> low_common_;  // the same: 0xFF common, 0 rare
  std::vector<std::uint8_t> high_;  // g(base_ .. size_ - 1)
};

}  // namespace grundy::take_and_break::detail
