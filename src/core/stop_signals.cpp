#include "grundy/core/stop_signals.hpp"

#include "core/die_of_signal.hpp"

#include <pthread.h>

#include <chrono>

namespace grundy {
namespace {

// SIGINT and SIGTERM stop the run; SIGUSR1 only wakes the watcher to end it.
sigset_t watched_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGUSR1);
  return set;
}

}  // namespace

StopOnSignals::StopOnSignals(Context& context) {
  const sigset_t set = watched_signals();
  pthread_sigmask(SIG_BLOCK, &set, &old_mask_);
  watcher_ = std::thread([this, &context, set] {
    std::chrono::steady_clock::time_point first;
    while (true) {
      int signal = 0;
      if (sigwait(&set, &signal) != 0) continue;
      if (signal == SIGUSR1) return;
      // `timeout` and `kill -- -PGID` signal the command and then its whole
      // process group: the same stop request twice within microseconds (seen
      // in CI: the second one killed a quotient before it could print and
      // save). Only a signal a human could have sent again counts as a second.
      if (received_ != 0 && std::chrono::steady_clock::now() - first < std::chrono::milliseconds(200)) continue;
      if (received_ != 0) {
        // A second Ctrl-C: the user does not want to wait for the computation
        // to reach its next poll. Die of the signal, as without this class.
        die_of_signal(signal);
      }
      received_ = signal;
      first = std::chrono::steady_clock::now();
      context.request_stop(signal);
    }
  });
}

StopOnSignals::~StopOnSignals() {
  pthread_kill(watcher_.native_handle(), SIGUSR1);
  watcher_.join();
  pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
}

}  // namespace grundy
