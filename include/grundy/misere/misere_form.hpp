// The misère canonical form of a position and what it tells (`grundy misere`,
// Python's grundy.misere): the form in CGSuite's notation, the genus, the
// misère and normal nim-values, the outcome, the classification and the mate
// (classification.hpp). The position is a sum of any rulesets' components, or
// a game written in CGSuite's notation (`*[[2],0]`, notation.hpp).
#pragma once

#include <string>
#include <string_view>

#include "grundy/core/context.hpp"
#include "grundy/misere/classification.hpp"
#include "grundy/core/position.hpp"

namespace grundy::misere {

// Throws InputError (a game with cycles), LimitError (too many followers, or
// canonical forms past the memory bound), Cancelled.
[[nodiscard]] MisereFacts misere_form(const Position& position, Context& context);
// Throws InputError naming the column of a mistake.
[[nodiscard]] MisereFacts misere_form(std::string_view notation, Context& context);

}  // namespace grundy::misere
