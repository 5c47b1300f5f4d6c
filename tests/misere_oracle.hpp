// The misère oracle of the tests: who wins a sum under the misère convention,
// by searching the sum itself. It knows none of the theory (no canonical form,
// genus, quotient or Bouton's rule): a position is a multiset of parts, a move
// turns one part into zero or more parts, the player with no move wins (the
// last player to move loses), and a position is won by the mover exactly when
// some move leads to a position won by the other player.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/core/position.hpp"

namespace grundy::testing {

// `options(part)` lists, for each move of the part, the parts it becomes.
// Parts that cannot move at all are kept (they do not change who wins, but the
// oracle does not rely on that).
template <class Part>
class MisereOracle {
 public:
  using Options = std::function<const std::vector<std::vector<Part>>&(const Part&)>;
  // Past `max_positions` memoised positions the search gives up (throws
  // TooLarge), so a test can skip sums too large to search.
  struct TooLarge {};
  explicit MisereOracle(Options options, std::size_t max_positions = 0)
      : options_(std::move(options)), max_positions_(max_positions) {}

  // True when the player to move wins the sum.
  bool first_player_wins(std::vector<Part> position) {
    std::sort(position.begin(), position.end());
    auto it = memo_.find(position);
    if (it != memo_.end()) return it->second;
    bool wins = true;  // no move: the mover has made no last move, so wins
    bool any_move = false;
    for (std::size_t i = 0; i < position.size() && !(any_move && wins); ++i) {
      if (i > 0 && position[i] == position[i - 1]) continue;
      const std::vector<std::vector<Part>>& moves = options_(position[i]);
      for (const std::vector<Part>& replacement : moves) {
        if (!any_move) {
          any_move = true;
          wins = false;
        }
        std::vector<Part> next;
        next.reserve(position.size() + replacement.size());
        next.insert(next.end(), position.begin(), position.begin() + static_cast<std::ptrdiff_t>(i));
        next.insert(next.end(), position.begin() + static_cast<std::ptrdiff_t>(i) + 1, position.end());
        next.insert(next.end(), replacement.begin(), replacement.end());
        if (!first_player_wins(std::move(next))) {
          wins = true;
          break;
        }
      }
    }
    memo_.emplace(std::move(position), wins);
    if (max_positions_ != 0 && memo_.size() > max_positions_) throw TooLarge{};
    return wins;
  }

  [[nodiscard]] std::size_t positions() const { return memo_.size(); }

 private:
  Options options_;
  std::size_t max_positions_;
  std::map<std::vector<Part>, bool> memo_;
};

// Explicit game trees: game i's options are games with smaller indices.
class TreeOracle {
 public:
  explicit TreeOracle(const std::vector<std::vector<int>>& games)
      : oracle_([this](const int& g) -> const std::vector<std::vector<int>>& { return moves_[static_cast<std::size_t>(g)]; }) {
    for (const std::vector<int>& options : games) {
      std::vector<std::vector<int>> moves;
      for (int o : options) moves.push_back({o});
      moves_.push_back(std::move(moves));
    }
  }
  bool first_player_wins(std::vector<int> parts) { return oracle_.first_player_wins(std::move(parts)); }

 private:
  std::vector<std::vector<std::vector<int>>> moves_;
  MisereOracle<int> oracle_;
};

// Sums of heaps of one heap rule, through the rule's moves.
class HeapOracle {
 public:
  HeapOracle(HeapRulePtr rule)  // NOLINT(google-explicit-constructor)
      : rule_(std::move(rule)),
        oracle_([this](const std::uint64_t& heap) -> const std::vector<std::vector<std::uint64_t>>& { return moves(heap); }) {}
  bool first_player_wins(std::vector<std::uint64_t> heaps) {
    heaps.erase(std::remove(heaps.begin(), heaps.end(), 0), heaps.end());
    return oracle_.first_player_wins(std::move(heaps));
  }

 private:
  const std::vector<std::vector<std::uint64_t>>& moves(std::uint64_t heap) {
    auto it = cache_.find(heap);
    if (it != cache_.end()) return it->second;
    std::vector<std::vector<std::uint64_t>> list;
    rule_->for_each_move(heap, [&](const HeapMove& move) {
      list.push_back(move.leaves);
      return true;
    });
    return cache_.emplace(heap, std::move(list)).first->second;
  }

  HeapRulePtr rule_;
  std::unordered_map<std::uint64_t, std::vector<std::vector<std::uint64_t>>> cache_;
  MisereOracle<std::uint64_t> oracle_;
};

// Sums of components of any ruleset (positions as the registry builds them),
// through their options; parts are named by their text, which is canonical,
// and each text by a number (the search compares numbers, not texts).
class ComponentOracle {
 public:
  using TooLarge = MisereOracle<std::uint32_t>::TooLarge;
  explicit ComponentOracle(Context& context, std::size_t max_positions = 0)
      : context_(context),
        oracle_([this](const std::uint32_t& part) -> const std::vector<std::vector<std::uint32_t>>& { return moves(part); },
                max_positions) {}
  bool first_player_wins(const Position& position) {
    std::vector<std::uint32_t> parts;
    for (std::size_t i = 0; i < position.size(); ++i) parts.push_back(remember(position.component(i)));
    return oracle_.first_player_wins(std::move(parts));
  }

 private:
  std::uint32_t remember(const ComponentPtr& component) {
    const auto [it, added] = ids_.emplace(component->text(), static_cast<std::uint32_t>(components_.size()));
    if (added) {
      components_.push_back(component);
      cache_.emplace_back();
    }
    return it->second;
  }
  const std::vector<std::vector<std::uint32_t>>& moves(std::uint32_t part) {
    if (cache_[part]) return *cache_[part];
    std::vector<std::vector<std::uint32_t>> list;
    const ComponentPtr component = components_[part];
    component->for_each_option(context_, [&](ComponentOption&& option) {
      std::vector<std::uint32_t> parts;
      for (std::size_t i = 0; i < option.after.size(); ++i) parts.push_back(remember(option.after.component(i)));
      list.push_back(std::move(parts));
      return true;
    });
    cache_[part] = std::make_unique<std::vector<std::vector<std::uint32_t>>>(std::move(list));
    return *cache_[part];
  }

  Context& context_;
  std::unordered_map<std::string, std::uint32_t> ids_;
  std::vector<ComponentPtr> components_;
  // Pointers: the vector grows while a part's list is in use by the search.
  std::vector<std::unique_ptr<std::vector<std::vector<std::uint32_t>>>> cache_;
  MisereOracle<std::uint32_t> oracle_;
};

}  // namespace grundy::testing
