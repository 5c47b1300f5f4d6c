// Texts for Python's reprs: positions can print as megabytes (a sum of 10^5
// heaps), so reprs show the start of them.
#pragma once

#include <cstddef>
#include <string>

namespace grundy::python {

// `text`, cut at a UTF-8 character boundary after about `limit` bytes, with "…".
[[nodiscard]] inline std::string shortened(const std::string& text, std::size_t limit = 300) {
  if (text.size() <= limit) return text;
  std::size_t cut = limit;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut) + "…";
}

}  // namespace grundy::python
