// What a command-line tool owes its users besides its commands: `--version`
// naming what this build is, a manual page and bash completion. The page and
// the completion script are written from the CLI11 app itself (the same
// descriptions `--help` prints), by the hidden `grundy --man` and `grundy
// --bash-completion`, which the build runs to make the files it installs.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace grundy::cli {

// What this build has: the version, the git commit it was built from, MPI,
// and the vector kernels compiled in with whether this CPU runs them.
[[nodiscard]] std::string version_text(bool with_mpi);

// The manual page grundy(1) in roff (man(7) macros).
[[nodiscard]] std::string manual_page(CLI::App& app);

// A bash completion script: commands, each command's options, ruleset names
// inside expressions, file names where a command reads a file.
[[nodiscard]] std::string bash_completion(CLI::App& app);

}  // namespace grundy::cli
