// The checker's rules of the worked example (kayles_rows_game.cpp), written
// from the rules on the text of a row and sharing nothing with the game's
// file: a part is a run of pins ("ooo"), its options every knock of one pin
// or two side by side, the parts of a row its runs. As a game of check/ it
// would be check/kaylesrow_rules.cpp and one line of check/games.cpp; here
// the test passes it to the checker beside the built-in games.
#include <string>
#include <vector>

#include "game_rules.hpp"

namespace grundy_check::kaylesrow {
namespace {

bool is_row(const std::string& row) {
  return !row.empty() && row.size() <= 4096 && row.find_first_not_of("o.") == std::string::npos;
}

// The runs of standing pins, each written as its pins.
std::vector<std::string> runs(const std::string& row) {
  std::vector<std::string> out;
  std::string run;
  for (const char c : row + ".") {
    if (c == 'o') {
      run += c;
    } else if (!run.empty()) {
      out.push_back(run);
      run.clear();
    }
  }
  return out;
}

std::vector<std::string> options(const std::string& row) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (row[i] != 'o') continue;
    std::string after = row;
    after[i] = '.';
    out.push_back(after);
    if (i + 1 < row.size() && row[i + 1] == 'o') {
      after[i + 1] = '.';
      out.push_back(after);
    }
  }
  return out;
}

}  // namespace

GameRules rules() {
  return GameRules{
      "kaylesrow",
      "kaylesrow",
      [](const std::string& part) {
        return part.size() <= 64 && !part.empty() && part.find_first_not_of('o') == std::string::npos ? part
                                                                                                      : std::string();
      },
      "a run of 1 to 64 pins (o…o)",
      options,
      runs,
      is_row,
      "a row of pins (o standing, . down, at most 4096 letters)",
      [](const std::string& row) { return row; },
      [](const std::string&) { return true; },
      nullptr,  // no reductions: every version splits as `parts`
      nullptr,   // no part is 0 by a strategy of the rules file
      nullptr};  // options made all at once
}

}  // namespace grundy_check::kaylesrow
