#include "grundy/misere/notation.hpp"

#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/input_error.hpp"

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

Piece render(CanonicalForms& forms, GameId g, bool parenthesize, int depth, Budget& budget) {
  if (depth > 10'000) throw TooLong{};
  budget.spend(1);
  const std::uint32_t b = forms.birthday(g);
  if (forms.is_nim_heap(g)) return Piece{digit(b), {}, false};
  const bool odd = !forms.is_even(g);
  for (std::uint64_t n = odd ? 3 : 2; n < b; n += 2) {
    if (const std::optional<GameId> part = forms.minus_nim_heap(g, n)) {
      Piece piece = render(forms, *part, true, depth + 1, budget);
      piece.subscript += digit(n);
      piece.bracketed = true;
      return piece;
    }
    const GameId bigger = forms.sum(g, forms.nim_heap(n));
    if (forms.birthday(bigger) < b) {
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
    if (at_ < text_.size()) fail("unexpected '" + std::string(1, text_[at_]) + "' after the game");
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
    fail(at_ < text_.size() ? "expected a nim heap size, a list [...] or a game *[...], found '" +
                                  std::string(1, text_[at_]) + "'"
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
      fail(std::string("expected ',' or '") + close + "'");
    }
  }

  GameId term() {
    skip_space();
    if (at_ + 1 >= text_.size() || text_[at_] != '*' || text_[at_ + 1] != '[') {
      fail("expected a misère game in CGSuite notation, *[...]");
    }
    const Nest nest(*this);
    at_ += 2;
    // CGSuite: *[x] is x itself (a heap size, or the game of a list of
    // options), *[x, y, …] the game with options x, y, ….
    std::vector<GameId> items = list(']');
    if (items.size() == 1) return items.front();
    return forms_.game(std::move(items));
  }

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
    throw InputError(message, SourceLocation{{}, 0, at_ + 1});
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
  static constexpr std::size_t kMaxNesting = 10'000;

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

std::string genus_notation(const Genus& genus, Phylum phylum) {
  std::string text = std::to_string(genus.normal);
  if (phylum == Phylum::nim_heap) return text;
  std::vector<Nimber> shown = genus.misere;
  if (generally_tame(phylum) || generally_restive(phylum)) shown.resize(1);
  bool big = false;
  for (Nimber v : shown) big = big || v >= 10;
  text += "^";
  if (big) text += "(";
  for (std::size_t i = 0; i < shown.size(); ++i) {
    if (big && i > 0) text += ",";
    text += std::to_string(shown[i]);
  }
  if (big) text += ")";
  return text;
}

GameId parse_notation(std::string_view text, CanonicalForms& forms) { return Reader(text, forms).whole(); }

bool looks_like_notation(std::string_view text) noexcept {
  std::size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  return i + 1 < text.size() && text[i] == '*' && text[i + 1] == '[';
}

}  // namespace grundy::misere
