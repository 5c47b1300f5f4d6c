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

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
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

// A densely indexed game that also names the position at each index (the
// inverse of dense_index; std::optional when an index may name none): the
// solver values it bottom up, index 0 first, as a contestant's DP loop does
// (solver.hpp, sweep_to).
template <class G>
concept IndexEnumeratedGame = DenselyIndexedGame<G> && requires(const G& game, std::size_t index) {
  requires std::convertible_to<decltype(game.position_at(index)), typename G::Position> ||
               std::convertible_to<decltype(game.position_at(index)), std::optional<typename G::Position>>;
};

// The game a table's run of lookups (find_run) calls: a copy when it is
// small and trivially copyable, so that its members (Wythoff's bound, the
// index's stride) stay in registers, where through a pointer they were
// loaded again at every option, as any store of the caller's may alias them
// (callgrind: 7 of the 37 instructions an option on Wythoff (300, 500));
// otherwise a reference. Either converts to const G&.
template <class G>
auto held_in_registers(const G& game) {
  if constexpr (std::is_trivially_copyable_v<G> && sizeof(G) <= 64) {
    return G(game);
  } else {
    return std::cref(game);
  }
}

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

  // `bytes`: the most the table may hold (0: no bound); `named`: the bound a
  // refusal names, the run's --memory (0: `bytes`), when the table's limit is
  // its share of it — a message naming the share ("100 MiB" under --memory
  // 200) named a bound the user never set.
  void set_memory_limit(std::size_t bytes, std::size_t named = 0) noexcept {
    memory_limit_ = bytes;
    named_bound_ = named;
  }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  // The slots and what their keys hold beyond them (the owned_bytes hook: a
  // Clobber board's letters, hundreds of bytes a key on a large board).
  [[nodiscard]] std::size_t memory_bytes() const noexcept { return slots_.size() * sizeof(Slot) + owned_; }
  // The slots alone, for an owner that counts its keys' own bytes itself
  // (the loopy solver, whose positions list holds each position too).
  [[nodiscard]] std::size_t slot_bytes() const noexcept { return slots_.size() * sizeof(Slot); }

  // The value stored for p, or kEmpty.
  [[nodiscard]] Nimber find(const Position& p) const {
    for (std::size_t i = slot_of(p);; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.value == kEmpty) return kEmpty;
      if (s.key == p) return s.value;
    }
  }

  // take(v) for the values of positions [first, last) in order while they
  // are stored and finished; returns how many. As DenseTable::find_run: one
  // call a run of options, the slots, the mask and a small game (its hash's
  // state) in locals, which find() reloaded after every value the caller
  // stored.
  template <class Take>
  std::size_t find_run(const Position* first, const Position* last, Take&& take) const {
    const Position* const start = first;
    const Slot* const slots = slots_.data();
    const std::size_t mask = mask_;
    const auto game = held_in_registers(*hash_.game);
    const PositionHash<G> hash{&static_cast<const G&>(game)};
    for (; first != last; ++first) {
      Nimber v = kEmpty;
      for (std::size_t i = static_cast<std::size_t>(mix_hash(hash(*first))) & mask;; i = (i + 1) & mask) {
        const Slot& s = slots[i];
        if (s.value == kEmpty) break;
        if (s.key == *first) {
          v = s.value;
          break;
        }
      }
      if (v >= kInProgress) break;
      take(v);
    }
    return static_cast<std::size_t>(first - start);
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
        owned_ += owned_bytes(p);
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
    owned_ = 0;
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

  std::size_t owned_bytes(const Position& p) const {
    if constexpr (GameWithOwnedBytes<G>) {
      return hash_.game->owned_bytes(p);
    } else {
      (void)p;
      return 0;
    }
  }

  void grow() {
    const std::size_t capacity = slots_.size() * 2;
    // While it grows the old slots and the new are both held: the peak.
    const std::size_t peak = (capacity + slots_.size()) * sizeof(Slot) + owned_;
    if (memory_limit_ != 0 && peak > memory_limit_) {
      throw LimitError("the transposition table needs more than the memory bound of " +
                       bytes_text(named_bound_ != 0 ? named_bound_ : memory_limit_) + " (--memory; " +
                       std::to_string(size_) + " positions stored)");
    }
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(capacity, Slot{});
    mask_ = capacity - 1;
    size_ = 0;
    owned_ = 0;
    for (const Slot& s : old)
      if (s.value != kEmpty) set(s.key, s.value);
  }

  PositionHash<G> hash_;
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
  std::size_t owned_ = 0;  // the keys' owned bytes
  std::size_t memory_limit_ = 0;
  std::size_t named_bound_ = 0;
};

template <DenselyIndexed G>
class DenseTable {
 public:
  using Position = typename G::Position;

  explicit DenseTable(const G& game, std::size_t initial_capacity = 1024) : game_(&game) {
    bytes_.reserve(initial_capacity);
  }

  void set_memory_limit(std::size_t bytes) noexcept { memory_limit_ = bytes; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return bytes_.capacity() + halves_.capacity() * 2 + words_.capacity() * 4;
  }
  // Whether the table can come to hold index i within its bound (a byte a
  // value at least): the solver's bottom-up loop asks before it sets out to
  // value every index below i, which a heap of 10^18 would never finish.
  [[nodiscard]] bool can_cover(std::size_t i) const noexcept {
    return i < kMostIndices && (memory_limit_ == 0 || i < memory_limit_ / width_);
  }

  [[nodiscard]] Nimber find(const Position& p) const {
    const std::size_t i = game_->dense_index(p);
    if (i >= length_) return kEmpty;
    if (width_ == 1) [[likely]] return widen(bytes_[i]);
    return width_ == 2 ? widen(halves_[i]) : widen(words_[i]);
  }

  // take(v) for the values of positions [first, last) in order while they
  // are stored and finished (neither kEmpty nor kInProgress); returns how
  // many. One call a run of options, the table's length, width and array
  // held in locals: find() an option reloaded them after every value the
  // caller stored (a 64-bit store may alias them), 13% of the primes'
  // subtraction game to 10^7 (perf, docs/performance.md).
  template <class Take>
  std::size_t find_run(const Position* first, const Position* last, Take&& take) const {
    if (width_ == 1) [[likely]] return find_run_in(bytes_.data(), first, last, take);
    return width_ == 2 ? find_run_in(halves_.data(), first, last, take) : find_run_in(words_.data(), first, last, take);
  }

  void set(const Position& p, Nimber value) {
    const std::size_t i = game_->dense_index(p);
    if (width_ == 1 && value < 0xFE && i < length_) [[likely]] {
      // The common case in one test: a byte's value, room for it.
      size_ += bytes_[i] == 0xFF;
      bytes_[i] = static_cast<std::uint8_t>(value);
      return;
    }
    if (value != kInProgress && value >= kWordInProgress)
      throw LimitError("a nim-value of " + std::to_string(value) + " does not fit the dense table's 32 bits");
    if (value != kInProgress && value >= in_progress_mark()) widen_to_hold(value);
    if (i >= length_) grow_to_cover(i);
    const bool was_empty = find_stored(i) == kEmpty;
    size_ += was_empty;
    store(i, value);
  }

  void erase_all(Nimber value) {
    for (std::size_t i = 0; i < length_; ++i)
      if (find_stored(i) == value) {
        store(i, kEmpty);
        --size_;
      }
  }

  // Visits every (index, value) stored.
  template <class F>
  void for_each(F&& visit) const {
    for (std::size_t i = 0; i < length_; ++i)
      if (const Nimber v = find_stored(i); v != kEmpty) visit(i, v);
  }

  // The bytes a table of `entries` positions takes at most (values of 32 bits).
  [[nodiscard]] static std::size_t bytes_for(std::size_t entries) noexcept { return entries * 4; }

 private:
  // Values sized by need: a byte each while every value stored is below 254,
  // 16 bits while below 65534, then 32 (the two largest of each width mark
  // "empty" and "in progress"). A subtraction game's values to 10^7 (30
  // primes, values <= 30) took 40 MB in 32 bits where a byte-array DP takes
  // 10; a mex of 2^32 needs as many options of one position. Widening is one
  // pass over the array, at most twice in a table's life. A byte also means
  // more of the table in cache for the hot loop, which reads a value an
  // option (docs/performance.md).
  static constexpr std::uint32_t kWordInProgress = ~std::uint32_t{0} - 1;
  // 2^40 values: a TiB of bytes, past this machine's and most machines'
  // memory; an eighth of the address space where it is smaller (WebAssembly's
  // 32 bits).
  static constexpr std::size_t kMostIndices = static_cast<std::size_t>(
      std::min<std::uint64_t>(std::uint64_t{1} << 40, std::numeric_limits<std::size_t>::max() / 8));

  template <class Stored>
  static Nimber widen(Stored v) noexcept {
    constexpr Stored kStoredEmpty = static_cast<Stored>(~Stored{0});
    constexpr Stored kStoredInProgress = static_cast<Stored>(kStoredEmpty - 1);
    return v == kStoredEmpty ? kEmpty : v == kStoredInProgress ? kInProgress : Nimber{v};
  }
  template <class Stored>
  static Stored narrow(Nimber v) noexcept {
    constexpr Stored kStoredEmpty = static_cast<Stored>(~Stored{0});
    return v == kEmpty ? kStoredEmpty : v == kInProgress ? static_cast<Stored>(kStoredEmpty - 1) : static_cast<Stored>(v);
  }

  template <class Stored, class Take>
  std::size_t find_run_in(const Stored* values, const Position* first, const Position* last, Take& take) const {
    constexpr Stored kStoredInProgress = static_cast<Stored>(~Stored{0} - 1);
    const Position* const start = first;
    const std::size_t length = length_;
    const auto index = held_in_registers(*game_);
    const auto& game = static_cast<const G&>(index);
    for (; first != last; ++first) {
      const std::size_t i = game.dense_index(*first);
      if (i >= length) break;
      const Stored v = values[i];
      if (v >= kStoredInProgress) break;  // empty, or in progress
      take(Nimber{v});
    }
    return static_cast<std::size_t>(first - start);
  }

  // The least value the current width cannot hold (its "in progress" mark).
  [[nodiscard]] Nimber in_progress_mark() const noexcept {
    return width_ == 1 ? 0xFE : width_ == 2 ? 0xFFFE : kWordInProgress;
  }

  [[nodiscard]] Nimber find_stored(std::size_t i) const noexcept {
    return width_ == 1 ? widen(bytes_[i]) : width_ == 2 ? widen(halves_[i]) : widen(words_[i]);
  }

  void store(std::size_t i, Nimber value) noexcept {
    if (width_ == 1) {
      bytes_[i] = narrow<std::uint8_t>(value);
    } else if (width_ == 2) {
      halves_[i] = narrow<std::uint16_t>(value);
    } else {
      words_[i] = narrow<std::uint32_t>(value);
    }
  }

  [[nodiscard]] std::size_t stored_capacity() const noexcept {
    return width_ == 1 ? bytes_.capacity() : width_ == 2 ? halves_.capacity() : words_.capacity();
  }

  template <class Stored>
  void resize_to(std::vector<Stored>& values, std::size_t capacity, std::size_t length) {
    values.reserve(capacity);
    values.resize(length, static_cast<Stored>(~Stored{0}));
  }

  // Room for index i: the capacity doubles, so that a table filled index by
  // index costs O(size) in all, and the indices covered go 64 Ki past i
  // (within the capacity): a table filled from 0 up (the solver's bottom-up
  // loop) called this, and the vector's resize, for every index, 4% of the
  // primes' subtraction game to 10^7 (perf), while pages a whole capacity
  // ahead would be touched long before they are needed.
  void grow_to_cover(std::size_t i) {
    if (i >= kMostIndices) {
      // Past any machine's memory (and past 2^63 the doubling below would
      // never end): refused, not attempted.
      throw LimitError("the dense table cannot hold index " + std::to_string(i) + " (at most " +
                       std::to_string(kMostIndices) + " indices)");
    }
    std::size_t capacity = std::max<std::size_t>(stored_capacity(), 1024);
    while (capacity <= i) capacity *= 2;
    if (memory_limit_ != 0 && capacity * width_ > memory_limit_) {
      if ((i + 1) * width_ > memory_limit_) {
        throw LimitError("the dense table needs " + bytes_text((i + 1) * width_) + " for index " +
                         std::to_string(i) + ", more than the memory bound of " + bytes_text(memory_limit_));
      }
      capacity = memory_limit_ / width_;
    }
    const std::size_t length = std::min(capacity, i + 1 + (std::size_t{1} << 16));
    if (width_ == 1) {
      resize_to(bytes_, capacity, length);
    } else if (width_ == 2) {
      resize_to(halves_, capacity, length);
    } else {
      resize_to(words_, capacity, length);
    }
    length_ = length;
  }

  // The next width that holds `value`, the values stored so far copied over.
  void widen_to_hold(Nimber value) {
    const unsigned width = value < 0xFFFE ? 2 : 4;
    const std::size_t bytes = std::max<std::size_t>(stored_capacity(), 1024) * width;
    if (memory_limit_ != 0 && bytes > memory_limit_) {
      throw LimitError("the dense table needs " + bytes_text(bytes) + " for values of " + std::to_string(8 * width) +
                       " bits, more than the memory bound of " + bytes_text(memory_limit_));
    }
    if (width == 2) {
      std::vector<std::uint16_t> halves;
      halves.reserve(bytes / 2);
      for (std::size_t i = 0; i < length_; ++i) halves.push_back(narrow<std::uint16_t>(widen(bytes_[i])));
      std::vector<std::uint8_t>().swap(bytes_);
      halves_ = std::move(halves);
    } else {
      std::vector<std::uint32_t> words;
      words.reserve(bytes / 4);
      for (std::size_t i = 0; i < length_; ++i) words.push_back(narrow<std::uint32_t>(find_stored(i)));
      std::vector<std::uint8_t>().swap(bytes_);
      std::vector<std::uint16_t>().swap(halves_);
      words_ = std::move(words);
    }
    width_ = width;
  }

  const G* game_;
  std::vector<std::uint8_t> bytes_;    // the values while width_ is 1
  std::vector<std::uint16_t> halves_;  // while it is 2
  std::vector<std::uint32_t> words_;   // while it is 4
  unsigned width_ = 1;                 // bytes a value
  std::size_t length_ = 0;             // indices covered
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
