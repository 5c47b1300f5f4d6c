// A bitset of the option values [0, width) of one heap, and its mex: the naive
// engine's working set. Everything inline: set() runs once an option. Kept
// apart from MexSet (nimber.hpp) because merge_xor() adds a whole row of
// values, {v ^ c : v in row}, 64 values a word operation, where MexSet would
// insert them one at a time.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace grundy::take_and_break::detail {

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

}  // namespace grundy::take_and_break::detail
