#include "grundy/input_error.hpp"

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
// One line, whatever the message quotes (a rule written over two lines).
std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return text;
}

std::string compose(const std::string& message, const SourceLocation& where) {
  const std::string place = where.to_string();
  return one_line(place.empty() ? message : place + ": " + message);
}
}  // namespace

InputError::InputError(const std::string& message, SourceLocation where)
    : std::runtime_error(compose(message, where)), where_(std::move(where)), message_(message) {}

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
