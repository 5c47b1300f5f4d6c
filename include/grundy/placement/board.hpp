// A rectangular board of free and blocked cells, and the three ways a user gives
// one: "RxC" (an empty board), a file of rows of 0 (free) / 1 (blocked), and the
// multi-board "cases" format of the classic 2x2-block problem (see
// parse_board_cases). Every parse error is an InputError with file:line:column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/input_error.hpp"

namespace grundy::placement {

// The solver's largest bitboard has 1024 bits (32x32); larger boards are refused
// up front rather than failing deep inside a search.
inline constexpr std::size_t kMaxBoardCells = 1024;

struct Board {
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::vector<std::uint8_t> free;  // row-major, 1 = free

  [[nodiscard]] bool is_free(std::size_t r, std::size_t c) const { return free[r * cols + c] != 0; }
  friend bool operator==(const Board&, const Board&) = default;
};

// An all-free board; throws LimitError beyond kMaxBoardCells, InputError on 0.
[[nodiscard]] Board empty_board(std::size_t rows, std::size_t cols, const SourceLocation& where = {});

// "8x8" -> an empty 8x8 board.
[[nodiscard]] Board parse_board_size(std::string_view word, const SourceLocation& where = {});

// Rows of '0'/'1', one row a line, all the same length; trailing spaces and CR are
// ignored, as are blank lines after the last row. `file` names the source in errors.
[[nodiscard]] Board parse_board_rows(std::string_view text, const std::string& file);
// `poll` (a Context's) is called while the read waits: Ctrl-C stops it.
[[nodiscard]] Board read_board_file(const std::string& path, const std::function<void()>& poll = {});

// The board in the same rows-of-0/1 form, one line per row (each ending in '\n').
[[nodiscard]] std::string board_to_text(const Board& board);

// The inline form used in expressions: "RxC" for a board with every cell free,
// otherwise its rows of 0/1 joined by '/' ("0110/0000"); a single row ends with
// '/' ("0110/") so that it does not read as a number.
[[nodiscard]] std::string board_to_inline(const Board& board);
// Parses the inline form ("RxC" or rows joined by '/').
[[nodiscard]] Board parse_inline_board(std::string_view word, const SourceLocation& where = {});

// The multi-board format: any number of cases until the end of input; a case is a
// count n, then n boards, each "rows cols" and rows*cols cells '0'/'1' (white space
// between cells is optional, as in the reference solution that reads chars). The
// answer of a case is the xor of its boards' values.
struct BoardCase {
  std::vector<Board> boards;
  std::size_t line = 0;  // where the case's count stands (or its one board's size)
};

// The two layouts judges use: a count line before each case's boards, or one
// board a case and no count line (HDU 1760, "A New Tetris Game": "n m" and
// the rows). A first line of exactly two numbers is read as the second; any
// other as the first; when the layout chosen does not fit and the other does,
// the other is used. When neither fits, the error of the one chosen says which
// it was and why.
enum class BoardCasesLayout { counted, one_board_a_case };
struct BoardCases {
  std::vector<BoardCase> cases;
  BoardCasesLayout layout = BoardCasesLayout::counted;
};
[[nodiscard]] BoardCases read_board_cases(std::istream& in, const std::string& file,
                                          const std::function<void()>& poll = {});
// The cases alone (read_board_cases).
[[nodiscard]] std::vector<BoardCase> parse_board_cases(std::istream& in, const std::string& file);

}  // namespace grundy::placement
