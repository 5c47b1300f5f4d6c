// Files a run reads (expressions, boards, graphs, tables): opened with the
// checks a user's mistake needs — a directory, a missing or unreadable file, a
// name with a NUL byte — each refused as InputError naming the file and the
// system's reason, never as an internal error from the stream library.
#pragma once

#include <cstddef>
#include <fstream>
#include <functional>
#include <istream>
#include <string>
#include <string_view>

#include "grundy/input_error.hpp"

namespace grundy {

// Opens PATH for reading (binary). `what` names it in messages ("board file").
[[nodiscard]] std::ifstream open_input_file(const std::string& path, std::string_view what);

// The most a run reads from one input (an expression file, a board or graph
// file, stdin): 64 MiB. An endless input (/dev/zero, a pipe that never closes)
// is refused when it passes the bound instead of taking all the memory.
inline constexpr std::size_t kInputLimit = std::size_t{64} << 20;

// All of `in`, read in chunks with `poll` called between them (a Context's
// poll: Ctrl-C stops the read), at most `limit` bytes: more is a LimitError
// naming `what` at `where`.
[[nodiscard]] std::string read_bounded(std::istream& in, std::string_view what, const SourceLocation& where,
                                       const std::function<void()>& poll = {}, std::size_t limit = kInputLimit);

// The whole content of PATH (read_bounded_descriptor, grundy/descriptor_input.hpp:
// Ctrl-C is honoured while the read waits).
[[nodiscard]] std::string read_input_file(const std::string& path, std::string_view what,
                                          const std::function<void()>& poll = {});

}  // namespace grundy
