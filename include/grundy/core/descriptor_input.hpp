// Reading a file descriptor (standard input, a pipe, a FIFO, a file) so that
// Ctrl-C is honoured while the read waits for input. A run blocks SIGINT and
// SIGTERM in every thread but its watcher (StopOnSignals), so a read(2) waiting
// on a pipe is never interrupted: the wait is in poll(2) slices of 100 ms with
// the Context's poll between them. Everything read is bounded (kInputLimit).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "grundy/core/input_error.hpp"
#include "grundy/core/input_file.hpp"

namespace grundy {

// A descriptor opened for reading without waiting (O_NONBLOCK: a FIFO with no
// writer opens at once, and the reads below wait for it in slices), checked
// on the descriptor itself (fstat, so the file checked is the file read): a
// directory, a device, a socket, a FIFO where `kind` is regular_file, a
// missing or unreadable file, a dangling symbolic link and a NUL byte in the
// name are InputErrors naming the file; closed with the object.
class InputDescriptor {
 public:
  InputDescriptor(const std::string& path, std::string_view what, InputKind kind = InputKind::file_or_pipe);
  ~InputDescriptor();
  InputDescriptor(const InputDescriptor&) = delete;
  InputDescriptor& operator=(const InputDescriptor&) = delete;
  [[nodiscard]] int get() const noexcept { return descriptor_; }

 private:
  int descriptor_ = -1;
};

// All of DESCRIPTOR up to its end, at most `limit` bytes (more is a LimitError
// naming `what` at `where`: a regular file from its size, before any read),
// with `poll` called at least every 100 ms while the read waits and between
// chunks. The text never holds more than `limit` bytes of memory.
[[nodiscard]] std::string read_bounded_descriptor(int descriptor, std::string_view what, const SourceLocation& where,
                                                  const std::function<void()>& poll = {},
                                                  std::size_t limit = kInputLimit);

// The lines of a descriptor one at a time (without '\n'), each at most
// `limit` bytes, with `poll` called while waiting, as read_bounded_descriptor.
class DescriptorLines {
 public:
  DescriptorLines(int descriptor, std::string what, SourceLocation where, std::function<void()> poll = {},
                  std::size_t limit = kInputLimit);
  // The next line into LINE; false at the end of the input (a last line
  // without '\n' is still a line).
  bool next(std::string& line);

 private:
  // Appends what the descriptor has next to buffer_; false at its end.
  bool fill();

  int descriptor_;
  std::string what_;
  SourceLocation where_;
  std::function<void()> poll_;
  std::size_t limit_;
  std::string buffer_;
  std::size_t start_ = 0;
  bool ended_ = false;
};

}  // namespace grundy
