// The `grundy` subcommands. Each registers itself on the app; main() owns error
// handling (InputError -> one line on stderr, exit 2). Commands hold no game logic:
// they parse, call the library, and print text or JSON.
#pragma once

#include <CLI/CLI.hpp>

namespace grundy::cli {

// Thrown by a command that has printed its own message and wants this exit status
// (an interrupted run whose work is saved).
struct ExitStatus {
  int code;
};

void register_value_command(CLI::App& app);
void register_table_command(CLI::App& app);
void register_graph_command(CLI::App& app);
void register_boards_command(CLI::App& app);  // the multi-board 2x2-block format
void register_explain_command(CLI::App& app);
void register_play_command(CLI::App& app);

}  // namespace grundy::cli
