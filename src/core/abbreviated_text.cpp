#include "grundy/core/abbreviated_text.hpp"

namespace grundy {
namespace {

bool continues_character(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

std::string abbreviated(std::string_view text, std::size_t longest) {
  if (longest == std::string_view::npos || text.size() <= longest) return std::string(text);
  // Both ends: a position's last letters (a row's end, the last heap) tell
  // it apart from its neighbours as much as its first.
  std::size_t head = longest / 2;
  while (head > 0 && continues_character(text[head])) --head;
  std::size_t tail = text.size() - longest / 6;
  while (tail < text.size() && continues_character(text[tail])) ++tail;
  std::string out;
  out.reserve(head + (text.size() - tail) + 40);
  out.append(text.substr(0, head));
  out += "…";
  out.append(text.substr(tail));
  out += " (" + std::to_string(text.size()) + " characters in all)";
  return out;
}

}  // namespace grundy
