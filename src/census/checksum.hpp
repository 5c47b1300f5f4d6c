// The census's one checksum: FNV-1a over 64 bits (Fowler, Noll, Vo), for the
// sequence hash of a row, the checksum of each stored row and of a census's
// plan. It guards against damage, not against an adversary: each step
// (xor a byte, multiply by an odd prime) is a bijection of the state, so two
// inputs of one length that differ in one byte never share a hash, and inputs
// that differ otherwise share one with probability about 2^-64.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace grundy::census {

class Fnv1a {
 public:
  void add_byte(std::uint8_t byte) noexcept {
    state_ ^= byte;
    state_ *= 0x100000001b3ULL;  // the FNV prime of 64 bits
  }
  void add_bytes(std::string_view bytes) noexcept {
    for (const char c : bytes) add_byte(static_cast<std::uint8_t>(c));
  }
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

}  // namespace grundy::census
