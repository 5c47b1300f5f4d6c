// The checker's impartial Clobber (clobber_rules.hpp): squares as letters of
// rows, everything found again from them.
#include "clobber_rules.hpp"

#include <algorithm>
#include <cstddef>

namespace grundy_check::clobber {
namespace {

struct Grid {
  std::vector<std::string> rows;
  [[nodiscard]] std::size_t height() const { return rows.size(); }
  [[nodiscard]] std::size_t width() const { return rows.empty() ? 0 : rows[0].size(); }
};

Grid grid_of(const std::string& board) {
  Grid g;
  std::string row;
  for (const char c : board) {
    if (c == '/') {
      g.rows.push_back(row);
      row.clear();
    } else {
      row += c;
    }
  }
  g.rows.push_back(row);
  return g;
}

std::string text_of(const Grid& g) {
  std::string text;
  for (std::size_t r = 0; r < g.height(); ++r) {
    if (r > 0) text += '/';
    text += g.rows[r];
  }
  return text;
}

bool is_stone(char c) { return c == 'X' || c == 'O'; }

// The groups of connected stones: for each, its squares.
std::vector<std::vector<std::pair<std::size_t, std::size_t>>> groups_of(const Grid& g) {
  std::vector<std::vector<bool>> seen(g.height(), std::vector<bool>(g.width(), false));
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> groups;
  for (std::size_t r = 0; r < g.height(); ++r) {
    for (std::size_t c = 0; c < g.width(); ++c) {
      if (seen[r][c] || !is_stone(g.rows[r][c])) continue;
      std::vector<std::pair<std::size_t, std::size_t>> group;
      std::vector<std::pair<std::size_t, std::size_t>> todo{{r, c}};
      seen[r][c] = true;
      while (!todo.empty()) {
        const auto [y, x] = todo.back();
        todo.pop_back();
        group.emplace_back(y, x);
        const std::pair<std::size_t, std::size_t> next[4] = {{y + 1, x}, {y - 1, x}, {y, x + 1}, {y, x - 1}};
        for (const auto& [y2, x2] : next) {
          // y - 1 and x - 1 wrap past 0 to a huge number: outside the board.
          if (y2 >= g.height() || x2 >= g.width() || seen[y2][x2] || !is_stone(g.rows[y2][x2])) continue;
          seen[y2][x2] = true;
          todo.emplace_back(y2, x2);
        }
      }
      groups.push_back(std::move(group));
    }
  }
  return groups;
}

// The eight symmetries of a grid.
std::vector<Grid> symmetries(const Grid& g) {
  std::vector<Grid> out;
  Grid turned = g;
  for (int k = 0; k < 4; ++k) {
    out.push_back(turned);
    Grid mirrored = turned;
    for (std::string& row : mirrored.rows) std::reverse(row.begin(), row.end());
    out.push_back(mirrored);
    // A quarter turn: row r of the new grid is column r of the old, read upwards.
    Grid next;
    for (std::size_t c = 0; c < turned.width(); ++c) {
      std::string row;
      for (std::size_t r = turned.height(); r-- > 0;) row += turned.rows[r][c];
      next.rows.push_back(row);
    }
    turned = next;
  }
  return out;
}

std::string exchanged(std::string text) {
  for (char& c : text) c = c == 'X' ? 'O' : c == 'O' ? 'X' : c;
  return text;
}

std::string least_of_images(const Grid& g) {
  std::string best;
  for (const Grid& image : symmetries(g)) {
    for (const std::string& text : {text_of(image), exchanged(text_of(image))}) {
      if (best.empty() || text < best) best = text;
    }
  }
  return best;
}

}  // namespace

bool is_board(const std::string& board) {
  if (board.empty()) return false;
  const Grid g = grid_of(board);
  for (const std::string& row : g.rows) {
    if (row.empty() || row.size() != g.width()) return false;
    if (row.find_first_not_of("XO.") != std::string::npos) return false;
  }
  return true;
}

std::size_t stones(const std::string& board) {
  return static_cast<std::size_t>(std::count_if(board.begin(), board.end(), is_stone));
}

std::vector<std::string> options(const std::string& board) {
  const Grid g = grid_of(board);
  std::vector<std::string> out;
  for (std::size_t r = 0; r < g.height(); ++r) {
    for (std::size_t c = 0; c < g.width(); ++c) {
      const char s = g.rows[r][c];
      if (!is_stone(s)) continue;
      const std::pair<std::size_t, std::size_t> next[4] = {{r + 1, c}, {r - 1, c}, {r, c + 1}, {r, c - 1}};
      for (const auto& [r2, c2] : next) {
        if (r2 >= g.height() || c2 >= g.width()) continue;
        const char t = g.rows[r2][c2];
        if (!is_stone(t) || t == s) continue;
        Grid after = g;
        after.rows[r2][c2] = s;
        after.rows[r][c] = '.';
        out.push_back(text_of(after));
      }
    }
  }
  return out;
}

std::vector<std::string> parts(const std::string& board) {
  const Grid g = grid_of(board);
  std::vector<std::string> out;
  for (const auto& group : groups_of(g)) {
    bool x = false;
    bool o = false;
    std::size_t top = g.height(), bottom = 0, left = g.width(), right = 0;
    for (const auto& [r, c] : group) {
      (g.rows[r][c] == 'X' ? x : o) = true;
      top = std::min(top, r), bottom = std::max(bottom, r), left = std::min(left, c), right = std::max(right, c);
    }
    if (!x || !o) continue;
    Grid part;
    part.rows.assign(bottom - top + 1, std::string(right - left + 1, '.'));
    for (const auto& [r, c] : group) part.rows[r - top][c - left] = g.rows[r][c];
    out.push_back(least_of_images(part));
  }
  return out;
}

std::string least_image(const std::string& part) {
  if (!is_board(part)) return "";
  const Grid g = grid_of(part);
  const auto groups = groups_of(g);
  if (groups.size() != 1) return "";
  // Cropped: a stone in the first and last row and column.
  bool top = false, bottom = false, left = false, right = false;
  for (const auto& [r, c] : groups[0]) {
    top = top || r == 0, bottom = bottom || r + 1 == g.height();
    left = left || c == 0, right = right || c + 1 == g.width();
  }
  if (!top || !bottom || !left || !right) return "";
  const std::vector<std::string> found = parts(part);
  return found.size() == 1 ? found[0] : "";
}

GameRules rules() {
  return GameRules{
    "clobber",
    "clobber",
    [](const std::string& part) {
      return part.size() <= 4096 && stones(part) <= 32 ? least_image(part) : std::string();
    },
    "a part of a Clobber board (one group of connected stones of both colours, cropped to its box, rows of X O . "
    "joined by '/', at most 32 stones)",
    options,
    parts,
    [](const std::string& board) { return board.size() <= 4096 && is_board(board); },
    "a Clobber board (rows of X O . of one length joined by '/', at most 4096 letters)",
    [](const std::string& board) { return board; },
    [](const std::string&) { return true; },
    nullptr,  // no reductions: every version splits as `parts`
    nullptr,   // no part is 0 by a strategy of the rules file
    nullptr};  // options made all at once
}

}  // namespace grundy_check::clobber
