// The placement search's transposition table: canonical region -> value (a
// nim-value, or a mask of values the region does not have), private to the
// library.
//
// Why not grundy::HashTable (solver_tables.hpp), the house's table of
// positions: its slot is a whole key and a 64-bit value, a region of 16 words
// 136 bytes however few cells it has, and its plain reads race with a second
// thread's writes. Here an entry is a run of 64-bit words —
// the region's cells, one word with its box size (and a 16-bit value), and for
// a 64-bit value one more — so a hit reads one line (an entry of a one-word
// region is 16 bytes). Beside the entries, one byte a slot: 0 when empty, else
// 7 bits of the key's hash. Most lookups of the search are misses (the
// look-ahead asks every part of every option), and a miss reads only these
// bytes, a small array that stays in cache, not the entries (reading an entry
// per probed slot made the search 10% slower). Every word and byte is a
// std::atomic accessed with relaxed loads and stores. Engine::read/write put a sequence lock around them for
// tables shared between threads: a reader that overlapped a write retries, and
// since every access is atomic there is no data race under the C++ memory
// model (with one thread the relaxed accesses compile to plain moves).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

#include "grundy/core/hash.hpp"

namespace grundy::placement::detail {

template <class RegionT, class Value>
class RegionTable {
  static_assert(std::is_same_v<Value, std::uint16_t> || std::is_same_v<Value, std::uint64_t>);
  static constexpr std::size_t kCellWords = RegionT::kWords;
  static constexpr bool kWideValue = std::is_same_v<Value, std::uint64_t>;
  // Words of an entry: cells, the meta word, and the value if it does not fit
  // the meta word.
  static constexpr std::size_t kEntryWords = kCellWords + 1 + (kWideValue ? 1 : 0);
  // Meta word: height << 40 | width << 24 | (16-bit value). Heights and
  // widths are at most 1024 (boards of at most 1024 cells): 11 bits each.
  static constexpr std::uint64_t kKeyBits = ~std::uint64_t{0xFFFF};

 public:
  explicit RegionTable(std::size_t initial_capacity) {
    std::size_t capacity = 16;
    while (capacity < initial_capacity) capacity <<= 1;
    allocate(capacity);
  }

  [[nodiscard]] std::size_t size() const noexcept { return size_.load(std::memory_order_relaxed); }
  [[nodiscard]] std::size_t capacity() const noexcept { return mask_ + 1; }
  [[nodiscard]] std::size_t memory_bytes() const noexcept { return bytes_for(capacity()); }
  // Public so that a caller can size a memory bound before any table exists.
  static std::size_t bytes_for(std::size_t capacity) noexcept { return capacity * (kEntryWords * 8 + 1); }

  // Always inlined (Engine::read): a Cram search reads the table a few
  // hundred million times.
  [[nodiscard, gnu::always_inline]] std::optional<Value> find(const RegionT& key) const {
    const std::uint64_t meta = key_meta(key);
    const std::uint64_t h = hash(key, meta);
    const std::uint8_t tag = tag_of(h);
    for (std::size_t i = static_cast<std::size_t>(h) & mask_;; i = (i + 1) & mask_) {
      const std::uint8_t t = tags_[i].load(std::memory_order_relaxed);
      if (t == 0) return std::nullopt;
      if (t != tag) continue;
      const std::atomic<std::uint64_t>* e = entry(i);
      const std::uint64_t m = e[kCellWords].load(std::memory_order_relaxed);
      if ((m & kKeyBits) == meta && same_cells(e, key)) {
        if constexpr (kWideValue) {
          return e[kCellWords + 1].load(std::memory_order_relaxed);
        } else {
          return static_cast<Value>(m & 0xFFFF);
        }
      }
    }
  }

  // Inserts or overwrites; grows at a load of 3/4 (callers that must not grow
  // check room first: Engine::write).
  void set(const RegionT& key, Value value) {
    if ((size() + 1) * 4 > capacity() * 3) rehash(2 * capacity());
    const std::uint64_t meta = key_meta(key);
    const std::uint64_t h = hash(key, meta);
    const std::uint8_t tag = tag_of(h);
    std::size_t i = static_cast<std::size_t>(h) & mask_;
    for (;; i = (i + 1) & mask_) {
      const std::uint8_t t = tags_[i].load(std::memory_order_relaxed);
      if (t == 0) break;
      if (t != tag) continue;
      std::atomic<std::uint64_t>* e = entry(i);
      const std::uint64_t m = e[kCellWords].load(std::memory_order_relaxed);
      if ((m & kKeyBits) == meta && same_cells(e, key)) {
        store_value(e, meta, value);
        return;
      }
    }
    std::atomic<std::uint64_t>* e = entry(i);
    for (std::size_t w = 0; w < kCellWords; ++w) e[w].store(key.cells.words[w], std::memory_order_relaxed);
    store_value(e, meta, value);
    tags_[i].store(tag, std::memory_order_relaxed);
    size_.store(size() + 1, std::memory_order_relaxed);  // writers are one at a time
  }

  // Room for `entries` within the load bound, so that inserting them never
  // grows the table (tables shared between threads do not grow).
  void reserve(std::size_t entries) {
    std::size_t c = capacity();
    while (c * 3 < entries * 4) c <<= 1;
    if (c != capacity()) rehash(c);
  }

  void clear() {
    for (std::size_t i = 0; i < capacity(); ++i) tags_[i].store(0, std::memory_order_relaxed);
    size_.store(0, std::memory_order_relaxed);
  }

  // Visits every (region, value); regions come with asymmetric = false.
  template <class F>
  void for_each(F&& visit) const {
    for (std::size_t i = 0; i < capacity(); ++i) {
      if (tags_[i].load(std::memory_order_relaxed) == 0) continue;
      const auto [r, value] = load_entry(entry(i));
      visit(r, value);
    }
  }

 private:
  static std::uint64_t key_meta(const RegionT& key) noexcept {
    return (std::uint64_t{key.height} << 40) | (std::uint64_t{key.width} << 24);
  }

  // The slot is the low bits of the hash, the tag 7 of the top ones, with the
  // top bit set (so never 0, the empty tag).
  static std::uint8_t tag_of(std::uint64_t h) noexcept { return static_cast<std::uint8_t>(0x80U | (h >> 57)); }

  // The cells mixed with the box size (Bits::hash).
  static std::uint64_t hash(const RegionT& key, std::uint64_t meta) noexcept { return key.cells.hash(meta); }

  static bool same_cells(const std::atomic<std::uint64_t>* e, const RegionT& key) noexcept {
    std::uint64_t diff = 0;
    for (std::size_t w = 0; w < kCellWords; ++w) diff |= e[w].load(std::memory_order_relaxed) ^ key.cells.words[w];
    return diff == 0;
  }

  static void store_value(std::atomic<std::uint64_t>* e, std::uint64_t meta, Value value) noexcept {
    if constexpr (kWideValue) {
      e[kCellWords + 1].store(value, std::memory_order_relaxed);
      e[kCellWords].store(meta, std::memory_order_relaxed);
    } else {
      e[kCellWords].store(meta | value, std::memory_order_relaxed);
    }
  }

  std::atomic<std::uint64_t>* entry(std::size_t i) noexcept { return &words_[i * kEntryWords]; }

  // The region and value an occupied entry holds: the cells' words, then a
  // word of height (bits 40-50), width (24-34) and a narrow value (0-15),
  // then the value itself when values are 64-bit.
  static std::pair<RegionT, Value> load_entry(const std::atomic<std::uint64_t>* e) noexcept {
    const std::uint64_t m = e[kCellWords].load(std::memory_order_relaxed);
    RegionT r;
    for (std::size_t w = 0; w < kCellWords; ++w) r.cells.words[w] = e[w].load(std::memory_order_relaxed);
    r.height = static_cast<std::uint16_t>((m >> 40) & 0x7FF);
    r.width = static_cast<std::uint16_t>((m >> 24) & 0x7FF);
    if constexpr (kWideValue) {
      return {r, e[kCellWords + 1].load(std::memory_order_relaxed)};
    } else {
      return {r, static_cast<Value>(m & 0xFFFF)};
    }
  }
  const std::atomic<std::uint64_t>* entry(std::size_t i) const noexcept { return &words_[i * kEntryWords]; }

  void allocate(std::size_t capacity) {
    // Value-initialised: every tag 0 (empty).
    words_ = std::make_unique<std::atomic<std::uint64_t>[]>(capacity * kEntryWords);
    tags_ = std::make_unique<std::atomic<std::uint8_t>[]>(capacity);
    mask_ = capacity - 1;
    size_.store(0, std::memory_order_relaxed);
  }

  void rehash(std::size_t new_capacity) {
    std::unique_ptr<std::atomic<std::uint64_t>[]> old = std::move(words_);
    std::unique_ptr<std::atomic<std::uint8_t>[]> old_tags = std::move(tags_);
    const std::size_t old_capacity = capacity();
    allocate(new_capacity);
    for (std::size_t i = 0; i < old_capacity; ++i) {
      if (old_tags[i].load(std::memory_order_relaxed) == 0) continue;
      const auto [r, value] = load_entry(&old[i * kEntryWords]);
      set(r, value);
    }
  }

  std::unique_ptr<std::atomic<std::uint64_t>[]> words_;
  std::unique_ptr<std::atomic<std::uint8_t>[]> tags_;
  std::size_t mask_ = 0;
  // Read by progress reports on another thread while shared.
  std::atomic<std::size_t> size_{0};
};

}  // namespace grundy::placement::detail
