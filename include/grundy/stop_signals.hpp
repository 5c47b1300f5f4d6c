// Long computations (take-and-break table runs, placement searches) stop cleanly
// on Ctrl-C or SIGTERM: while a StopSignals lives, those signals only set a flag
// that the computation polls; it then saves its work and returns. The previous
// handlers come back when the StopSignals is destroyed. One instance at a time.
#pragma once

#include <csignal>

namespace grundy {

class StopSignals {
 public:
  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  // True once SIGINT or SIGTERM arrived while a StopSignals was installed.
  [[nodiscard]] static bool raised() noexcept;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

}  // namespace grundy
