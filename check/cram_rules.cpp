// The checker's Cram (cram_rules.hpp): cells as letters of rows, everything
// found again from them.
#include "cram_rules.hpp"

#include <algorithm>
#include <utility>

namespace grundy_check::cram {
namespace {

using Rows = std::vector<std::string>;
using Cell = std::pair<std::size_t, std::size_t>;

Rows rows_of(const std::string& board) {
  Rows rows(1);
  for (const char c : board) {
    if (c == '/') {
      rows.emplace_back();
    } else {
      rows.back() += c;
    }
  }
  return rows;
}

std::string text_of(const Rows& rows) {
  std::string text;
  for (std::size_t r = 0; r < rows.size(); ++r) text += (r > 0 ? "/" : "") + rows[r];
  return text;
}

// The regions of free cells: for each, its cells.
std::vector<std::vector<Cell>> regions_of(const Rows& g) {
  const std::size_t height = g.size();
  const std::size_t width = g[0].size();
  std::vector<std::vector<bool>> seen(height, std::vector<bool>(width, false));
  std::vector<std::vector<Cell>> regions;
  for (std::size_t r = 0; r < height; ++r) {
    for (std::size_t c = 0; c < width; ++c) {
      if (seen[r][c] || g[r][c] != '0') continue;
      std::vector<Cell> region;
      std::vector<Cell> todo{{r, c}};
      seen[r][c] = true;
      while (!todo.empty()) {
        const Cell at = todo.back();
        todo.pop_back();
        region.push_back(at);
        const Cell next[4] = {{at.first + 1, at.second}, {at.first - 1, at.second}, {at.first, at.second + 1},
                              {at.first, at.second - 1}};
        for (const auto& [y, x] : next) {
          // A step up or left from 0 wraps to a huge index: outside the board.
          if (y >= height || x >= width || seen[y][x] || g[y][x] != '0') continue;
          seen[y][x] = true;
          todo.emplace_back(y, x);
        }
      }
      regions.push_back(std::move(region));
    }
  }
  return regions;
}

// The least text of the eight symmetries: four quarter turns, each mirrored.
std::string least_of_images(Rows g) {
  std::string best;
  for (int turn = 0; turn < 4; ++turn) {
    Rows mirrored = g;
    for (std::string& row : mirrored) std::reverse(row.begin(), row.end());
    for (const Rows* image : {&g, &mirrored}) {
      const std::string text = text_of(*image);
      if (best.empty() || text < best) best = text;
    }
    // A quarter turn: row c of the new grid is column c of the old, read upwards.
    Rows next(g[0].size());
    for (std::size_t c = 0; c < g[0].size(); ++c)
      for (std::size_t r = g.size(); r-- > 0;) next[c] += g[r][c];
    g = std::move(next);
  }
  return best;
}

}  // namespace

bool is_board(const std::string& board) {
  if (board.empty()) return false;
  const Rows rows = rows_of(board);
  for (const std::string& row : rows) {
    if (row.empty() || row.size() != rows[0].size()) return false;
    if (row.find_first_not_of("01") != std::string::npos) return false;
  }
  return true;
}

std::string board_of_root(const std::string& root) {
  const std::size_t x = root.find('x');
  if (x != std::string::npos) {
    const std::string r = root.substr(0, x);
    const std::string c = root.substr(x + 1);
    const auto number = [](const std::string& s) {
      if (s.empty() || s.size() > 2 || s.find_first_not_of("0123456789") != std::string::npos || s[0] == '0') return 0;
      return std::stoi(s);
    };
    const int rows = number(r);
    const int cols = number(c);
    if (rows < 1 || rows > 64 || cols < 1 || cols > 64) return "";
    std::string board;
    for (int i = 0; i < rows; ++i) board += (i > 0 ? "/" : "") + std::string(static_cast<std::size_t>(cols), '0');
    return board;
  }
  std::string board = root;
  // One row ends with '/' (so that it does not read as a number); more rows do not.
  if (!board.empty() && board.back() == '/') {
    board.pop_back();
    if (board.find('/') != std::string::npos) return "";
  }
  return is_board(board) ? board : "";
}

std::size_t free_cells(const std::string& board) {
  return static_cast<std::size_t>(std::count(board.begin(), board.end(), '0'));
}

std::vector<std::string> options(const std::string& board) {
  const Rows g = rows_of(board);
  std::vector<std::string> out;
  for (std::size_t r = 0; r < g.size(); ++r) {
    for (std::size_t c = 0; c < g[r].size(); ++c) {
      if (g[r][c] != '0') continue;
      const Cell partners[2] = {{r, c + 1}, {r + 1, c}};
      for (const auto& [r2, c2] : partners) {
        if (r2 >= g.size() || c2 >= g[r2].size() || g[r2][c2] != '0') continue;
        Rows after = g;
        after[r][c] = '1';
        after[r2][c2] = '1';
        out.push_back(text_of(after));
      }
    }
  }
  return out;
}

std::vector<std::string> parts(const std::string& board) {
  const Rows g = rows_of(board);
  std::vector<std::string> out;
  for (const std::vector<Cell>& region : regions_of(g)) {
    if (region.size() < 2) continue;
    std::size_t top = g.size(), bottom = 0, left = g[0].size(), right = 0;
    for (const auto& [r, c] : region) {
      top = std::min(top, r), bottom = std::max(bottom, r), left = std::min(left, c), right = std::max(right, c);
    }
    Rows part(bottom - top + 1, std::string(right - left + 1, '1'));
    for (const auto& [r, c] : region) part[r - top][c - left] = '0';
    out.push_back(least_of_images(part));
  }
  return out;
}

std::string least_image(const std::string& part) {
  if (!is_board(part)) return "";
  const std::vector<std::string> found = parts(part);
  if (found.size() != 1) return "";
  // One region, and the board is its box: cropping changes nothing.
  const Rows g = rows_of(part);
  const std::vector<std::vector<Cell>> regions = regions_of(g);
  std::size_t top = g.size(), bottom = 0, left = g[0].size(), right = 0;
  for (const std::vector<Cell>& region : regions) {
    for (const auto& [r, c] : region) {
      top = std::min(top, r), bottom = std::max(bottom, r), left = std::min(left, c), right = std::max(right, c);
    }
  }
  if (regions.size() != 1 || top != 0 || left != 0 || bottom + 1 != g.size() || right + 1 != g[0].size()) return "";
  return found[0];
}

GameRules rules() {
  return GameRules{
    "cram",
    "cram",
    [](const std::string& part) {
      return part.size() <= 4096 && free_cells(part) <= 64 ? least_image(part) : std::string();
    },
    "a part of a Cram board (one region of two free cells or more, cropped to its box, rows of 0 (free) and 1 "
    "(blocked) joined by '/', at most 64 free cells)",
    options,
    parts,
    [](const std::string& root) { return root.size() <= 4096 && !board_of_root(root).empty(); },
    "a Cram board (RxC, or rows of 0 and 1 of one length joined by '/', a single row ending with '/', at most "
    "4096 letters)",
    board_of_root,
    [](const std::string&) { return true; }};
}

}  // namespace grundy_check::cram
