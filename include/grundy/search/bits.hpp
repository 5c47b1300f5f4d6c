// A fixed-width bitset of N 64-bit words with the operations a bitboard search
// needs: and/or/and-not, shifts by a run-time distance, and iteration over set
// bits. std::bitset lacks cheap lowest-bit access and word-level hashing, and its
// shifts are not guaranteed branch-free for one word; this is the minimum we use.
//
// Regions of a board are laid out row-major in their bounding box (bit r*w + c),
// so shifting by 1 moves a cell sideways and by w moves it a row.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "grundy/core/hash.hpp"

namespace grundy::placement {

template <std::size_t N>
struct Bits {
  static constexpr std::size_t kWords = N;
  static constexpr std::size_t kCapacity = 64 * N;

  std::array<std::uint64_t, N> words{};

  [[nodiscard]] bool test(std::size_t i) const noexcept { return (words[i >> 6] >> (i & 63)) & 1U; }
  void set(std::size_t i) noexcept { words[i >> 6] |= std::uint64_t{1} << (i & 63); }
  void reset(std::size_t i) noexcept { words[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }

  [[nodiscard]] bool any() const noexcept {
    std::uint64_t acc = 0;
    for (std::uint64_t w : words) acc |= w;
    return acc != 0;
  }

  [[nodiscard, gnu::always_inline]] int count() const noexcept {
    int n = 0;
    for (std::uint64_t w : words) n += popcount64(w);
    return n;
  }

  // std::popcount compiles to a libgcc call on baseline x86-64 (no POPCNT
  // instruction): 5% of a Cram search. Without -mpopcnt, the inline bit-twiddling
  // count costs about a dozen instructions and no call.
  [[nodiscard]] static int popcount64(std::uint64_t x) noexcept {
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
    return std::popcount(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
#endif
  }

  // Without its lowest element (the same set if empty).
  [[nodiscard]] Bits drop_lowest() const noexcept {
    Bits out = *this;
    for (std::size_t i = 0; i < N; ++i) {
      if (out.words[i] != 0) {
        out.words[i] &= out.words[i] - 1;
        break;
      }
    }
    return out;
  }

  // The words folded into one (a multiply per word) and mixed by the
  // library's finalizer (linear probing needs every bit of the key to reach
  // the slot's bits); `seed` mixes in what else the key holds.
  [[nodiscard]] std::uint64_t hash(std::uint64_t seed = 0) const noexcept {
    std::uint64_t h = seed;
    for (std::size_t i = 0; i < N; ++i) h = (h ^ words[i]) * 0x9E3779B97F4A7C15ULL;
    return mix_hash(h);
  }

  // Index of the lowest set bit; the set must not be empty.
  [[nodiscard]] std::size_t lowest() const noexcept {
    for (std::size_t i = 0; i < N; ++i) {
      if (words[i] != 0) return i * 64 + static_cast<std::size_t>(std::countr_zero(words[i]));
    }
    return kCapacity;
  }

  // Result bit i = this bit i + s (bits move towards index 0).
  [[nodiscard]] Bits shr(std::size_t s) const noexcept {
    Bits out;
    const std::size_t q = s >> 6;
    const unsigned r = static_cast<unsigned>(s & 63);
    for (std::size_t i = 0; i + q < N; ++i) {
      std::uint64_t v = words[i + q] >> r;
      if (r != 0 && i + q + 1 < N) v |= words[i + q + 1] << (64 - r);
      out.words[i] = v;
    }
    return out;
  }

  // Result bit i + s = this bit i (bits move away from index 0; overflow is lost).
  [[nodiscard]] Bits shl(std::size_t s) const noexcept {
    Bits out;
    const std::size_t q = s >> 6;
    const unsigned r = static_cast<unsigned>(s & 63);
    for (std::size_t i = q; i < N; ++i) {
      std::uint64_t v = words[i - q] << r;
      if (r != 0 && i > q) v |= words[i - q - 1] >> (64 - r);
      out.words[i] = v;
    }
    return out;
  }

  Bits& operator&=(const Bits& o) noexcept {
    for (std::size_t i = 0; i < N; ++i) words[i] &= o.words[i];
    return *this;
  }
  Bits& operator|=(const Bits& o) noexcept {
    for (std::size_t i = 0; i < N; ++i) words[i] |= o.words[i];
    return *this;
  }
  // this & ~o
  [[nodiscard]] Bits minus(const Bits& o) const noexcept {
    Bits out;
    for (std::size_t i = 0; i < N; ++i) out.words[i] = words[i] & ~o.words[i];
    return out;
  }
  friend Bits operator&(Bits a, const Bits& b) noexcept { return a &= b; }
  friend Bits operator|(Bits a, const Bits& b) noexcept { return a |= b; }
  // Word by word: the defaulted comparison of the array became a call to
  // memcmp, 11% of a Cram search.
  friend bool operator==(const Bits& a, const Bits& b) noexcept {
    std::uint64_t diff = 0;
    for (std::size_t i = 0; i < N; ++i) diff |= a.words[i] ^ b.words[i];
    return diff == 0;
  }

  // Calls f(index) for every set bit, lowest first.
  template <class F>
  void for_each(F&& f) const {
    for (std::size_t i = 0; i < N; ++i) {
      std::uint64_t w = words[i];
      while (w != 0) {
        f(i * 64 + static_cast<std::size_t>(std::countr_zero(w)));
        w &= w - 1;
      }
    }
  }

  // A total order (any fixed one will do: it only has to pick one representative
  // of a symmetry class).
  [[nodiscard]] bool less(const Bits& o) const noexcept {
    for (std::size_t i = N; i-- > 0;) {
      if (words[i] != o.words[i]) return words[i] < o.words[i];
    }
    return false;
  }
};

}  // namespace grundy::placement
