#include "rulesets/letter_board.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>

#include "grundy/core/hash.hpp"
#include "placement/least_image.hpp"

namespace grundy::rulesets_detail {

std::string LetterBoard::text() const {
  std::string out;
  for (int r = 0; r < rows; ++r) {
    if (r > 0) out += '/';
    out.append(cells, index(r, 0), static_cast<std::size_t>(cols));
  }
  return out;
}

std::size_t LetterBoard::hash() const {
  std::uint64_t h = mix_hash((static_cast<std::uint64_t>(rows) << 32) ^ static_cast<std::uint64_t>(cols));
  for (const char s : cells) h = mix_hash(h ^ static_cast<std::uint64_t>(static_cast<unsigned char>(s)));
  return static_cast<std::size_t>(h);
}

std::vector<std::vector<std::size_t>> connected_groups(const LetterBoard& b, char empty) {
  const std::size_t n = b.cells.size();
  std::vector<bool> seen(n, false);
  std::vector<std::vector<std::size_t>> groups;
  std::vector<std::size_t> stack;
  for (std::size_t start = 0; start < n; ++start) {
    if (seen[start] || b.cells[start] == empty) continue;
    std::vector<std::size_t>& group = groups.emplace_back();
    stack.assign(1, start);
    seen[start] = true;
    while (!stack.empty()) {
      const std::size_t i = stack.back();
      stack.pop_back();
      group.push_back(i);
      for_each_orthogonal_neighbour(b, i, [&](std::size_t j) {
        if (seen[j] || b.cells[j] == empty) return;
        seen[j] = true;
        stack.push_back(j);
      });
    }
  }
  return groups;
}

LetterBoard cropped(int cols, const std::string& cells, std::span<const std::size_t> kept, char fill) {
  LetterBoard b;
  if (kept.empty()) return b;
  int top = INT_MAX, bottom = -1, left = INT_MAX, right = -1;
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
  b.cells.assign(static_cast<std::size_t>(b.rows) * static_cast<std::size_t>(b.cols), fill);
  for (const std::size_t i : kept) {
    b.cells[b.index(static_cast<int>(i) / cols - top, static_cast<int>(i) % cols - left)] = cells[i];
  }
  return b;
}

LetterBoard least_image(const LetterBoard& b, char (*exchange)(char)) {
  // Images are compared square by square as they are drawn, and only one
  // that is less than the best so far is written out: a part's key is made
  // at every node of a search, where building sixteen boards cost a fifth of
  // the time. Each image is walked by strides (placement/least_image.hpp's
  // walk_of: its square k = r * cols + c is source square start + r *
  // row_step + c * col_step), and the colours exchanged are looked up in a
  // copy made once: a call of `exchange` and an index per square compared
  // were most of its time (perf, NoGo 3x5).
  using placement::detail::SymmetryWalk;
  const int least_rows = std::min(b.rows, b.cols);
  const int least_cols = std::max(b.rows, b.cols);
  const std::size_t n = b.cells.size();
  // The colours exchanged: on the stack for boards of a search's size.
  constexpr std::size_t kOnStack = 64;
  char swapped_on_stack[kOnStack];
  std::string swapped_on_heap;
  char* swapped = swapped_on_stack;
  if (n > kOnStack) {
    swapped_on_heap.resize(n);
    swapped = swapped_on_heap.data();
  }
  for (std::size_t i = 0; i < n; ++i) swapped[i] = exchange(b.cells[i]);
  struct Walk {
    SymmetryWalk steps;
    const char* letters = nullptr;
  };
  // Boards of one shape order square by square, row by row.
  const auto compare = [&](const Walk& mine, const Walk& best) {
    for (int r = 0; r < least_rows; ++r) {
      const char* my_row = mine.letters + mine.steps.start + r * mine.steps.row_step;
      const char* best_row = best.letters + best.steps.start + r * best.steps.row_step;
      for (int c = 0; c < least_cols; ++c) {
        const char m = my_row[c * mine.steps.col_step];
        const char o = best_row[c * best.steps.col_step];
        if (m != o) return m < o ? -1 : 1;
      }
    }
    return 0;
  };
  placement::detail::LeastImage<Walk, decltype(compare)> least(compare);
  for (int symmetry = 0; symmetry < placement::detail::kBoxSymmetries; ++symmetry) {
    if (!placement::detail::may_be_least(symmetry, b.rows, b.cols)) continue;
    const SymmetryWalk steps = placement::detail::walk_of(symmetry, b.rows, b.cols);
    for (const bool exchanged : {false, true}) least.consider(Walk{steps, exchanged ? swapped : b.cells.data()});
  }
  const Walk& best = least.best();
  LetterBoard image;
  image.rows = least_rows;
  image.cols = least_cols;
  image.cells.resize(n);
  std::size_t k = 0;
  for (int r = 0; r < least_rows; ++r) {
    const char* row = best.letters + best.steps.start + r * best.steps.row_step;
    for (int c = 0; c < least_cols; ++c) image.cells[k++] = row[c * best.steps.col_step];
  }
  return image;
}

LetterBoard read_letter_board(const TermReader& term, std::string_view game, std::string_view letters,
                              std::string_view example, std::size_t most_squares) {
  const ExprGroup& group = term.positions();
  term.expect_arguments(group, 1);
  const ExprArg& arg = group.args.front();
  // "X, O and '.'" (conjunction "and") or "X, O or '.'".
  const auto listed = [&](const char* conjunction) {
    std::string out;
    for (std::size_t i = 0; i < letters.size(); ++i) {
      if (i > 0) out += i + 1 == letters.size() ? std::string(" ") + conjunction + " " : ", ";
      const bool mark = letters[i] == '.' || letters[i] == '#' || letters[i] == '_';
      out += mark ? "'" + std::string(1, letters[i]) + "'" : std::string(1, letters[i]);
    }
    return out;
  };
  if (arg.kind != ExprArg::Kind::word) {
    term.fail("a " + std::string(game) + " board is rows of " + listed("and") + " joined by '/', as in " +
                  std::string(example),
              arg.column);
  }
  // One '/' may end the board, as it may a Cram board or a coin row
  // (cram(0010/), coins(THH/): how a one-row board is written there), so
  // that clobber(XO/) and nogo(..X./) read as clobber(XO) and nogo(..X.).
  const std::string_view text =
      arg.text.size() > 1 && arg.text.back() == '/' ? std::string_view(arg.text).substr(0, arg.text.size() - 1)
                                                    : std::string_view(arg.text);
  LetterBoard b;
  std::size_t row_start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != '/') {
      const char s = text[i];
      if (letters.find(s) == std::string_view::npos) {
        term.fail("a " + std::string(game) + " square is " + listed("or") + ", not '" + s + "'", arg.column + i);
      }
      if (b.cells.size() >= most_squares) {
        term.fail("a " + std::string(game) + " board of more than " + std::to_string(most_squares) + " squares",
                  arg.column);
      }
      b.cells += s;
      continue;
    }
    const std::size_t length = i - row_start;
    if (length == 0) term.fail("a " + std::string(game) + " board has no empty rows", arg.column + i);
    if (b.rows > 0 && static_cast<int>(length) != b.cols) {
      term.fail("every row of a " + std::string(game) + " board has " + std::to_string(b.cols) + " squares, as the first",
                arg.column + row_start);
    }
    b.cols = static_cast<int>(length);
    ++b.rows;
    row_start = i + 1;
  }
  return b;
}

}  // namespace grundy::rulesets_detail
