// The checker's Cram (cram_rules.hpp): cells as letters of rows, everything
// found again from them.
#include "cram_rules.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <utility>

namespace grundy_check::cram {
namespace {

// A board is read where it is written: cell (r, c) is the letter at
// r * (width + 1) + c, rows joined by '/' (measured: splitting into rows and
// writing them again was 60 % of a check of Cram 5×7).
struct Shape {
  std::size_t height;
  std::size_t width;
};

Shape shape_of(const std::string& board) {
  const std::size_t width = std::min(board.find('/'), board.size());
  return {(board.size() + 1) / (width + 1), width};
}

// A region of free cells: how many, and its box.
struct Region {
  std::size_t cells = 0;
  std::size_t top, bottom, left, right;
  std::string least;                 // the least image of the region cropped to its box
  std::vector<std::size_t> letters;  // where its cells are in the board (when asked for)
};

// The least text of the eight images of a box's cells (h rows of w letters,
// row-major): four quarter turns, each mirrored. Image (i, j) of each is the
// box's cell at the symmetry's source. An image is compared with the least
// so far as it is written and dropped at its first greater letter (measured:
// a third of a check's time less).
std::string least_of_images(const std::string& box, std::size_t h, std::size_t w) {
  std::string best;
  thread_local std::string image;
  for (int symmetry = 0; symmetry < 8; ++symmetry) {
    const bool turned = symmetry >= 4;  // rows and columns exchanged
    const std::size_t rows = turned ? w : h;
    const std::size_t columns = turned ? h : w;
    image.clear();
    int order = best.empty() ? -1 : 0;  // image against best so far: -1 less, 0 equal
    const auto put = [&](char letter) {
      if (order == 0) {
        const std::size_t k = image.size();
        if (k >= best.size() || letter > best[k]) return false;  // greater: best is its prefix, or a letter
        if (letter < best[k]) order = -1;
      }
      image += letter;
      return true;
    };
    // Image (i, j) is the box's cell (r, c) with r = j or i (turned or not),
    // read from the last row when the symmetry's bit 1 is set, and c = i or
    // j, from the last column when bit 2 is: the letter at
    // first + i * down + j * across.
    const bool from_last_row = (symmetry & 1) != 0;
    const bool from_last_column = (symmetry & 2) != 0;
    const std::ptrdiff_t row_step = from_last_row ? -static_cast<std::ptrdiff_t>(w) : static_cast<std::ptrdiff_t>(w);
    const std::ptrdiff_t column_step = from_last_column ? -1 : 1;
    const std::ptrdiff_t first = static_cast<std::ptrdiff_t>((from_last_row ? (h - 1) * w : 0) +
                                                             (from_last_column ? w - 1 : 0));
    const std::ptrdiff_t down = turned ? column_step : row_step;
    const std::ptrdiff_t across = turned ? row_step : column_step;
    bool greater = false;
    for (std::size_t i = 0; i < rows && !greater; ++i) {
      if (i > 0 && !put('/')) greater = true;
      std::ptrdiff_t at = first + static_cast<std::ptrdiff_t>(i) * down;
      for (std::size_t j = 0; j < columns && !greater; ++j, at += across)
        if (!put(box[static_cast<std::size_t>(at)])) greater = true;
    }
    // Written whole: less, or a prefix of best (shorter, so less), or equal.
    if (!greater && (order < 0 || image.size() < best.size())) best = image;
  }
  return best;
}

// The diagonal-twin cuts of `board`, into `cut`: cut[at] is 1 when the
// edge from cell `at` to its right neighbour is cut. A 2x2 square of free
// cells a b / c d whose a has its left and top blocked and whose d has its
// right and bottom blocked (or whose b has its right and top blocked and
// whose c its left and bottom) has two corners with the same two neighbours
// and no edge between them; without the edges a-b and c-d the game has the
// same value (docs/certificates.md "Version 3" proves it).
void twin_cuts(const std::string& board, std::vector<char>& cut) {
  const Shape shape = shape_of(board);
  const std::size_t stride = shape.width + 1;
  cut.assign(board.size(), 0);
  const auto free_at = [&](std::size_t r, std::size_t c) {
    return r < shape.height && c < shape.width && board[r * stride + c] == '0';
  };
  // Blocked or off the board: row or column -1 wraps to a huge index.
  const auto blocked = [&](std::size_t r, std::size_t c) { return !free_at(r, c); };
  for (std::size_t r = 0; r + 1 < shape.height; ++r) {
    for (std::size_t c = 0; c + 1 < shape.width; ++c) {
      if (!free_at(r, c) || !free_at(r, c + 1) || !free_at(r + 1, c) || !free_at(r + 1, c + 1)) continue;
      const bool a_and_d = blocked(r, c - 1) && blocked(r - 1, c) && blocked(r + 1, c + 2) && blocked(r + 2, c + 1);
      const bool b_and_c = blocked(r, c + 2) && blocked(r - 1, c + 1) && blocked(r + 1, c - 1) && blocked(r + 2, c);
      if (a_and_d || b_and_c) cut[r * stride + c] = cut[(r + 1) * stride + c] = 1;
    }
  }
}

// The regions of orthogonally connected free cells of `board` with two
// cells or more, each with its least image; with `cuts` (twin_cuts),
// the components of two cells or more of the free cells without the edges
// it names; with `keep_letters`, each with the letters of its cells.
std::vector<Region> regions_of(const std::string& board, const std::vector<char>* cuts = nullptr,
                               bool keep_letters = false) {
  const Shape shape = shape_of(board);
  const std::size_t stride = shape.width + 1;
  // A cell's index and its row and column, kept beside it (a division a cell
  // was a fifth of a check).
  struct Cell {
    std::size_t at, row, column;
  };
  // Scratch of this thread, reused (measured: their allocations were a
  // fifth of a check of Cram 5x7).
  struct Scratch {
    std::vector<char> no_cut, seen;
    std::vector<Cell> todo, cells;
    std::string box;
  };
  thread_local Scratch scratch;
  if (cuts == nullptr) scratch.no_cut.assign(board.size(), 0);
  const std::vector<char>& cut_right = cuts != nullptr ? *cuts : scratch.no_cut;
  std::vector<char>& seen = scratch.seen;
  seen.assign(board.size(), 0);
  std::vector<Cell>& todo = scratch.todo;
  std::vector<Cell>& cells = scratch.cells;
  std::vector<Region> regions;
  for (std::size_t start = 0, row = 0, column = 0; start < board.size(); ++start, ++column) {
    if (column == stride) ++row, column = 0;
    if (seen[start] || board[start] != '0') continue;
    Region region;
    region.top = region.bottom = row;
    region.left = region.right = column;
    cells.clear();
    todo.assign(1, Cell{start, row, column});
    seen[start] = 1;
    while (!todo.empty()) {
      const Cell cell = todo.back();
      todo.pop_back();
      cells.push_back(cell);
      const auto [at, r, c] = cell;
      region.top = std::min(region.top, r), region.bottom = std::max(region.bottom, r);
      region.left = std::min(region.left, c), region.right = std::max(region.right, c);
      // The four neighbours on the board ('/' ends a row: never free).
      const auto visit = [&](std::size_t next, std::size_t next_row, std::size_t next_column) {
        if (board[next] == '0' && !seen[next]) {
          seen[next] = 1;
          todo.push_back(Cell{next, next_row, next_column});
        }
      };
      if (c + 1 < shape.width && !cut_right[at]) visit(at + 1, r, c + 1);
      if (c > 0 && !cut_right[at - 1]) visit(at - 1, r, c - 1);
      if (r + 1 < shape.height) visit(at + stride, r + 1, c);
      if (r > 0) visit(at - stride, r - 1, c);
    }
    region.cells = cells.size();
    if (region.cells < 2) continue;
    const std::size_t h = region.bottom - region.top + 1;
    const std::size_t w = region.right - region.left + 1;
    std::string& box = scratch.box;
    box.assign(h * w, '1');
    for (const Cell& cell : cells) box[(cell.row - region.top) * w + (cell.column - region.left)] = '0';
    region.least = least_of_images(box, h, w);
    if (keep_letters)
      for (const Cell& cell : cells) region.letters.push_back(cell.at);
    regions.push_back(std::move(region));
  }
  return regions;
}

// Version 4's reductions before a split (docs/certificates.md "Version 4"),
// on a set of free cells of `board` (free[at] is 1 for a free cell at the
// letter at), in place; whether a cell went. All at once, as the rules there
// say, from the neighbours each cell has in the set:
//  - an isolated cell goes (no domino uses it);
//  - of several pendants (cells with one neighbour) on one cell, the first
//    in the order above, left, below, right stays, the others go;
//  - a bridge goes: a cell that is neither a pendant nor a pendant's
//    neighbour, none of whose neighbours is such a cell either (so every
//    neighbour carries a pendant).
bool reduce_cells(const std::string& board, std::vector<char>& free) {
  const std::size_t stride = shape_of(board).width + 1;
  const std::size_t size = board.size();
  // A cell's neighbours in the set, in the order above, left, below, right
  // (the order in which a pendant twin is kept); `size` for none. ('/' ends
  // a row and is never free, so left and right need no column test.)
  const auto above = [&](std::size_t at) { return at >= stride && free[at - stride] ? at - stride : size; };
  const auto left = [&](std::size_t at) { return at > 0 && free[at - 1] ? at - 1 : size; };
  const auto below = [&](std::size_t at) { return at + stride < size && free[at + stride] ? at + stride : size; };
  const auto right = [&](std::size_t at) { return at + 1 < size && free[at + 1] ? at + 1 : size; };
  thread_local std::vector<char> degree;
  degree.assign(size, 0);
  bool pendants = false;
  for (std::size_t at = 0; at < size; ++at) {
    if (!free[at]) continue;
    const int d = (above(at) != size) + (left(at) != size) + (below(at) != size) + (right(at) != size);
    degree[at] = static_cast<char>(d);
    pendants = pendants || d <= 1;
  }
  // No cell with one neighbour or none: no pendant, no isolated cell, and
  // no bridge (a bridge's neighbours carry pendants).
  if (!pendants) return false;
  // 1: a pendant; 2: a pendant's neighbour (both: an edge alone).
  thread_local std::vector<char> kind;
  kind.assign(size, 0);
  thread_local std::vector<char> dropped;
  dropped.assign(size, 0);
  for (std::size_t at = 0; at < size; ++at) {
    if (!free[at]) continue;
    if (degree[at] == 0) dropped[at] = 1;  // isolated
    if (degree[at] == 1) kind[at] |= 1;
    bool kept = false;
    for (const std::size_t n : {above(at), left(at), below(at), right(at)}) {
      if (n == size || degree[n] != 1) continue;
      kind[at] |= 2;
      if (kept) dropped[n] = 1;  // a twin of the pendant kept
      kept = true;
    }
  }
  bool changed = false;
  for (std::size_t at = 0; at < size; ++at) {
    if (!free[at]) continue;
    if (kind[at] == 0) {
      bool plain_neighbour = false;
      for (const std::size_t n : {above(at), left(at), below(at), right(at)})
        plain_neighbour = plain_neighbour || (n != size && kind[n] == 0);
      if (!plain_neighbour) dropped[at] = 1;  // a bridge (or isolated)
    }
    changed = changed || dropped[at];
  }
  if (!changed) return false;
  for (std::size_t at = 0; at < size; ++at)
    if (dropped[at]) free[at] = 0;
  return true;
}

// A set of cells of `board` as a board: its cells free, all others blocked.
std::string board_with(const std::string& board, const std::vector<char>& free) {
  std::string out = board;
  for (std::size_t at = 0; at < board.size(); ++at)
    if (board[at] != '/') out[at] = free[at] ? '0' : '1';
  return out;
}

// Version 4's split of the free cells of `cells` (already reduced): the
// components without the diagonal-twin edges. Where the cuts split the set,
// each component is reduced again (its cells lost neighbours) and, if that
// changed it, split again; a set the cuts leave whole, or that has none, is
// split into its components as they are. Each part is added to `out` as its
// least image.
void split_reduced(const std::string& board, const std::string& cells, std::vector<std::string>& out) {
  std::vector<char> cut_right;
  twin_cuts(cells, cut_right);
  const bool cuts = std::find(cut_right.begin(), cut_right.end(), 1) != cut_right.end();
  std::vector<Region> regions = regions_of(cells, cuts ? &cut_right : nullptr, cuts);
  // Left whole: no cut, or one component holding every free cell (components
  // of one cell are left out of `regions`, so the cells are counted).
  if (!cuts || (regions.size() == 1 && regions[0].cells == free_cells(cells))) {
    for (Region& region : regions) out.push_back(std::move(region.least));
    return;
  }
  // A component of one cell is reduced to nothing: it is left out already.
  for (Region& region : regions) {
    std::vector<char> part(board.size(), 0);
    for (const std::size_t at : region.letters) part[at] = 1;
    if (!reduce_cells(board, part)) {
      out.push_back(std::move(region.least));
    } else if (std::find(part.begin(), part.end(), 1) != part.end()) {
      split_reduced(board, board_with(board, part), out);
    }
  }
}

}  // namespace

bool is_board(const std::string& board) {
  if (board.empty()) return false;
  const Shape shape = shape_of(board);
  if (shape.width == 0 || shape.height * (shape.width + 1) != board.size() + 1) return false;
  for (std::size_t i = 0; i < board.size(); ++i) {
    const bool row_end = i % (shape.width + 1) == shape.width;
    if (row_end ? board[i] != '/' : board[i] != '0' && board[i] != '1') return false;
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

namespace {

// Calls f(at, partner) for every domino of `board`, in the order its
// options are numbered (version 4): each free cell in reading order, its
// domino to the right, then the one below ('/' ends a row: never free).
template <class F>
void for_each_domino(const std::string& board, F&& f) {
  const std::size_t stride = shape_of(board).width + 1;
  for (std::size_t at = 0; at < board.size(); ++at) {
    if (board[at] != '0') continue;
    for (const std::size_t partner : {at + 1, at + stride})
      if (partner < board.size() && board[partner] == '0') f(at, partner);
  }
}

// The board after the domino on `at` and `partner`.
std::string after_domino(const std::string& board, std::size_t at, std::size_t partner) {
  std::string after = board;
  after[at] = '1';
  after[partner] = '1';
  return after;
}

}  // namespace

std::vector<std::string> options(const std::string& board) {
  std::vector<std::string> out;
  for_each_domino(board, [&](std::size_t at, std::size_t partner) { out.push_back(after_domino(board, at, partner)); });
  return out;
}

std::size_t named_options(const std::string& board, const std::vector<std::uint32_t>& numbers,
                          std::vector<std::string>& out) {
  out.clear();
  std::size_t number = 0;
  std::size_t next = 0;  // the first of `numbers` not yet made (they increase)
  for_each_domino(board, [&](std::size_t at, std::size_t partner) {
    while (next < numbers.size() && numbers[next] < number) ++next;
    if (next < numbers.size() && numbers[next] == number) {
      out.push_back(after_domino(board, at, partner));
      ++next;
    }
    ++number;
  });
  return number;
}

std::vector<std::string> parts(const std::string& board) {
  std::vector<std::string> out;
  for (Region& region : regions_of(board)) out.push_back(std::move(region.least));
  return out;
}

std::vector<std::string> parts_with_twin_cuts(const std::string& board) {
  std::vector<char> cut_right;
  twin_cuts(board, cut_right);
  std::vector<std::string> out;
  for (Region& region : regions_of(board, &cut_right)) out.push_back(std::move(region.least));
  return out;
}

std::vector<std::string> parts_reduced(const std::string& board) {
  std::vector<char> free(board.size(), 0);
  for (std::size_t at = 0; at < board.size(); ++at) free[at] = board[at] == '0' ? 1 : 0;
  std::vector<std::string> out;
  split_reduced(board, reduce_cells(board, free) ? board_with(board, free) : board, out);
  return out;
}

bool zero_by_symmetry(const std::string& part) {
  if (!is_board(part)) return false;
  const Shape shape = shape_of(part);
  const std::size_t h = shape.height;
  const std::size_t w = shape.width;
  const std::size_t stride = w + 1;
  // The involutions of the box: flips of the rows, of the columns, the half
  // turn, and on a square box the two diagonal reflections. Each maps (r, c)
  // to image(t, r, c).
  using Cell = std::pair<std::size_t, std::size_t>;  // row, column
  const auto image = [&](int t, std::size_t r, std::size_t c) -> Cell {
    switch (t) {
      case 0: return {h - 1 - r, c};
      case 1: return {r, w - 1 - c};
      case 2: return {h - 1 - r, w - 1 - c};
      case 3: return {c, r};
      default: return {w - 1 - c, h - 1 - r};
    }
  };
  const auto free_at = [&](std::size_t r, std::size_t c) { return part[r * stride + c] == '0'; };
  for (int t = 0; t < (h == w ? 5 : 3); ++t) {
    bool mirrors = true;
    for (std::size_t r = 0; r < h && mirrors; ++r) {
      for (std::size_t c = 0; c < w && mirrors; ++c) {
        const auto [ir, ic] = image(t, r, c);
        // The free cells onto themselves.
        if (free_at(r, c) != free_at(ir, ic)) mirrors = false;
        if (!free_at(r, c)) continue;
        // No domino (this cell and its right or lower neighbour) meets its
        // image: neither cell's image is one of its two cells.
        const Cell here{r, c};
        for (const Cell& there : {Cell{r, c + 1}, Cell{r + 1, c}}) {
          if (there.first >= h || there.second >= w || !free_at(there.first, there.second)) continue;
          for (const Cell& mirrored : {image(t, r, c), image(t, there.first, there.second)})
            if (mirrored == here || mirrored == there) mirrors = false;
        }
      }
    }
    if (mirrors) return true;
  }
  return false;
}

std::string least_image(const std::string& part) {
  if (!is_board(part)) return "";
  std::vector<Region> found = regions_of(part);
  // One region of two cells or more, the only free cells, and the board is its box.
  const Shape shape = shape_of(part);
  if (found.size() != 1 || found[0].cells != free_cells(part) || found[0].top != 0 || found[0].left != 0 ||
      found[0].bottom + 1 != shape.height || found[0].right + 1 != shape.width)
    return "";
  return std::move(found[0].least);
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
    [](const std::string&) { return true; },
    [](const std::string& board, int version) {
      return version >= 4 ? parts_reduced(board) : parts_with_twin_cuts(board);
    },
    zero_by_symmetry,
    named_options};
}

}  // namespace grundy_check::cram
