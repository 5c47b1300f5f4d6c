// Checks on option values that CLI11 does not make: an unsigned option given a
// negative number would otherwise wrap around (--upto -5 became 18446744073709551611);
// --memory in megabytes.
#pragma once

#include <CLI/CLI.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "grundy/core/input_error.hpp"
#include "grundy/core/memory_bound.hpp"

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

// A count (--upto N): digits only, at most `max`. CLI11 alone reads
// 18446744073709551616 (2^64) as 2^64 - 1 and goes on; here it is refused with
// the column of the digit that passes the bound.
inline CLI::Validator count_at_most(std::uint64_t max = ~std::uint64_t{0}, std::string bound = "2^64 - 1") {
  return CLI::Validator(
      [max, bound](std::string& text) -> std::string {
        if (text.empty()) return "column 1: expected a number";
        std::uint64_t value = 0;
        for (std::size_t i = 0; i < text.size(); ++i) {
          const char c = text[i];
          if (c < '0' || c > '9') {
            if (i == 0 && c == '-') return "column 1: must be 0 or more, not " + excerpt(text);
            return "column " + std::to_string(i + 1) + ": expected a digit in '" + excerpt(text) + "'";
          }
          const auto digit = static_cast<std::uint64_t>(c - '0');
          if (value > (max - digit) / 10) {
            return "column " + std::to_string(i + 1) + ": " + excerpt(text) + " is more than " +
                   std::to_string(max) + (bound.empty() ? "" : " (" + bound + ")");
          }
          value = value * 10 + digit;
        }
        return {};
      },
      "", "COUNT");
}

// A file name given to an option: `--checkpoint ''` was taken as no
// checkpoint at all, and nothing was saved.
inline CLI::Validator file_name_given() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (text.empty()) return "column 1: the file name is empty";
        if (text.find('\0') != std::string::npos) return "a file name cannot hold a NUL byte";
        return {};
      },
      "", "FILE");
}

// --memory MB in bytes; `zero_means` says what 0 is to this command. NaN fails
// both comparisons; past 2^40 MB (an exabyte: a typo) the conversion to bytes
// would overflow.
inline std::size_t megabytes_to_bytes(double megabytes, const std::string& zero_means) {
  if (!(megabytes >= 0) || !(megabytes <= 1099511627776.0))
    throw InputError("--memory is a number of megabytes from 0 (" + zero_means + ") to 1099511627776");
  return static_cast<std::size_t>(megabytes * 1024 * 1024);
}

// The --memory of a search whose memory grows with what it meets (`value`,
// `graph`): not given, half of physical memory (memory_bound.hpp), so that a
// search too large for the machine ends with the bound's message, not the OOM
// killer; 0: no bound.
inline std::size_t memory_bound_bytes(const std::optional<double>& megabytes) {
  return megabytes ? megabytes_to_bytes(*megabytes, "no bound") : static_cast<std::size_t>(default_memory_bound());
}

}  // namespace grundy::cli
