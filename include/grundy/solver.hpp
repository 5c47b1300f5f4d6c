// The generic normal-play solver: g(p) = mex{ g(q) : p -> q } for any game that
// models ImpartialGame, memoised in a table. The one Sprague–Grundy traversal of
// the library: the runtime model's definition (definition.hpp), a user's C++
// game (GameAdapter) and a user's Python game all run through it.
//
// - Iterative depth-first search with an explicit stack: a chain of 10^6
//   positions needs no call-stack depth.
// - Decomposition (optional hook): a position that splits into independent
//   components gets the xor of their values; only indivisible parts are stored.
// - Canonical forms (optional hook): symmetric positions share one entry.
// - The table is a parameter (solver_tables.hpp): a hash table whose probe
//   touches one cache line, or an array for games with a dense index.
// - Memory O(positions stored + depth): a frame keeps its options only while
//   the stack's options fit a budget; past it, a frame about to descend drops
//   the options it has not valued yet (their values already valued are folded
//   into the frame's mex set) and lists its moves again when the child is done.
//   Without that, a game of depth d and fan-out f (Euclid's game from (1, n):
//   d = f = n) kept d·f positions on the stack.
// - A cycle in the game graph is not a game this solver can value; it is detected
//   (a position met again while its own value is being computed) and reported
//   with the positions on it. Loopy analysis is a sibling solver, not this one.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grundy/game.hpp"
#include "grundy/input_error.hpp"
#include "grundy/nimber.hpp"
#include "grundy/solver_tables.hpp"

namespace grundy {

// Thrown when the game graph reachable from a position has a cycle.
class CycleError : public InputError {
 public:
  CycleError(const std::string& message, std::vector<std::string> cycle, SourceLocation where = {})
      : InputError(message, std::move(where)), cycle_(std::move(cycle)) {}
  [[nodiscard]] const std::vector<std::string>& cycle() const noexcept { return cycle_; }

 private:
  std::vector<std::string> cycle_;
};

template <ImpartialGame G, class Table = DefaultTable<G>>
class Solver {
 public:
  using Position = typename G::Position;

  explicit Solver(const G& game, std::size_t initial_table_capacity = 1024)
      : game_(&game), table_(game, initial_table_capacity) {}

  // The nim-value of p.
  Nimber value(const Position& p) {
    Nimber total = 0;
    parts_of(p, root_parts_);
    // A copy: valuing one part reuses the buffers the parts came in.
    const std::vector<Position> parts = root_parts_;
    for (const Position& part : parts) total ^= value_of_part(part);
    return total;
  }

  // Every option of p with its nim-value, in the order the game lists them.
  std::vector<std::pair<Position, Nimber>> options_with_values(const Position& p) {
    std::vector<Position> options;
    game_->moves(p, options);
    std::vector<std::pair<Position, Nimber>> result;
    result.reserve(options.size());
    for (const Position& q : options) result.emplace_back(q, value(q));
    return result;
  }

  // Options of p of value `target`; with target 0 these are the winning moves.
  std::vector<Position> moves_to_value(const Position& p, Nimber target) {
    std::vector<Position> result;
    for (auto& [q, v] : options_with_values(p)) {
      if (v == target) result.push_back(std::move(q));
    }
    return result;
  }

  std::vector<Position> winning_moves(const Position& p) { return moves_to_value(p, 0); }

  // Stored positions, and the table's bytes (for memory reports).
  [[nodiscard]] std::size_t stored_positions() const noexcept { return table_.size(); }
  [[nodiscard]] std::size_t table_bytes() const noexcept { return table_.memory_bytes(); }
  // The bound on the table's bytes; a quarter of it also bounds the options the
  // search stack keeps (see the header).
  void set_memory_limit(std::size_t bytes) noexcept {
    table_.set_memory_limit(bytes);
    if (bytes != 0) options_budget_ = std::max<std::size_t>(bytes / 4 / sizeof(Position), 1024);
  }
  [[nodiscard]] const Table& table() const noexcept { return table_; }

  // Called every kPollWork units of work (a position pushed, an option listed):
  // Context::poll, for cancellation; it may throw to abandon the search, which
  // leaves the solver usable.
  void set_poll(std::function<void()> hook) { poll_ = std::move(hook); }

 private:
  // A position whose options are being valued.
  struct Frame {
    Position position;
    std::size_t first_option = 0;  // into options_, while the list is kept
    std::size_t end_option = 0;
    std::size_t next_option = 0;   // options before it (in the game's order) are valued
    bool dropped = false;          // the list was dropped; list the moves again to resume
    MexSet seen;                   // the values of the options valued so far
  };

  Position canonical(const Position& p) const {
    if constexpr (CanonicalizingGame<G>) {
      return game_->canonical(p);
    } else {
      return p;
    }
  }

  // The independent, canonical parts of p.
  void parts_of(const Position& p, std::vector<Position>& out) const {
    out.clear();
    if constexpr (DecomposableGame<G>) {
      game_->components(p, out);
      for (Position& part : out) part = canonical(part);
    } else {
      out.push_back(canonical(p));
    }
  }

  // The value of an indivisible canonical part, or kEmpty when unknown.
  Nimber known_value(const Position& part) {
    if constexpr (GameWithClosedForm<G>) {
      if (auto v = game_->closed_form(part)) return *v;
    }
    const Nimber v = table_.find(part);
    if (v == kInProgress) throw_cycle(part);
    return v;
  }

  void charge(std::uint64_t work) {
    work_ += work;
    // Polled by work, not by positions: a position may have thousands of
    // options (Moore's Nim), and 4096 such positions took seconds between two
    // polls, during which Ctrl-C went unheard.
    if (poll_ && work_ >= kPollWork) {
      work_ = 0;
      try {
        poll_();
      } catch (...) {
        reset_in_progress();
        throw;
      }
    }
  }

  void list_options(Frame& frame) {
    frame.first_option = options_.size();
    game_->moves(frame.position, options_);
    frame.end_option = options_.size();
    frame.dropped = false;
    charge(1 + (frame.end_option - frame.first_option));
  }

  void push(const Position& part) {
    charge(0);
    table_.set(part, kInProgress);
    // Frames are reused, not destroyed: a frame's mex set keeps its buffer.
    if (depth_ == stack_.size()) stack_.emplace_back();
    Frame& frame = stack_[depth_++];
    frame.position = part;
    frame.next_option = 0;
    frame.seen.clear();
    list_options(frame);
  }

  // The value of option `q` of a frame: the xor of its parts, or kEmpty with
  // the first unknown part in `unknown`.
  Nimber option_value(const Position& q, Position& unknown) {
    if constexpr (DecomposableGame<G>) {
      parts_of(q, option_parts_);
      Nimber total = 0;
      for (const Position& part : option_parts_) {
        const Nimber v = known_value(part);
        if (v == kEmpty) {
          unknown = part;
          return kEmpty;
        }
        total ^= v;
      }
      return total;
    } else {
      // One part, the option itself: no parts list to fill (the hot loop of a
      // user's game with many options; Wythoff (300, 500) lists 1.7·10^8).
      const Position part = canonical(q);
      const Nimber v = known_value(part);
      if (v == kEmpty) unknown = part;
      return v;
    }
  }

  Nimber value_of_part(const Position& part) {
    if (const Nimber v = known_value(part); v != kEmpty) return v;
    try {
      return search(part);
    } catch (...) {
      // A bound reached, a poll that stopped the search, a game's own error:
      // forget the positions in progress, keep the finished values.
      reset_in_progress();
      throw;
    }
  }

  Nimber search(const Position& part) {
    push(part);
    Position unknown{};
    while (depth_ > 0) {
      Frame& frame = stack_[depth_ - 1];
      if (frame.dropped) list_options(frame);
      // Value the options in order while they are known.
      std::size_t index = frame.first_option + frame.next_option;
      Nimber v = 0;
      while (index < frame.end_option && (v = option_value(options_[index], unknown)) != kEmpty) {
        frame.seen.insert(v);
        ++index;
      }
      frame.next_option = index - frame.first_option;
      if (index == frame.end_option) {
        // Every option valued: g = mex.
        table_.set(frame.position, frame.seen.mex());
        options_.resize(frame.first_option);
        --depth_;
        continue;
      }
      // Descend. Past the budget, the frame's unvalued options are dropped
      // first (its list is the last in options_: it is the top frame).
      if (options_.size() > options_budget_ && frame.end_option - index > 1) {
        options_.resize(frame.first_option);
        frame.dropped = true;
      }
      push(unknown);
    }
    return table_.find(part);
  }

  [[noreturn]] void throw_cycle(const Position& again) {
    std::vector<std::string> cycle;
    std::size_t start = 0;
    for (std::size_t i = depth_; i-- > 0;) {
      if (stack_[i].position == again) {
        start = i;
        break;
      }
    }
    for (std::size_t i = start; i < depth_; ++i) cycle.push_back(describe(stack_[i].position));
    cycle.push_back(describe(again));
    std::string path;
    for (std::size_t i = 0; i < cycle.size(); ++i) path += (i ? " -> " : "") + cycle[i];
    // Leave the solver usable: forget the positions that were in progress.
    reset_in_progress();
    throw CycleError("the game graph has a cycle, so it has no Sprague-Grundy values: " + path,
                     std::move(cycle));
  }

  void reset_in_progress() {
    table_.erase_all(kInProgress);
    depth_ = 0;
    options_.clear();
  }

  std::string describe(const Position& p) const {
    if constexpr (DescribableGame<G>) {
      return game_->describe(p);
    } else {
      return "<position>";
    }
  }

  const G* game_;
  Table table_;
  std::vector<Frame> stack_;  // frames 0 .. depth_ - 1 are the search's; the rest wait to be reused
  std::size_t depth_ = 0;
  std::vector<Position> options_;
  std::vector<Position> option_parts_;
  std::vector<Position> root_parts_;
  // Options the stack keeps before frames start dropping theirs: 2^22 of them
  // (32 MiB of 8-byte positions) unless a memory bound says less.
  std::size_t options_budget_ = std::size_t{1} << 22;
  std::function<void()> poll_;
  // Work since the last poll; a poll every kPollWork units, the amount
  // Context::charge polls at (this header stays free of the Context).
  static constexpr std::uint64_t kPollWork = std::uint64_t{1} << 16;
  std::uint64_t work_ = 0;
};

}  // namespace grundy
