// The library's checksums of saved work, against damage (not against an
// adversary): a checkpoint, a placement table, a saved misère quotient, a
// census row are each refused when the sum they carry does not match.
//
// Fnv1a: FNV-1a over 64 bits (Fowler, Noll, Vo), a byte at a time. Each step
// (xor a byte, multiply by an odd prime) is a bijection of the state, so two
// inputs of one length that differ in one byte never share a sum; inputs that
// differ otherwise share one with probability about 2^-64.
//
// WordChecksum: the same prime and offset over 8 bytes at a time, with a
// rotation so that every bit of a word reaches the top: speed matters for the
// 2 GB of values a take-and-break checkpoint may hold. Its sums are what
// checkpoint files written since 2026-11 carry: changing it would refuse them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

namespace grundy {

class Fnv1a {
 public:
  void add_byte(std::uint8_t byte) noexcept {
    state_ ^= byte;
    state_ *= 0x100000001b3ULL;  // the FNV prime of 64 bits
  }
  void add(const char* bytes, std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) add_byte(static_cast<std::uint8_t>(bytes[i]));
  }
  void add_bytes(std::string_view bytes) noexcept { add(bytes.data(), bytes.size()); }
  // `bytes` little-endian bytes of x.
  void add_integer(std::uint64_t x, int bytes = 8) noexcept {
    for (int i = 0; i < bytes; ++i) add_byte(static_cast<std::uint8_t>(x >> (8 * i)));
  }
  // A text with its length first, so that ("ab", "c") and ("a", "bc") differ.
  void add_text(std::string_view text) noexcept {
    add_integer(text.size());
    add_bytes(text);
  }

  [[nodiscard]] std::uint64_t value() const noexcept { return state_; }
  // 16 lowercase hex digits.
  [[nodiscard]] std::string hex() const {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(state_));
    return text;
  }

 private:
  std::uint64_t state_ = 0xcbf29ce484222325ULL;  // the FNV offset basis of 64 bits
};

class WordChecksum {
 public:
  void add(const void* data, std::size_t size) noexcept {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) {
      buffer_ |= std::uint64_t{bytes[i]} << (8 * filled_);
      if (++filled_ == 8) flush();
    }
  }
  // Whole words at once where the input is aligned to the words so far.
  void add_words(const void* data, std::size_t size) noexcept {
    const auto* bytes = static_cast<const unsigned char*>(data);
    std::size_t i = 0;
    while (filled_ != 0 && i < size) add(&bytes[i++], 1);
    for (; i + 8 <= size; i += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, &bytes[i], 8);
      mix(word);
    }
    if (i < size) add(&bytes[i], size - i);
  }
  [[nodiscard]] std::uint64_t value() noexcept {
    if (filled_ != 0) flush();
    return hash_;
  }

 private:
  void mix(std::uint64_t word) noexcept {
    hash_ ^= word;
    hash_ *= 0x100000001b3ULL;
    hash_ = (hash_ << 29) | (hash_ >> 35);
  }
  void flush() noexcept {
    mix(buffer_);
    buffer_ = 0;
    filled_ = 0;
  }
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
  std::uint64_t buffer_ = 0;
  unsigned filled_ = 0;
};

// The word checksum of a whole byte string.
[[nodiscard]] inline std::uint64_t word_checksum(std::string_view bytes) noexcept {
  WordChecksum sum;
  sum.add_words(bytes.data(), bytes.size());
  return sum.value();
}

}  // namespace grundy
