// The moves of a take-and-break game sorted by what they leave, as the engines
// walk them: for each kind, the numbers k of tokens such a move takes.
#pragma once

#include <cstdint>
#include <vector>

#include "grundy/take_and_break/code.hpp"

namespace grundy::take_and_break::detail {

struct Shape {
  std::vector<std::uint64_t> whole;   // take k = the whole heap
  std::vector<std::uint64_t> single;  // take k, leave one heap
  std::vector<std::uint64_t> pair;    // take k, leave two heaps
  std::vector<std::uint64_t> triple;  // take k, leave three heaps
  bool unequal = false;               // Grundy's game: the two heaps must differ

  // From a finite code or Grundy's game; std::invalid_argument for any other
  // family (games with a closed form have no engine).
  explicit Shape(const GameCode& code);
};

}  // namespace grundy::take_and_break::detail
