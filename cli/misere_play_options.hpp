// The options of the commands that value a sum in misère play (value, explain):
// --misere, and --quotient FILE, the misère quotients that decide sums of heaps
// of their rule. One place, so that both commands take them alike.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "grundy/core/input_error.hpp"
#include "grundy/misere/quotient_checkpoint.hpp"

namespace grundy::cli {

// --misere, and --quotient FILE: a misère quotient saved by `grundy quotient
// --checkpoint`, read now (a missing, damaged or foreign file is refused before
// any work) and read again when a sum of heaps of its rule is analysed.
inline void add_misere_play_options(CLI::App* cmd, bool& misere, std::vector<std::string>& quotient_files) {
  cmd->add_flag("--misere", misere, "misère play: the last player to move loses");
  cmd->add_option("--quotient", quotient_files,
                  "misère play: a quotient saved by `grundy quotient CODE --upto N --checkpoint FILE`; sums of "
                  "heaps of that code up to N are decided by it in time linear in the heaps (repeatable)")
      ->each([](const std::string& path) {
        if (!misere::read_quotient_checkpoint(path)) throw InputError("--quotient " + path + ": no such file");
      });
}

}  // namespace grundy::cli
