// The search by the definition over 8-byte parts, shared by one-row NoGo
// (nogo_row.hpp) and Clobber's groups (clobber_grid.hpp): g(part) = mex of
// its options' values, an option's value the xor of its parts', each part
// valued once and kept in a PartTable.
//
// Rules (a type with static members) gives the game:
//   Rules::for_each_option(key, f): f(const std::uint64_t* parts, std::size_t
//     count) for every option of the part `key` (its parts' keys, each the
//     least of its images);
//   Rules::weight(key): the part's size, what a certificate's claim costs.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/rulesets/part_table_options.hpp"
#include "rulesets/part_claims.hpp"
#include "rulesets/part_table.hpp"

namespace grundy::rulesets_detail {

// A game's values over parts (PartValues below) derive from it and show its
// run hooks (set_poll, set_memory_limit, stored, use_file, watch); value(key)
// and claims(keys) are theirs to wrap.
template <class Rules>
class PartSearch {
 public:
  explicit PartSearch(std::string what) : table_(std::move(what)) {}
  // A copy starts empty (each run keeps its own table; nothing shared).
  PartSearch(const PartSearch& other) : table_(other.table_.what()) {}
  PartSearch& operator=(const PartSearch&) { return *this; }

  // The part's value by the definition; every part it meets is stored.
  Nimber value(std::uint64_t key) {
    if (const std::optional<Nimber> v = table_.find(key)) return *v;
    if ((++solved_ & 0xFFFU) == 0 && poll_) poll_();
    // The options first, each as its count of parts and the parts, on a stack
    // shared by the whole recursion: their slots are fetched together, so
    // that the cache misses of a table past the caches overlap (measured: 2–3 %
    // on Clobber 2×12 and NoGo 1×20, whose tables are about the cache's size).
    const std::size_t base = options_.size();
    Rules::for_each_option(key, [&](const std::uint64_t* parts, std::size_t count) {
      options_.push_back(count);
      for (std::size_t k = 0; k < count; ++k) {
        options_.push_back(parts[k]);
        table_.prefetch(parts[k]);
      }
    });
    MexSet seen;
    for (std::size_t at = base; at < options_.size();) {
      const auto count = static_cast<std::size_t>(options_[at++]);
      Nimber x = 0;
      for (std::size_t k = 0; k < count; ++k) {
        // A part valued before (most are) read here, not through a call of
        // value(): the call's saving and restoring of registers was a tenth of
        // the search's own time (perf, Clobber 3×7).
        const std::uint64_t part = options_[at + k];
        const std::optional<Nimber> known = table_.find(part);
        x ^= known ? *known : value(part);
      }
      at += count;
      seen.insert(x);
    }
    options_.resize(base);
    // Below 256, what the table's byte holds: a part has fewer options.
    const Nimber mex = seen.mex();
    table_.store(key, mex);
    return mex;
  }

  // For a certificate of the parts `roots` (part_claims.hpp): the claimed
  // parts and their values.
  std::vector<std::pair<std::uint64_t, Nimber>> claims(const std::vector<std::uint64_t>& roots) {
    const std::vector<std::uint64_t> claimed = choose_claims(
        roots, [](std::uint64_t key, auto&& on_option) { Rules::for_each_option(key, on_option); },
        [&](std::uint64_t key) { return value(key); }, [](std::uint64_t key) { return Rules::weight(key); });
    std::vector<std::pair<std::uint64_t, Nimber>> out;
    out.reserve(claimed.size());
    for (const std::uint64_t key : claimed) out.emplace_back(key, *table_.find(key));
    return out;
  }

  // Called every 4096 parts valued (Context::poll, which may throw to stop;
  // what was valued stays in the table).
  void set_poll(std::function<void()> hook) { poll_ = std::move(hook); }
  // The bound on the table's bytes (0: none); past it LimitError.
  void set_memory_limit(std::size_t bytes) { table_.set_memory_limit(bytes); }
  [[nodiscard]] std::size_t stored() const noexcept { return table_.size(); }
  // The table kept in a file, which every part valued reaches at once (a run
  // killed by any signal, kill -9 too, resumes from it: part_table.hpp); set
  // before any part is valued; returns the parts read from the file.
  std::size_t use_file(const std::string& path) { return table_.use_file(path); }
  [[nodiscard]] bool in_file() const noexcept { return table_.in_file(); }

  // The run's settings: its poll, its bound on memory, and the table file a
  // front end asked for (PartTableOptions, `grundy value --table FILE`), taken
  // once, before any part is stored (a run's first valuation); returns the
  // parts read from the file then (0 otherwise).
  std::size_t watch(std::function<void()> poll, std::size_t memory_bytes, const FamilySettings& families) {
    set_poll(std::move(poll));
    set_memory_limit(memory_bytes);
    if (const auto* file = families.find<PartTableOptions>(); file != nullptr && !file->path.empty() && !in_file()) {
      return use_file(file->path);
    }
    return 0;
  }

 private:
  PartTable table_;
  std::vector<std::uint64_t> options_;
  std::uint64_t solved_ = 0;
  std::function<void()> poll_;
};

// The values of a game's boards over its parts (nogo_row::RowValues,
// clobber_grid::GroupValues, cram_grid::RegionValues). Beside the moves,
// Rules gives kWhat (the table's name, "Clobber"), keys_of_board(board, keys)
// (the keys of the board's parts; false when one does not fit a key),
// text_of(key) (a part as a certificate writes it) and too_large() (what a
// board whose part does not fit has: "has a part longer than 29 points"). The members are defined in part_values.hpp and
// instantiated in the game's search file, where Rules is complete.
template <class Rules, class Board>
class PartValues : private PartSearch<Rules> {
 public:
  PartValues();
  // The run's hooks, as PartSearch says.
  using PartSearch<Rules>::set_memory_limit;
  using PartSearch<Rules>::set_poll;
  using PartSearch<Rules>::stored;
  using PartSearch<Rules>::use_file;
  using PartSearch<Rules>::watch;

  // The value of a board (the xor of its parts'), or nullopt when a part does
  // not fit a key.
  std::optional<Nimber> value(const Board& board);

  // For a certificate of `boards` (each valued by value() first): parts and
  // their values, sorted by text, enough for a checker to prove every part of
  // every board (LimitError when a part does not fit a key).
  std::vector<std::pair<std::string, Nimber>> claims(const std::vector<Board>& boards);

  // What a board whose part does not fit a key has (Rules::too_large).
  static std::string too_large();
};

}  // namespace grundy::rulesets_detail
