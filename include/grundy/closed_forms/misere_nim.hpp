// Misère Nim (the last player to move loses), by Bouton's rule: while some heap
// has 2 or more stones, play as in normal Nim, except that the move which leaves
// no heap of 2 or more must leave an odd number of 1-heaps; once every heap is 0
// or 1, the player to move wins iff the number of 1-heaps is even.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace grundy {

struct MisereNimAnalysis {
  bool first_player_wins = false;
  // Every winning move, as (heap index, new size), by heap index.
  std::vector<std::pair<std::size_t, std::uint64_t>> winning_moves;
};

// O(number of heaps); any heap sizes.
[[nodiscard]] MisereNimAnalysis analyze_misere_nim(std::span<const std::uint64_t> heaps);

}  // namespace grundy
