// Checks on option values that CLI11 does not make: an unsigned option given a
// negative number would otherwise wrap around (--upto -5 became 18446744073709551611);
// a file that must hold a saved quotient.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "grundy/input_error.hpp"
#include "grundy/misere/quotient_checkpoint.hpp"

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

// --quotient FILE: a misère quotient saved by `grundy quotient --checkpoint`,
// read now (a missing, damaged or foreign file is refused before any work) and
// read again when a sum of heaps of its rule is analysed.
inline void add_quotient_option(CLI::App* cmd, std::vector<std::string>& files) {
  cmd->add_option("--quotient", files,
                  "misère play: a quotient saved by `grundy quotient CODE --upto N --checkpoint FILE`; sums of "
                  "heaps of that code up to N are decided by it in time linear in the heaps (repeatable)")
      ->each([](const std::string& path) {
        if (!misere::read_quotient_checkpoint(path)) throw InputError("--quotient " + path + ": no such file");
      });
}

}  // namespace grundy::cli
