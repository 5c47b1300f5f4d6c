// The `grundy` subcommands. Each registers itself on the app; main() owns error
// handling (InputError -> one line on stderr, exit 2). Commands hold no game logic:
// they parse, call the library, and print text or JSON.
#pragma once

#include <CLI/CLI.hpp>
#include <csignal>

#include "grundy/core/communicator.hpp"

namespace grundy::cli {

// How this process was started: on its own, or as one rank of an MPI job
// (`mpirun -np N grundy …`). Commands that can spread their work over ranks
// (census) take it; main() refuses the others under more than one rank.
struct Launch {
  distributed::Communicator* world = nullptr;  // the MPI job's ranks; null when not started by mpirun
  [[nodiscard]] int ranks() const noexcept { return world ? world->size() : 1; }
  [[nodiscard]] int rank() const noexcept { return world ? world->rank() : 0; }
};

// Thrown by a command that has printed its own message and wants this exit status
// (an interrupted run whose work is saved).
struct ExitStatus {
  int code;
  // A run stopped by `signal` (0: by something other than a signal, taken as
  // Ctrl-C): 128 + the signal, as shells report it — 130 for SIGINT, 143 for
  // SIGTERM.
  [[nodiscard]] static ExitStatus interrupted(int signal) { return ExitStatus{128 + (signal > 0 ? signal : SIGINT)}; }
};

void register_value_command(CLI::App& app);
void register_table_command(CLI::App& app, const Launch& launch);  // table: one computation across the ranks
void register_graph_command(CLI::App& app);
void register_boards_command(CLI::App& app);  // the multi-board 2x2-block format
void register_explain_command(CLI::App& app);
void register_play_command(CLI::App& app);
void register_misere_command(CLI::App& app);    // misère canonical forms, genus, classification
void register_quotient_command(CLI::App& app);  // misère quotients of heap rules
void register_census_command(CLI::App& app, const Launch& launch);  // families of games into a database
void register_pattern_command(CLI::App& app);  // laws across a family of games, code to paste
void register_check_command(CLI::App& app);  // certificates (docs/certificates.md)
void register_samples_command(CLI::App& app);  // small positions of every ruleset (RulesetSpec::samples)

}  // namespace grundy::cli
