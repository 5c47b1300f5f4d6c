// Ctrl-C and SIGTERM as a stop request to a Context: while a StopOnSignals
// lives, SIGINT and SIGTERM are blocked in every thread the process starts from
// then on, and a watcher thread waits for them (sigwait) and calls
// Context::request_stop(). Long computations poll the context, save their work
// and return; nothing is shared through globals. The previous signal mask comes
// back when the StopOnSignals is destroyed. Make it before starting threads.
#pragma once

#include <csignal>
#include <thread>

#include "grundy/core/context.hpp"

namespace grundy {

class StopOnSignals {
 public:
  explicit StopOnSignals(Context& context);
  ~StopOnSignals();
  StopOnSignals(const StopOnSignals&) = delete;
  StopOnSignals& operator=(const StopOnSignals&) = delete;

  // The signal that stopped the context (SIGINT or SIGTERM), or 0.
  [[nodiscard]] int received() const noexcept { return received_; }

 private:
  sigset_t old_mask_{};
  std::thread watcher_;
  volatile std::sig_atomic_t received_ = 0;
};

}  // namespace grundy
