// `grundy boards [FILE|-] [--game blocks2x2|cram] [--json] [--memory MB]`: the
// classic multi-board 2x2-block problem format, answered Yes/No per case.
// Bad input surfaces as grundy::InputError, which main turns into one line on
// stderr and exit status 2.
#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "grundy/input_error.hpp"
#include "commands.hpp"
#include "grundy/placement/boards_command.hpp"

namespace grundy::cli {

void register_boards_command(CLI::App& app) {
  struct State {
    std::string file = "-";
    grundy::placement::BoardsOptions options;
  };
  auto state = std::make_shared<State>();
  CLI::App* cmd = app.add_subcommand(
      "boards", "Answer Yes/No per case of the multi-board format (count, then rows cols and cells per board)");
  cmd->add_option("file", state->file, "input file, or - for standard input")->capture_default_str();
  cmd->add_option("--game", state->options.game, "the pieces: blocks2x2 (2x2 blocks) or cram (dominoes)")
      ->check(CLI::IsMember({"blocks2x2", "cram"}))
      ->capture_default_str();
  cmd->add_flag("--json", state->options.json, "full analysis: values, xor, winning moves");
  cmd->add_option("--memory", state->options.memory_mb, "memory bound per transposition table, in MB (0: none)")
      ->capture_default_str();
  cmd->callback([state] {
    if (state->file == "-") {
      grundy::placement::run_boards(std::cin, "<stdin>", state->options, std::cout);
      return;
    }
    std::ifstream in(state->file, std::ios::binary);
    if (!in) throw grundy::InputError("cannot open the file", grundy::SourceLocation{state->file, 0, 0});
    grundy::placement::run_boards(in, state->file, state->options, std::cout);
  });
}

}  // namespace grundy::cli
