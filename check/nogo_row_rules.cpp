// The checker's one-row NoGo, written from the rules and not from the search
// (src/rulesets/nogo_row.cpp), so that a mistake in one is not repeated in the
// other: legality is tested on the whole row after the placement, every group
// found again.
#include "nogo_row_rules.hpp"

#include <algorithm>
#include <cstddef>

namespace grundy_check::nogo_row {
namespace {

bool stone(char s) { return s == 'X' || s == 'O' || s == 'x' || s == 'o'; }
char colour(char s) { return s == 'x' ? 'X' : s == 'o' ? 'O' : s; }
bool breathes_here(char s) { return s == '.' || s == '_'; }

// Whether every group of `row` has a liberty or an immortal stone.
bool every_group_lives(const std::string& row) {
  std::size_t i = 0;
  while (i < row.size()) {
    if (!stone(row[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    bool lives = false;
    while (j < row.size() && stone(row[j]) && colour(row[j]) == colour(row[i])) {
      lives = lives || row[j] == 'x' || row[j] == 'o';
      ++j;
    }
    if (i > 0 && breathes_here(row[i - 1])) lives = true;
    if (j < row.size() && breathes_here(row[j])) lives = true;
    if (!lives) return false;
    i = j;
  }
  return true;
}

// Whether the group through row[j] (a stone) has a liberty or an immortal stone.
bool group_lives(const std::string& row, std::size_t j) {
  std::size_t first = j;
  std::size_t last = j;
  const auto same = [&](std::size_t k) { return stone(row[k]) && colour(row[k]) == colour(row[j]); };
  while (first > 0 && same(first - 1)) --first;
  while (last + 1 < row.size() && same(last + 1)) ++last;
  for (std::size_t k = first; k <= last; ++k)
    if (row[k] == 'x' || row[k] == 'o') return true;
  return (first > 0 && breathes_here(row[first - 1])) || (last + 1 < row.size() && breathes_here(row[last + 1]));
}

// A placement on a position of the game can take a liberty only from the
// groups beside it and its own: those are the groups to ask.
bool legal(const std::string& row, std::size_t i, char c) {
  std::string after = row;
  after[i] = c;
  if (!group_lives(after, i)) return false;
  if (i > 0 && stone(after[i - 1]) && !group_lives(after, i - 1)) return false;
  if (i + 1 < after.size() && stone(after[i + 1]) && !group_lives(after, i + 1)) return false;
  return true;
}

bool end_letter(char s) { return s == '#' || s == '_' || s == 'x' || s == 'o'; }

}  // namespace

bool is_position(const std::string& row) { return every_group_lives(row); }

std::vector<std::string> options(const std::string& row) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (row[i] != '.') continue;
    for (const char c : {'X', 'O'}) {
      if (!legal(row, i, c)) continue;
      out.push_back(row);
      out.back()[i] = c;
    }
  }
  return out;
}

std::string least_image(const std::string& part) {
  if (part.size() < 3 || !end_letter(part.front()) || !end_letter(part.back())) return "";
  bool empty_point = false;
  for (std::size_t k = 1; k + 1 < part.size(); ++k) {
    if (part[k] != '.' && part[k] != 'X' && part[k] != 'O') return "";
    empty_point = empty_point || part[k] == '.';
  }
  if (!empty_point) return "";
  std::string reversed(part.rbegin(), part.rend());
  const auto exchanged = [](std::string s) {
    for (char& c : s) {
      if (c == 'X') c = 'O'; else if (c == 'O') c = 'X'; else if (c == 'x') c = 'o'; else if (c == 'o') c = 'x';
    }
    return s;
  };
  return std::min({part, reversed, exchanged(part), exchanged(reversed)});
}

std::vector<std::string> parts(const std::string& row) {
  std::string r = row;
  // 1. A point where neither colour may play now never can (a group that a
  //    placement there would leave without a liberty has it as its only one,
  //    so it cannot grow, and stones never leave): it stays empty, '_'.
  std::vector<std::size_t> dead;
  for (std::size_t i = 0; i < r.size(); ++i)
    if (r[i] == '.' && !legal(r, i, 'X') && !legal(r, i, 'O')) dead.push_back(i);
  for (const std::size_t i : dead) r[i] = '_';
  // 2. A group beside such a point never loses that liberty: immortal.
  for (std::size_t i = 0; i < r.size();) {
    if (!stone(r[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < r.size() && stone(r[j]) && colour(r[j]) == colour(r[i])) ++j;
    const bool beside = (i > 0 && r[i - 1] == '_') || (j < r.size() && r[j] == '_');
    bool immortal = beside;
    for (std::size_t k = i; k < j; ++k) immortal = immortal || r[k] == 'x' || r[k] == 'o';
    // 3. A run of one colour plays as one stone: its liberties are its ends.
    const char one = immortal ? static_cast<char>(colour(r[i]) - 'A' + 'a') : colour(r[i]);
    r.replace(i, j - i, 1, one);
    i = i + 1;
  }
  // 4. The row falls apart at ends (#, _, immortal stones: nothing placed
  //    beside them changes what they are to the other side) and between two
  //    mortal stones of both colours (neither is the other's liberty, so each
  //    lives by its other side alone).
  std::vector<std::string> out;
  std::string current(1, r.front());
  const auto finish = [&](char right) {
    std::string part = current + right;
    if (stone(part[1])) part[0] = '#';  // beside a stone an end is no liberty and no friend
    if (stone(part[part.size() - 2])) part.back() = '#';
    if (std::string least = least_image(part); !least.empty()) out.push_back(least);
  };
  for (std::size_t i = 1; i < r.size(); ++i) {
    const char s = r[i];
    if (end_letter(s)) {
      finish(s);
      current.assign(1, s);
    } else if ((s == 'X' || s == 'O') && (current.back() == 'X' || current.back() == 'O') && current.back() != s) {
      finish('#');
      current = std::string("#") + s;
    } else {
      current += s;
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

GameRules rules() {
  return GameRules{
    "nogo-row",
    "nogo",
    [](const std::string& part) {
      return part.size() <= 34 && is_position(part) ? least_image(part) : std::string();
    },
    "a part of a NoGo row (ends # _ x o, inside . X O with an empty point, at most 32 points, every group with a "
    "liberty)",
    options,
    parts,
    [](const std::string& row) { return !row.empty() && row.size() <= 4096 && row.find_first_not_of(".XOxo_#") == std::string::npos; },
    "a NoGo row (. X O x o _ #, at most 4096 letters)",
    [](const std::string& row) { return "#" + row + "#"; },
    is_position,
    nullptr,  // no reductions: every version splits as `parts`
    nullptr,   // no part is 0 by a strategy of the rules file
    nullptr};  // options made all at once
}

}  // namespace grundy_check::nogo_row
