// Checks on option values that CLI11 does not make: an unsigned option given a
// negative number would otherwise wrap around (--upto -5 became 18446744073709551611).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace grundy::cli {

inline CLI::Validator not_negative() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const std::size_t start = text.find_first_not_of(" \t");
        if (start != std::string::npos && text[start] == '-') return "must be 0 or more, not " + text;
        return {};
      },
      "", "NOT_NEGATIVE");
}

}  // namespace grundy::cli
