#include "shape.hpp"

#include <stdexcept>

namespace grundy::take_and_break::detail {

// Written with ifs, not a switch over every family, so that it compiles whatever
// other families code.hpp declares.
Shape::Shape(const GameCode& code) {
  if (code.family == GameCode::Family::grundy) {
    pair.push_back(0);  // split a heap into two (unequal, see `unequal`) heaps
    unequal = true;
    return;
  }
  if (code.family != GameCode::Family::code) {
    throw std::invalid_argument("the sequence engines compute finite codes and Grundy's game, not " +
                                code.display());
  }
  for (std::uint64_t k = 0; k < code.digits.size(); ++k) {
    const std::uint8_t d = code.digits[k];
    if (d & 1) whole.push_back(k);
    if (d & 2) single.push_back(k);
    if (d & 4) pair.push_back(k);
    if (d & 8) triple.push_back(k);
  }
}

}  // namespace grundy::take_and_break::detail
