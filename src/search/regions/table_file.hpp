// The byte stream of a placement table file (private to the library): what is
// written is summed as it goes, and what is read is checked against the bytes
// the file still holds, so that a damaged or forged file is refused before it
// can change a value or make the loader allocate.
//
// Layout (native byte order, for the same machine):
//   "grundy-placement-table 3\n", the rule's name, "\n";
//   sections: u32 words (1, 2, 4 or 16), u64 count, then count entries of
//     u16 height, u16 width, words x u64 cells, u16 value;
//   u64 checksum: FNV-1a over every byte before it.
// FNV-1a notices any change of a single byte (each step, h = (h ^ byte) * p
// with p odd, is a bijection of h, so two runs that differ once stay
// different), and so every single flipped bit; it is no defence against a
// deliberate forger, which a local cache file does not need.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <istream>
#include <string>

#include "grundy/core/checksum.hpp"
#include "grundy/core/output_file.hpp"

namespace grundy::placement::detail {


// Writes bytes and sums them; finish() appends the sum. Writes through
// write_bytes, so a failure (a full disk) reaches write_output_file with errno.
class TableWriter {
 public:
  explicit TableWriter(std::FILE* out) : out_(out) {}
  void bytes(const char* data, std::size_t n) {
    write_bytes(out_, data, n);
    sum_.add(data, n);
  }
  template <class T>
  void put(const T& value) {
    bytes(reinterpret_cast<const char*>(&value), sizeof value);
  }
  void finish() {
    const std::uint64_t sum = sum_.value();
    write_bytes(out_, &sum, sizeof sum);
  }

 private:
  std::FILE* out_;
  Fnv1a sum_;
};

// Reads the body of a file whose checksum was verified, and knows how many
// body bytes are left, so that a count can be checked against them before
// anything is allocated for it.
class TableReader {
 public:
  TableReader(std::istream& in, std::uint64_t body_bytes) : in_(in), left_(body_bytes) {}
  // False when fewer than n bytes are left.
  bool bytes(char* data, std::size_t n) {
    if (n > left_) return false;
    if (!in_.read(data, static_cast<std::streamsize>(n))) return false;
    left_ -= n;
    return true;
  }
  template <class T>
  bool get(T& value) {
    return bytes(reinterpret_cast<char*>(&value), sizeof value);
  }
  [[nodiscard]] std::uint64_t left() const noexcept { return left_; }

 private:
  std::istream& in_;
  std::uint64_t left_;
};

}  // namespace grundy::placement::detail
