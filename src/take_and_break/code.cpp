#include "grundy/take_and_break/code.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "grundy/core/input_error.hpp"

namespace grundy::take_and_break {
namespace {

struct NamedGame {
  std::string_view name;
  std::string_view code;  // empty for grundy
  GameCode::Family family;
};

constexpr std::array<NamedGame, 5> kNamedGames{{
    {"kayles", "0.77", GameCode::Family::code},
    {"dawson", "0.07", GameCode::Family::code},
    {"officers", "0.6", GameCode::Family::code},
    {"treblecross", "0.007", GameCode::Family::code},
    {"grundy", "", GameCode::Family::grundy},
}};

int digit_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

[[noreturn]] void fail(std::string_view text, std::size_t index, const std::string& what) {
  // The code is quoted by its excerpt: a code of 1000 digits would push the
  // reason past the message's length bound.
  throw InputError("take-and-break code \"" + excerpt(text) + "\": " + what,
                   SourceLocation{"", 0, index + 1});
}

std::string quote_char(char c) {
  if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
    return "byte " + std::to_string(static_cast<unsigned>(static_cast<unsigned char>(c)));
  }
  return std::string("'") + c + "'";
}

}  // namespace

bool GameCode::hexadecimal() const noexcept {
  return std::any_of(digits.begin(), digits.end(), [](std::uint8_t d) { return d >= 8; });
}

std::uint64_t GameCode::max_take() const noexcept {
  return digits.empty() ? 0 : digits.size() - 1;
}

unsigned GameCode::max_heaps_left() const noexcept {
  switch (family) {
    case Family::grundy: return 2;
    case Family::code: break;
  }
  unsigned most = 0;
  for (std::uint8_t d : digits) {
    if (d & 8) most = std::max(most, 3U);
    if (d & 4) most = std::max(most, 2U);
    if (d & 2) most = std::max(most, 1U);
  }
  return most;
}

std::string GameCode::normal_form() const {
  switch (family) {
    case Family::grundy: return "grundy";
    case Family::code: break;
  }
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string out = hexadecimal() ? "0x" : "";
  out += kDigits[digits.empty() ? 0 : digits[0]];
  out += '.';
  if (digits.size() <= 1) {
    out += '0';
  } else {
    for (std::size_t k = 1; k < digits.size(); ++k) out += kDigits[digits[k]];
  }
  return out;
}

std::string GameCode::display() const { return name.empty() ? normal_form() : name; }

bool is_game_name(std::string_view name) noexcept {
  return std::any_of(kNamedGames.begin(), kNamedGames.end(),
                     [&](const NamedGame& g) { return g.name == name; });
}

GameCode parse_game_code(std::string_view text) {
  for (const NamedGame& g : kNamedGames) {
    if (g.name != text) continue;
    GameCode code;
    if (g.family == GameCode::Family::code) code = parse_game_code(g.code);
    code.family = g.family;
    code.name = std::string(g.name);
    return code;
  }
  if (text.empty()) {
    throw InputError("empty take-and-break code: expected a code such as 0.77 or a name such as kayles");
  }
  // Hexadecimal codes carry the prefix 0x ("0x0.8", "0x.F7"); unmarked codes are
  // octal, so a digit 8-F there is refused as a typo instead of silently meaning
  // another game.
  const bool hex = text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const std::size_t base = hex ? 2 : 0;
  const std::string_view full = text;
  text = text.substr(base);
  auto fail_at = [&](std::size_t index, const std::string& what) { fail(full, base + index, what); };
  if (text.empty()) fail_at(0, "nothing after 0x: expected a hexadecimal code such as 0x0.F7");
  GameCode code;
  std::size_t i = 0;
  // d0: at most one digit before the point (0. or 4. …), or none (".77").
  if (text[0] != '.') {
    const int d = digit_value(text[0]);
    if (d < 0) {
      fail_at(0, "unexpected " + quote_char(text[0]) +
                        "; a code starts with a digit or '.', or is one of the names kayles, dawson, "
                        "officers, treblecross, grundy");
    }
    if (d >= 8 && !hex) {
      fail_at(0, "digit " + quote_char(text[0]) + " is not octal (0-7); a hexadecimal code is written with 0x");
    }
    code.digits.push_back(static_cast<std::uint8_t>(d));
    i = 1;
    if (text.size() > 1 && text[1] != '.') {
      fail_at(1, "expected '.' after the first digit, found " + quote_char(text[1]) +
                        " (only the digit for taking nothing, d0, stands before the point)");
    }
  } else {
    code.digits.push_back(0);
  }
  const bool had_point = i < text.size();
  if (had_point) ++i;  // the '.'
  for (; i < text.size(); ++i) {
    const int d = digit_value(text[i]);
    if (d < 0) {
      fail_at(i, "unexpected " + quote_char(text[i]) + (hex ? "; hexadecimal digits are 0-9 and A-F" : "; octal digits are 0-7"));
    }
    if (d >= 8 && !hex) {
      fail_at(i, "digit " + quote_char(text[i]) + " is not octal (0-7); a hexadecimal code is written with 0x, e.g. 0x" +
                     excerpt(full));
    }
    if (code.digits.size() >= kMaxCodeDigits) {
      fail_at(i, "longer than " + std::to_string(kMaxCodeDigits - 1) + " digits after the point");
    }
    code.digits.push_back(static_cast<std::uint8_t>(d));
  }
  if (code.digits.size() == 1 && code.digits[0] == 0) {
    fail_at(text.size() == 0 ? 0 : text.size() - 1,
         "no digits: a code needs at least one digit after '.', e.g. 0.77");
  }
  // Taking nothing must shrink every heap, or the game can go on for ever.
  if (code.digits[0] & 1) {
    fail_at(0, "digit d0 has bit 1 (take nothing from an empty heap): the game would never end");
  }
  if (code.digits[0] & 2) {
    fail_at(0, "digit d0 has bit 2 (take nothing and leave the heap as it was): the game would never end");
  }
  while (code.digits.size() > 1 && code.digits.back() == 0) code.digits.pop_back();
  return code;
}

}  // namespace grundy::take_and_break
