// The loopy solver: the generalized Sprague–Grundy function γ (a nimber or
// ∞(K)) and its counter for any game that models ImpartialGame, when its graph
// may have cycles. A sibling of the normal-play Solver, not a special case of it.
//
// The first question about a position explores every position it reaches
// (iteratively, breadth first), numbers them, and labels the new part with the
// Fraenkel–Yesha stages (loopy_labelling.hpp). Later questions about positions
// already explored are lookups; a position outside explores only what is new,
// and the positions explored before are known vertices of that labelling (their
// followers were all explored with them, and γ of a vertex depends only on what
// it reaches), so their values and counters never change.
//
// Positions are taken whole: the optional components(), canonical() and
// closed_form() hooks are not used (a move that splits a position leaves one
// vertex, the sum; γ of the sum is Smith's sum of the parts' values anyway).
// Memory: the positions twice (list and index), what they own beyond that (the
// optional owned_bytes hook: a Python object behind each), 4 bytes an edge and
// about 40 a position, checked against the Context's memory bound at every
// position explored. Checked every 1024 positions, a Python game whose sums
// grow by a part at each move ([n, 0] listed from n) owned quadratically more
// between two checks and went past a 12 GB bound to the OOM killer.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/game.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/memory_budget.hpp"
#include "grundy/search/loopy_labelling.hpp"
#include "grundy/core/solver_tables.hpp"
#include "grundy/core/value.hpp"

namespace grundy {

template <ImpartialGame G>
class LoopySolver {
 public:
  using Position = typename G::Position;

  explicit LoopySolver(const G& game) : game_(&game), index_(game) {}

  // γ(p). Throws LimitError past the memory bound, Cancelled.
  Value value(const Position& p, Context& context) { return value_of_vertex(vertex(p, context)); }

  // c(p) for a finite γ(p); nullopt for ∞.
  std::optional<std::uint64_t> counter(const Position& p, Context& context) {
    const std::uint32_t v = vertex(p, context);
    if (label_[v] == kInfiniteLabel) return std::nullopt;
    return counter_[v];
  }

  [[nodiscard]] std::size_t explored_positions() const noexcept { return positions_.size(); }
  [[nodiscard]] std::size_t explored_moves() const noexcept { return targets_.size(); }
  // Labellings run (one per exploration of new positions).
  [[nodiscard]] std::size_t labellings() const noexcept { return labellings_; }

 private:
  std::uint32_t vertex(const Position& p, Context& context) {
    if (const Nimber v = index_.find(p); v != kEmpty) return static_cast<std::uint32_t>(v);
    explore_and_label(p, context);
    return static_cast<std::uint32_t>(index_.find(p));
  }

  Value value_of_vertex(std::uint32_t v) const {
    if (label_[v] != kInfiniteLabel) return Value(Nimber{label_[v]});
    return Value::infinite(reachable(v));
  }

  // K of an ∞ vertex: the finite values of its followers.
  std::vector<Nimber> reachable(std::uint32_t v) const {
    std::vector<Nimber> values;
    for (std::uint64_t e = offsets_[v]; e < offsets_[v + 1]; ++e) {
      if (label_[targets_[e]] != kInfiniteLabel) values.push_back(label_[targets_[e]]);
    }
    return values;
  }

  std::size_t bytes() const noexcept {
    // A position's own bytes counted once (owned_bytes_), not again as the
    // index's key: a position behind a Python object is one object shared.
    return index_.slot_bytes() + positions_.capacity() * sizeof(Position) + owned_bytes_ +
           targets_.capacity() * 4 + offsets_.capacity() * 8 + label_.capacity() * 4 + counter_.capacity() * 4;
  }

  std::size_t owned_bytes(const Position& p) const {
    if constexpr (GameWithOwnedBytes<G>) {
      return game_->owned_bytes(p);
    } else {
      return 0;
    }
  }

  std::uint32_t find_or_add(const Position& q) {
    if (const Nimber v = index_.find(q); v != kEmpty) return static_cast<std::uint32_t>(v);
    if (positions_.size() >= kMaxPositions) {
      throw LimitError("more than " + std::to_string(kMaxPositions) + " positions are reachable");
    }
    const auto v = static_cast<std::uint32_t>(positions_.size());
    positions_.push_back(q);
    index_.set(q, v);
    owned_bytes_ += owned_bytes(q);
    return v;
  }

  void explore_and_label(const Position& root, Context& context) {
    const std::size_t first = positions_.size();
    try {
      find_or_add(root);
      std::vector<Position> options;
      // What the run's other tables leave of its one budget (the solver may
      // outlive a run: a Python game's serves every call, so it holds no
      // share of one).
      const std::size_t bound = context.memory_budget().room();
      // Breadth first: positions are numbered in the order their rows are written.
      for (std::size_t v = first; v < positions_.size(); ++v) {
        options.clear();
        game_->moves(positions_[v], options);
        // The options just listed are held too until the next position (a sum
        // of k parts lists about k sums of k parts).
        std::size_t listed_bytes = options.capacity() * sizeof(Position);
        for (const Position& q : options) {
          listed_bytes += owned_bytes(q);
          targets_.push_back(find_or_add(q));
        }
        offsets_.push_back(targets_.size());
        context.charge(1 + options.size());
        if (bound != 0) {
          const std::size_t fresh = positions_.size() - first;
          if (bytes() + listed_bytes + loopy_labelling_bytes(fresh, targets_.size() - offsets_[first]) > bound) {
            throw LimitError("the positions reachable from this one need more than the memory bound of " +
                             bytes_text(context.memory_budget().bound()) + " (" + std::to_string(positions_.size()) +
                             " positions explored so far)");
          }
        }
      }
      label_new(first, context);
    } catch (...) {
      forget_from(first);
      throw;
    }
    ++labellings_;
  }

  // Labels vertices first.. with the vertices before them as known ones.
  void label_new(std::size_t first, Context& context) {
    const std::size_t fresh = positions_.size() - first;
    std::vector<std::uint64_t> offsets(fresh + 1);
    for (std::size_t i = 0; i <= fresh; ++i) offsets[i] = offsets_[first + i] - offsets_[first];
    std::vector<std::uint32_t> targets(targets_.begin() + static_cast<std::ptrdiff_t>(offsets_[first]), targets_.end());
    std::vector<KnownVertex> known;
    std::unordered_map<std::uint32_t, std::uint32_t> known_slot;
    for (std::uint32_t& t : targets) {
      if (t >= first) {
        t -= static_cast<std::uint32_t>(first);
        continue;
      }
      auto [it, added] = known_slot.emplace(t, static_cast<std::uint32_t>(known.size()));
      if (added) {
        KnownVertex k;
        k.label = label_[t];
        if (k.label == kInfiniteLabel) {
          k.reachable = reachable(t);
          std::sort(k.reachable.begin(), k.reachable.end());
        }
        known.push_back(std::move(k));
      }
      t = static_cast<std::uint32_t>(fresh) + it->second;
    }
    const LoopyLabelling labelling = label_loopy_graph(LoopyGraph{offsets, targets, known}, context, next_counter_);
    label_.insert(label_.end(), labelling.label.begin(), labelling.label.end());
    counter_.insert(counter_.end(), labelling.counter.begin(), labelling.counter.end());
    next_counter_ = labelling.next_counter;
  }

  // Drops what an interrupted exploration added (the index is rebuilt: rare).
  void forget_from(std::size_t first) {
    for (std::size_t v = first; v < positions_.size(); ++v) owned_bytes_ -= owned_bytes(positions_[v]);
    positions_.resize(first);
    targets_.resize(offsets_[first]);
    offsets_.resize(first + 1);
    label_.resize(std::min(label_.size(), first));
    counter_.resize(std::min(counter_.size(), first));
    HashTable<G> fresh(*game_);
    for (std::size_t v = 0; v < first; ++v) fresh.set(positions_[v], static_cast<Nimber>(v));
    index_ = std::move(fresh);
  }

  static constexpr std::size_t kMaxPositions = std::size_t{kInfiniteLabel} - 2;

  const G* game_;
  // Position -> its vertex number: the house's hash table (solver_tables.hpp),
  // a vertex number where the solver keeps a value.
  HashTable<G> index_;
  std::vector<Position> positions_;
  std::vector<std::uint64_t> offsets_{0};  // rows of the explored graph, as in LoopyGraph
  std::vector<std::uint32_t> targets_;
  std::vector<LoopyLabel> label_;
  std::vector<std::uint32_t> counter_;
  std::uint32_t next_counter_ = 0;
  std::size_t labellings_ = 0;
  std::size_t owned_bytes_ = 0;  // the positions' own (owned_bytes hook)
};

}  // namespace grundy
