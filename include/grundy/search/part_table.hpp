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
// 4096 bytes (text: "grundy-part-table 2", the game, the capacity), the
// capacity's keys (u64), its values (u8), then a check byte a slot (u8).
//
// A file that cannot lie (issue 56): a slot's check byte is its value xor the
// xor of its key's eight bytes, written after the value and before the key
// (a free slot, all zeros, satisfies it too). A change of any one byte of the
// slots changes exactly one term of that sum, so it is always seen; a change of a value alone (however
// many bits) always too; random damage to a key and its check together passes
// one time in 256, and then only if the changed key also lies on its own
// probe path (its home slot and every slot up to it full), which the reader
// checks as well. When the file is opened every slot is verified: a slot that
// fails is dropped (its part is valued again) and the table rewritten
// without it. No check stops a deliberate forger who recomputes the bytes:
// a certificate, proven by grundy check, is the answer there (the CLI checks
// it before it says so). In memory, no check bytes: nothing but this process
// writes there.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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
  // Read by a thread's progress line while another stores: relaxed.
  [[nodiscard]] std::size_t size() const noexcept { return __atomic_load_n(&size_, __ATOMIC_RELAXED); }
  // The bytes the table's slots take (in memory or mapped from its file).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return capacity_ * (sizeof(std::uint64_t) + (checks_ != nullptr ? 2 : 1));
  }
  [[nodiscard]] const std::string& what() const noexcept { return what_; }
  [[nodiscard]] bool in_file() const noexcept { return !path_.empty(); }

  // What a table file held when it was opened.
  struct Loaded {
    std::size_t parts = 0;    // whole parts read, kept
    std::size_t dropped = 0;  // slots that failed their check (valued again)
  };
  // Keeps the table in the file at `path` from now on: the parts a file there
  // holds are read, or a new file is made; the parts stored so far go into
  // it. A growth's FILE.grow left by a run killed while it grew is removed
  // (the caller owns the file: TableStore's lock). Throws InputError naming
  // the file when it is not a table of this game, cannot be made, or cannot
  // fit the memory bound or the machine.
  Loaded use_file(const std::string& path);

  // The check byte of a slot (the file's; see above).
  [[nodiscard]] static std::uint8_t check_of(std::uint64_t key, std::uint8_t value) noexcept {
    std::uint64_t x = key ^ (key >> 32);
    x ^= x >> 16;
    x ^= x >> 8;
    return static_cast<std::uint8_t>((x ^ value) & 0xFFU);
  }

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

  // Threads may read while one stores (PartEngine's crew; never while one
  // grows the table: the others wait at a safe point then): a key is read
  // with acquire and written with release after its value, so a key seen
  // has its value (on x86 both are plain moves, as before).
  [[nodiscard]] std::optional<Nimber> find(std::uint64_t key) const {
    if (capacity_ == 0) return std::nullopt;
    for (std::size_t s = slot_of(key, capacity_);; s = (s + 1) & (capacity_ - 1)) {
      const std::uint64_t held = __atomic_load_n(&keys_[s], __ATOMIC_ACQUIRE);
      if (held == key) return values_[s];
      if (held == 0) return std::nullopt;
    }
  }

  // Whether the next store grows the table (moves every slot).
  [[nodiscard]] bool store_grows() const noexcept { return 4 * (size_ + 1) > 3 * capacity_; }

  // A key (never 0) and its value below 256; false, and nothing changed,
  // when the key is stored already (another thread valued it first). One
  // thread stores at a time (PartEngine's writer lock).
  bool store(std::uint64_t key, Nimber value) {
    if (store_grows()) grow();
    std::size_t s = slot_of(key, capacity_);
    for (; keys_[s] != 0; s = (s + 1) & (capacity_ - 1))
      if (keys_[s] == key) return false;
    values_[s] = static_cast<std::uint8_t>(value);
    if (checks_ != nullptr) checks_[s] = check_of(key, values_[s]);
    // The value (and check) before the key, for the compiler, the other
    // threads and the file: a run stopped between them leaves a free slot,
    // never a wrong value.
    __atomic_store_n(&keys_[s], key, __ATOMIC_RELEASE);
    __atomic_store_n(&size_, size_ + 1, __ATOMIC_RELAXED);
    return true;
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
    std::uint8_t* checks = nullptr;  // a file's only
    void* mapping = nullptr;  // the file's mapping, or nullptr in memory
    std::size_t mapped_bytes = 0;
    std::size_t capacity = 0;  // in memory: the slots, for releasing the two arrays
  };
  Arrays allocate(std::size_t capacity, const std::string& file) const;
  [[nodiscard]] Arrays map_file(int fd, std::size_t capacity, const std::string& file) const;
  // Whether slot s of `a` holds a whole part: its check, and its key found
  // from its home slot (no free slot before it on its probe path).
  [[nodiscard]] static bool whole(const Arrays& a, std::size_t capacity, std::size_t s) noexcept;
  void adopt(Arrays& arrays, std::size_t capacity) noexcept;
  void release(Arrays& arrays) const noexcept;
  void rehash_into(Arrays& arrays, std::size_t capacity, const std::vector<bool>* dropped = nullptr) const noexcept;
  void grow();
  void rewrite(std::size_t capacity, const std::vector<bool>* dropped);
  bool grow_in_place(std::size_t capacity) noexcept;

  std::string what_;
  std::string path_;  // "" in memory
  Arrays arrays_;
  std::uint64_t* keys_ = nullptr;
  std::uint8_t* values_ = nullptr;
  std::uint8_t* checks_ = nullptr;  // a file's check bytes; nullptr in memory
  std::size_t capacity_ = 0;  // a power of two
  std::size_t memory_limit_ = 0;
  std::size_t run_bound_ = 0;
  // On a cache line of its own: every store writes it, and the line of the
  // arrays' addresses above is read by every find of every thread (sharing
  // one line cost two threads a third more CPU, NoGo 1×22).
  alignas(64) std::size_t size_ = 0;
  char after_size_[64 - sizeof(std::size_t)] = {};
};

}  // namespace grundy::search
