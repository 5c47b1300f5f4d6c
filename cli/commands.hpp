// The `grundy` subcommands. Each registers itself on the app; main() owns error
// handling (InputError -> one line on stderr, exit 2). Commands hold no game logic:
// they parse, call the library, and print text or JSON.
#pragma once

#include <CLI/CLI.hpp>

namespace grundy::cli {

void register_value_command(CLI::App& app);
void register_table_command(CLI::App& app);
void register_graph_command(CLI::App& app);

}  // namespace grundy::cli
