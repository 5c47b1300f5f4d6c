// One run of the real `grundy` measured from outside: its exit, its peak
// resident memory (wait4's ru_maxrss), the time from a signal to its end, its
// stdout and stderr — for the tests that hold a command to a bound of memory,
// of output or of the time Ctrl-C takes.
#pragma once

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "cli_runner.hpp"

namespace measured_run {

struct Measured {
  int status = -1;                // exit status; -1 when a signal killed it
  double seconds = -1;            // from the signal (or the start, unsignalled) to the end
  double peak_megabytes = -1;     // MiB
  bool ended_before_signal = false;
  std::string out;
  std::string err;
};

// `grundy ARGS…` (no shell), stdin from `input` (a path; /dev/null by
// default); SIG after AFTER seconds unless it ended (AFTER < 0: no signal;
// a hang is killed after 60 s and fails the test).
inline Measured run(const std::vector<std::string>& args, double after = -1, int sig = SIGINT,
                    const std::string& input = "/dev/null") {
  static int serial = 0;
  const std::string base =
      ::testing::TempDir() + "grundy_measured_" + std::to_string(::getpid()) + "_" + std::to_string(serial++);
  Measured result;
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) cli_runner::exec_grundy(args, input, base + ".out", base + ".err");
  int raw = 0;
  rusage usage{};
  auto from = start;
  const double deadline = after < 0 ? 60 : after;
  while (true) {
    if (::wait4(pid, &raw, WNOHANG, &usage) == pid) {
      result.ended_before_signal = true;
      break;
    }
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= deadline) {
      if (after < 0) ADD_FAILURE() << "still running after 60 s";
      from = std::chrono::steady_clock::now();
      ::kill(pid, after < 0 ? SIGKILL : sig);
      ::wait4(pid, &raw, 0, &usage);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count();
  result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  result.peak_megabytes = static_cast<double>(usage.ru_maxrss) / 1024.0;
  result.out = cli_runner::read_file(base + ".out");
  result.err = cli_runner::read_file(base + ".err");
  std::remove((base + ".out").c_str());
  std::remove((base + ".err").c_str());
  return result;
}

}  // namespace measured_run
