// The NoGo oracle of the tests, written from the rules alone: the whole board
// as one position, every stone of either colour on every empty point, kept
// when no group on the board is left without a liberty; no split into regions,
// no immortal groups, no symmetry; memoised mex. The slow twin of the search
// (nogo.cpp, nogo_row.cpp) and of the certificate checker's split (check/).
#pragma once

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace grundy::testing {

class NoGoOracle {
 public:
  using Rows = std::vector<std::string>;

  // Whether every group of stones on the board has an empty neighbour.
  static bool every_group_breathes(const Rows& rows) {
    const int h = static_cast<int>(rows.size());
    const int w = static_cast<int>(rows.front().size());
    std::vector<std::vector<bool>> seen(h, std::vector<bool>(w, false));
    const int dr[4] = {-1, 1, 0, 0};
    const int dc[4] = {0, 0, -1, 1};
    for (int r = 0; r < h; ++r) {
      for (int c = 0; c < w; ++c) {
        const char s = rows[r][c];
        if ((s != 'X' && s != 'O') || seen[r][c]) continue;
        bool breathes = false;
        std::vector<std::pair<int, int>> stack = {{r, c}};
        seen[r][c] = true;
        while (!stack.empty()) {
          const auto [y, x] = stack.back();
          stack.pop_back();
          for (int d = 0; d < 4; ++d) {
            const int y2 = y + dr[d];
            const int x2 = x + dc[d];
            if (y2 < 0 || y2 >= h || x2 < 0 || x2 >= w) continue;
            if (rows[y2][x2] == '.') breathes = true;
            if (rows[y2][x2] == s && !seen[y2][x2]) {
              seen[y2][x2] = true;
              stack.emplace_back(y2, x2);
            }
          }
        }
        if (!breathes) return false;
      }
    }
    return true;
  }

  // Every board one placement leaves.
  static std::vector<Rows> options(const Rows& rows) {
    std::vector<Rows> out;
    for (std::size_t r = 0; r < rows.size(); ++r) {
      for (std::size_t c = 0; c < rows[r].size(); ++c) {
        if (rows[r][c] != '.') continue;
        for (const char stone : {'X', 'O'}) {
          Rows after = rows;
          after[r][c] = stone;
          if (every_group_breathes(after)) out.push_back(after);
        }
      }
    }
    return out;
  }

  Nimber value(const Rows& rows) {
    if (const auto it = memo_.find(rows); it != memo_.end()) return it->second;
    std::set<Nimber> seen;
    for (const Rows& q : options(rows)) seen.insert(value(q));
    Nimber g = 0;
    while (seen.count(g)) ++g;
    return memo_[rows] = g;
  }

 private:
  std::map<Rows, Nimber> memo_;
};

inline NoGoOracle::Rows rows_of(const std::string& board) {
  NoGoOracle::Rows rows;
  std::stringstream in(board);
  std::string row;
  while (std::getline(in, row, '/')) rows.push_back(row);
  return rows;
}

inline std::string board_of(const NoGoOracle::Rows& rows) {
  std::string out;
  for (const std::string& row : rows) out += (out.empty() ? "" : "/") + row;
  return out;
}

}  // namespace grundy::testing
