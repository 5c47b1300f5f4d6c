// Values of a game's parts by outcome questions: the one Lemoine–Viennot search
// (outcome_search.hpp) over any game of the model that splits its positions
// into independent parts (the components() hook), stores each part under its
// canonical form (canonical()) and says how large a part is (part_size()).
//
// g(G) = n exactly when G + *n is a P-position, and "is G + *n a first-player
// win?" stops at the first winning move, where the definition values every
// option of every position it meets: Clobber 2x10 took the definition 9.9 s
// and takes this search 0.2 s, NoGo 3x5 20 s and 6 s. Where values are larger
// it can lose (a value v takes v + 1 searches): Clobber (XO)^100, value 3,
// 0.9 s against 4.3 s (docs/performance.md).
//
// A game opts in with the hook
//   g.part_size(p) -> int     how large a part is (its empty points, its stones):
//                             moves are tried smallest largest part first, which
//                             settles them fastest
// and the engine choice (engine_choice.hpp) then values its parts here instead
// of by the Solver (in normal play; a game with cycles is the loopy solver's),
// the values of the parts another engine knows (the part search, where a part
// packs into a key) taken from it (set_known).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "grundy/core/game.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/memory_budget.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/search/outcome_search.hpp"
#include "grundy/core/solver_tables.hpp"

namespace grundy {

template <class G>
concept GameValuedByOutcomes = DecomposableGame<G> && CanonicalizingGame<G> &&
                               requires(const G& game, const typename G::Position& p) {
                                 { game.part_size(p) } -> std::convertible_to<int>;
                               };

// (Unconstrained, so that GameAdapter may name it for any game; made only for
// a game that opts in.)
template <class G>
class OutcomeEngine {
 public:
  using Position = typename G::Position;
  // The search's names: a part as a table key (canonical) and as a move lists it.
  using Part = Position;
  using RawPart = Position;

  explicit OutcomeEngine(const G& game) : game_(&game), values_(game), first_player_wins_(game), search_(*this) {
    static_assert(GameValuedByOutcomes<G>, "components(), canonical() and part_size() are the outcome search's needs");
  }

  // The bound on the two tables' bytes (their keys' own bytes with them) and
  // the search's stack together (0: none); past it LimitError naming `named`
  // (the run's --memory, of which `bytes` is this engine's share; 0: `bytes`).
  // Each table may take what the other and the stack leave (a fixed half
  // each refused a search whose values outgrew their half, naming the half).
  void set_memory_limit(std::size_t bytes, std::size_t named = 0) {
    limit_ = bytes;
    named_ = named != 0 ? named : bytes;
    share_room();
  }
  // Called at every node searched: Context::poll, which may throw to stop.
  // Every node, not every 4096: a node of a large board lists hundreds of
  // options, each split and made canonical (Clobber 20x20: milliseconds a
  // node), and 4096 of them let Ctrl-C wait 6.6 s.
  void set_poll(std::function<void()> hook) { poll_ = std::move(hook); }
  // The value of a part another engine knows, or nullopt (asked before the
  // tables, for every part met).
  void set_known(std::function<std::optional<Nimber>(const Position&)> known) { known_ = std::move(known); }
  // The two tables' bytes (with their keys' own).
  [[nodiscard]] std::size_t memory_bytes() const noexcept {
    return values_.memory_bytes() + first_player_wins_.memory_bytes();
  }
  // The search's stack as last measured: every depth's listed moves and parts.
  [[nodiscard]] std::size_t stack_bytes() const noexcept { return stack_bytes_; }
  // Measures it now (a progress line; the search measures at each new depth
  // and every 256 nodes).
  std::size_t measure_stack() {
    stack_bytes_ = search_.stack_bytes([this](const Position& p) { return owned_bytes(p); });
    return stack_bytes_;
  }
  // How deep the search is now.
  [[nodiscard]] std::size_t depth() const noexcept { return search_.depth(); }

  // The value of p: the xor of its parts' values.
  Nimber value_of_position(const Position& p) {
    std::vector<Position> parts;
    game_->components(p, parts);
    Nimber total = 0;
    for (const Position& part : parts) {
      const Position key = game_->canonical(part);
      total ^= value(key, game_->part_size(key));
    }
    return total;
  }

  [[nodiscard]] std::size_t stored_values() const noexcept { return values_.size(); }
  [[nodiscard]] std::uint64_t nodes_searched() const noexcept { return nodes_; }

  // ---- the outcome search's questions (outcome_search.hpp) ----

  void list_moves(const Part& part, ListedMoves<RawPart>& moves) {
    options_.clear();
    game_->moves(part, options_);
    for (const Position& q : options_) {
      moves.begin_move();
      pieces_.clear();
      game_->components(q, pieces_);
      for (const Position& piece : pieces_) moves.add_part(piece, game_->part_size(piece));
    }
  }
  Part to_part(const Part&, const RawPart& raw) const { return game_->canonical(raw); }
  std::optional<Nimber> known_value(const Part& part, int) const {
    if constexpr (GameWithClosedForm<G>) {
      if (std::optional<Nimber> v = game_->closed_form(part)) return v;
    }
    if (known_) {
      if (std::optional<Nimber> v = known_(part)) return v;
    }
    const Nimber v = values_.find(part);
    if (v == kEmpty) return std::nullopt;
    return v;
  }
  std::optional<Nimber> sole_unknown_value(const Part&, int) const { return std::nullopt; }
  std::uint64_t win_mask(const Part& part) const {
    const Nimber mask = first_player_wins_.find(part);
    return mask == kEmpty ? 0 : mask;
  }
  Nimber value(const Part& part, int size) {
    if (const std::optional<Nimber> v = known_value(part, size)) return *v;
    return search_.value_by_outcomes(part, size);
  }
  bool wins(const Part& part, int size, Nimber heap) {
    if (const std::optional<Nimber> v = known_value(part, size)) return *v != heap;
    if (heap < 63 && ((win_mask(part) >> heap) & 1U) != 0) return true;
    return search_.wins(part, size, heap);
  }
  void remember(const Part& part, Nimber value) {
    share_room();
    values_.set(part, value);
  }
  void remember_first_player_win(const Part& part, Nimber heap) {
    // Bit 63 stays clear: a mask is never the table's empty mark.
    if (heap < 63) {
      share_room();
      first_player_wins_.set(part, win_mask(part) | (std::uint64_t{1} << heap));
    }
  }
  void searching(const Part&, Nimber) {
    ++nodes_;
    if (poll_) poll_();
    // The stack measured at each new depth and every 256 nodes (a walk over
    // every depth's moves): on a board of hundreds of squares it holds more
    // than the tables (each depth's hundreds of options, a board each; the
    // first descent of Clobber 20x20 made 133 MiB of frames in 128 nodes).
    const bool deeper = search_.depth() > deepest_;
    if (deeper) deepest_ = search_.depth();
    if (deeper || (nodes_ & 0xFF) == 0) {
      measure_stack();
      if (limit_ != 0 && stack_bytes_ + memory_bytes() > limit_) {
        throw LimitError("the outcome search needs more than the memory bound of " + bytes_text(named_) +
                         " (--memory; its tables hold " + bytes_text(memory_bytes()) + ", its stack of " +
                         std::to_string(search_.depth()) + " moves " + bytes_text(stack_bytes_) + ")");
      }
      share_room();
    }
  }

 private:
  std::size_t owned_bytes(const Position& p) const {
    if constexpr (GameWithOwnedBytes<G>) {
      return game_->owned_bytes(p);
    } else {
      (void)p;
      return 0;
    }
  }
  // Each table's limit: what the other table and the stack leave of the share.
  void share_room() {
    if (limit_ == 0) {
      values_.set_memory_limit(0);
      first_player_wins_.set_memory_limit(0);
      return;
    }
    const auto room = [&](std::size_t others) { return others >= limit_ ? 1 : limit_ - others; };
    values_.set_memory_limit(room(first_player_wins_.memory_bytes() + stack_bytes_), named_);
    first_player_wins_.set_memory_limit(room(values_.memory_bytes() + stack_bytes_), named_);
  }

  const G* game_;
  std::size_t limit_ = 0;
  std::size_t named_ = 0;
  std::size_t stack_bytes_ = 0;
  std::size_t deepest_ = 0;  // the deepest the stack was measured at
  HashTable<G> values_;
  HashTable<G> first_player_wins_;  // bit h: part + *h is a first-player win
  OutcomeSearch<OutcomeEngine> search_;
  std::function<void()> poll_;
  std::function<std::optional<Nimber>(const Position&)> known_;
  std::uint64_t nodes_ = 0;
  std::vector<Position> options_;  // list_moves's buffers (the search copies what it keeps)
  std::vector<Position> pieces_;
};

}  // namespace grundy
