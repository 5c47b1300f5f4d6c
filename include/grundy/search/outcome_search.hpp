// The one Lemoine–Viennot search: the value of a game whose positions split
// into independent parts, by outcome questions. g(G) = n exactly when G + *n is
// a P-position (Sprague–Grundy), and "is G + *n a first-player win?" is an
// AND-OR search that stops at the first winning move, where a full mex would
// value every option of every large position (Lemoine and Viennot, "Nimbers
// are inevitable", Theoretical Computer Science 462 (2012); Beling and
// Rogalski's igs names it `lv`).
//
// A position of the search is one part plus a heap: a move in the part leaves
// parts whose values, all but the largest one's, are folded into the heap, so
// the opponent faces one part plus a heap again; a move in the heap to *m
// (m < heap) is a P-position exactly when g(G) = m. Moves are tried smallest
// largest part first (they settle fastest: on Cram 6x6 four times fewer sums
// searched than largest first), in two passes: the first settles, without
// searching, the moves whose parts are all known (a win when they xor to the
// heap) and drops those known to hand the opponent a win; the second searches
// the rest. Its findings are remembered: the value when no move wins, a bit of
// "G + *heap is a first-player win" otherwise.
//
// The engine that owns the search (the placement family's Engine<N>, the Node
// Kayles graph engine) supplies, as members of `Game` (a part's `size` is its
// number of cells or vertices, which orders the moves):
//   using Part, RawPart             a part as a table key, and as a move lists it
//   list_moves(part, moves)         every move of part: moves.begin_move(), then
//                                   moves.add_part(raw, size) for each part it leaves
//   to_part(parent, raw) -> Part    the key of a part a move of `parent` left
//                                   (cropped, canonical under symmetry)
//   known_value(part, size) -> optional<Nimber>
//                                   the value when it needs no search (stored,
//                                   a closed form), for the first pass
//   sole_unknown_value(part, size) -> optional<Nimber>
//                                   the value of a move's one unknown part when a
//                                   strategy gives it at once (a mirror position)
//   win_mask(part) -> uint64_t      bit h: part + *h is known to be a first-player win
//   value(part, size) -> Nimber     the exact value of a part (by this search, or
//                                   a cheaper way for small parts)
//   wins(part, size, heap) -> bool  the engine's question: its own checks (tables,
//                                   shortcuts), then this search
//   remember(part, value), remember_first_player_win(part, heap)
//   searching(part, heap)           a node is searched: count it, charge the
//                                   run's meter (may throw Cancelled)
// and, when its tables are shared by two threads:
//   busy(part, heap) -> RAII        marks (part, heap) being searched here
//   asked_elsewhere(part, heap)     the other thread is searching it now: the move
//                                   waits for a second sweep
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/search/frame_stack.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy {

// The moves of one node as the engine lists them: move i left the parts
// raw[first[i] .. first[i + 1]), of sizes sizes[…]; its largest part has
// largest[i] (the size the moves are ordered by).
template <class RawPart>
struct ListedMoves {
  std::vector<RawPart> raw;
  std::vector<int> sizes;
  std::vector<std::size_t> first;
  std::vector<int> largest;

  void clear() {
    raw.clear();
    sizes.clear();
    first.clear();
    largest.clear();
  }
  void begin_move() {
    first.push_back(raw.size());
    largest.push_back(0);
  }
  void add_part(const RawPart& part, int size) {
    raw.push_back(part);
    sizes.push_back(size);
    largest.back() = std::max(largest.back(), size);
  }
  [[nodiscard]] std::size_t count() const noexcept { return largest.size(); }
};

template <class Game>
concept SharedTablesGame = requires(Game& game, const typename Game::Part& part, Nimber heap) {
  { game.asked_elsewhere(part, heap) } -> std::convertible_to<bool>;
  game.busy(part, heap);
};

template <class Game>
class OutcomeSearch {
 public:
  using Part = typename Game::Part;
  using RawPart = typename Game::RawPart;

  explicit OutcomeSearch(Game& game) : game_(game) {}

  // Is part + *heap a first-player win? Call after the engine's own checks
  // (its tables, its shortcuts); this is the search itself.
  bool wins(const Part& part, int size, Nimber heap) {
    game_.searching(part, heap);
    if constexpr (SharedTablesGame<Game>) {
      const auto busy = game_.busy(part, heap);
      return search(part, size, heap);
    } else {
      return search(part, size, heap);
    }
  }

  // g(part): the least n with part + *n a P-position, by the engine's
  // question (its checks, then this search), which stores the value it finds.
  Nimber value_by_outcomes(const Part& part, int size) {
    for (Nimber n = 0;; ++n)
      if (!game_.wins(part, size, n)) return n;
  }

  // How deep the search is now.
  [[nodiscard]] std::size_t depth() const noexcept { return frames_.depth(); }
  // What every depth's frame holds: its lists' capacity, and `owned(part)`
  // bytes beyond each part listed (a board's letters), for the engine's
  // memory bound.
  template <class Owned>
  [[nodiscard]] std::size_t stack_bytes(Owned&& owned) const {
    std::size_t bytes = 0;
    frames_.for_each([&](const Frame& f) {
      bytes += sizeof(Frame) + f.moves.raw.capacity() * sizeof(RawPart) + f.parts.capacity() * sizeof(Part) +
               (f.moves.sizes.capacity() + f.moves.largest.capacity() + f.part_sizes.capacity()) * sizeof(int) +
               (f.moves.first.capacity() + f.first_part.capacity() + f.open.capacity() + f.deferred.capacity()) *
                   sizeof(std::size_t) +
               (f.order.capacity() + f.start.capacity()) * sizeof(std::uint32_t);
      for (const RawPart& raw : f.moves.raw) bytes += owned(raw);
      for (const Part& part : f.parts) bytes += owned(part);
    });
    return bytes;
  }

 private:
  // One node's working lists, one per recursion depth.
  struct Frame {
    ListedMoves<RawPart> moves;
    std::vector<std::uint32_t> order;      // moves, smallest largest part first
    std::vector<std::uint32_t> start;      // the counting sort's bucket starts
    std::vector<Part> parts;               // pass 1's candidates' parts, one after another
    std::vector<int> part_sizes;
    std::vector<std::size_t> first_part;   // candidate k: parts[first_part[k] .. first_part[k + 1])
    std::vector<std::size_t> open;         // candidates left for pass 2
    std::vector<std::size_t> deferred;     // pass 2's moves another thread is searching
  };

  bool search(const Part& part, int size, Nimber heap) {
    typename FrameStack<Frame>::Guard depth(frames_);
    Frame& f = depth.frame();
    f.moves.clear();
    game_.list_moves(part, f.moves);
    const std::size_t moves = f.moves.count();
    // A stable counting sort on the largest part's size.
    {
      int top = 0;
      for (const int l : f.moves.largest) top = std::max(top, l);
      f.start.assign(static_cast<std::size_t>(top) + 2, 0);
      for (const int l : f.moves.largest) ++f.start[static_cast<std::size_t>(l) + 1];
      for (std::size_t b = 1; b < f.start.size(); ++b) f.start[b] += f.start[b - 1];
      f.order.resize(moves);
      for (std::size_t i = 0; i < moves; ++i)
        f.order[f.start[static_cast<std::size_t>(f.moves.largest[i])]++] = static_cast<std::uint32_t>(i);
    }
    f.moves.first.push_back(f.moves.raw.size());
    // Pass 1, no search.
    bool win = false;
    f.parts.clear();
    f.part_sizes.clear();
    f.first_part.clear();
    f.open.clear();
    for (std::size_t k = 0; k < moves && !win; ++k) {
      const std::uint32_t move = f.order[k];
      f.first_part.push_back(f.parts.size());
      for (std::size_t q = f.moves.first[move]; q < f.moves.first[move + 1]; ++q) {
        f.parts.push_back(game_.to_part(part, f.moves.raw[q]));
        f.part_sizes.push_back(f.moves.sizes[q]);
      }
      Nimber h = heap;
      std::size_t unknown = 0;
      std::size_t last_unknown = 0;
      for (std::size_t j = f.first_part[k]; j < f.parts.size(); ++j) {
        if (const std::optional<Nimber> v = game_.known_value(f.parts[j], f.part_sizes[j])) {
          h ^= *v;
        } else {
          ++unknown;
          last_unknown = j;
        }
      }
      if (unknown == 1) {
        if (const std::optional<Nimber> v = game_.sole_unknown_value(f.parts[last_unknown], f.part_sizes[last_unknown])) {
          h ^= *v;
          unknown = 0;
        }
      }
      if (unknown == 0) {
        win = h == 0;
      } else if (unknown == 1 && h < 64) {
        // The opponent would face (that part) + *h: known to be theirs to win?
        if (((game_.win_mask(f.parts[last_unknown]) >> h) & 1U) == 0) f.open.push_back(k);
      } else {
        f.open.push_back(k);
      }
    }
    f.first_part.push_back(f.parts.size());
    // Pass 2: search the rest in the same order.
    f.deferred.clear();
    const auto search_move = [&](std::size_t candidate, bool may_defer) {
      const std::size_t begin = f.first_part[candidate];
      const std::size_t end = f.first_part[candidate + 1];
      std::size_t largest = begin;
      for (std::size_t j = begin + 1; j < end; ++j)
        if (f.part_sizes[j] > f.part_sizes[largest]) largest = j;
      Nimber h = heap;
      // f stays valid and unchanged: the recursion below uses deeper frames.
      for (std::size_t j = begin; j < end; ++j)
        if (j != largest) h ^= game_.value(f.parts[j], f.part_sizes[j]);
      if constexpr (SharedTablesGame<Game>) {
        if (may_defer && game_.asked_elsewhere(f.parts[largest], h)) {
          f.deferred.push_back(candidate);
          return;
        }
      }
      // The opponent faces (largest part) + *h: ours if that is a P-position.
      win = !game_.wins(f.parts[largest], f.part_sizes[largest], h);
    };
    for (std::size_t k = 0; k < f.open.size() && !win; ++k) search_move(f.open[k], true);
    for (std::size_t k = 0; k < f.deferred.size() && !win; ++k) search_move(f.deferred[k], false);
    // Moving in the heap: to part + *m, a P-position exactly when g(part) = m.
    for (Nimber m = 0; m < heap && !win; ++m) win = !game_.wins(part, size, m);
    if (!win) {
      game_.remember(part, heap);
    } else if (heap < 64) {
      game_.remember_first_player_win(part, heap);
    }
    return win;
  }

  Game& game_;
  FrameStack<Frame> frames_;
};

}  // namespace grundy
