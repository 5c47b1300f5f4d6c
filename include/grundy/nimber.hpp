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

// Minimum excludant of a set of nimbers, built up one value at a time: the one
// mex of the library (the solver's frames, the definition, explanations).
//
// Most option values are small: values below 64 go to one inline word, so a
// set costs no allocation until a value of 64 or more comes; those are kept in
// a list and sorted out only when the mex passes 63. A position with n options
// has mex <= n, so however large the values (Nim heaps of 10^18), the work of
// mex() is O(n) and nothing grows with the values themselves.
class MexSet {
 public:
  MexSet() = default;

  void clear() noexcept {
    low_ = 0;
    high_.clear();
  }

  // Records that some option has value v.
  void insert(Nimber v) {
    if (v < 64) {
      low_ |= std::uint64_t{1} << v;
    } else {
      high_.push_back(v);
    }
  }

  // Records the values {v ^ c : v in other} (the options of a sum whose other
  // part is worth c).
  void insert_xor_each(const MexSet& other, Nimber c) {
    if (c < 64) {
      // Within the low word, xor by c < 64 permutes the bits 0..63.
      for (std::uint64_t w = other.low_; w != 0; w &= w - 1) insert(static_cast<Nimber>(std::countr_zero(w)) ^ c);
    } else {
      for (std::uint64_t w = other.low_; w != 0; w &= w - 1) high_.push_back(static_cast<Nimber>(std::countr_zero(w)) ^ c);
    }
    for (const Nimber v : other.high_) insert(v ^ c);
  }

  [[nodiscard]] bool empty() const noexcept { return low_ == 0 && high_.empty(); }

  // The least nimber not inserted.
  [[nodiscard]] Nimber mex() const {
    if (~low_ != 0) return static_cast<Nimber>(std::countr_one(low_));
    // 0..63 all present: the mex is in 64 .. 64 + high_.size(), so a bitset of
    // that many bits over the large values decides it.
    const std::size_t span = high_.size() + 1;
    std::vector<std::uint64_t>& seen = scratch_;
    seen.assign((span + 63) / 64, 0);
    for (const Nimber v : high_) {
      const Nimber offset = v - 64;
      if (offset < span) seen[offset >> 6] |= std::uint64_t{1} << (offset & 63);
    }
    for (std::size_t i = 0; i < seen.size(); ++i) {
      if (~seen[i] != 0) return 64 + static_cast<Nimber>(i) * 64 + static_cast<Nimber>(std::countr_one(seen[i]));
    }
    return 64 + static_cast<Nimber>(seen.size()) * 64;
  }

 private:
  std::uint64_t low_ = 0;
  std::vector<Nimber> high_;
  // mex()'s bitset over the large values, kept so that repeated use allocates once.
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

}  // namespace grundy
