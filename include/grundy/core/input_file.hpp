// Every file a run reads (expressions given by -f or @FILE, boards, graphs,
// tables, checkpoints, saved misère quotients) goes through one reader with
// the checks a user's mistake needs: a directory, a device (/dev/zero,
// /dev/urandom, a terminal), a missing or unreadable file, a dangling
// symbolic link, a name with a NUL byte — each refused as an InputError that
// names the file and the reason, never an internal error from the stream
// library, an endless read or a hang. The file is opened without waiting (a
// FIFO with no writer opens at once), every wait for input is in slices with
// the run's poll between them (Ctrl-C and SIGTERM end it within 100 ms), and
// every byte read counts against a bound (kInputLimit unless said otherwise).
#pragma once

#include <cstddef>
#include <fstream>
#include <functional>
#include <istream>
#include <string>
#include <string_view>

#include "grundy/core/input_error.hpp"

namespace grundy {

// What a reader takes besides a regular file. An expression, a board or a
// graph may come through a FIFO or a pipe the user made (`<(cmd)`,
// `mkfifo`): the read waits for its writer, interruptibly. A checkpoint, a
// saved quotient or a table file is written by grundy itself and must be a
// regular file.
enum class InputKind { file_or_pipe, regular_file };

// The most a run reads from one input (an expression file, a board or graph
// file, stdin, a saved quotient): 64 MiB. A regular file past it is refused
// from its size before any read; an endless pipe when it passes the bound,
// in at most 64 MiB of memory.
inline constexpr std::size_t kInputLimit = std::size_t{64} << 20;

// Checks PATH as the reader would open it (see InputDescriptor) and returns a
// stream on it (binary), for readers that seek.
[[nodiscard]] std::ifstream open_input_file(const std::string& path, std::string_view what,
                                            InputKind kind = InputKind::regular_file);

// Throws the InputError the reader would for PATH (not a regular file or
// FIFO, missing, a directory…), or returns.
void check_input_file(const std::string& path, std::string_view what, InputKind kind);

// All of `in`, read in chunks with `poll` called between them (a Context's
// poll: Ctrl-C stops the read), at most `limit` bytes: more is a LimitError
// naming `what` at `where`.
[[nodiscard]] std::string read_bounded(std::istream& in, std::string_view what, const SourceLocation& where,
                                       const std::function<void()>& poll = {}, std::size_t limit = kInputLimit);

// The whole content of PATH (read_bounded_descriptor, grundy/core/descriptor_input.hpp:
// Ctrl-C is honoured while the read waits), at most `limit` bytes.
[[nodiscard]] std::string read_input_file(const std::string& path, std::string_view what,
                                          const std::function<void()>& poll = {}, std::size_t limit = kInputLimit,
                                          InputKind kind = InputKind::file_or_pipe);

// "1 MiB", "64 MiB", "1000 bytes": a bound in a message.
[[nodiscard]] std::string byte_count_text(std::size_t bytes);

}  // namespace grundy
