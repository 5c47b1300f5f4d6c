// Ending a process by a signal it has caught: the signal's default action
// restored, the signal unblocked in this thread, raised again. The process then
// ends as it would have without its handler (a shell reports "Interrupted", a
// parent's wait sees WIFSIGNALED) — for a second Ctrl-C (stop_signals.cpp) and
// for a program that passes on its child's end (tests/measured_spawn).
#pragma once

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

namespace grundy {

[[noreturn]] inline void die_of_signal(int signal) {
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal, &action, nullptr);
  sigset_t one;
  sigemptyset(&one);
  sigaddset(&one, signal);
  pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
  raise(signal);
  // A signal whose default action is to ignore it (SIGCHLD, SIGURG) returns here.
  _exit(128 + signal);
}

}  // namespace grundy
