// A memory bound as the messages name it: MB, or kB below one megabyte (a
// bound of 0.3 MB must not read "0 MB").
#pragma once

#include <cstddef>
#include <string>

namespace grundy::misere {

inline std::string memory_text(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20)) return std::to_string(bytes >> 20) + " MB";
  return std::to_string((bytes + 1023) >> 10) + " kB";
}

}  // namespace grundy::misere
