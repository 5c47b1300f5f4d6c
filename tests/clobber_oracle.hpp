// The Clobber oracle of the tests, written from the rules alone: the whole
// board as one position (its rows), every stone onto every orthogonal
// neighbour of the other colour; no split into groups, no symmetry; memoised
// mex. The slow twin of the searches (clobber.cpp, clobber_grid.cpp) and of
// the certificate checker's split (check/clobber_rules.cpp).
#pragma once

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace grundy::testing {

class ClobberOracle {
 public:
  // A board as written (rows joined by '/') as its rows.
  static std::vector<std::string> rows_of(const std::string& board) {
    std::vector<std::string> rows;
    std::stringstream in(board);
    std::string row;
    while (std::getline(in, row, '/')) rows.push_back(row);
    return rows;
  }

  Nimber value(const std::vector<std::string>& rows) {
    if (const auto it = memo_.find(rows); it != memo_.end()) return it->second;
    std::set<Nimber> seen;
    const int h = static_cast<int>(rows.size());
    const int w = static_cast<int>(rows.front().size());
    for (int r = 0; r < h; ++r) {
      for (int c = 0; c < w; ++c) {
        const char s = rows[r][c];
        if (s == '.') continue;
        const char prey = s == 'X' ? 'O' : 'X';
        const int dr[4] = {-1, 1, 0, 0};
        const int dc[4] = {0, 0, -1, 1};
        for (int d = 0; d < 4; ++d) {
          const int r2 = r + dr[d];
          const int c2 = c + dc[d];
          if (r2 < 0 || r2 >= h || c2 < 0 || c2 >= w || rows[r2][c2] != prey) continue;
          std::vector<std::string> after = rows;
          after[r2][c2] = s;
          after[r][c] = '.';
          seen.insert(value(after));
        }
      }
    }
    Nimber g = 0;
    while (seen.count(g)) ++g;
    return memo_[rows] = g;
  }

 private:
  std::map<std::vector<std::string>, Nimber> memo_;
};

}  // namespace grundy::testing
