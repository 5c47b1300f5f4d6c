// The built-in rulesets, one line each. A new ruleset is its own file under
// src/rulesets/ defining `RulesetSpec NAME_ruleset()` (see grundy/rulesets/ruleset_spec.hpp), plus
// one line in this list; the registry, the help, the error messages and the
// conformance suite pick it up from here.
#pragma once

#include <vector>

#include "grundy/rulesets/ruleset_spec.hpp"

#define GRUNDY_BUILTIN_RULESETS(X) \
  X(nim)                           \
  X(subtraction)                   \
  X(subtraction_powers_of_two)     \
  X(subtraction_squares)           \
  X(bash)                          \
  X(constrained_nim)               \
  X(moore_nim)                     \
  X(staircase_nim)                 \
  X(wythoff)                       \
  X(euclid)                        \
  X(game_graph)                    \
  X(hackenbush)                    \
  X(chomp)                         \
  X(divisors)                      \
  X(poset)                         \
  X(clobber)                       \
  X(nogo)                          \
  X(take_and_break_code)           \
  X(kayles)                        \
  X(dawsons_kayles)                \
  X(officers)                      \
  X(treblecross)                   \
  X(grundys_game)                  \
  X(lasker_nim)                    \
  X(coins)                         \
  X(corners)                       \
  X(blocks2x2)                     \
  X(cram)                          \
  X(bars)                          \
  X(polyominoes)                   \
  X(node_kayles)                   \
  X(node_kayles_grid)              \
  X(node_kayles_king)              \
  X(node_kayles_path)              \
  X(sprouts)

namespace grundy {

#define GRUNDY_DECLARE_RULESET(name) RulesetSpec name##_ruleset();
GRUNDY_BUILTIN_RULESETS(GRUNDY_DECLARE_RULESET)
#undef GRUNDY_DECLARE_RULESET

inline std::vector<RulesetSpec> builtin_rulesets() {
#define GRUNDY_LIST_RULESET(name) name##_ruleset(),
  return {GRUNDY_BUILTIN_RULESETS(GRUNDY_LIST_RULESET)};
#undef GRUNDY_LIST_RULESET
}

}  // namespace grundy
