// The claims of a certificate by the key of their part: entries in the order
// they were added (the certificate's), found by open addressing.
//
// Why not std::unordered_map: a lookup there walks a bucket's list, taking
// the cached hash modulo the bucket count at every node, and reaches the
// key through two pointers; it was a fifth of a check of Cram 5x7 (52 066
// claims, about 600 000 lookups). Here a slot holds 32 bits of the hash and
// the entry's index: one probe, mostly, and one string compared.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace grundy_check {

template <class Value>
class ClaimTable {
 public:
  struct Entry {
    std::string key;
    Value value;
  };

  // The value claimed for `key`, or nullptr.
  [[nodiscard]] const Value* find(std::string_view key) const {
    if (entries_.empty()) return nullptr;
    const std::uint64_t hash = hash_of(key);
    for (std::size_t at = hash & mask_;; at = (at + 1) & mask_) {
      const std::uint64_t slot = slots_[at];
      if (slot == 0) return nullptr;
      if ((slot >> 32) == (hash >> 32)) {
        const Entry& entry = entries_[static_cast<std::uint32_t>(slot) - 1];
        if (entry.key == key) return &entry.value;
      }
    }
  }

  // Adds `key` unless it is there: the entry of `key`, and whether it is new.
  std::pair<const Entry*, bool> emplace(std::string key, Value value) {
    if (entries_.size() + 1 >= 0xffffffffU) throw std::length_error("a certificate of more than 2^32 claims");
    if (2 * (entries_.size() + 1) > slots_.size()) grow();
    const std::uint64_t hash = hash_of(key);
    std::size_t at = hash & mask_;
    for (;; at = (at + 1) & mask_) {
      const std::uint64_t slot = slots_[at];
      if (slot == 0) break;
      if ((slot >> 32) == (hash >> 32)) {
        const Entry& entry = entries_[static_cast<std::uint32_t>(slot) - 1];
        if (entry.key == key) return {&entry, false};
      }
    }
    entries_.push_back(Entry{std::move(key), std::move(value)});
    slots_[at] = (hash & ~std::uint64_t{0xffffffff}) | entries_.size();
    return {&entries_.back(), true};
  }

  [[nodiscard]] std::size_t size() const { return entries_.size(); }
  // Entry i, in the order of adding.
  [[nodiscard]] const Entry& operator[](std::size_t i) const { return entries_[i]; }

 private:
  static std::uint64_t hash_of(std::string_view key) {
    // std::hash's 64 bits, mixed so that the low bits (the slot) and the high
    // 32 (kept in the slot) are both spread.
    std::uint64_t h = std::hash<std::string_view>{}(key);
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
  }

  void grow() {
    const std::size_t size = slots_.empty() ? 1024 : 2 * slots_.size();
    slots_.assign(size, 0);
    mask_ = size - 1;
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      const std::uint64_t hash = hash_of(entries_[i].key);
      std::size_t at = hash & mask_;
      while (slots_[at] != 0) at = (at + 1) & mask_;
      slots_[at] = (hash & ~std::uint64_t{0xffffffff}) | (i + 1);
    }
  }

  std::vector<Entry> entries_;
  std::vector<std::uint64_t> slots_;  // 0: empty; else the hash's high 32 bits and the entry's index + 1
  std::size_t mask_ = 0;
};

}  // namespace grundy_check
