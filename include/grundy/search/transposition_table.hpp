// A compact transposition table: position -> nim-value, open addressing with
// linear probing.
//
// Why not std::unordered_map: it spends a heap node per entry (two pointers and an
// allocation header, ~32 bytes beyond key and value) and chases a pointer per
// lookup. Here an entry costs its key, its value and one bit, at a load of at most
// 0.75 (bench/solver_bench measures bytes per stored position). Growth can be
// capped (`memory_limit_bytes`) so a long search fails cleanly, never by the OOM
// killer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "grundy/core/hash.hpp"
#include "grundy/core/input_error.hpp"

namespace grundy {

template <class Key, class Value, class Hash>
class TranspositionTable {
 public:
  explicit TranspositionTable(Hash hash = Hash{}, std::size_t initial_capacity = 1024)
      : hash_(std::move(hash)) {
    std::size_t capacity = 16;
    while (capacity < initial_capacity) capacity <<= 1;
    allocate(capacity);
  }

  // 0 = unbounded.
  void set_memory_limit(std::size_t bytes) noexcept { memory_limit_ = bytes; }

  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] std::size_t capacity() const noexcept { return keys_.size(); }
  [[nodiscard]] std::size_t memory_bytes() const noexcept { return bytes_for(capacity()); }

  [[nodiscard]] const Value* find(const Key& key) const {
    std::size_t i = slot_of(key);
    while (occupied(i)) {
      if (keys_[i] == key) return &values_[i];
      i = (i + 1) & mask_;
    }
    return nullptr;
  }

  [[nodiscard]] Value* find(const Key& key) {
    return const_cast<Value*>(std::as_const(*this).find(key));
  }

  // Inserts or overwrites.
  void set(const Key& key, const Value& value) {
    if ((size_ + 1) * 4 > capacity() * 3) grow();
    std::size_t i = slot_of(key);
    while (occupied(i)) {
      if (keys_[i] == key) {
        values_[i] = value;
        return;
      }
      i = (i + 1) & mask_;
    }
    keys_[i] = key;
    values_[i] = value;
    used_[i >> 6] |= std::uint64_t{1} << (i & 63);
    ++size_;
  }

  // Room for `entries` within the load bound, so that inserting them never
  // grows the table (for tables shared between threads).
  void reserve(std::size_t entries) {
    std::size_t c = capacity();
    while (c * 3 < entries * 4) c <<= 1;
    if (c != capacity()) rehash(c);
  }

  void clear() {
    for (auto& w : used_) w = 0;
    size_ = 0;
  }

  // Visits every (key, value).
  template <class F>
  void for_each(F&& visit) const {
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      if (occupied(i)) visit(keys_[i], values_[i]);
    }
  }

 // Public so a caller can size a memory bound before any table exists.
  static std::size_t bytes_for(std::size_t capacity) noexcept {
    return capacity * (sizeof(Key) + sizeof(Value)) + capacity / 8;
  }

 private:

  // std::hash of an integer is the identity on libstdc++; linear probing needs the
  // bits mixed (murmur3 finalizer).
  std::size_t slot_of(const Key& key) const {
    return static_cast<std::size_t>(mix_hash(static_cast<std::uint64_t>(hash_(key)))) & mask_;
  }

  bool occupied(std::size_t i) const noexcept { return (used_[i >> 6] >> (i & 63)) & 1U; }

  void allocate(std::size_t capacity) {
    keys_.assign(capacity, Key{});
    values_.assign(capacity, Value{});
    used_.assign((capacity + 63) / 64, 0);
    mask_ = capacity - 1;
    size_ = 0;
  }

  void grow() {
    const std::size_t new_capacity = capacity() * 2;
    if (memory_limit_ != 0 && bytes_for(new_capacity) > memory_limit_) {
      throw LimitError("the transposition table needs more than the memory limit of " +
                       std::to_string(memory_limit_ / (1024 * 1024)) + " MiB");
    }
    rehash(new_capacity);
  }

  void rehash(std::size_t new_capacity) {
    std::vector<Key> old_keys = std::move(keys_);
    std::vector<Value> old_values = std::move(values_);
    std::vector<std::uint64_t> old_used = std::move(used_);
    allocate(new_capacity);
    for (std::size_t i = 0; i < old_keys.size(); ++i) {
      if ((old_used[i >> 6] >> (i & 63)) & 1U) set(old_keys[i], old_values[i]);
    }
  }

  Hash hash_;
  std::vector<Key> keys_;
  std::vector<Value> values_;
  std::vector<std::uint64_t> used_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
  std::size_t memory_limit_ = 0;
};

}  // namespace grundy
