// The part search: the definition over 8-byte parts, for any game whose parts
// pack into a key (game.hpp: PackedParts) — one-row NoGo, Clobber's groups,
// Cram's regions, and the next game without touching this file.
// g(part) = mex of its options' values, an option's value the xor of its
// parts', each part valued once and kept in the run's PartTable (in memory,
// or in the run's table file: table_store.hpp); and, from the values found,
// the claims of a certificate (part_claims.hpp) that `grundy check` proves.
//
// Rules, what the game declares of its packed parts (a type with static
// members, defined in the game's rules file beside the explicit
// instantiation `template class search::PartEngine<Rules, Board>;`):
//   Rules::for_each_option(key, f)  f(const std::uint64_t* parts, std::size_t
//                                   count) for every option of the part `key`
//                                   (its parts' keys, each the least of its images)
//   Rules::keys_of_board(board, keys) -> bool
//                                   the keys of a board's parts (false when one
//                                   does not fit a key)
//   Rules::weight(key)              the part's size, what a certificate's claim costs
//   Rules::text_of(key)             a part as a certificate writes it
//   Rules::too_large()              what a board whose part does not fit has
//                                   ("has a part longer than 29 points")
//   Rules::kWhat                    the game in messages and its table file's
//                                   header ("Clobber")
//   Rules::kCertificateGame         the game a certificate names ("clobber")
//
// On several threads (the run's --threads): a valuation that is still going
// after kHelpersAfter parts gets helpers, each valuing the same parts from
// the root with every part's options walked last first (the main thread
// walks them first first), all storing into the one table, so that each finds most of what
// the others valued and they spread over different subtrees. The table is
// read without locks (part_table.hpp); one thread stores at a time; a growth
// waits until the others stand at a safe point (the entry of a valuation, or
// a store). The main thread's valuation answers; the helpers stop when it
// has. A part two threads valued at once is stored once and counted (the
// --progress line at the end names each side's work and the parts valued twice).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/memory_budget.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/search/part_table.hpp"

namespace grundy::search {

template <class Rules, class Board>
class PartEngine {
 public:
  // What explain and --json name ("part search").
  static constexpr const char* kName = "part search";

  // An engine of the run `context`: polled by it, within its share of the
  // run's memory budget, its table in the run's table file when there is one
  // (read at the first valuation).
  explicit PartEngine(Context& context);
  PartEngine(const PartEngine&) = delete;
  PartEngine& operator=(const PartEngine&) = delete;

  // The value of a board (the xor of its parts'), or nullopt when a part does
  // not fit a key.
  std::optional<Nimber> value(const Board& board);

  // For a certificate of `boards` (each valued by value() first): parts and
  // their values, sorted by text, enough for a checker to prove every part of
  // every board (LimitError when a part does not fit a key).
  std::vector<std::pair<std::string, Nimber>> claims(const std::vector<Board>& boards);

  [[nodiscard]] std::size_t stored() const noexcept { return table_.size(); }
  // Parts read from the table file when the run opened it.
  [[nodiscard]] std::size_t loaded() const noexcept { return loaded_; }
  // Whether every part of the board fits a key (Rules::keys_of_board).
  static bool fits(const Board& board);
  // What a board whose part does not fit a key has (Rules::too_large).
  static std::string too_large();
  // The game a certificate names (Rules::kCertificateGame).
  static const char* certificate_game();

 private:
  // What a thread of the search keeps: its stack of options (shared by its
  // whole recursion), its count of valuations.
  struct Worker {
    std::vector<std::uint64_t> options;
    std::uint64_t solved = 0;
    std::uint64_t twice = 0;
    bool helper = false;  // walks every part's options last first; never polls
  };
  // The threads of one valuation while helpers run (see above).
  // The flags every valuation reads, the lock every store takes and the
  // gate on cache lines of their own (a store must not evict the flags
  // from the other threads' caches).
  struct Crew {
    alignas(64) std::atomic<bool> pause{false};  // a growth waits for the others
    std::atomic<bool> stop{false};               // the answer is found, or a thread failed
    std::atomic<bool> failed{false};             // a helper's error is in `error`
    std::exception_ptr error;
    std::vector<std::thread> helpers;
    alignas(64) std::mutex writer;  // one store at a time
    alignas(64) std::mutex gate;    // guards running, parked
    std::condition_variable changed;
    unsigned running = 0;  // threads still in the search
    unsigned parked = 0;   // of them, waiting at a safe point for a growth
    std::uint64_t valuations = 0;  // the helpers' work, added as each ends
    std::uint64_t twice = 0;
  };
  // A helper leaves by this when the crew stops.
  struct Stopped {};
  // Parts valued before helpers are started (about 50 ms on one core).
  static constexpr std::uint64_t kHelpersAfter = std::uint64_t{1} << 16;

  Nimber value_of(Worker& w, std::uint64_t key);
  void store(Worker& w, std::uint64_t key, Nimber value);
  // Where a thread may wait while another grows the table (it holds no slot).
  void safe_point(Worker& w);
  void park();
  // Before a valuation: the table file opened (once), the memory share's
  // limit given to the table (what it holds after goes back to the share).
  void begin();
  void poll();
  void start_helpers();
  void help(Worker& w);
  void end_helpers() noexcept;

  Context* context_;
  MemoryBudget::Share memory_;
  PartTable table_;
  bool opened_ = false;
  std::size_t loaded_ = 0;
  Worker main_;
  std::unique_ptr<Crew> crew_;
  std::vector<std::uint64_t> roots_;  // the valuation's parts, for helpers
  std::uint64_t solved_at_start_ = 0;
};

}  // namespace grundy::search
