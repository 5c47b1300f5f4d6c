// The one hash finalizer of the library, for every open-addressing table (the
// solver's tables, the loopy solver's index, the placement region table and
// the Node Kayles graph engine's table through placement::Bits::hash, the
// Python module's table of Python objects, the name index of graph files).
#pragma once

#include <cstdint>

namespace grundy {

// The 64-bit finalizer of MurmurHash3 (Appleby): std::hash of an integer is the
// identity on libstdc++, and linear probing needs every bit of the key mixed
// into the slot's low bits.
[[nodiscard]] constexpr std::uint64_t mix_hash(std::uint64_t h) noexcept {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

}  // namespace grundy
