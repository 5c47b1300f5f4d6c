// Certificates changed after they were written (docs/certificates.md): their
// lines, and a text whose checksum line is made right again, so that a change
// a forger would hide must fail the proof itself.
#pragma once

#include <string>
#include <vector>

#include "grundy/core/checksum.hpp"

namespace grundy::testing {

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

inline std::string text_of(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

// The text with its checksum line made right again: a change that a forger
// would hide must fail the proof itself.
inline std::string with_fresh_checksum(std::vector<std::string> lines) {
  lines.pop_back();
  std::string body = text_of(lines);
  Fnv1a sum;  // the writer's checksum (grundy/core/checksum.hpp)
  sum.add_bytes(body);
  return body + "checksum fnv1a64 " + sum.hex() + "\n";
}

}  // namespace grundy::testing
