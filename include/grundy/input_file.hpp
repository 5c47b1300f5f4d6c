// Files a run reads (expressions, boards, graphs, tables): opened with the
// checks a user's mistake needs — a directory, a missing or unreadable file, a
// name with a NUL byte — each refused as InputError naming the file and the
// system's reason, never as an internal error from the stream library.
#pragma once

#include <fstream>
#include <string>
#include <string_view>

namespace grundy {

// Opens PATH for reading (binary). `what` names it in messages ("board file").
[[nodiscard]] std::ifstream open_input_file(const std::string& path, std::string_view what);

// The whole content of PATH.
[[nodiscard]] std::string read_input_file(const std::string& path, std::string_view what);

}  // namespace grundy
