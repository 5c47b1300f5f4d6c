// grundy value EXPR: nim-value, outcome in words, and every winning move with
// the whole position after it.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>

#include "commands.hpp"
#include "grundy/analysis.hpp"
#include "grundy/capabilities.hpp"
#include "grundy/expression.hpp"
#include "grundy/input_error.hpp"
#include "grundy/registry.hpp"
#include "grundy/stop_signals.hpp"
#include "expression_input.hpp"
#include "progress.hpp"

namespace grundy::cli {
namespace {

struct ValueOptions {
  std::string expression;
  std::string file;
  bool misere = false;
  bool json = false;
  std::size_t max_moves = 20;
  std::size_t max_components_shown = 40;
  // Long searches (placement games, take-and-break values); see docs/placement.md.
  double memory_mb = 0;
  std::string table;
  double table_seconds = 60;
  bool progress = false;
  double progress_after = 1.0;
  unsigned threads = 1;
};

ContextOptions context_options(const ValueOptions& options) {
  if (!(options.memory_mb >= 0)) throw InputError("--memory is a number of megabytes, 0 or more");
  if (!(options.table_seconds > 0)) throw InputError("--table-seconds must be positive");
  ContextOptions settings;
  settings.memory_bytes = static_cast<std::size_t>(options.memory_mb * 1024 * 1024);
  settings.table_path = options.table;
  settings.table_seconds = options.table_seconds;
  settings.threads = options.threads;
  return settings;
}

// Whole positions after a move are shown when they fit a line; a sum of
// thousands of heaps shows the changed component only (JSON always has both).
constexpr std::size_t kShownPositionLength = 120;

void print_text(const SumAnalysis& a, const ValueOptions& options) {
  std::cout << "Position: " << a.position.text() << "\n";
  if (a.misere) std::cout << "Play: misère (the player who makes the last move loses)\n";
  if (a.components.size() > 1 || !a.misere) {
    std::cout << "Components:\n";
    std::size_t width = 0;
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < a.components.size() && i < options.max_components_shown; ++i) {
      texts.push_back(a.components[i].text());
      width = std::max(width, texts.back().size());
    }
    for (std::size_t i = 0; i < a.components.size(); ++i) {
      if (i == options.max_components_shown) {
        std::cout << "  … and " << a.components.size() - options.max_components_shown << " more\n";
        break;
      }
      const auto& c = a.components[i];
      std::cout << "  " << texts[i];
      if (c.value) std::cout << std::string(width - texts[i].size() + 2, ' ') << "g = " << c.value->to_string();
      std::cout << "\n";
    }
  }
  if (a.value) {
    std::cout << (a.misere ? "Misère nim-value: " : "Nim-value: ") << a.value->to_string() << "\n";
  } else if (!a.value_note.empty()) {
    std::cout << "Nim-value: not computed (" << a.value_note << ")\n";
  }
  std::cout << "Outcome: " << a.outcome_words() << "\n";
  if (a.first_player_wins()) {
    std::cout << "Winning moves (" << (a.winning_move_total_is_lower_bound ? "at least " : "") << a.winning_move_total
              << "):\n";
    const bool whole = a.position.size() <= 64;
    for (const Move& m : a.winning_moves) {
      const std::string component = m.before[m.component].text();
      if (m.replacement.size() == 1) {
        if (const auto* board = capability<DrawnAsBoard>(m.replacement[0])) {
          // A board drawn after the move (placement games): one row a line, indented.
          std::cout << "  " << component << ": " << m.action << ", leaving\n";
          std::istringstream rows(board->drawing());
          for (std::string row; std::getline(rows, row);) std::cout << "      " << row << "\n";
          continue;
        }
      }
      std::string after = whole ? m.after().text() : std::string();
      if (after.empty() || after.size() > kShownPositionLength) after = m.replacement.text();
      std::cout << "  " << component << ": " << m.action << "  ->  " << after << "\n";
    }
    if (a.winning_move_total > a.winning_moves.size()) {
      std::cout << "  … and " << (a.winning_move_total - a.winning_moves.size())
                << " more (--max-moves to list more)\n";
    }
  } else if (a.outcome == Outcome::P) {
    std::cout << "Every move loses against perfect play.\n";
  }
}

void run_value(const ValueOptions& options) {
  Context context(context_options(options));
  StopOnSignals signals(context);
  ProgressScope progress(context, options.progress, options.progress_after);
  const ExpressionSource source = read_expression_source(options.expression, options.file);
  const Position position = build_position(source, context);
  std::optional<SumAnalysis> result;
  try {
    result.emplace(analyze(position, context, AnalysisOptions{options.misere, options.max_moves}));
  } catch (const Cancelled&) {
    context.end_progress();
    const std::vector<std::string> saved = context.save_work();
    std::cerr << "grundy: interrupted; "
              << (saved.empty() ? std::string("nothing was saved")
                                : "work saved in " + options.table + ", run the same command to resume")
              << "\n";
    for (const std::string& line : saved) std::cerr << "grundy: " << line << "\n";
    throw ExitStatus{130};  // 128 + SIGINT, as shells report an interrupted command
  }
  context.end_progress();
  for (const std::string& line : context.save_work()) std::cerr << "grundy: " << line << "\n";
  if (options.json) {
    std::cout << result->to_json().dump(2) << "\n";
  } else {
    print_text(*result, options);
  }
}

}  // namespace

void register_value_command(CLI::App& app) {
  auto options = std::make_shared<ValueOptions>();
  CLI::App* cmd = app.add_subcommand("value", "Nim-value, outcome and winning moves of a position (a sum of games)");
  cmd->add_option("expression", options->expression,
                  "the position, e.g. 'nim(3,4,5)' or 'sub{1,2,3}(10) + nim(9,12)'; '-' reads stdin");
  cmd->add_option("-f,--file", options->file, "read the expression from a file (newlines are spaces)");
  cmd->add_flag("--misere", options->misere, "misère play: the last player to move loses");
  cmd->add_flag("--json", options->json, "print JSON");
  cmd->add_option("--max-moves", options->max_moves, "list at most this many winning moves (all are counted)")
      ->capture_default_str();
  cmd->add_option("--memory", options->memory_mb,
                  "placement games: bound on all their tables together, in MB (0: none); too small a bound is refused")
      ->capture_default_str();
  cmd->add_option("--table", options->table,
                  "placement games: load this table file if it exists, save it periodically, at the end and on "
                  "Ctrl-C/SIGTERM (exit 130)");
  cmd->add_option("--table-seconds", options->table_seconds, "placement games: seconds between saves of --table")
      ->capture_default_str();
  cmd->add_option("--threads", options->threads,
                  "1 or 2: placement boards of 30 or more cells still unsolved after half a second are searched by "
                  "two threads sharing their tables; take-and-break sequences use two threads")
      ->check(CLI::Range(1, 2))
      ->capture_default_str();
  cmd->add_flag("--progress", options->progress, "progress on stderr for long computations (default on a terminal)");
  cmd->add_option("--progress-after", options->progress_after, "seconds of work before the first progress line")
      ->capture_default_str();
  std::string footer =
      "\nExamples:\n  grundy value 'nim(3,4,5)'\n  grundy value 'sub{1,2,3}(10) + sub(odd)(7) + nim(9,12)'\n"
      "  grundy value 'lr(1,1)(3,1,4,1,5)' --json\n  grundy value 'nim(1,1,1)' --misere\n"
      "  grundy value 'kayles(10) + 0.07(1000000000000000000)'\n  grundy value 'wythoff(3,5)'\n\n"
      "Rulesets (docs/expressions.md):\n";
  for (const RulesetSpec& spec : Registry::builtin().specs()) {
    for (const RulesetHelp& r : spec.help) {
      // Width in characters, not bytes ("…" is three bytes of UTF-8).
      const auto width = static_cast<std::size_t>(std::count_if(
          r.syntax.begin(), r.syntax.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
      footer += "  " + r.syntax + std::string(width < 40 ? 40 - width : 1, ' ') + r.description + "\n";
    }
  }
  cmd->footer(footer);
  cmd->callback([options, cmd] {
    if (cmd->count("expression") == 0 && options->file.empty())
      throw InputError("no position given: grundy value 'nim(3,4,5)' (or -f FILE, or - for stdin)");
    if (cmd->count("expression") != 0 && !options->file.empty())
      throw InputError("give the expression either as an argument or with --file, not both");
    run_value(*options);
  });
}

}  // namespace grundy::cli
