// The one heap-sequence loop: g(n) = mex{ value of each option of n }, heap
// after heap, for every rule on one heap whose moves leave smaller heaps
// (subtraction sets finite and infinite, the definition of any HeapRule). The
// rule lists each option's value, read from the values so far — g(n - s) for a
// subtraction, the xor of the heaps a take-and-break move leaves — and the
// loop takes the mex. Rules with an engine of their own (the take-and-break
// kernels, which merge 64 values a word operation) are its fast paths, held
// to it by the tests.
//
// Misère play (the last player to move loses) uses the same loop: a heap with
// no move is worth 1 (the player to move there has already won), and every
// other value is the mex of its options' misère values, for rules whose moves
// leave at most one heap (misère values do not add over sums).
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy {

enum class Play { normal, misere };

// Extends g to g(0..last). `list_options(n, option)` calls option(v) with the
// value v of each option of heap n (any order, repeats allowed); it may read
// g[0..n-1]. Charges the context one unit for the heap and one per option, so
// a long table is interruptible (Cancelled, g keeps the heaps finished).
template <class Value, class ListOptions>
void extend_heap_sequence(std::vector<Value>& g, std::uint64_t last, Play play, Context& context,
                          ListOptions&& list_options) {
  if (g.size() > last) return;
  g.reserve(last + 1);
  MexSet options;
  while (g.size() <= last) {
    const std::uint64_t n = g.size();
    options.clear();
    std::uint64_t listed = 0;
    list_options(n, [&](Nimber v) {
      options.insert(v);
      ++listed;
    });
    context.charge(listed + 1);
    const Nimber mex = listed == 0 && play == Play::misere ? 1 : options.mex();
    if (mex > std::numeric_limits<Value>::max()) {
      throw LimitError("g(" + std::to_string(n) + ") = " + std::to_string(mex) + " does not fit the table's " +
                       std::to_string(8 * sizeof(Value)) + "-bit values");
    }
    g.push_back(static_cast<Value>(mex));
  }
}

}  // namespace grundy
