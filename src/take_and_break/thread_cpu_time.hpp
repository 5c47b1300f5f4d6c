// CPU seconds of the calling thread: the timings of a run's parts (the
// speculation's bands and its blocks in order, a verifier's checks) that
// other work on a shared machine, and threads that spin, do not inflate.
#pragma once

#include <ctime>

namespace grundy::take_and_break::detail {

inline double thread_cpu_seconds() noexcept {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace grundy::take_and_break::detail
