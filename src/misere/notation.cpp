#include "grundy/misere/notation.hpp"

#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/input_error.hpp"

namespace grundy::misere {
namespace {

std::string digit(std::uint64_t n) { return n < 10 ? std::to_string(n) : "&" + std::to_string(n) + ";"; }

// A game written as a base (a heap digit or a parenthesized list of options)
// and a subscript after it, which is bracketed once it holds a sum with a heap.
struct Piece {
  std::string base;
  std::string subscript;
  bool bracketed = false;

  [[nodiscard]] std::string text() const { return base + (bracketed ? "[" + subscript + "]" : subscript); }
};

// Thrown when the text would pass its length bound (shared sub-games are
// written out in full each time, so a form of modest size can have a text of
// astronomical length).
struct TooLong {};

struct Budget {
  std::size_t left;
  void spend(std::size_t n) {
    if (n > left) throw TooLong{};
    left -= n;
  }
};

// Whether the reader finds G again from BIGGER = G + *n and "-n": CGSuite
// prints the subscript whenever G + *n is older; this printer only when
// its reader recovers G (minus_nim_heap), so that every printed form reads
// back. The two agreed on every game born by day 5 with at most six options
// and on CGSuite's own table (docs/testing.md).
bool reads_back_as(CanonicalForms& forms, GameId bigger, std::uint64_t n, GameId g) {
  try {
    return forms.minus_nim_heap(bigger, n) == g;
  } catch (const LimitError&) {
    return false;
  }
}

Piece render(CanonicalForms& forms, GameId g, bool parenthesize, int depth, Budget& budget) {
  if (depth > 1'000) throw TooLong{};
  budget.spend(1);
  const std::uint32_t b = forms.birthday(g);
  if (forms.is_nim_heap(g)) return Piece{digit(b), {}, false};
  const bool odd = !forms.is_even(g);
  for (std::uint64_t n = odd ? 3 : 2; n < b; n += 2) {
    if (const std::optional<GameId> part = forms.younger_minus_nim_heap(g, n)) {
      Piece piece = render(forms, *part, true, depth + 1, budget);
      piece.subscript += digit(n);
      piece.bracketed = true;
      return piece;
    }
    const GameId bigger = forms.sum(g, forms.nim_heap(n));
    if (forms.birthday(bigger) < b && reads_back_as(forms, bigger, n, g)) {
      Piece piece = render(forms, bigger, true, depth + 1, budget);
      piece.subscript += "-" + digit(n);
      piece.bracketed = true;
      return piece;
    }
  }
  if (odd) {
    Piece piece = render(forms, forms.even_part(g), true, depth + 1, budget);
    piece.subscript += "1";
    piece.bracketed = true;
    return piece;
  }
  const std::vector<GameId> options = forms.ordered_options(g);
  if (options.size() == 1) {
    Piece piece = render(forms, options.front(), true, depth + 1, budget);
    piece.subscript += "#";
    return piece;
  }
  std::string text;
  for (auto it = options.rbegin(); it != options.rend(); ++it) {
    const std::string part = render(forms, *it, true, depth + 1, budget).text();
    budget.spend(part.size());
    text += part;
  }
  if (parenthesize) text = "(" + text + ")";
  return Piece{text, {}, false};
}

class Reader {
 public:
  Reader(std::string_view text, CanonicalForms& forms) : text_(text), forms_(forms) {}

  GameId whole() {
    const GameId g = expression();
    skip_space();
    if (at_ < text_.size()) fail("unexpected " + quoted_character() + " after the game");
    return g;
  }

 private:
  // One element of a list: an integer (a nim heap), a list (the game of those
  // options) or a game (`*[…]`, sums allowed).
  GameId element() {
    skip_space();
    if (at_ < text_.size() && text_[at_] == '[') {
      const Nest nest(*this);
      ++at_;
      return forms_.game(list(']'));
    }
    if (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_]))) return forms_.nim_heap(integer());
    if (at_ < text_.size() && text_[at_] == '*') return expression();
    fail(at_ < text_.size() ? "expected a nim heap size, a list [...] or a game *[...], found " + quoted_character()
                            : "expected a nim heap size, a list [...] or a game *[...] at the end");
  }

  std::vector<GameId> list(char close) {
    std::vector<GameId> items;
    skip_space();
    if (at_ < text_.size() && text_[at_] == close) {
      ++at_;
      return items;
    }
    while (true) {
      items.push_back(element());
      skip_space();
      if (at_ < text_.size() && text_[at_] == ',') {
        ++at_;
        continue;
      }
      if (at_ < text_.size() && text_[at_] == close) {
        ++at_;
        return items;
      }
      fail(std::string("expected ',' or '") + close + "'" +
           (at_ < text_.size() ? ", found " + quoted_character() : std::string(" at the end")));
    }
  }

  GameId term() {
    skip_space();
    if (at_ + 1 < text_.size() && text_[at_] == '*' && printed_start(text_[at_ + 1])) {
      // The printed notation without brackets, as docs and papers write it: *2#.
      ++at_;
      return printed_pieces('\0');
    }
    if (at_ + 1 >= text_.size() || text_[at_] != '*' || text_[at_ + 1] != '[') {
      fail("expected a misère game in CGSuite notation, *[...] or *2#");
    }
    const Nest nest(*this);
    at_ += 2;
    const std::size_t body = at_;
    if (printed_body(body)) {
      const GameId g = printed_pieces(']');
      // A run of digits is a list of one-digit heaps where CGSuite prints it
      // so (*[42] is {*4, *2}); one it never prints (*[10] would be {*, 0} =
      // *2, printed *[2]; *[21] would be {*2, *} = 0) is CGSuite's input for the heap of that size.
      const std::string_view written = text_.substr(body, at_ - 1 - body);
      const bool digits = written.find_first_not_of("0123456789") == std::string_view::npos;
      if (!digits || written.size() < 2 || notation(forms_, g) == "*[" + std::string(written) + "]") return g;
      at_ = body;
    }
    // CGSuite: *[x] is x itself (a heap size, or the game of a list of
    // options), *[x, y, …] the game with options x, y, ….
    std::vector<GameId> items = list(']');
    if (items.size() == 1) return items.front();
    return forms_.game(std::move(items));
  }

  // The printed notation (what notation() writes, CGSuite's output): pieces
  // one after another, each a base — a heap digit, &n; or a parenthesized
  // list of pieces (the options) — then '#'s (a game of that one option) or
  // a subscript in brackets read left to right: '#', a heap n (+ *n), or -n
  // (the game H with H + *n the game so far). One piece is that game; several
  // are the options of one.
  static bool printed_start(char c) { return (c >= '0' && c <= '9') || c == '&' || c == '('; }

  // Whether the body of *[ at START is in the printed notation: it holds no
  // ',', '*' or '+' (input notation: lists, nested games, sums) and starts
  // with a base.
  [[nodiscard]] bool printed_body(std::size_t start) const {
    if (start >= text_.size() || !printed_start(text_[start])) return false;
    std::size_t depth = 0;
    for (std::size_t i = start; i < text_.size(); ++i) {
      const char c = text_[i];
      if (c == ',' || c == '*' || c == '+') return false;
      if (c == '[') ++depth;
      if (c == ']') {
        if (depth == 0) return true;
        --depth;
      }
    }
    return true;
  }

  // Pieces up to CLOSE (consumed), or, with CLOSE '\0', up to the first
  // character that starts none.
  GameId printed_pieces(char close) {
    std::vector<GameId> pieces;
    while (at_ < text_.size() && printed_start(text_[at_])) pieces.push_back(piece());
    if (close != '\0') {
      if (at_ >= text_.size() || text_[at_] != close) {
        fail(at_ < text_.size() ? "expected a heap digit, &n;, '(', '#', '[' or '" + std::string(1, close) +
                                      "', found " + quoted_character()
                                : std::string("expected '") + close + "' at the end");
      }
      ++at_;
    }
    if (pieces.empty()) {
      if (close == ')') fail("a game in parentheses needs its options");
      return CanonicalForms::kZero;
    }
    if (pieces.size() == 1) return pieces.front();
    return forms_.game(std::move(pieces));
  }

  GameId piece() {
    GameId g{};
    if (text_[at_] == '(') {
      const Nest nest(*this);
      ++at_;
      g = printed_pieces(')');
    } else {
      g = forms_.nim_heap(printed_heap());
    }
    while (at_ < text_.size() && text_[at_] == '#') {
      ++at_;
      g = forms_.game({g});
    }
    if (at_ < text_.size() && text_[at_] == '[') {
      const Nest nest(*this);
      ++at_;
      while (true) {
        if (at_ >= text_.size()) fail("expected ']' at the end of the subscript");
        const char c = text_[at_];
        if (c == ']') {
          ++at_;
          break;
        }
        if (c == '#') {
          ++at_;
          g = forms_.game({g});
        } else if (c == '-') {
          const std::size_t sign = at_++;
          const std::uint64_t n = printed_heap();
          std::optional<GameId> h;
          try {
            h = forms_.minus_nim_heap(g, n);
          } catch (const LimitError& error) {
            // Said with its column, as every other refusal of the text.
            throw LimitError(error.message(), SourceLocation{{}, 0, character_column(text_, sign)});
          }
          if (!h) {
            at_ = sign;
            // Conway's parts of type 1 find no such H (there may be none).
            fail("found no game H with H + *" + std::to_string(n) + " equal to the game before '-'");
          }
          g = *h;
        } else if ((c >= '0' && c <= '9') || c == '&') {
          g = forms_.sum(g, forms_.nim_heap(printed_heap()));
        } else {
          fail("expected '#', a heap digit, &n;, -n or ']' in the subscript, found " + quoted_character());
        }
      }
    }
    return g;
  }

  // One digit, or &n; (CGSuite's heap of size n >= 10).
  std::uint64_t printed_heap() {
    if (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') return static_cast<std::uint64_t>(text_[at_++] - '0');
    if (at_ >= text_.size() || text_[at_] != '&') fail("expected a heap digit or &n;");
    ++at_;
    if (at_ >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[at_]))) fail("expected the heap size after '&'");
    const std::uint64_t n = integer();
    if (at_ >= text_.size() || text_[at_] != ';') fail("expected ';' after &" + std::to_string(n));
    ++at_;
    return n;
  }

  // The character at the reading point, quoted whole (a UTF-8 character of
  // several bytes is never cut: '\357' alone was printed for '２').
  [[nodiscard]] std::string quoted_character() const { return grundy::quoted_character(text_, at_); }

  GameId expression() {
    GameId g = term();
    while (true) {
      skip_space();
      if (at_ < text_.size() && text_[at_] == '+') {
        ++at_;
        g = forms_.sum(g, term());
        continue;
      }
      return g;
    }
  }

  std::uint64_t integer() {
    const std::size_t start = at_;
    std::uint64_t n = 0;
    while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_]))) {
      n = n * 10 + static_cast<std::uint64_t>(text_[at_] - '0');
      if (n > 100'000) {
        at_ = start;
        fail("a nim heap in a misère canonical form is at most 100000");
      }
      ++at_;
    }
    return n;
  }

  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }

  [[noreturn]] void fail(const std::string& message) const {
    // In characters, as every parser counts columns.
    throw InputError(message, SourceLocation{{}, 0, character_column(text_, at_)});
  }

  // One level of brackets, counted: the reader recurses once a level, and a
  // form nested deeper than the printer writes (render's bound) is refused at
  // its column instead of overflowing the stack.
  class Nest {
   public:
    explicit Nest(Reader& reader) : reader_(reader) {
      if (++reader_.depth_ > kMaxNesting)
        reader_.fail("brackets nested more than " + std::to_string(kMaxNesting) + " deep");
    }
    ~Nest() { --reader_.depth_; }
    Nest(const Nest&) = delete;
    Nest& operator=(const Nest&) = delete;

   private:
    Reader& reader_;
  };
  // 1000: a level is a few frames of this reader, and 10 000 levels overflowed
  // the 8 MB stack under AddressSanitizer (CI, 2026-11-27); canonical forms
  // born by any day a program reaches nest far less deep.
  static constexpr std::size_t kMaxNesting = 1'000;

  std::string_view text_;
  CanonicalForms& forms_;
  std::size_t at_ = 0;
  std::size_t depth_ = 0;
};

}  // namespace

std::optional<std::string> notation(CanonicalForms& forms, GameId g, std::size_t max_length) {
  Budget budget{max_length};
  try {
    std::string text = "*[" + render(forms, g, false, 0, budget).text() + "]";
    if (text.size() > max_length) return std::nullopt;
    return text;
  } catch (const TooLong&) {
    return std::nullopt;
  }
}

std::string notation(CanonicalForms& forms, GameId g) {
  constexpr std::size_t kLongest = 1'000'000;
  std::optional<std::string> text = notation(forms, g, kLongest);
  if (text) return *text;
  return "(a canonical form of birthday " + std::to_string(forms.birthday(g)) + " with " +
         std::to_string(forms.options(g).size()) + " options, more than " + std::to_string(kLongest) +
         " characters long)";
}

GameId parse_notation(std::string_view text, CanonicalForms& forms) { return Reader(text, forms).whole(); }

bool looks_like_notation(std::string_view text) noexcept {
  std::size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  return i + 1 < text.size() && text[i] == '*' &&
         (text[i + 1] == '[' || (text[i + 1] >= '0' && text[i + 1] <= '9') || text[i + 1] == '&' || text[i + 1] == '(');
}

}  // namespace grundy::misere
