#include "grundy/placement/board.hpp"
#include "grundy/core/input_file.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <sstream>

namespace grundy::placement {

namespace {

// `written`: the size as the user wrote it ("18446744073709551616x2"), quoted
// whole in the message; read_number caps a side past 10^9, so the numbers
// themselves would misquote it ("1844674407x2"). Empty: from the numbers.
void check_size(std::size_t rows, std::size_t cols, const SourceLocation& where, std::string_view written = {}) {
  if (rows == 0 || cols == 0) throw InputError("a board needs at least one row and one column", where);
  if (rows > kMaxBoardCells || cols > kMaxBoardCells || rows * cols > kMaxBoardCells) {
    const std::string size = written.empty() ? std::to_string(rows) + "x" + std::to_string(cols) : excerpt(written);
    throw LimitError("a board of " + size + " has more than " + std::to_string(kMaxBoardCells) +
                         " cells, the most this solver handles",
                     where);
  }
}

// Reads the decimal number at s[i..]; returns false if there is none. Caps at a
// value above any legal side so that overflow cannot wrap into a small number.
bool read_number(std::string_view s, std::size_t& i, std::size_t& out) {
  if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return false;
  out = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
    if (out <= 1'000'000'000) out = out * 10 + static_cast<std::size_t>(s[i] - '0');
    ++i;
  }
  return true;
}

}  // namespace

Board empty_board(std::size_t rows, std::size_t cols, const SourceLocation& where) {
  check_size(rows, cols, where);
  Board b;
  b.rows = rows;
  b.cols = cols;
  b.free.assign(rows * cols, 1);
  return b;
}

Board parse_board_size(std::string_view word, const SourceLocation& where) {
  std::size_t i = 0;
  std::size_t rows = 0;
  std::size_t cols = 0;
  const bool ok = read_number(word, i, rows) && i < word.size() && (word[i] == 'x' || word[i] == 'X') &&
                  read_number(word, ++i, cols) && i == word.size();
  if (!ok) throw InputError("expected a board size such as 8x8, found '" + excerpt(word) + "'", where);
  check_size(rows, cols, where, word);
  return empty_board(rows, cols, where);
}

std::string board_to_inline(const Board& board) {
  bool all_free = true;
  for (std::uint8_t cell : board.free) all_free = all_free && cell != 0;
  if (all_free) return std::to_string(board.rows) + "x" + std::to_string(board.cols);
  std::string out;
  for (std::size_t r = 0; r < board.rows; ++r) {
    if (r) out += '/';
    for (std::size_t c = 0; c < board.cols; ++c) out += board.is_free(r, c) ? '0' : '1';
  }
  if (board.rows == 1) out += '/';
  return out;
}

Board parse_inline_board(std::string_view word, const SourceLocation& where) {
  if (word.find('/') == std::string_view::npos) return parse_board_size(word, where);
  std::string_view rows = word;
  if (rows.back() == '/') rows.remove_suffix(1);
  Board b;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = std::min(rows.find('/', start), rows.size());
    const std::string_view row = rows.substr(start, end - start);
    SourceLocation at = where;
    if (at.column != 0) at.column += start;
    if (row.empty()) throw InputError("an inline board has an empty row (rows of 0/1 joined by '/')", at);
    if (b.rows == 0) b.cols = row.size();
    if (row.size() != b.cols) {
      throw InputError("row " + std::to_string(b.rows + 1) + " of the board has " + std::to_string(row.size()) +
                           " cells, the first row has " + std::to_string(b.cols),
                       at);
    }
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (row[c] != '0' && row[c] != '1') {
        SourceLocation cell = at;
        if (cell.column != 0) cell.column += c;
        throw InputError(std::string("a cell must be 0 (free) or 1 (blocked), found '") + row[c] + "'", cell);
      }
      b.free.push_back(row[c] == '0' ? 1 : 0);
    }
    ++b.rows;
    if (b.rows * b.cols > kMaxBoardCells) {
      throw LimitError("the board has more than " + std::to_string(kMaxBoardCells) +
                           " cells, the most this solver handles",
                       where);
    }
    if (end == rows.size()) break;
    start = end + 1;
  }
  return b;
}

Board parse_board_rows(std::string_view text, const std::string& file) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  if (lines.empty()) throw InputError("the board file is empty", SourceLocation{file, 1, 1});
  Board b;
  b.rows = lines.size();
  b.cols = lines.front().size();
  for (std::size_t r = 0; r < lines.size(); ++r) {
    const std::string_view line = lines[r];
    for (std::size_t c = 0; c < line.size(); ++c) {
      if (line[c] != '0' && line[c] != '1') {
        throw InputError(std::string("a cell must be 0 (free) or 1 (blocked), found '") + line[c] + "'",
                         SourceLocation{file, r + 1, c + 1});
      }
    }
    if (line.size() != b.cols) {
      throw InputError("row " + std::to_string(r + 1) + " has " + std::to_string(line.size()) +
                           " cells, the first row has " + std::to_string(b.cols),
                       SourceLocation{file, r + 1, std::min(line.size(), b.cols) + 1});
    }
  }
  check_size(b.rows, b.cols, SourceLocation{file, 1, 1});
  b.free.reserve(b.rows * b.cols);
  for (std::string_view line : lines) {
    for (char ch : line) b.free.push_back(ch == '0' ? 1 : 0);
  }
  return b;
}

Board read_board_file(const std::string& path, const std::function<void()>& poll) {
  return parse_board_rows(read_input_file(path, "board file", poll), path);
}

std::string board_to_text(const Board& board) {
  std::string out;
  out.reserve(board.rows * (board.cols + 1));
  for (std::size_t r = 0; r < board.rows; ++r) {
    for (std::size_t c = 0; c < board.cols; ++c) out += board.is_free(r, c) ? '0' : '1';
    out += '\n';
  }
  return out;
}

namespace {

// Walks the text token by token, keeping line and column for messages.
class Scanner {
 public:
  Scanner(std::string text, std::string file) : text_(std::move(text)), file_(std::move(file)) {}

  // Skips white space; false at the end of input.
  bool skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) advance();
    return pos_ < text_.size();
  }

  [[nodiscard]] SourceLocation here() const { return SourceLocation{file_, line_, column_}; }

  std::size_t number(const std::string& what) {
    if (!skip_space()) throw InputError("the input ends where " + what + " should be", here());
    const SourceLocation at = here();
    std::size_t value = 0;
    std::size_t i = pos_;
    if (!read_number(text_, i, value) || (i < text_.size() && !std::isspace(static_cast<unsigned char>(text_[i])))) {
      throw InputError("expected " + what + ", found '" + token() + "'", at);
    }
    while (pos_ < i) advance();
    return value;
  }

  // The next non-blank character, which must be a cell.
  std::uint8_t cell(std::size_t board, std::size_t row) {
    if (!skip_space()) {
      throw InputError("the input ends inside board " + std::to_string(board) + ", in row " + std::to_string(row),
                       here());
    }
    const char ch = text_[pos_];
    if (ch != '0' && ch != '1') {
      throw InputError(std::string("a cell must be 0 (free) or 1 (blocked), found '") + ch + "'", here());
    }
    advance();
    return ch == '0' ? 1 : 0;
  }

 private:
  std::string token() const {
    std::size_t end = pos_;
    while (end < text_.size() && !std::isspace(static_cast<unsigned char>(text_[end])) && end - pos_ < 20) ++end;
    return text_.substr(pos_, end - pos_);
  }

  void advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    ++pos_;
  }

  std::string text_;
  std::string file_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  std::size_t column_ = 1;
};

}  // namespace

namespace {

// Board `number` of the input: its row and column counts, then its cells.
Board read_board(Scanner& scan, std::size_t number) {
  const std::size_t rows = scan.number("the row count of board " + std::to_string(number));
  scan.skip_space();
  const SourceLocation at = scan.here();
  const std::size_t cols = scan.number("the column count of board " + std::to_string(number));
  Board b = empty_board(rows, cols, at);
  for (std::size_t i = 0; i < rows * cols; ++i) b.free[i] = scan.cell(number, i / cols + 1);
  return b;
}

// The cases of the input in one layout: each starts with a count line, then
// that many boards; or each is one board ("rows cols" first, no count line).
std::vector<BoardCase> parse_cases(const std::string& text, const std::string& file, BoardCasesLayout layout) {
  const bool counted = layout == BoardCasesLayout::counted;
  Scanner scan(text, file);
  std::vector<BoardCase> cases;
  if (!scan.skip_space()) {
    throw InputError(counted ? "the input is empty: expected the number of boards"
                             : "the input is empty: expected a board's row and column counts",
                     scan.here());
  }
  while (scan.skip_space()) {
    BoardCase one;
    one.line = scan.here().line;
    if (counted) {
      const std::size_t count = scan.number("the number of boards");
      if (count > 1'000'000) throw LimitError("more than 10^6 boards in one case", SourceLocation{file, one.line, 0});
      for (std::size_t k = 1; k <= count; ++k) one.boards.push_back(read_board(scan, k));
    } else {
      one.boards.push_back(read_board(scan, cases.size() + 1));
    }
    cases.push_back(std::move(one));
  }
  return cases;
}

// Whether the first non-blank line holds exactly two numbers ("n m").
bool starts_with_a_size(const std::string& text) {
  std::size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  const std::size_t end = text.find('\n', i);
  std::istringstream line(text.substr(i, end == std::string::npos ? std::string::npos : end - i));
  std::string a;
  std::string b;
  std::string c;
  const auto all_digits = [](const std::string& s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
  };
  return (line >> a >> b) && !(line >> c) && all_digits(a) && all_digits(b);
}

}  // namespace

BoardCases read_board_cases(std::istream& in, const std::string& file, const std::function<void()>& poll) {
  const std::string text = read_bounded(in, "boards input", SourceLocation{file, 0, 0}, poll);
  BoardCases out;
  const bool sized = starts_with_a_size(text);
  const BoardCasesLayout first = sized ? BoardCasesLayout::one_board_a_case : BoardCasesLayout::counted;
  const BoardCasesLayout second = sized ? BoardCasesLayout::counted : BoardCasesLayout::one_board_a_case;
  try {
    out.cases = parse_cases(text, file, first);
    out.layout = first;
    return out;
  } catch (const InputError& chosen) {
    try {
      out.cases = parse_cases(text, file, second);
      out.layout = second;
      return out;
    } catch (const InputError&) {
      const std::string why =
          sized ? " (read as one board a case without a count line, as HDU 1760 gives them, since the first line holds "
                  "two numbers; read with a count line before each case's boards it does not fit either)"
                : " (read as cases that each start with a count line, then that many boards; read as one board a case "
                  "without a count line, \"rows cols\" first, it does not fit either)";
      if (dynamic_cast<const LimitError*>(&chosen) != nullptr) throw LimitError(chosen.message() + why, chosen.where());
      throw InputError(chosen.message() + why, chosen.where());
    }
  }
}

std::vector<BoardCase> parse_board_cases(std::istream& in, const std::string& file) {
  return read_board_cases(in, file).cases;
}

}  // namespace grundy::placement
