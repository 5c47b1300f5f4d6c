// Placement games in the expression language: blocks2x2(8x8), cram(@board.txt),
// bars(3)(5x5), polyominoes(i3,v3)(6x6), nodekayles_grid(4x5),
// nodekayles_king(5x5), nodekayles_path(10). The last "(...)" group holds the
// board (a word RxC, a file @path, or for paths a vertex count); groups before it
// are the rule's parameters.
#pragma once

#include <string_view>

#include "grundy/component.hpp"
#include "grundy/expression.hpp"
#include "grundy/placement/board.hpp"
#include "grundy/placement/rule.hpp"

namespace grundy {

[[nodiscard]] bool is_placement_game_name(std::string_view name);

// Throws InputError (with the column of the offending argument) on a bad term.
[[nodiscard]] ComponentPtr make_placement_component(const ExprTerm& term);

namespace placement {

// The two halves of make_placement_component, for callers that want the pieces.
[[nodiscard]] Rule rule_of_term(const ExprTerm& term);
[[nodiscard]] Board board_of_term(const ExprTerm& term);

}  // namespace placement

}  // namespace grundy
