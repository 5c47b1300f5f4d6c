// Nimber arithmetic: the values of impartial games and the two operations the
// Sprague–Grundy theory needs on them, mex and nim-sum (plus nim-product, which
// coin-turning games use).
#pragma once

#include <bit>
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

// Minimum excludant of a set of nimbers, built up one value at a time.
//
// A position with n options has mex <= n, so values above the number of inserted
// options can never matter; the bitset only grows to the number of insertions.
// That keeps mex O(n / 64) even when option values are huge (Nim heaps).
class MexSet {
 public:
  MexSet() = default;

  void clear() noexcept {
    for (auto& w : words_) w = 0;
  }

  // Records that some option has value v.
  void insert(Nimber v) {
    // A value no mex can reach needs no bit.
    if (v >= kMaxTracked) return;
    const std::size_t word = static_cast<std::size_t>(v >> 6);
    if (word >= words_.size()) {
      // Grow lazily: a value above the current number of options might still be
      // under the mex later, so it must be kept.
      words_.resize(word + 1, 0);
    }
    words_[word] |= std::uint64_t{1} << (v & 63);
  }

  [[nodiscard]] bool contains(Nimber v) const noexcept {
    if (v >= kMaxTracked) return false;
    const std::size_t word = static_cast<std::size_t>(v >> 6);
    return word < words_.size() && ((words_[word] >> (v & 63)) & 1U);
  }

  // The least nimber not inserted.
  [[nodiscard]] Nimber mex() const noexcept {
    for (std::size_t i = 0; i < words_.size(); ++i) {
      if (~words_[i] != 0) {
        return static_cast<Nimber>(i) * 64 + static_cast<Nimber>(std::countr_one(words_[i]));
      }
    }
    return static_cast<Nimber>(words_.size()) * 64;
  }

 private:
  // A mex is at most the number of options; nobody enumerates 2^32 options of one
  // position, so larger values never need a bit.
  static constexpr Nimber kMaxTracked = Nimber{1} << 32;
  std::vector<std::uint64_t> words_;
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

}  // namespace grundy
