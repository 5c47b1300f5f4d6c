// grundy play EXPR: play a position against perfect play in the terminal.
//
// Every position is shown on a line of its own, "position: EXPR", in
// expression syntax (boards also drawn). On your turn the options are listed by
// number; type a number, or the whole position after your move; anything else
// gets a message and a new prompt. The computer plays a winning move when it
// has one; otherwise the move that leaves you the smallest share of winning
// replies. The game ends with "you win" or "you lose". With --json every line
// out is a JSON object (a line protocol for programs); input is the same.
#include <unistd.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "grundy/core/abbreviated_text.hpp"
#include "commands.hpp"
#include "expression_input.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/analysis/play.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/core/stop_signals.hpp"

namespace grundy::cli {
namespace {

struct PlayOptions {
  std::string expression;
  std::string file;
  std::string first = "me";
  bool json = false;
  std::size_t menu = 30;
};

class Game {
 public:
  Game(const PlayOptions& options, Context& context) : options_(options), context_(context) {}

  void run(Position position, bool my_turn) {
    if (!options_.json) {
      std::cout << "You play " << (my_turn ? "first" : "second")
                << ". Whoever cannot move loses (normal play). On your turn, type the number of a move or the "
                   "position after it; q quits.\n";
    }
    while (true) {
      show_position(position, my_turn);
      if (has_no_move(position, context_)) {
        end(my_turn ? "you lose" : "you win");
        return;
      }
      std::optional<Move> move = my_turn ? ask(position) : computer(position);
      if (!move) return;  // quit or end of input
      if (my_turn) {
        if (const std::optional<Move> missed = missed_win(position, *move, context_)) gave_away(*missed);
      }
      position = move->after();
      my_turn = !my_turn;
    }
  }

 private:
  void show_position(const Position& position, bool my_turn) {
    if (options_.json) {
      nlohmann::json line{{"type", "position"}, {"position", position.text()}, {"to_move", my_turn ? "you" : "computer"}};
      if (my_turn) {
        menu_ = listed_moves(position, context_, options_.menu + 1);
        nlohmann::json listed = nlohmann::json::array();
        for (std::size_t i = 0; i < menu_.size() && i < options_.menu; ++i) {
          listed.push_back({{"number", i + 1}, {"action", menu_[i].action}, {"after", menu_[i].after().text()}});
        }
        line["options"] = std::move(listed);
        line["more_options"] = menu_.size() > options_.menu;
      }
      std::cout << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << std::endl;
      return;
    }
    std::cout << "position: " << abbreviated(position.text()) << "\n";  // abbreviated_text.hpp
    for (std::size_t i = 0; i < position.size(); ++i) {
      if (const auto* board = capability<DrawnAsBoard>(position[i])) {
        std::istringstream rows(board->drawing());
        for (std::string row; std::getline(rows, row);) std::cout << "    " << row << "\n";
      }
    }
    if (!my_turn) return;
    menu_ = listed_moves(position, context_, options_.menu + 1);
    if (menu_.empty()) return;
    std::cout << "Your move:\n";
    for (std::size_t i = 0; i < menu_.size() && i < options_.menu; ++i) {
      std::cout << "  " << (i + 1) << ". " << menu_[i].action << "  ->  " << excerpt(menu_[i].after().text(), 100)
                << "\n";
    }
    if (menu_.size() > options_.menu) std::cout << "  … more moves: type the position after yours\n";
  }

  void error(const std::string& message) {
    if (options_.json) {
      std::cout << nlohmann::json{{"type", "error"}, {"message", message}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << std::endl;
    } else {
      std::cout << message << "\n";
    }
  }

  // A learner is told when a move threw a win away, and which move won.
  void gave_away(const Move& missed) {
    if (options_.json) {
      std::cout << nlohmann::json{{"type", "missed_win"},
                                  {"action", missed.action},
                                  {"after", missed.after().text()}}
                       .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                << std::endl;
    } else {
      std::cout << "That move gave away your win: the computer can now win. The winning move was: " << missed.action
                << "  ->  " << excerpt(missed.after().text(), 100) << " (it leaves a position of value 0).\n";
    }
  }

  void end(const std::string& result) {
    if (options_.json) {
      std::cout << nlohmann::json{{"type", "end"}, {"result", result}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << std::endl;
    } else {
      std::cout << result << "\n";
    }
  }

  // The user's move: a number from the menu or the position after the move.
  std::optional<Move> ask(const Position& position) {
    std::string line;
    while (true) {
      if (!options_.json) std::cout << "> " << std::flush;
      if (!std::getline(std::cin, line)) {
        if (!options_.json) std::cout << "\n";
        return std::nullopt;
      }
      // A terminal echoes what was typed; from a pipe, echo it so the
      // transcript reads the same (and "position:" starts its own line).
      if (!options_.json && !interactive_) std::cout << line << "\n";
      const std::size_t start = line.find_first_not_of(" \t\r");
      if (start == std::string::npos) continue;
      line = line.substr(start, line.find_last_not_of(" \t\r") + 1 - start);
      if (line == "q" || line == "quit") return std::nullopt;
      if (line.find_first_not_of("0123456789") == std::string::npos) {
        const std::size_t listed = std::min(menu_.size(), options_.menu);
        std::size_t number = 0;
        try {
          number = std::stoull(line);
        } catch (const std::exception&) {
          number = 0;
        }
        if (number >= 1 && number <= listed) return menu_[number - 1];
        error("there is no move " + excerpt(line) + ": choose 1 to " + std::to_string(listed) +
              ", or type the position after your move");
        continue;
      }
      try {
        const Position typed = Registry::builtin().parse(line);
        if (auto move = move_to(position, typed, context_)) return move;
        error("no legal move leads to " + excerpt(typed.text(), 80));
      } catch (const InputError& e) {
        error("not a move: " + std::string(e.what()));
      }
    }
  }

  std::optional<Move> computer(const Position& position) {
    std::optional<ChosenMove> chosen = computer_move(position, context_);
    if (!chosen) return std::nullopt;
    if (options_.json) {
      std::cout << nlohmann::json{{"type", "move"},
                                  {"by", "computer"},
                                  {"action", chosen->move.action},
                                  {"after", chosen->move.after().text()},
                                  {"reason", chosen->reason}}
                       .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                << std::endl;
    } else {
      std::cout << "computer: " << chosen->move.action << " (" << chosen->reason << ")\n";
    }
    return chosen->move;
  }

  const PlayOptions& options_;
  Context& context_;
  std::vector<Move> menu_;
  bool interactive_ = isatty(STDIN_FILENO) != 0;
};

}  // namespace

void register_play_command(CLI::App& app) {
  auto options = std::make_shared<PlayOptions>();
  CLI::App* cmd = app.add_subcommand("play", "Play a position against perfect play in the terminal");
  add_expression_options(cmd, options->expression, options->file, "the starting position, e.g. 'nim(3,4,5)'",
                         "read the starting position from a file ('#' after a blank starts a comment)");
  cmd->add_option("--first", options->first, "who moves first: me or computer")
      ->check(CLI::IsMember({"me", "computer"}))
      ->capture_default_str();
  cmd->add_flag("--json", options->json, "one JSON object per output line (type: position, move, error, end)");
  cmd->add_option("--menu", options->menu, "moves listed on your turn")->capture_default_str()->check(CLI::Range(1, 10000));
  cmd->footer(
      "\nExamples:\n  grundy play 'nim(3,4,5)'\n  grundy play 'kayles(12)' --first computer\n"
      "  grundy play 'cram(3x4)'\n\nOn your turn type the number of a move, or the position after it "
      "(e.g. nim(1,4,5)); q quits.\n");
  cmd->callback([options, cmd] {
    require_expression(*cmd, options->file, "grundy play 'nim(3,4,5)' (or -f FILE)");
    Context context;
    const ExpressionSource source = read_expression_source(options->expression, options->file, [&context] { context.poll(); });
    const Position start = build_position(source, context);
    Game game(*options, context);
    try {
      game.run(start, options->first == "me");
    } catch (const Cancelled& stopped) {
      throw ExitStatus::interrupted(stopped.signal());
    }
  });
}

}  // namespace grundy::cli
