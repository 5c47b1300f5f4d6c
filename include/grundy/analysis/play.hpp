// Playing a position against a person: the computer's choice of move, and
// recognising the move a person typed (by number from a list, or as the whole
// position after it). What `grundy play` uses; no input or output here.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/position.hpp"

namespace grundy {

struct ChosenMove {
  Move move;
  std::string reason;  // why this move, in words
};

// With a winning move, the first one the analysis lists. Without one (the
// position is lost against perfect play), the move that leaves the opponent the
// smallest share of winning replies (ties: the most replies in all, then the
// first), so that a random or careless reply most likely goes wrong. Options are
// weighed up to `options_weighed` of them. nullopt when there is no move.
[[nodiscard]] std::optional<ChosenMove> computer_move(const Position& position, Context& context,
                                                     std::size_t options_weighed = 200);

// The first `limit` options of the position, in the rulesets' order (the menu).
[[nodiscard]] std::vector<Move> listed_moves(const Position& position, Context& context, std::size_t limit);

// The move from `position` whose whole result equals `typed`, looking through at
// most `search_limit` options of the one component that changed; nullopt when
// no legal move leads there.
[[nodiscard]] std::optional<Move> move_to(const Position& position, const Position& typed, Context& context,
                                          std::size_t search_limit = 1'000'000);

// When `played` (a move from `position`) threw away a win — `position` had a
// winning move and `played` leaves the opponent a winning position — the
// winning move the player had (the first the analysis lists); otherwise
// nothing. `grundy play` tells a learner so.
[[nodiscard]] std::optional<Move> missed_win(const Position& position, const Move& played, Context& context);

// True when the position has no move (the player to move has lost).
[[nodiscard]] bool has_no_move(const Position& position, Context& context);

}  // namespace grundy
