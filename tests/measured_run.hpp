// One run of the real `grundy` measured from outside: its exit, its peak
// resident memory (wait4's ru_maxrss), the time from a signal to its end, its
// stdout and stderr — for the tests that hold a command to a bound of memory,
// of output or of the time Ctrl-C takes.
//
// grundy is started by tests/measured_spawn (a small program of its own),
// never exec'd straight from a fork of this test binary: Linux keeps
// ru_maxrss across execve, so that child's peak would be the test binary's
// pages copied at the fork whenever they exceed grundy's own (a bound on a
// small run would hold the test binary, not grundy).
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

// Added to a bound on a run's peak memory: under AddressSanitizer the same
// run holds more — freed blocks wait in its quarantine (up to 256 MB), every
// block has redzones, the shadow of what is touched is resident. Measured in
// CI's ASan run (2026-12-02): a `grundy check` of a Clobber 2×6 certificate
// 34.5 MB (under 10 without), the outcome search under --memory 60 past 78;
// the endless pipe's 64 MiB read 176 MB (2026-11-27), about 70 MB without.
// ThreadSanitizer's shadow is larger still.
inline constexpr double kSanitizerMegabytes =
    cli_runner::kUnderAddressSanitizer || cli_runner::kUnderThreadSanitizer ? 200 : 0;

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
  const std::string peak_file = base + ".peak";
  std::vector<std::string> spawn_args = {GRUNDY_MEASURED_SPAWN_PATH, peak_file, input, base + ".out", base + ".err",
                                         GRUNDY_CLI_PATH};
  spawn_args.insert(spawn_args.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : spawn_args) argv.push_back(a.data());
  argv.push_back(nullptr);
  // measured_spawn and grundy in a process group of their own: the last
  // resort, should measured_spawn not end, kills both.
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);
    ::execv(GRUNDY_MEASURED_SPAWN_PATH, argv.data());
    ::_exit(99);
  }
  ::setpgid(pid, pid);
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
      const int sent = after < 0 ? SIGKILL : sig;
      // To measured_spawn, which passes it on (SIGKILL as its SIGUSR2): grundy
      // sees it once, as from a user, and has ended when measured_spawn has.
      ::kill(pid, sent == SIGKILL ? SIGUSR2 : sent);
      for (int waited = 0; ::wait4(pid, &raw, WNOHANG, &usage) != pid; ++waited) {
        if (waited == 10000) ::kill(-pid, SIGKILL);  // 10 s: measured_spawn itself is stuck
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count();
  result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  // grundy's own peak, from measured_spawn; -1 if it never wrote one.
  const std::string peak = cli_runner::read_file(peak_file);
  result.peak_megabytes = peak.empty() ? -1 : std::stod(peak) / 1024.0;
  if (peak.empty()) ADD_FAILURE() << "measured_spawn wrote no peak for grundy";
  result.out = cli_runner::read_file(base + ".out");
  result.err = cli_runner::read_file(base + ".err");
  std::remove((base + ".out").c_str());
  std::remove((base + ".err").c_str());
  std::remove(peak_file.c_str());
  return result;
}

}  // namespace measured_run
