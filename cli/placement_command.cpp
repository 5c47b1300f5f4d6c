// `grundy boards [FILE|-] [--game blocks2x2|cram] [--json] [--memory MB] [--threads N] [--progress]`: the
// classic multi-board 2x2-block problem format, answered Yes/No per case.
// Bad input surfaces as grundy::InputError, which main turns into one line on
// stderr and exit status 2.
#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include <unistd.h>

#include "grundy/core/descriptor_input.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/core/input_error.hpp"
#include "commands.hpp"
#include "validators.hpp"
#include "grundy/interfaces/boards_command.hpp"
#include "grundy/core/stop_signals.hpp"
#include "progress.hpp"

namespace grundy::cli {

void register_boards_command(CLI::App& app) {
  struct State {
    std::string file = "-";
    grundy::placement::BoardsOptions options;
    double memory_mb = 1024;
    bool progress = false;
    double progress_after = 1.0;
    unsigned threads = 1;
  };
  auto state = std::make_shared<State>();
  CLI::App* cmd = app.add_subcommand(
      "boards", "Answer Yes/No per case of the multi-board format (count, then rows cols and cells per board)");
  cmd->add_option("file", state->file, "input file, or - for standard input")->capture_default_str();
  cmd->add_option("--game", state->options.game, "the pieces: blocks2x2 (2x2 blocks) or cram (dominoes)")
      ->check(CLI::IsMember({"blocks2x2", "cram"}))
      ->capture_default_str();
  cmd->add_flag("--json", state->options.json, "full analysis: values, xor, winning moves");
  cmd->add_option("--memory", state->memory_mb, "bound on all transposition tables together, in MB (0: none)")
      ->check(not_negative())
      ->capture_default_str();
  cmd->add_option("--threads", state->threads, "1 or 2: two threads on a board still unsolved after half a second")
      ->check(CLI::Range(1, 2))
      ->capture_default_str();
  cmd->add_flag("--progress", state->progress, "progress on stderr for long searches (default when stderr is a terminal)");
  cmd->add_option("--progress-after", state->progress_after, "seconds of search before the first progress line")
      ->capture_default_str();
  cmd->footer(
      "\nInput: any number of cases; a case is a count n, then n boards, each 'rows cols' and its rows of\n"
      "0 (free) / 1 (blocked). Answer per case: Yes if the first player wins the sum of its boards.\n\n"
      "Examples:\n  grundy boards examples/cases.txt\n  grundy boards - --game cram < cases.txt\n"
      "  grundy boards examples/cases.txt --json     # values, xor and winning moves per case\n");
  cmd->callback([state] {
    // The context carries the memory bound, threads, progress and Ctrl-C to the solver.
    grundy::ContextOptions settings;
    settings.memory_bytes = grundy::cli::megabytes_to_bytes(state->memory_mb, "no bound");
    settings.threads = state->threads;
    grundy::Context context(settings);
    grundy::StopOnSignals signals(context);
    ProgressScope progress(context, state->progress, state->progress_after);
    try {
      // Read through the descriptor, so that Ctrl-C stops a read waiting on a pipe.
      const auto poll = [&context] { context.poll(); };
      const bool standard = state->file == "-";
      const std::string origin = standard ? "<stdin>" : state->file;
      std::istringstream in(standard ? grundy::read_bounded_descriptor(STDIN_FILENO, "boards input",
                                                                       grundy::SourceLocation{origin, 0, 0}, poll)
                                     : grundy::read_input_file(state->file, "boards file", poll));
      grundy::placement::run_boards(in, origin, state->options, std::cout, context);
    } catch (const grundy::Cancelled& stopped) {
      context.end_progress();
      std::cerr << "grundy: interrupted\n";
      throw ExitStatus::interrupted(stopped.signal());
    }
  });
}

}  // namespace grundy::cli
