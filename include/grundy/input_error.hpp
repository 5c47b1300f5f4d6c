// Errors in what a user typed or gave us: they carry the place (file, line,
// column) so the CLI can print one line that says what is wrong and where, and
// exit with status 2. Anything else thrown is a bug, not bad input.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace grundy {

struct SourceLocation {
  std::string file;        // empty: the command line
  std::size_t line = 0;    // 1-based; 0 = not applicable
  std::size_t column = 0;  // 1-based; 0 = not applicable

  // "file:3:7", "line 3, column 7", "column 7" or "".
  [[nodiscard]] std::string to_string() const;
};

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message, SourceLocation where = {});

  [[nodiscard]] const SourceLocation& where() const noexcept { return where_; }
  [[nodiscard]] const std::string& message() const noexcept { return message_; }

 private:
  SourceLocation where_;
  std::string message_;
};

// Text quoted in an error message, cut to at most about `limit` characters
// ("123456…, 1000 characters in all") so a message stays one readable line.
[[nodiscard]] std::string excerpt(std::string_view text, std::size_t limit = 40);

// A request that is well-formed but beyond what can be computed here (a heap too
// large for a ruleset with no proven pattern, a table beyond memory). Also exit 2.
class LimitError : public InputError {
 public:
  using InputError::InputError;
};

}  // namespace grundy
