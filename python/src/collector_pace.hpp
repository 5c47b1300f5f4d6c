// Python's cyclic garbage collector, paced for a search that calls the user's
// moves function thousands of times.
//
// Every list a moves function returns (a sum, such as the two heaps a split
// leaves) is a container the collector tracks. By default it collects the
// youngest generation every 700 new containers; the options of the call in
// progress are alive then, so they are promoted, and the older generations,
// and every so often the whole heap, are walked again and again. Grundy's game
// to 5000 (6.25·10^6 lists of two heaps) spent 0.45 s of its 1.05 s in the
// collector (docs/performance.md).
//
// While a search runs, the youngest generation's threshold is raised to
// kSearchThreshold containers. Collections still happen (the garbage of a moves
// function that makes reference cycles is still collected, at most that many
// containers later), but a call's options are nearly always freed before one.
// Raised only after kCallsBeforeRaising calls, so a value looked up or a short
// search changes nothing.
//
// Restored when the search ends, unless it was changed meanwhile (by the moves
// function, or by another thread's search that began first and ends later):
// then the newer setting stays. Nothing changes when the collector is disabled
// or its threshold is already as high.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>

namespace grundy::python {

class CollectorPace {
 public:
  static constexpr long kSearchThreshold = 100000;
  static constexpr std::uint32_t kCallsBeforeRaising = 64;

  CollectorPace() = default;
  ~CollectorPace();
  CollectorPace(const CollectorPace&) = delete;
  CollectorPace& operator=(const CollectorPace&) = delete;

  // One call of the user's moves function (with the GIL held).
  void count_call() {
    if (++calls_ == kCallsBeforeRaising) raise();
  }

 private:
  void raise();

  std::uint32_t calls_ = 0;
  bool raised_ = false;
  long saved_[3] = {0, 0, 0};
};

}  // namespace grundy::python
