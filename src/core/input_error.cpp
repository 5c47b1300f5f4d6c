#include "grundy/core/input_error.hpp"

#include <cstdint>

namespace grundy {

std::string SourceLocation::to_string() const {
  std::string out;
  if (!file.empty()) {
    out = file;
    if (line) out += ":" + std::to_string(line);
    if (column) out += ":" + std::to_string(column);
    return out;
  }
  if (line) out = "line " + std::to_string(line);
  if (column) out += (out.empty() ? "column " : ", column ") + std::to_string(column);
  return out;
}

namespace {
// The longest message printed: a message quotes what it must with excerpt(),
// and this bound catches one that quotes too much (a 120 000-character
// --over range was printed whole).
constexpr std::size_t kLongestMessage = 600;

// One line, whatever the message quotes (a rule written over two lines),
// valid UTF-8 (a byte that starts no character is written \xNN), at most
// kLongestMessage bytes, cut between characters.
std::string one_line(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_length_at(text, i);
    const auto byte = static_cast<unsigned char>(text[i]);
    if (length == 1 && byte >= 0x80) {
      static const char* const kHex = "0123456789ABCDEF";
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    } else if (text[i] == '\n' || text[i] == '\r') {
      out += ' ';
    } else {
      out.append(text, i, length);
    }
    i += length;
    if (out.size() > kLongestMessage && i < text.size()) {
      std::size_t cut = kLongestMessage;
      while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
      out.resize(cut);
      out += "… (a message of " + std::to_string(text.size()) + " bytes, cut)";
      break;
    }
  }
  return out;
}

// A code point that joins the character before it: combining marks (U+0300–
// U+036F, U+1AB0–U+1AFF, U+1DC0–U+1DFF, U+20D0–U+20FF, U+FE20–U+FE2F), the
// zero-width joiner U+200D, variation selectors U+FE00–U+FE0F.
bool joins_previous(std::uint32_t code) {
  return (code >= 0x300 && code <= 0x36F) || (code >= 0x1AB0 && code <= 0x1AFF) ||
         (code >= 0x1DC0 && code <= 0x1DFF) || (code >= 0x20D0 && code <= 0x20FF) ||
         (code >= 0xFE20 && code <= 0xFE2F) || code == 0x200D || (code >= 0xFE00 && code <= 0xFE0F);
}

std::uint32_t code_point(std::string_view text, std::size_t at, std::size_t length) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(text[at + k])); };
  switch (length) {
    case 2: return ((byte(0) & 0x1F) << 6) | (byte(1) & 0x3F);
    case 3: return ((byte(0) & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) | (byte(2) & 0x3F);
    case 4: return ((byte(0) & 0x07) << 18) | ((byte(1) & 0x3F) << 12) | ((byte(2) & 0x3F) << 6) | (byte(3) & 0x3F);
    default: return byte(0);
  }
}

std::string compose(const std::string& message, const SourceLocation& where) {
  const std::string place = where.to_string();
  return one_line(place.empty() ? message : place + ": " + message);
}
}  // namespace

InputError::InputError(const std::string& message, SourceLocation where)
    : std::runtime_error(compose(message, where)), where_(std::move(where)), message_(message) {}

std::size_t utf8_length_at(std::string_view text, std::size_t at) noexcept {
  if (at >= text.size()) return 0;
  const auto lead = static_cast<unsigned char>(text[at]);
  std::size_t length = 1;
  if (lead >= 0xC2 && lead <= 0xDF) length = 2;
  else if (lead >= 0xE0 && lead <= 0xEF) length = 3;
  else if (lead >= 0xF0 && lead <= 0xF4) length = 4;
  if (length == 1 || at + length > text.size()) return 1;
  for (std::size_t k = 1; k < length; ++k) {
    if ((static_cast<unsigned char>(text[at + k]) & 0xC0) != 0x80) return 1;
  }
  return length;
}

std::size_t character_column(std::string_view text, std::size_t at) noexcept {
  std::size_t column = 1;
  for (std::size_t i = 0; i < at && i < text.size();) {
    i += utf8_length_at(text, i);
    ++column;
  }
  return column;
}

std::string quoted_character(std::string_view text, std::size_t at) {
  if (at >= text.size()) return "the end";
  const auto lead = static_cast<unsigned char>(text[at]);
  if (lead < 0x20 || lead == 0x7F) return "the control character " + std::to_string(lead);
  std::size_t length = utf8_length_at(text, at);
  if (length == 1 && lead >= 0x80) {
    static const char* const kHex = "0123456789ABCDEF";
    return std::string("the byte 0x") + kHex[lead >> 4] + kHex[lead & 15] + ", not UTF-8";
  }
  // The marks that join it, up to a bound (a run of thousands is still one line).
  std::size_t end = at + length;
  for (int marks = 0; marks < 16 && end < text.size(); ++marks) {
    const std::size_t next = utf8_length_at(text, end);
    if (next < 2 || !joins_previous(code_point(text, end, next))) break;
    end += next;
  }
  return "'" + std::string(text.substr(at, end - at)) + "'";
}

}  // namespace grundy

namespace grundy {

std::string excerpt(std::string_view text, std::size_t limit) {
  // Only what is shown is copied (one character past it, for the cut below):
  // the text of a sum of 10^5 heaps is 2 MB, and its first line is printed.
  const std::string_view shown = text.substr(0, limit == std::string_view::npos ? limit : limit + 1);
  std::string out;
  for (char c : shown) {
    // A newline or tab inside a quote would split the one-line message.
    out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  }
  if (text.size() <= limit) return out;
  std::size_t cut = limit;
  // Do not cut a UTF-8 character in half.
  while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
  return out.substr(0, cut) + "… (" + std::to_string(text.size()) + " characters in all)";
}

}  // namespace grundy
