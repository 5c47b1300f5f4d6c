// The misère outcome of a sum by searching it: the general fallback of the
// misère analysis, for sums no theory answers within its bounds. A position is
// a multiset of nodes of a FollowerGraph (components with no option are the
// game 0 and are dropped); the player with no move wins; a position is won by
// the mover exactly when some move leads to a position the other player loses.
// Positions are memoised; the memo has a memory bound (LimitError past it)
// and the search polls the context (Ctrl-C). No recursion: plays may be long.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

#include "grundy/core/context.hpp"
#include "misere/follower_graph.hpp"

namespace grundy::misere {

class SumSearch {
 public:
  SumSearch(const FollowerGraph& graph, Context& context, std::size_t memory_bytes);

  // True when the player to move wins the sum of these nodes (misère play).
  [[nodiscard]] bool first_player_wins(std::vector<std::uint32_t> nodes);
  [[nodiscard]] std::size_t positions() const noexcept { return memo_.size(); }

 private:
  [[nodiscard]] std::vector<std::uint32_t> normal(std::vector<std::uint32_t> nodes) const;

  const FollowerGraph& graph_;
  Context& context_;
  std::size_t memory_bytes_;
  std::size_t bytes_ = 0;
  std::map<std::vector<std::uint32_t>, bool> memo_;
};

}  // namespace grundy::misere
