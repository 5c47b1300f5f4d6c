// Runs the real `grundy` program for the CLI tests: what a user sees, through
// its process — stdout and stderr together, and the exit status.
#pragma once

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "test_build.hpp"

namespace cli_runner {

// Whether this build runs under AddressSanitizer or ThreadSanitizer
// (scripts/sanitize.sh), whose CLI processes behave differently in ways the
// tests must allow for.
using test_build::kUnderAddressSanitizer;
using test_build::kUnderThreadSanitizer;

// Added to a bound on the time from a signal to the exit: under ASan,
// LeakSanitizer scans the whole heap when the process exits, 0.2-0.3 s after a
// few seconds of a pattern search (measured: 0.35 s from Ctrl-C to the exit
// with detect_leaks=1, 0.06 s with detect_leaks=0). Under TSan every memory
// access is checked, and the work between two polls takes several times
// longer (0.34 s from Ctrl-C to the exit of cram(31x33) on a loaded machine,
// 2026-11-27). Both are the sanitizer's, not the stop's latency, which the
// release suite bounds tightly.
inline constexpr double kExitScanAllowance = kUnderAddressSanitizer ? 1.0 : kUnderThreadSanitizer ? 0.5 : 0.0;

// Added to the time a test waits before it signals a command that must have
// started: a TSan build maps its shadow memory first, and on a loaded machine
// a SIGINT 0.3 s after the start came before the command had set up its
// handler, so the signal's default action ended it (2026-11-27).
inline constexpr double kStartAllowance = kUnderThreadSanitizer ? 1.0 : 0.0;

struct CliRun {
  int status = -1;
  std::string out;  // stdout and stderr together
};

// A shell command line (/bin/sh, as popen runs it), for the tests that set
// the process up first (limits, signal dispositions); it should send stderr
// to stdout itself (2>&1) if its messages matter.
inline CliRun shell(const std::string& command) {
  CliRun run;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe)) run.out += buffer.data();
  const int raw = pclose(pipe);
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return run;
}

// `grundy ARGS` with INPUT on standard input (none: /dev/null). `timeout`: a
// hang fails the test instead of stalling the suite.
inline CliRun grundy(const std::string& args, const std::string& input = "") {
  std::string command = "timeout 120 " + std::string(GRUNDY_CLI_PATH) + " " + args + " 2>&1";
  if (input.empty()) {
    command += " < /dev/null";
  } else {
    const std::string input_file = ::testing::TempDir() + "grundy_cli_input.txt";
    std::ofstream(input_file, std::ios::binary) << input;
    command += " < " + input_file;
  }
  return shell(command);
}

// Bad input as a person meets it: `grundy ARGS` exits 2 with one line that
// holds EXPECTED (what is wrong, and where).
inline void expect_refused_in_one_line(const std::string& args, const std::string& expected) {
  const CliRun run = grundy(args);
  EXPECT_EQ(run.status, 2) << args << "\n" << run.out;
  EXPECT_NE(run.out.find(expected), std::string::npos) << args << "\n" << run.out;
  EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 1) << "one line: " << run.out;
}

// `grundy ARGS --json`, expected to succeed, parsed.
inline nlohmann::json grundy_json(const std::string& args) {
  const CliRun run = grundy(args + " --json");
  EXPECT_EQ(run.status, 0) << run.out;
  return nlohmann::json::parse(run.out);
}

// A file in the test's temporary directory holding CONTENT.
inline std::string temp_file(const std::string& name, const std::string& content) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

// The bytes of a file ("" when it cannot be read), and a file made of bytes.
inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
inline void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// In a forked child: becomes `grundy ARGS…` (no shell: each argument as
// given) with stdin, stdout and stderr the files named.
[[noreturn]] inline void exec_grundy(const std::vector<std::string>& args, const std::string& in,
                                     const std::string& out, const std::string& err) {
  std::FILE* e = std::freopen(err.c_str(), "w", stderr);
  std::FILE* o = std::freopen(out.c_str(), "w", stdout);
  std::FILE* i = std::freopen(in.c_str(), "r", stdin);
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(GRUNDY_CLI_PATH));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  if (e && o && i) ::execv(GRUNDY_CLI_PATH, argv.data());
  ::_exit(99);
}

// What `grundy` did when a signal reached it mid-run.
struct Signalled {
  int status = -1;          // exit status, or -1 if the signal killed it
  bool exited = false;      // it exited (with `status`) rather than being killed
  double seconds = -1;      // from the signal to the exit
  std::string err;          // its stderr (stdout goes to /dev/null)
};

// Starts `grundy ARGS…` (no shell: each argument as given), sends `sig` after
// `after` seconds — as a user's Ctrl-C (SIGINT), a `kill` (SIGTERM) or
// `kill -9` would — and waits for it to end.
inline Signalled run_and_signal(const std::vector<std::string>& args, double after, int sig) {
  static int serial = 0;
  const std::string err_file = ::testing::TempDir() + "grundy_signalled_" + std::to_string(::getpid()) + "_" +
                               std::to_string(serial++) + ".err";
  Signalled result;
  const pid_t pid = ::fork();
  if (pid == 0) exec_grundy(args, "/dev/null", "/dev/null", err_file);
  if (pid < 0) {
    ADD_FAILURE() << "fork failed";
    return result;
  }
  std::this_thread::sleep_for(std::chrono::duration<double>(after));
  const auto sent = std::chrono::steady_clock::now();
  ::kill(pid, sig);
  int raw = 0;
  if (::waitpid(pid, &raw, 0) != pid) ADD_FAILURE() << "waitpid failed";
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
  result.exited = WIFEXITED(raw);
  result.status = result.exited ? WEXITSTATUS(raw) : -1;
  result.err = read_file(err_file);
  std::remove(err_file.c_str());
  return result;
}

}  // namespace cli_runner
