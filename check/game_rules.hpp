// What the checker's proof needs of a game (certificate_check.hpp): its rules
// as the checker writes them, apart from the search's. Each game is its own
// rules file (nogo_row_rules.cpp, clobber_rules.cpp, cram_rules.cpp), which
// gives one GameRules, and one line of games.cpp's list; a game of a
// library user's (a test's) joins the list it passes to check_certificate_*.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace grundy_check {

struct GameRules {
  std::string name;  // as the certificate's second line names it ("nogo-row")
  std::string head;  // a root is printed head(ROOT) ("nogo")
  // The least image of a claim, "" when it is not a part of the game.
  std::function<std::string(const std::string&)> part_key;
  std::string what_a_part_is;
  // Every option of a position (the position after each move).
  std::function<std::vector<std::string>(const std::string&)> options;
  // The independent parts of a position, each as its least image.
  std::function<std::vector<std::string>(const std::string&)> parts;
  // A root as written: whether it is one, and the position it stands for.
  std::function<bool(const std::string&)> is_root;
  std::string what_a_root_is;
  std::function<std::string(const std::string&)> position_of_root;
  // Whether the position of a root can be reached in a game (NoGo: every
  // group with a liberty).
  std::function<bool(const std::string&)> is_position;
  // From version 3: the parts split with the reductions of the game's rules
  // file for that version (Cram: the diagonal-twin cut; from version 4 the
  // pendant reductions too); empty: `parts`.
  std::function<std::vector<std::string>(const std::string&, int version)> reduced_parts;
  // From version 3: whether the game's rules file shows a part to be 0
  // without its options (Cram: the mirror strategy); empty: never.
  std::function<bool(const std::string&)> zero_by_strategy;
  // From version 4, optional: the options of a part numbered `numbers` (in
  // the order of `options`; numbers past the last are left out), into
  // `out`, and how many options the part has — what `options` gives
  // without making the options a claim does not read (Cram 5x7: a claim
  // "not" reads one or two of some twenty). Empty: `options` serves.
  std::function<std::size_t(const std::string& part, const std::vector<std::uint32_t>& numbers,
                            std::vector<std::string>& out)>
      named_options;
};

// The games the checker knows: nogo-row, clobber, cram.
[[nodiscard]] const std::vector<GameRules>& builtin_games();

}  // namespace grundy_check
