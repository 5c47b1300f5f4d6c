// A move on one heap as the heap rules tell it (heap_rule.hpp): what it takes
// and which heaps it leaves; and the moves of a heap to one value.
#pragma once

#include <cstdint>
#include <vector>

namespace grundy {

// One move on a heap: how many tokens it takes and which heaps it leaves
// (a subtraction move leaves one heap or none; a take-and-break move up to three).
struct HeapMove {
  std::uint64_t taken = 0;
  std::vector<std::uint64_t> leaves;  // sizes > 0 only
};

// Moves of one heap to a given value: the first `limit` listed, all counted.
struct HeapMoveList {
  std::vector<HeapMove> listed;
  std::uint64_t total = 0;  // saturates at UINT64_MAX
  bool total_is_lower_bound = false;
};

}  // namespace grundy
