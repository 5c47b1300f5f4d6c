// Impartial Clobber, clobber(XO.X/OXOX): stones X and O on a board written
// row by row (rows joined by '/', '.' an empty square). A move takes a stone
// onto an orthogonally adjacent stone of the other colour, which is removed;
// the square the stone left is empty. Either player may move a stone of
// either colour: the impartial variant of Clobber (Albert, Grossman,
// Nowakowski and Wolfe, "An introduction to Clobber", Integers 5 (2005)),
// with the conventions of MCGS's [impartial clobber] and
// [impartial clobber_1xn] games (ualberta-mueller-group/MCGS,
// docs/MCGS-results.html and input/impartial/; tests/data holds their values).
//
// Parts: a stone only ever moves onto a neighbouring stone, so the groups of
// orthogonally connected stones never meet again and are independent games;
// a position's value is the nim-sum of its groups' (Sprague–Grundy). A group
// of one colour has no move and is worth 0: it is dropped, so the position
// left when no move remains is the empty game. Symmetry: a group plays the
// same under the board's eight symmetries and with the colours exchanged
// (either player moves either colour), so it is stored once, under its least
// image. Values by the definition (the generic solver, memoised, over these
// parts).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "grundy/core/game_adapter.hpp"
#include "grundy/core/hash.hpp"
#include "rulesets/builtin_specs.hpp"

namespace grundy {
namespace {

// The largest board a term may write (rows x columns). What the search can
// value is bounded by the run's memory and time, not by this.
constexpr std::size_t kMostSquares = 10'000;

// A board cropped to its stones: `cells` row by row, 'X', 'O' or '.'.
struct Board {
  int rows = 0;
  int cols = 0;
  std::string cells;

  bool operator==(const Board& other) const = default;
  // (Not a defaulted <=>: the web build's libc++ has no <=> for strings.)
  bool operator<(const Board& other) const {
    return std::tie(rows, cols, cells) < std::tie(other.rows, other.cols, other.cells);
  }

  [[nodiscard]] char at(int r, int c) const {
    return cells[static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(c)];
  }
  [[nodiscard]] std::string text() const {
    std::string out;
    for (int r = 0; r < rows; ++r) {
      if (r > 0) out += '/';
      out.append(cells, static_cast<std::size_t>(r) * static_cast<std::size_t>(cols), static_cast<std::size_t>(cols));
    }
    return out;
  }
};

char other_colour(char stone) { return stone == 'X' ? 'O' : 'X'; }

constexpr int kStepRow[4] = {-1, 1, 0, 0};
constexpr int kStepCol[4] = {0, 0, -1, 1};

// The squares `kept` of `cells` (a board of `cols` columns), cropped to their
// bounding box; the rest empty. Linear in the squares kept, so a board of
// many groups is split in time linear in its size.
Board cropped(int cols, const std::string& cells, const std::vector<std::size_t>& kept) {
  Board b;
  if (kept.empty()) return b;
  int top = INT32_MAX, bottom = -1, left = INT32_MAX, right = -1;
  for (const std::size_t i : kept) {
    const int r = static_cast<int>(i) / cols;
    const int c = static_cast<int>(i) % cols;
    top = std::min(top, r);
    bottom = std::max(bottom, r);
    left = std::min(left, c);
    right = std::max(right, c);
  }
  b.rows = bottom - top + 1;
  b.cols = right - left + 1;
  b.cells.assign(static_cast<std::size_t>(b.rows) * static_cast<std::size_t>(b.cols), '.');
  for (const std::size_t i : kept) {
    const int r = static_cast<int>(i) / cols - top;
    const int c = static_cast<int>(i) % cols - left;
    b.cells[static_cast<std::size_t>(r * b.cols + c)] = cells[i];
  }
  return b;
}

// Whether some stone of the board has a neighbour of the other colour.
bool has_move(const Board& b) {
  for (int r = 0; r < b.rows; ++r) {
    for (int c = 0; c < b.cols; ++c) {
      const char s = b.at(r, c);
      if (s == '.') continue;
      if ((c + 1 < b.cols && b.at(r, c + 1) == other_colour(s)) || (r + 1 < b.rows && b.at(r + 1, c) == other_colour(s))) {
        return true;
      }
    }
  }
  return false;
}

struct ImpartialClobber {
  using Position = Board;

  std::size_t hash(const Board& b) const {
    std::uint64_t h = mix_hash((static_cast<std::uint64_t>(b.rows) << 32) ^ static_cast<std::uint64_t>(b.cols));
    for (char s : b.cells) h = mix_hash(h ^ static_cast<std::uint64_t>(static_cast<unsigned char>(s)));
    return static_cast<std::size_t>(h);
  }

  std::string describe(const Board& b) const { return b.text(); }

  // The groups of orthogonally connected stones that have a move, each
  // cropped to its own box.
  void components(const Board& b, std::vector<Board>& out) const {
    const std::size_t n = b.cells.size();
    std::vector<bool> seen(n, false);
    std::vector<std::size_t> group;
    std::vector<std::size_t> stack;
    for (std::size_t start = 0; start < n; ++start) {
      if (seen[start] || b.cells[start] == '.') continue;
      group.clear();
      stack.assign(1, start);
      seen[start] = true;
      while (!stack.empty()) {
        const std::size_t i = stack.back();
        stack.pop_back();
        group.push_back(i);
        const int r = static_cast<int>(i) / b.cols;
        const int c = static_cast<int>(i) % b.cols;
        for (int d = 0; d < 4; ++d) {
          const int r2 = r + kStepRow[d];
          const int c2 = c + kStepCol[d];
          if (r2 < 0 || r2 >= b.rows || c2 < 0 || c2 >= b.cols) continue;
          const std::size_t j = static_cast<std::size_t>(r2 * b.cols + c2);
          if (seen[j] || b.cells[j] == '.') continue;
          seen[j] = true;
          stack.push_back(j);
        }
      }
      Board part = cropped(b.cols, b.cells, group);
      if (has_move(part)) out.push_back(std::move(part));
    }
  }

  // Every capture, row by row: f(r, c, r2, c2, board after) for the stone at
  // (r, c) moved onto the stone of the other colour at (r2, c2); f returns
  // false to stop.
  template <class F>
  static void for_each_capture(const Board& b, F&& f) {
    std::vector<std::size_t> stones;
    for (int r = 0; r < b.rows; ++r) {
      for (int c = 0; c < b.cols; ++c) {
        const char s = b.at(r, c);
        if (s == '.') continue;
        for (int d = 0; d < 4; ++d) {
          const int r2 = r + kStepRow[d];
          const int c2 = c + kStepCol[d];
          if (r2 < 0 || r2 >= b.rows || c2 < 0 || c2 >= b.cols || b.at(r2, c2) != other_colour(s)) continue;
          std::string after = b.cells;
          after[static_cast<std::size_t>(r2 * b.cols + c2)] = s;
          after[static_cast<std::size_t>(r * b.cols + c)] = '.';
          stones.clear();
          for (std::size_t i = 0; i < after.size(); ++i)
            if (after[i] != '.') stones.push_back(i);
          if (!f(r, c, r2, c2, cropped(b.cols, after, stones))) return;
        }
      }
    }
  }

  template <class Visit>
  void for_each_move(const Board& b, Visit&& visit) const {
    for_each_capture(b, [&](int, int, int, int, Board&& after) { return visit(std::move(after)); });
  }
  void moves(const Board& b, std::vector<Board>& out) const {
    for_each_move(b, [&](Board&& q) {
      out.push_back(std::move(q));
      return true;
    });
  }

  // The first capture that leaves `to`, in the coordinates of `from` as printed.
  std::string describe_move(const Board& from, const Board& to) const {
    std::string words = "move a stone onto a neighbour of the other colour";
    for_each_capture(from, [&](int r, int c, int r2, int c2, Board&& after) {
      if (after != to) return true;
      const char s = from.at(r, c);
      words = std::string("move the ") + s + " at row " + std::to_string(r + 1) + ", column " + std::to_string(c + 1) +
              " onto the " + other_colour(s) + " at row " + std::to_string(r2 + 1) + ", column " +
              std::to_string(c2 + 1);
      return false;
    });
    return words;
  }

  // The least of the sixteen images: eight symmetries of the board, each with
  // the colours as they are and exchanged.
  Board canonical(const Board& b) const {
    Board best = b;
    for (int symmetry = 0; symmetry < 8; ++symmetry) {
      const bool transpose = (symmetry & 4) != 0;
      Board image;
      image.rows = transpose ? b.cols : b.rows;
      image.cols = transpose ? b.rows : b.cols;
      image.cells.resize(b.cells.size());
      Board swapped = image;
      for (int r = 0; r < image.rows; ++r) {
        for (int c = 0; c < image.cols; ++c) {
          int sr = transpose ? c : r;
          int sc = transpose ? r : c;
          if (symmetry & 1) sr = b.rows - 1 - sr;
          if (symmetry & 2) sc = b.cols - 1 - sc;
          const char s = b.at(sr, sc);
          const std::size_t i = static_cast<std::size_t>(r * image.cols + c);
          image.cells[i] = s;
          swapped.cells[i] = s == '.' ? '.' : other_colour(s);
        }
      }
      best = std::min({best, image, swapped});
    }
    return best;
  }
};

// The board of a term: one argument, rows of X, O and '.' joined by '/'.
Board read_board(const TermReader& term) {
  const ExprGroup& group = term.positions();
  term.expect_arguments(group, 1);
  const ExprArg& arg = group.args.front();
  if (arg.kind != ExprArg::Kind::word) {
    term.fail("a Clobber board is rows of X, O and '.' joined by '/', as in clobber(XO.X/OXOX)", arg.column);
  }
  const std::string& text = arg.text;
  Board b;
  std::size_t row_start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != '/') {
      const char s = text[i];
      if (s != 'X' && s != 'O' && s != '.') {
        term.fail(std::string("a Clobber square is X, O or '.', not '") + s + "'", arg.column + i);
      }
      if (b.cells.size() >= kMostSquares) {
        term.fail("a Clobber board of more than " + std::to_string(kMostSquares) + " squares", arg.column);
      }
      b.cells += s;
      continue;
    }
    const std::size_t length = i - row_start;
    if (length == 0) term.fail("a Clobber board has no empty rows", arg.column + i);
    if (b.rows > 0 && static_cast<int>(length) != b.cols) {
      term.fail("every row of a Clobber board has " + std::to_string(b.cols) + " squares, as the first", arg.column + row_start);
    }
    b.cols = static_cast<int>(length);
    ++b.rows;
    row_start = i + 1;
  }
  return b;
}

}  // namespace

RulesetSpec clobber_ruleset() {
  RulesetSpec spec{.name = "clobber",
                   .help = {{"clobber(XO.X/OXOX)",
                             "impartial Clobber: either player moves a stone of either colour onto an orthogonally "
                             "adjacent stone of the other colour, which is removed (rows joined by '/', '.' empty)"}},
                   .parameters = 0};
  spec.position = [](const TermReader& term) {
    return GameAdapter<ImpartialClobber>::make(ImpartialClobber{}, "clobber", SolverChoice::normal_play,
                                               Sharing::by_name)
        ->position(read_board(term));
  };
  spec.samples = [](SampleRequest& request) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < request.count; ++i) {
      const std::size_t rows = 1 + request.random() % 3;
      const std::size_t cols = 1 + request.random() % (rows == 1 ? 8 : 4);
      std::string text;
      for (std::size_t r = 0; r < rows; ++r) {
        if (r > 0) text += '/';
        for (std::size_t c = 0; c < cols; ++c) text += "XXO.O"[request.random() % 5];
      }
      out.push_back("clobber(" + text + ")");
    }
    return out;
  };
  return spec;
}

}  // namespace grundy
