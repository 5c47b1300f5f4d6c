// Where Solver<G, Table> keeps the values it has found (position -> nim-value).
//
// A table holds Nimber values and two marks of the solver's own: kEmpty (no
// value) and kInProgress (on the search stack). Two tables, chosen by the game:
//
// HashTable — open addressing, linear probing; each slot holds its key and its
//   value side by side, so a lookup touches one cache line where the older
//   layout (keys, values and an occupancy bitmap in three arrays) touched two
//   or three: on Wythoff's game (300, 500), a user's C++ type with every move
//   listed, the probe was 67% of the solver's time (perf, 2026-11-24).
// DenseTable — for games that say their positions are the indices 0, 1, 2, …
//   of an array (the optional hook `G::dense_index(p)`, e.g. a·(B+1) + b for
//   two piles): the value at that index, no hashing and no key stored.
//
// Both honour a memory bound (LimitError when growing would pass it), so a long
// search stops cleanly instead of meeting the kernel's OOM killer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "grundy/core/game.hpp"
#include "grundy/core/hash.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/memory_budget.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy {

// Values a table stores for the solver's own purposes; no mex comes near them
// (a mex is at most the number of options of one position).
inline constexpr Nimber kEmpty = ~Nimber{0};
inline constexpr Nimber kInProgress = ~Nimber{0} - 1;

// Something that maps its positions one-to-one to the indices of an array:
// what DenseTable needs of it (a game, or an index of its own, such as the
// Python module's ints 0..N).
template <class G>
concept DenselyIndexed = requires(const G& game, const typename G::Position& p) {
  { game.dense_index(p) } -> std::convertible_to<std::size_t>;
};

// A game whose positions are so indexed: the solver keeps it in a DenseTable.
template <class G>
concept DenselyIndexedGame = ImpartialGame<G> && DenselyIndexed<G>;

template <ImpartialGame G>
class HashTable {
 public:
  using Position = typename G::Position;

  explicit HashTable(const G& game, std::size_t initial_capacity = 1024) : hash_{&game} {
    std::size_t capacity = 16;
    while (capacity < initial_capacity) capacity <<= 1;
    slots_.assign(capacity, Slot{});
    mask_ = capacity - 1;
  }

  void set_memory_limit(std::size_t bytes) noexcept { memory_limit_ = bytes; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] std::size_t memory_bytes() const noexcept { return slots_.size() * sizeof(Slot); }

  // The value stored for p, or kEmpty.
  [[nodiscard]] Nimber find(const Position& p) const {
    for (std::size_t i = slot_of(p);; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.value == kEmpty) return kEmpty;
      if (s.key == p) return s.value;
    }
  }

  // Stores (or overwrites) p's value; `value` is never kEmpty.
  void set(const Position& p, Nimber value) {
    if ((size_ + 1) * 4 > slots_.size() * 3) grow();
    for (std::size_t i = slot_of(p);; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (s.value == kEmpty) {
        s.key = p;
        s.value = value;
        ++size_;
        return;
      }
      if (s.key == p) {
        s.value = value;
        return;
      }
    }
  }

  // Removes every value equal to `value` (the solver's in-progress marks,
  // after a search was abandoned): the table is rebuilt without them.
  void erase_all(Nimber value) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.size(), Slot{});
    size_ = 0;
    for (const Slot& s : old)
      if (s.value != kEmpty && s.value != value) set(s.key, s.value);
  }

  template <class F>
  void for_each(F&& visit) const {
    for (const Slot& s : slots_)
      if (s.value != kEmpty) visit(s.key, s.value);
  }

  // The bytes a table of `entries` positions takes at most (its load bound).
  [[nodiscard]] static std::size_t bytes_for(std::size_t entries) noexcept {
    std::size_t capacity = 16;
    while (capacity * 3 < entries * 4) capacity <<= 1;
    return capacity * sizeof(Slot);
  }

 private:
  struct Slot {
    Position key{};
    Nimber value = kEmpty;
  };

  std::size_t slot_of(const Position& p) const { return static_cast<std::size_t>(mix_hash(hash_(p))) & mask_; }

  void grow() {
    const std::size_t capacity = slots_.size() * 2;
    if (memory_limit_ != 0 && capacity * sizeof(Slot) > memory_limit_) {
      throw LimitError("the transposition table needs more than the memory bound of " + bytes_text(memory_limit_) +
                       " (" + std::to_string(size_) + " positions stored)");
    }
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(capacity, Slot{});
    mask_ = capacity - 1;
    size_ = 0;
    for (const Slot& s : old)
      if (s.value != kEmpty) set(s.key, s.value);
  }

  PositionHash<G> hash_;
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
  std::size_t memory_limit_ = 0;
};

template <DenselyIndexed G>
class DenseTable {
 public:
  using Position = typename G::Position;

  explicit DenseTable(const G& game, std::size_t initial_capacity = 1024) : game_(&game) {
    values_.reserve(initial_capacity);
  }

  void set_memory_limit(std::size_t bytes) noexcept { memory_limit_ = bytes; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] std::size_t memory_bytes() const noexcept { return values_.capacity() * sizeof(Stored); }

  [[nodiscard]] Nimber find(const Position& p) const {
    const std::size_t i = game_->dense_index(p);
    return i < values_.size() ? widen(values_[i]) : kEmpty;
  }

  void set(const Position& p, Nimber value) {
    const std::size_t i = game_->dense_index(p);
    if (value != kInProgress && value >= kStoredInProgress)
      throw LimitError("a nim-value of " + std::to_string(value) + " does not fit the dense table's 32 bits");
    if (i >= values_.size()) {
      // Doubling, so that a table filled index by index costs O(size) in all.
      std::size_t capacity = std::max<std::size_t>(values_.capacity(), 1024);
      while (capacity <= i) capacity *= 2;
      if (memory_limit_ != 0 && capacity * sizeof(Stored) > memory_limit_) {
        if ((i + 1) * sizeof(Stored) > memory_limit_) {
          throw LimitError("the dense table needs " + bytes_text((i + 1) * sizeof(Stored)) + " for index " +
                           std::to_string(i) + ", more than the memory bound of " + bytes_text(memory_limit_));
        }
        capacity = memory_limit_ / sizeof(Stored);
      }
      values_.reserve(capacity);
      values_.resize(i + 1, kStoredEmpty);
    }
    size_ += values_[i] == kStoredEmpty;
    values_[i] = value == kInProgress ? kStoredInProgress : static_cast<Stored>(value);
  }

  void erase_all(Nimber value) {
    const Stored stored = value == kInProgress ? kStoredInProgress : static_cast<Stored>(value);
    for (Stored& v : values_)
      if (v == stored) {
        v = kStoredEmpty;
        --size_;
      }
  }

  // Visits every (index, value) stored.
  template <class F>
  void for_each(F&& visit) const {
    for (std::size_t i = 0; i < values_.size(); ++i)
      if (values_[i] != kStoredEmpty) visit(i, widen(values_[i]));
  }

  [[nodiscard]] static std::size_t bytes_for(std::size_t entries) noexcept { return entries * sizeof(Stored); }

 private:
  // Values in 32 bits: half the memory traffic of the hot loop (a value is read
  // per option), and a value of 2^32 needs as many options of one position.
  using Stored = std::uint32_t;
  static constexpr Stored kStoredEmpty = ~Stored{0};
  static constexpr Stored kStoredInProgress = ~Stored{0} - 1;

  static Nimber widen(Stored v) noexcept {
    return v == kStoredEmpty ? kEmpty : v == kStoredInProgress ? kInProgress : Nimber{v};
  }

  const G* game_;
  std::vector<Stored> values_;
  std::size_t size_ = 0;
  std::size_t memory_limit_ = 0;
};

// The table a game gets unless the solver is told otherwise.
template <ImpartialGame G>
struct DefaultTableFor {
  using type = HashTable<G>;
};
template <DenselyIndexedGame G>
struct DefaultTableFor<G> {
  using type = DenseTable<G>;
};
template <ImpartialGame G>
using DefaultTable = typename DefaultTableFor<G>::type;

}  // namespace grundy
