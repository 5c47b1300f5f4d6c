// The table of the searches by the definition over 8-byte parts (one-row
// NoGo, Clobber groups): part key -> nim-value, open addressing with linear
// probing, 9 bytes a slot at a load of at most three quarters.
//
// Why not core/transposition_table.hpp: its slots are marked in a bitmap of
// their own, a second cache miss a probe once the table is past the caches
// (hundreds of millions of parts in a record run); here a key is never 0, so
// a slot is free when its key is 0, and a probe touches one line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "grundy/core/input_error.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy::rulesets_detail {

class PartTable {
 public:
  // `what` names the table in the message of a memory bound passed.
  explicit PartTable(std::string what) : what_(std::move(what)) {}

  // The bound on the table's bytes, the old and the new arrays while it grows
  // (0: none); past it LimitError.
  void set_memory_limit(std::size_t bytes) noexcept { memory_limit_ = bytes; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }

  // Starts bringing the key's first slot into the cache: a search asks for
  // every option's parts at once, and their misses overlap.
  void prefetch(std::uint64_t key) const noexcept {
    if (capacity_ != 0) __builtin_prefetch(&keys_[slot_of(key, capacity_)]);
  }

  [[nodiscard]] std::optional<Nimber> find(std::uint64_t key) const {
    if (capacity_ == 0) return std::nullopt;
    for (std::size_t s = slot_of(key, capacity_);; s = (s + 1) & (capacity_ - 1)) {
      if (keys_[s] == key) return values_[s];
      if (keys_[s] == 0) return std::nullopt;
    }
  }

  // A key not stored yet (never 0), its value below 256.
  void store(std::uint64_t key, Nimber value) {
    if (4 * (size_ + 1) > 3 * capacity_) grow();
    std::size_t s = slot_of(key, capacity_);
    while (keys_[s] != 0) s = (s + 1) & (capacity_ - 1);
    keys_[s] = key;
    values_[s] = static_cast<std::uint8_t>(value);
    ++size_;
  }

 private:
  static std::size_t slot_of(std::uint64_t key, std::size_t capacity) {
    key ^= key >> 31;
    key *= 0x9E3779B97F4A7C15ULL;
    key ^= key >> 29;
    return static_cast<std::size_t>(key) & (capacity - 1);
  }

  void grow() {
    const std::size_t capacity = capacity_ == 0 ? std::size_t{1} << 12 : capacity_ * 2;
    // The old table and the new one live together while it moves.
    const std::size_t bytes = (capacity + capacity_) * (sizeof(std::uint64_t) + 1);
    if (memory_limit_ != 0 && bytes > memory_limit_)
      throw LimitError("the " + what_ + " table of " + std::to_string(size_) + " parts would need " +
                       std::to_string(bytes >> 20) + " MB, past the memory bound of " +
                       std::to_string(memory_limit_ >> 20) + " MB (--memory)");
    auto keys = std::make_unique<std::uint64_t[]>(capacity);
    auto values = std::make_unique<std::uint8_t[]>(capacity);
    for (std::size_t s = 0; s < capacity_; ++s) {
      if (keys_[s] == 0) continue;
      std::size_t t = slot_of(keys_[s], capacity);
      while (keys[t] != 0) t = (t + 1) & (capacity - 1);
      keys[t] = keys_[s];
      values[t] = values_[s];
    }
    keys_ = std::move(keys);
    values_ = std::move(values);
    capacity_ = capacity;
  }

  std::string what_;
  std::unique_ptr<std::uint64_t[]> keys_;
  std::unique_ptr<std::uint8_t[]> values_;
  std::size_t capacity_ = 0;  // a power of two
  std::size_t size_ = 0;
  std::size_t memory_limit_ = 0;
};

}  // namespace grundy::rulesets_detail
