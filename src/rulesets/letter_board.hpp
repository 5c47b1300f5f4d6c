// A board of letters, one per square, written row by row with rows joined by
// '/' (clobber(XO.X/OXOX), nogo(..X./O...)): what the stone games share —
// reading a board from a term, cropping a part of it to its own box, and the
// least of its images under the board's eight symmetries, with or without
// the colours exchanged (in an impartial stone game either player moves
// either colour, so exchanging them changes nothing).
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "grundy/terms/term_reader.hpp"

namespace grundy::rulesets_detail {

struct LetterBoard {
  int rows = 0;
  int cols = 0;
  std::string cells;  // row by row

  bool operator==(const LetterBoard& other) const = default;
  // (Not a defaulted <=>: the web build's libc++ has no <=> for strings.)
  bool operator<(const LetterBoard& other) const {
    return std::tie(rows, cols, cells) < std::tie(other.rows, other.cols, other.cells);
  }

  [[nodiscard]] std::size_t index(int r, int c) const {
    return static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(c);
  }
  [[nodiscard]] char at(int r, int c) const { return cells[index(r, c)]; }
  [[nodiscard]] std::string text() const;
  // For the search's tables.
  [[nodiscard]] std::size_t hash() const;
};

// The largest board a term may write (rows x columns). What a search can
// value is bounded by the run's memory and time, not by this.
inline constexpr std::size_t kMostLetterBoardSquares = 10'000;

// The four orthogonal steps.
inline constexpr int kStepRow[4] = {-1, 1, 0, 0};
inline constexpr int kStepCol[4] = {0, 0, -1, 1};

// The squares `kept` of `cells` (a board of `cols` columns) cropped to their
// bounding box, every other square of the box `fill`. Linear in the squares
// kept, so a board of many parts is split in time linear in its size.
[[nodiscard]] LetterBoard cropped(int cols, const std::string& cells, std::span<const std::size_t> kept, char fill);

// f(j) for each square j orthogonally beside square i of the board.
template <class F>
void for_each_orthogonal_neighbour(const LetterBoard& b, std::size_t i, F&& f) {
  const int r = static_cast<int>(i) / b.cols;
  const int c = static_cast<int>(i) % b.cols;
  for (int d = 0; d < 4; ++d) {
    const int r2 = r + kStepRow[d];
    const int c2 = c + kStepCol[d];
    if (r2 >= 0 && r2 < b.rows && c2 >= 0 && c2 < b.cols) f(b.index(r2, c2));
  }
}

// The groups of orthogonally connected squares of `board` that hold a letter
// other than `empty`, each as its squares (indices into cells), in the order
// of their first square.
[[nodiscard]] std::vector<std::vector<std::size_t>> connected_groups(const LetterBoard& board, char empty);

// The least of the board's images under its eight symmetries and, with each,
// the colours exchanged by `exchange` (a map of each letter to its image).
[[nodiscard]] LetterBoard least_image(const LetterBoard& board, char (*exchange)(char));

// The board of a term with one argument: rows of the letters `letters` joined
// by '/', at most `most_squares` squares; `game` names the game in errors and
// `example` shows a board of it.
[[nodiscard]] LetterBoard read_letter_board(const TermReader& term, std::string_view game, std::string_view letters,
                                            std::string_view example, std::size_t most_squares);

}  // namespace grundy::rulesets_detail
