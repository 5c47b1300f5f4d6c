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

// The character of TEXT at byte AT quoted for a message: a UTF-8 character
// whole ('２', 'é'), with the combining marks, variation selectors and joiners
// that follow it ('é' written e + U+0301 stays one), a control character
// by its code, a byte that is not UTF-8 by its value ("the byte 0xEF, not
// UTF-8"). Never half a character: "found '\357'" was printed for '２'.
[[nodiscard]] std::string quoted_character(std::string_view text, std::size_t at);

// The length of the UTF-8 character at byte AT (1 for a byte that starts none).
[[nodiscard]] std::size_t utf8_length_at(std::string_view text, std::size_t at) noexcept;

// The column (1-based, in characters) of byte AT of TEXT.
[[nodiscard]] std::size_t character_column(std::string_view text, std::size_t at) noexcept;

// A request that is well-formed but beyond what can be computed here (a heap too
// large for a ruleset with no proven pattern, a table beyond memory). Also exit 2.
class LimitError : public InputError {
 public:
  using InputError::InputError;
};

}  // namespace grundy
