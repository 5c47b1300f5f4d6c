// The generic normal-play solver: g(p) = mex{ g(q) : p -> q } for any game that
// models ImpartialGame, memoised in a transposition table.
//
// - Iterative depth-first search with an explicit stack: a chain of 10^6
//   positions needs no call-stack depth.
// - Decomposition (optional hook): a position that splits into independent
//   components gets the xor of their values; only indivisible parts are stored.
// - Canonical forms (optional hook): symmetric positions share one entry.
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
#include "grundy/transposition_table.hpp"

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

template <ImpartialGame G>
class Solver {
 public:
  using Position = typename G::Position;

  explicit Solver(const G& game, std::size_t initial_table_capacity = 1024)
      : game_(&game), table_(PositionHash<G>{&game}, initial_table_capacity) {}

  // The nim-value of p.
  Nimber value(const Position& p) {
    Nimber total = 0;
    parts_of(p, root_parts_);
    for (const Position& part : root_parts_) total ^= value_of_part(part);
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
  void set_memory_limit(std::size_t bytes) noexcept { table_.set_memory_limit(bytes); }

  // Called every few thousand positions searched (Context::poll: cancellation);
  // it may throw to abandon the search, which leaves the solver usable.
  void set_poll(std::function<void()> hook) { poll_ = std::move(hook); }

 private:
  // Marks a position whose value is being computed (on the search stack).
  static constexpr Nimber kInProgress = ~Nimber{0};

  struct Frame {
    Position position;
    std::size_t first_option;  // into options_
    std::size_t next_option;
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

  // Value of an indivisible canonical part, or nullopt after pushing a frame for
  // the first unsolved position it needs.
  std::optional<Nimber> lookup_or_push(const Position& part) {
    if constexpr (GameWithClosedForm<G>) {
      if (auto v = game_->closed_form(part)) return *v;
    }
    if (const Nimber* v = table_.find(part)) {
      if (*v == kInProgress) throw_cycle(part);
      return *v;
    }
    push(part);
    return std::nullopt;
  }

  void push(const Position& part) {
    if (poll_ && (++pushes_ & 4095) == 0) {
      try {
        poll_();
      } catch (...) {
        reset_in_progress();
        throw;
      }
    }
    table_.set(part, kInProgress);
    const std::size_t first = options_.size();
    game_->moves(part, options_);
    option_values_.resize(options_.size());
    stack_.push_back(Frame{part, first, first});
  }

  Nimber value_of_part(const Position& part) {
    if (auto v = lookup_or_push(part)) return *v;
    while (!stack_.empty()) {
      const std::size_t top = stack_.size() - 1;
      if (stack_[top].next_option == options_.size()) {
        // Every option valued: g = mex.
        mex_.clear();
        for (std::size_t i = stack_[top].first_option; i < options_.size(); ++i) mex_.insert(option_values_[i]);
        const Nimber g = mex_.mex();
        table_.set(stack_[top].position, g);
        options_.resize(stack_[top].first_option);
        option_values_.resize(options_.size());
        stack_.pop_back();
        continue;
      }
      // Value the next option: the xor of its parts, each solved or pushed.
      const std::size_t index = stack_[top].next_option;
      parts_of(options_[index], option_parts_);
      Nimber total = 0;
      bool complete = true;
      for (const Position& q : option_parts_) {
        auto v = lookup_or_push(q);
        if (!v) {
          complete = false;
          break;
        }
        total ^= *v;
      }
      if (complete) {
        option_values_[index] = total;
        ++stack_[top].next_option;
      }
    }
    const Nimber* v = table_.find(part);
    return *v;
  }

  [[noreturn]] void throw_cycle(const Position& again) {
    std::vector<std::string> cycle;
    std::size_t start = 0;
    for (std::size_t i = stack_.size(); i-- > 0;) {
      if (stack_[i].position == again) {
        start = i;
        break;
      }
    }
    for (std::size_t i = start; i < stack_.size(); ++i) cycle.push_back(describe(stack_[i].position));
    cycle.push_back(describe(again));
    std::string path;
    for (std::size_t i = 0; i < cycle.size(); ++i) path += (i ? " -> " : "") + cycle[i];
    // Leave the solver usable: forget the positions that were in progress.
    reset_in_progress();
    throw CycleError("the game graph has a cycle, so it has no Sprague-Grundy values: " + path,
                     std::move(cycle));
  }

  void reset_in_progress() {
    // Rebuild the table without in-progress marks (rare: only after a cycle).
    TranspositionTable<Position, Nimber, PositionHash<G>> fresh(PositionHash<G>{game_});
    table_.for_each([&](const Position& k, Nimber v) {
      if (v != kInProgress) fresh.set(k, v);
    });
    table_ = std::move(fresh);
    stack_.clear();
    options_.clear();
    option_values_.clear();
  }

  std::string describe(const Position& p) const {
    if constexpr (DescribableGame<G>) {
      return game_->describe(p);
    } else {
      return "<position>";
    }
  }

  const G* game_;
  TranspositionTable<Position, Nimber, PositionHash<G>> table_;
  std::vector<Frame> stack_;
  std::vector<Position> options_;
  std::vector<Nimber> option_values_;
  std::vector<Position> option_parts_;
  std::vector<Position> root_parts_;
  MexSet mex_;
  std::function<void()> poll_;
  std::uint64_t pushes_ = 0;
};

}  // namespace grundy
