// Runs the real `grundy` program for the CLI tests: what a user sees, through
// its process — stdout and stderr together, and the exit status.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace cli_runner {

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

}  // namespace cli_runner
