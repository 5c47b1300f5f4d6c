#include "grundy/terms/expression.hpp"

#include <cctype>
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "grundy/core/input_error.hpp"

namespace grundy {
namespace {

// A hand-written recursive-descent parser: the grammar is tiny and every error
// must name its column, which a generator would make harder, not easier.
class Parser {
 public:
  explicit Parser(std::string_view source) : src_(source) {
    // Columns count characters, not bytes: with any non-ASCII byte in the
    // source, a table from byte offsets to columns (ASCII text needs none).
    for (std::size_t i = 0; i < src_.size(); ++i) {
      if (static_cast<unsigned char>(src_[i]) >= 0x80) {
        columns_.resize(src_.size() + 1);
        std::size_t column = 0;
        for (std::size_t j = 0; j <= src_.size(); ++j) {
          if (j == src_.size() || (static_cast<unsigned char>(src_[j]) & 0xC0) != 0x80) ++column;
          columns_[j] = column;
        }
        break;
      }
    }
  }

  Expression parse_sum() {
    Expression expr;
    skip_space();
    if (at_end()) fail("the expression is empty", pos_);
    expr.terms.push_back(parse_term());
    skip_space();
    while (!at_end()) {
      if (peek() != '+') fail("expected '+' between terms, found " + character_at(pos_), pos_);
      ++pos_;
      skip_space();
      if (at_end()) fail("expected a term after '+'", pos_);
      expr.terms.push_back(parse_term());
      skip_space();
    }
    return expr;
  }

  ExprTerm parse_single_rule() {
    skip_space();
    if (at_end()) fail("the rule is empty", pos_);
    ExprTerm term = parse_term();
    skip_space();
    if (!at_end()) fail("unexpected " + character_at(pos_) + " after the rule", pos_);
    return term;
  }

 private:
  [[noreturn]] void fail(const std::string& message, std::size_t at) const {
    throw InputError(message, SourceLocation{"", 0, column_at(at)});
  }

  // The 1-based column (in characters) of byte `at`.
  std::size_t column_at(std::size_t at) const { return columns_.empty() ? at + 1 : columns_[at]; }

  // The character at byte `at`, quoted, whole even when it takes several bytes
  // of UTF-8 ('é', not a broken half of it); control bytes by their code.
  // The character there quoted whole (input_error.hpp: never half of one).
  std::string character_at(std::size_t at) const { return quoted_character(src_, at); }

  // Nesting of groups inside calls (allbut{…} inside sub(…)) is bounded: the
  // parser recurses once per level, and no ruleset needs more than two.
  static constexpr std::size_t kMaxNesting = 64;

  bool at_end() const { return pos_ >= src_.size(); }
  char peek() const { return src_[pos_]; }
  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(peek()))) ++pos_;
  }

  static bool is_name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
  static bool is_name_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  }

  ExprTerm parse_term() {
    ExprTerm term;
    const std::size_t start = pos_;
    term.column = column_at(pos_);
    const char c = peek();
    if (c == '0' && (pos_ + 1 == src_.size() || !(std::isalnum(static_cast<unsigned char>(src_[pos_ + 1])) ||
                                                  src_[pos_ + 1] == '.' || src_[pos_ + 1] == '_'))) {
      // "0": the empty game (a position with no move), which is how the empty
      // sum prints.
      ++pos_;
      term.head = "0";
      term.is_zero = true;
      term.text = "0";
      skip_space();
      if (!at_end() && (peek() == '(' || peek() == '{')) fail("the empty game 0 takes no arguments", pos_);
      return term;
    } else if (is_name_start(c)) {
      term.head = parse_name();
    } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {  // also 0x… (hexadecimal)
      term.head = parse_code();
      term.head_is_code = true;
    } else {
      fail("expected a ruleset name or a take-and-break code, found " + character_at(pos_), pos_);
    }
    skip_space();
    while (!at_end() && (peek() == '(' || peek() == '{')) {
      term.groups.push_back(parse_group());
      skip_space();
    }
    std::size_t end = pos_;
    while (end > start && std::isspace(static_cast<unsigned char>(src_[end - 1]))) --end;
    term.text = std::string(src_.substr(start, end - start));
    return term;
  }

  std::string parse_name() {
    const std::size_t start = pos_;
    while (!at_end() && is_name_char(peek())) ++pos_;
    // A trailing '-' belongs to nobody's name; it is a typo or a minus sign.
    if (src_[pos_ - 1] == '-') fail("a name cannot end with '-'", pos_ - 1);
    return std::string(src_.substr(start, pos_ - start));
  }

  // 0.77, .6, 4.3, 0.F7, 0.137 — validated by the take-and-break parser, which knows
  // what each digit means; here only its extent is found.
  std::string parse_code() {
    const std::size_t start = pos_;
    const bool hexadecimal = src_.substr(pos_, 2) == "0x" || src_.substr(pos_, 2) == "0X";
    if (hexadecimal) pos_ += 2;
    // d0 may be a letter in hexadecimal (0xC.1: split without taking).
    while (!at_end() && (hexadecimal ? std::isxdigit(static_cast<unsigned char>(peek()))
                                     : std::isdigit(static_cast<unsigned char>(peek())))) {
      ++pos_;
    }
    if (at_end() || peek() != '.') fail("expected a take-and-break code such as 0.77 (a '.' is missing)", pos_);
    ++pos_;
    while (!at_end() && std::isalnum(static_cast<unsigned char>(peek()))) ++pos_;
    return std::string(src_.substr(start, pos_ - start));
  }

  ExprGroup parse_group() {
    ExprGroup group;
    group.open = peek();
    group.column = column_at(pos_);
    const char close = group.open == '(' ? ')' : '}';
    const std::size_t open_at = pos_;
    ++pos_;
    skip_space();
    if (!at_end() && peek() == close) {
      ++pos_;
      return group;
    }
    while (true) {
      skip_space();
      if (at_end()) fail(std::string("missing '") + close + "' to close the '" + group.open + "'", open_at);
      group.args.push_back(parse_arg(close));
      skip_space();
      if (at_end()) fail(std::string("missing '") + close + "' to close the '" + group.open + "'", open_at);
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == close) {
        ++pos_;
        return group;
      }
      fail(std::string("expected ',' or '") + close + "', found " + character_at(pos_), pos_);
    }
  }

  // The longest run from pos_ of characters that are `plain` or `mark`: when
  // it holds a `mark`, it is `arg`, a word (a board, a Sprouts position), and
  // reading goes on after it; otherwise nothing is taken.
  template <class Plain, class Mark>
  bool take_marked_word(ExprArg& arg, Plain plain, Mark mark) {
    std::size_t end = pos_;
    bool marked = false;
    while (end < src_.size() && (plain(src_[end]) || mark(src_[end]))) {
      marked = marked || mark(src_[end]);
      ++end;
    }
    if (!marked) return false;
    arg.kind = ExprArg::Kind::word;
    arg.text = std::string(src_.substr(pos_, end - pos_));
    pos_ = end;
    return true;
  }

  ExprArg parse_arg(char close) {
    ExprArg arg;
    arg.column = column_at(pos_);
    const std::size_t start = pos_;
    const char c = peek();
    if (c == '-') fail("a negative number is not a position or a parameter", pos_);
    if (close == ')' && (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '!')) {
      // A Sprouts position written inline (0.1a1a.}]!, or SPOTS' 0*7|1a1a,
      // docs/sprouts.md): one word if it holds '}', ']', '!', '*' or '|' —
      // inside '(' … ')' only, where '}' closes nothing and '+' sums nothing
      // (an argument never holds a sum: nim(2*3) and sub(1+2) are refused
      // either way).
      const auto mark = [](char m) { return m == '}' || m == ']' || m == '!' || m == '*' || m == '|'; };
      const auto plain = [](char m) { return std::isalnum(static_cast<unsigned char>(m)) || m == '.' || m == '+'; };
      if (take_marked_word(arg, plain, mark)) return arg;
    }
    if (c == '@') {
      ++pos_;
      const std::size_t path_start = pos_;
      while (!at_end() && peek() != ',' && peek() != ')' && peek() != '}' &&
             !std::isspace(static_cast<unsigned char>(peek())))
        ++pos_;
      if (pos_ == path_start) fail("expected a file name after '@'", pos_);
      arg.kind = ExprArg::Kind::path;
      arg.text = std::string(src_.substr(path_start, pos_ - path_start));
      return arg;
    }
    if (c == '"') {
      ++pos_;
      const std::size_t path_start = pos_;
      while (!at_end() && peek() != '"') ++pos_;
      if (at_end()) fail("missing '\"' to close the file name", start);
      arg.kind = ExprArg::Kind::path;
      arg.text = std::string(src_.substr(path_start, pos_ - path_start));
      ++pos_;
      return arg;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      // A number, a range a..b, a word that starts with a digit (8x8, an
      // edge 0-1 of a graph: '-' and '_' join letters and digits), or a board
      // written inline (rows joined by '/': 0110/0000).
      std::size_t end = pos_;
      bool board = false;
      const auto word_char = [&](std::size_t i) {
        return i < src_.size() && (std::isalnum(static_cast<unsigned char>(src_[i])) || src_[i] == '_');
      };
      while (end < src_.size() &&
             (word_char(end) || src_[end] == '/' || (src_[end] == '-' && word_char(end + 1)))) {
        board = board || src_[end] == '/';
        ++end;
      }
      const std::string_view token = src_.substr(pos_, end - pos_);
      if (board) {
        arg.kind = ExprArg::Kind::word;
        arg.text = std::string(token);
        pos_ = end;
        return arg;
      }
      bool all_digits = true;
      for (char d : token) all_digits = all_digits && std::isdigit(static_cast<unsigned char>(d));
      if (!all_digits) {
        arg.kind = ExprArg::Kind::word;
        arg.text = std::string(token);
        pos_ = end;
        return arg;
      }
      arg.integer = parse_integer();
      if (src_.substr(pos_, 2) == "..") {
        pos_ += 2;
        if (at_end() || !std::isdigit(static_cast<unsigned char>(peek())))
          fail("expected a number after '..'", pos_);
        arg.kind = ExprArg::Kind::range;
        arg.range_high = parse_integer();
        if (arg.range_high < arg.integer) fail("a range a..b needs a <= b", start);
      } else {
        arg.kind = ExprArg::Kind::integer;
      }
      arg.text = std::string(src_.substr(start, pos_ - start));
      return arg;
    }
    if (c == '.' || c == '#' || is_name_start(c)) {
      // A board of letters, empty squares '.' and squares off the board '#',
      // rows joined by '/' (coins: HT/TH; clobber(XO.X/OXOX), nogo(#..X/....)):
      // one word, if it holds a '/', '.' or '#' (a name holds none).
      const auto board_mark = [](char m) { return m == '.' || m == '/' || m == '#'; };
      if (take_marked_word(arg, is_name_char, board_mark)) return arg;
    }
    if (is_name_start(c)) {
      arg.text = parse_name();
      skip_space();
      if (!at_end() && (peek() == '(' || peek() == '{')) {
        arg.kind = ExprArg::Kind::call;
        while (!at_end() && (peek() == '(' || peek() == '{')) {
          if (++depth_ > kMaxNesting) {
            fail("groups nested more than " + std::to_string(kMaxNesting) + " deep", pos_);
          }
          arg.groups.push_back(parse_group());
          --depth_;
          skip_space();
        }
        arg.text = std::string(src_.substr(start, pos_ - start));
        while (!arg.text.empty() && std::isspace(static_cast<unsigned char>(arg.text.back()))) arg.text.pop_back();
      } else {
        arg.kind = ExprArg::Kind::word;
      }
      return arg;
    }
    fail("expected a number, a name or a file, found " + character_at(pos_), pos_);
  }

  std::uint64_t parse_integer() {
    const std::size_t start = pos_;
    std::uint64_t value = 0;
    while (!at_end() && std::isdigit(static_cast<unsigned char>(peek()))) {
      const auto digit = static_cast<std::uint64_t>(peek() - '0');
      if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) {
        fail("the number " + excerpt(src_.substr(start, digit_run_end() - start)) +
                 " does not fit in 64 bits (largest: 18446744073709551615)",
             start);
      }
      value = value * 10 + digit;
      ++pos_;
    }
    return value;
  }

  std::size_t digit_run_end() const {
    std::size_t end = pos_;
    while (end < src_.size() && std::isdigit(static_cast<unsigned char>(src_[end]))) ++end;
    return end;
  }

  std::string_view src_;
  std::size_t pos_ = 0;
  std::size_t depth_ = 0;
  std::vector<std::size_t> columns_;  // byte offset -> column, only for non-ASCII sources
};

}  // namespace

Expression parse_expression(std::string_view source) { return Parser(source).parse_sum(); }

ExprTerm parse_rule(std::string_view source) { return Parser(source).parse_single_rule(); }

}  // namespace grundy
