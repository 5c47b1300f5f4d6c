// What every libFuzzer harness of tests/fuzz/ shares: a context that bounds the
// work one input may cause, the check that a refusal is a well-formed InputError,
// and a scratch file for loaders that read a path.
//
// A harness calls the library the way the CLI does. Anything thrown that is not
// an InputError (or Cancelled, from the time bound) escapes to libFuzzer, which
// reports it as a crash: that is a bug, as in the CLI where it means exit 1.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "grundy/core/context.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/terms/parse_session.hpp"

namespace grundy::fuzz {

// Seconds of computing one input may take before its context is stopped. The
// bound works through Context::poll, so a computation that never polls still
// shows up as a libFuzzer timeout: a search that Ctrl-C could not stop either.
inline constexpr double kSecondsPerInput = 0.2;

// How an input is read: few components.
inline ParseOptions bounded_parse() {
  ParseOptions options;
  options.max_components = 10'000;
  return options;
}

// A context for one input: small tables, one thread, and a stop requested once
// kSecondsPerInput have passed.
inline std::unique_ptr<Context> bounded_context() {
  ContextOptions options;
  options.memory_bytes = std::size_t{32} << 20;
  options.threads = 1;
  auto context = std::make_unique<Context>(options);
  Context* raw = context.get();
  context->set_poll_hook([raw] {
    if (raw->seconds() > kSecondsPerInput) raw->request_stop();
  });
  return context;
}

[[noreturn]] inline void fail(const char* what, std::string_view detail) {
  std::fprintf(stderr, "fuzz invariant broken: %s: %.*s\n", what, static_cast<int>(detail.size()), detail.data());
  std::abort();
}

// Every refusal is one line (the CLI prints it as one) and says something.
inline void check_refusal(const InputError& error) {
  const std::string_view message = error.what();
  if (message.empty()) fail("empty error message", message);
  if (message.find('\n') != std::string_view::npos) fail("error message spans lines", message);
  // Messages quote at most an excerpt of the input (issue 14: a 20 KB line).
  if (message.size() > 2000) fail("error message longer than 2000 bytes", message.substr(0, 200));
}

// A file holding the fuzz input, for loaders that take a path. One per process
// (libFuzzer runs inputs one after another), removed at exit.
class ScratchFile {
 public:
  ScratchFile() {
    // In memory where there is a tmpfs: the checkpoint writer syncs every file
    // to disk, which on a real disk would make fsync the cost of each input.
    std::string name = ::access("/dev/shm", W_OK) == 0 ? "/dev/shm/grundy-fuzz-XXXXXX" : "/tmp/grundy-fuzz-XXXXXX";
    const int fd = ::mkstemp(name.data());
    if (fd < 0) fail("mkstemp", name);
    ::close(fd);
    path_ = name;
  }
  ~ScratchFile() { std::remove(path_.c_str()); }
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;

  // Replaces the file's content with `size` bytes of `data`.
  const std::string& write(const std::uint8_t* data, std::size_t size) const {
    std::FILE* f = std::fopen(path_.c_str(), "wb");
    if (f == nullptr) fail("cannot write the scratch file", path_);
    if (size != 0 && std::fwrite(data, 1, size, f) != size) fail("short write to the scratch file", path_);
    std::fclose(f);
    return path_;
  }
  [[nodiscard]] const std::string& path() const noexcept { return path_; }

 private:
  std::string path_;
};

}  // namespace grundy::fuzz
