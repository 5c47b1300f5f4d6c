// The checker's games: one line a game, each its rules file's GameRules.
#include "game_rules.hpp"

#include "clobber_rules.hpp"
#include "cram_rules.hpp"
#include "nogo_row_rules.hpp"

namespace grundy_check {

const std::vector<GameRules>& builtin_games() {
  static const std::vector<GameRules> games = {
      nogo_row::rules(),
      clobber::rules(),
      cram::rules(),
  };
  return games;
}

}  // namespace grundy_check
