// The misère outcome of a sum by searching it: the general fallback of the
// misère analysis, for sums no theory answers within its bounds. A position is
// a multiset of nodes of LazyFollowers (components with no option are the
// game 0 and are dropped), whose options are listed as the search reaches
// them; the player with no move wins; a position is won by
// the mover exactly when some move leads to a position the other player loses.
// Positions are memoised; the search has a memory bound
// (memo and followers together; LimitError past it) and the search polls the
// context (Ctrl-C). No recursion: plays may be long. A sum met again on the
// path that leads to it is a game with cycles, refused with InputError.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "grundy/core/context.hpp"
#include "misere/lazy_followers.hpp"

namespace grundy::misere {

class SumSearch {
 public:
  SumSearch(LazyFollowers& graph, Context& context, std::size_t memory_bytes);

  // True when the player to move wins the sum of these nodes (misère play).
  [[nodiscard]] bool first_player_wins(std::vector<std::uint32_t> nodes);
  [[nodiscard]] std::size_t positions() const noexcept { return memo_.size(); }

 private:
  [[nodiscard]] std::vector<std::uint32_t> normal(std::vector<std::uint32_t> nodes);
  // LimitError when the memo, the path and the followers pass the bound.
  void check_memory() const;

  LazyFollowers& graph_;
  Context& context_;
  std::size_t memory_bytes_;
  std::size_t bytes_ = 0;       // the memo
  std::size_t path_bytes_ = 0;  // the sums on the path (and the open set's copies)
  std::map<std::vector<std::uint32_t>, bool> memo_;
  std::set<std::vector<std::uint32_t>> open_;  // the sums on the path being searched
};

}  // namespace grundy::misere
