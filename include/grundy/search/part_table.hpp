// The table of the part search (part_engine.hpp: the definition over 8-byte
// parts, for any game whose parts pack into a key — one-row NoGo, Clobber
// groups, Cram regions): part key -> nim-value, open addressing with linear
// probing, 9 bytes a slot at a load of at most three quarters.
//
// Why not grundy::HashTable (solver_tables.hpp), the house's table of
// positions, with its 16-byte slots: a part's value fits a byte, so keys and
// values in two arrays take 9 bytes a slot (hundreds of millions of parts in
// a record run), a key is never 0, so a slot is free when its key is 0, and
// the table lives in a mapped file that a killed run resumes from. The house
// has three tables: HashTable for any position, this one for packed keys,
// and the region search's RegionTable for regions of many words shared by
// two threads.
//
// In memory, or in a file (use_file): the file is mapped and the table lives
// in it, so that every part valued is in the file the moment it is stored —
// a run killed by any signal, kill -9 included, loses no part valued before
// it, and the same command resumes from the file. A slot's value is written
// before its key (a slot whose key is written is whole), and the table grows
// into a new file renamed over the old one only when complete: the file is
// always a table, never half of one. Layout (native byte order): a header of
// 4096 bytes (text: "grundy-part-table 1", the game, the capacity), the
// capacity's keys (u64), then its values (u8).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "grundy/core/nimber.hpp"

namespace grundy::search {

class PartTable {
 public:
  // `what` names the table in messages and in its file's header.
  explicit PartTable(std::string what) : what_(std::move(what)) {}
  PartTable(const PartTable&) = delete;
  PartTable& operator=(const PartTable&) = delete;
  ~PartTable();

  // The bound on the table's bytes, the old and the new arrays while it grows
  // (0: none); past it LimitError, naming `run_bound`, the bound the user set
  // for the whole run (of which this table has `bytes` now).
  void set_memory_limit(std::size_t bytes, std::size_t run_bound) noexcept {
    memory_limit_ = bytes;
    run_bound_ = run_bound;
  }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  // The bytes the table's slots take (in memory or mapped from its file).
  [[nodiscard]] std::size_t memory_bytes() const noexcept { return capacity_ * (sizeof(std::uint64_t) + 1); }
  [[nodiscard]] const std::string& what() const noexcept { return what_; }
  [[nodiscard]] bool in_file() const noexcept { return !path_.empty(); }

  // Keeps the table in the file at `path` from now on: the parts a file there
  // holds are read (returns how many), or a new file is made (0); the parts
  // stored so far go into it. Throws InputError naming the file when it is not
  // a table of this game, or cannot be made.
  std::size_t use_file(const std::string& path);

  // Starts bringing the key's first slot into the cache: a search asks for
  // every option's parts at once, and their misses overlap.
  // Both the key's line and the value's: the value's miss was the larger
  // part of a lookup once the options were listed by masks (perf, NoGo 1×22).
  void prefetch(std::uint64_t key) const noexcept {
    if (capacity_ == 0) return;
    const std::size_t s = slot_of(key, capacity_);
    __builtin_prefetch(&keys_[s]);
    __builtin_prefetch(&values_[s]);
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
    values_[s] = static_cast<std::uint8_t>(value);
    // The value before the key, for the compiler as for the file: a run
    // stopped between the two leaves a free slot, never a wrong value.
    __atomic_signal_fence(__ATOMIC_RELEASE);
    keys_[s] = key;
    ++size_;
  }

 private:
  static std::size_t slot_of(std::uint64_t key, std::size_t capacity) {
    key ^= key >> 31;
    key *= 0x9E3779B97F4A7C15ULL;
    key ^= key >> 29;
    return static_cast<std::size_t>(key) & (capacity - 1);
  }

  // Where a table of `capacity` slots lives: heap arrays, or a mapped file.
  struct Arrays {
    std::uint64_t* keys = nullptr;
    std::uint8_t* values = nullptr;
    void* mapping = nullptr;  // the file's mapping, or nullptr in memory
    std::size_t mapped_bytes = 0;
    std::size_t capacity = 0;  // in memory: the slots, for releasing the two arrays
  };
  Arrays allocate(std::size_t capacity, const std::string& file) const;
  void release(Arrays& arrays) const noexcept;
  void rehash_into(Arrays& arrays, std::size_t capacity) const noexcept;
  void grow();
  bool grow_in_place(std::size_t capacity) noexcept;

  std::string what_;
  std::string path_;  // "" in memory
  Arrays arrays_;
  std::uint64_t* keys_ = nullptr;
  std::uint8_t* values_ = nullptr;
  std::size_t capacity_ = 0;  // a power of two
  std::size_t size_ = 0;
  std::size_t memory_limit_ = 0;
  std::size_t run_bound_ = 0;
};

}  // namespace grundy::search
