#include "grundy/closed_forms/misere_nim.hpp"

namespace grundy {

// The misère P-positions (Bouton): all heaps <= 1 with an odd number of 1-heaps,
// or some heap >= 2 with nim-sum 0. A winning move is a move to one of them:
// - Two or more heaps >= 2: every move leaves a heap >= 2, so the winning moves are
//   exactly Nim's: heap i to x xor h_i when that is smaller.
// - Exactly one heap >= 2: a move leaving it >= 2 leaves nim-sum >= 2 (the rest xor
//   to 0 or 1), so the only winning move cuts it to 0 or 1, whichever leaves an odd
//   number of 1-heaps. The player to move always wins.
// - All heaps <= 1: the only moves empty a 1-heap; they win iff the number of
//   1-heaps is even (then every one of them wins). With no 1-heap at all the player
//   to move has no move and has already won.
MisereNimAnalysis analyze_misere_nim(std::span<const std::uint64_t> heaps) {
  MisereNimAnalysis result;
  std::size_t big_heaps = 0;  // heaps >= 2
  std::size_t big_index = 0;
  std::size_t ones = 0;
  std::uint64_t nim_sum = 0;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    nim_sum ^= heaps[i];
    if (heaps[i] >= 2) {
      ++big_heaps;
      big_index = i;
    } else if (heaps[i] == 1) {
      ++ones;
    }
  }
  if (big_heaps >= 2) {
    result.first_player_wins = nim_sum != 0;
    for (std::size_t i = 0; i < heaps.size() && nim_sum != 0; ++i) {
      const std::uint64_t target = nim_sum ^ heaps[i];
      if (target < heaps[i]) result.winning_moves.emplace_back(i, target);
    }
  } else if (big_heaps == 1) {
    result.first_player_wins = true;
    // Leave an odd number of 1-heaps: one more 1-heap if there is an even number now.
    result.winning_moves.emplace_back(big_index, ones % 2 == 0 ? 1 : 0);
  } else {
    result.first_player_wins = ones % 2 == 0;
    if (result.first_player_wins) {
      for (std::size_t i = 0; i < heaps.size(); ++i) {
        if (heaps[i] == 1) result.winning_moves.emplace_back(i, 0);
      }
    }
  }
  return result;
}

}  // namespace grundy
