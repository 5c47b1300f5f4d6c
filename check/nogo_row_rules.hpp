// The checker's rules of impartial NoGo on one row, written from the rules
// (docs/certificates.md "The game nogo-row"), and the split of a row into
// independent parts that the certificate's claims name.
#pragma once

#include <string>
#include <vector>

#include "game_rules.hpp"

namespace grundy_check::nogo_row {

// A row's letters, its first and last one ends: '#' (off the board), '_' (a
// point no one may ever play: a liberty for good), 'x'/'o' (immortal stones);
// inside '.', X, O (and x, o, _ anywhere).
// Whether every group of `row` has a liberty ('.' or '_' beside it) or an
// immortal stone: a position of the game.
bool is_position(const std::string& row);

// Every legal placement on `row`: the row after it.
std::vector<std::string> options(const std::string& row);

// The parts of `row` (with its ends), each as the least of its four images
// (reversed, colours exchanged): the independent games whose sum it is.
std::vector<std::string> parts(const std::string& row);

// The least of the part's four images, or "" when `part` is not a part
// (ends in # _ x o, inside . X O only, at least one '.').
std::string least_image(const std::string& part);

// The game as the checker's proof reads it (game_rules.hpp).
GameRules rules();

}  // namespace grundy_check::nogo_row
