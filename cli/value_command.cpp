// grundy value EXPR: nim-value, outcome in words, and every winning move with
// the whole position after it (for a draw, every move that keeps the draw).
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>

#include <unistd.h>

#include "certificate_check.hpp"
#include "commands.hpp"
#include "validators.hpp"
#include "grundy/core/abbreviated_text.hpp"
#include "grundy/core/descriptor_input.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/analysis/analysis.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/analysis/loopy_analysis.hpp"
#include "grundy/search/placement_options.hpp"
#include "grundy/search/table_store.hpp"
#include "grundy/analysis/play.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/core/stop_signals.hpp"
#include "grundy/core/output_file.hpp"
#include "grundy/analysis/certificate.hpp"
#include "expression_input.hpp"
#include "misere_play_options.hpp"
#include "progress.hpp"

namespace grundy::cli {
namespace {

struct ValueOptions {
  std::string expression;
  std::string file;
  std::string previous;  // the position before the opponent's last move (the reversal rule)
  bool misere = false;
  bool json = false;
  bool batch = false;
  std::size_t max_moves = 20;
  std::size_t max_components_shown = 40;
  // Long searches (placement games, take-and-break values); see docs/placement.md.
  std::optional<double> memory_mb;  // not given: default_memory_bound()
  std::string table;
  double table_seconds = 60;
  bool progress = false;
  double progress_after = 1.0;
  unsigned threads = 1;
  std::size_t max_components = ParseOptions{}.max_components;
  std::string search = "requested-set";
  std::vector<std::string> quotients;
  std::string certificate;  // --certificate FILE: one-row NoGo sums (docs/certificates.md)
  bool full_positions = false;  // --full-positions: no position abbreviated (abbreviated_text.hpp)
};

// The longest position an answer prints whole (abbreviated_text.hpp): a
// 21-byte term can stand for a row of millions of coins.
std::size_t longest_position(const ValueOptions& options) {
  return options.full_positions ? std::string::npos : kLongestPrintedPosition;
}

ParseOptions parse_options(const ValueOptions& options) {
  ParseOptions reading;
  reading.max_components = options.max_components;
  return reading;
}

ContextOptions context_options(const ValueOptions& options) {
  const std::size_t memory_bytes = memory_bound_bytes(options.memory_mb);
  if (!(options.table_seconds > 0) || !(options.table_seconds <= 1e9))
    throw InputError("--table-seconds must be a positive number of seconds");
  // Checked now, not after a search of hours (exists but unreadable, a
  // directory, no such directory, read-only).
  if (!options.table.empty()) search::TableStore::check_path(options.table);
  ContextOptions settings;
  settings.memory_bytes = memory_bytes;
  settings.threads = options.threads;
  placement::PlacementOptions placement;
  placement.search = options.search == "outcome" ? placement::SearchChoice::outcome : placement::SearchChoice::requested_set;
  settings.families.set(placement);
  // The run's one persistence: every engine that keeps a table keeps it there.
  settings.families.set(search::TableOptions{options.table, options.table_seconds});
  settings.misere_quotients = options.quotients;
  return settings;
}

// Whole positions after a move are shown when they fit a line; a sum of
// thousands of heaps shows the changed component only (JSON always has both).
constexpr std::size_t kShownPositionLength = 120;

void print_text(const SumAnalysis& a, const ValueOptions& options, Context& context) {
  const std::size_t longest = longest_position(options);
  const auto shown = [longest](const std::string& text) { return abbreviated(text, longest); };
  // A 2 MB expression is not echoed back whole.
  std::cout << "Position: " << shown(a.position.text()) << "\n";
  if (a.misere) std::cout << "Play: misère (the player who makes the last move loses)\n";
  if (a.components.size() > 1 || !a.misere) {
    std::cout << "Components:\n";
    std::size_t width = 0;
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < a.components.size() && i < options.max_components_shown; ++i) {
      texts.push_back(shown(a.components[i].text()));
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
  if (a.evidence) {
    std::cout << "Decided by: " << a.evidence->method << " — " << a.evidence->detail << "\n";
    if (!a.evidence->total.empty()) std::cout << "  " << a.evidence->rule << "\n";
  }
  auto print_moves = [&](const char* title, const std::vector<Move>& moves, std::uint64_t total, bool lower_bound) {
    std::cout << title << " (" << (lower_bound ? "at least " : "") << total << "):\n";
    const bool whole = a.position.size() <= 64;
    for (const Move& m : moves) {
      const std::string component = shown(m.before[m.component].text());
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
      std::cout << "  " << component << ": " << m.action << "  ->  " << shown(after) << "\n";
    }
    if (total > moves.size()) {
      std::cout << "  … and " << (total - moves.size()) << " more (--max-moves to list more)\n";
    }
  };
  // Billions of winning moves read better as runs of takes (ABC297 G).
  const auto print_runs = [&] {
    if (a.winning_run_total == 0) return;
    std::cout << "All " << a.winning_move_total << " winning moves, as " << a.winning_run_total
              << " run" << (a.winning_run_total == 1 ? "" : "s") << " of takes (every take in a run wins):\n";
    for (const SumAnalysis::TakeRun& r : a.winning_runs) {
      std::cout << "  " << shown(a.position[r.component].text()) << ": take " << r.first;
      if (r.last != r.first) std::cout << ".." << r.last;
      std::cout << "\n";
    }
    if (a.winning_run_total > a.winning_runs.size()) {
      std::cout << "  … and " << (a.winning_run_total - a.winning_runs.size()) << " more runs\n";
    }
  };
  if (a.first_player_wins() && !a.moves_searched) {
    std::cout << "Winning moves: not looked for (--max-moves 0 asks for the value only)\n";
  } else if (a.first_player_wins()) {
    if (a.reversal) {
      std::cout << "The last move raised a component with cycles: answer it there (the reversal rule, so the win "
                   "arrives).\n";
    }
    print_moves("Winning moves", a.winning_moves, a.winning_move_total, a.winning_move_total_is_lower_bound);
    if (!a.moves_note.empty()) std::cout << "  (not all known: " << a.moves_note << ")\n";
    print_runs();
  } else if (a.outcome == Outcome::D) {
    print_moves("Drawing moves", a.drawing_moves, a.drawing_move_total, a.drawing_move_total_is_lower_bound);
  } else if (a.outcome == Outcome::P) {
    std::cout << (has_no_move(a.position, context) ? "No move is possible: the player to move has already lost.\n"
                                                   : "Every move loses against perfect play.\n");
  }
}

// One expression a line (stdin or -f FILE), one answer a line: "VALUE first"
// or "VALUE second" (who wins), or with --json one JSON object; a bad line gets
// "error: line N: …" (JSON: {"line": N, "error": …}) and the batch goes on. The
// exit status is 2 if any line failed. One context serves the whole batch, so
// rules and tables are built once.
void run_batch(const ValueOptions& options) {
  Context context(context_options(options));
  StopOnSignals signals(context);
  // Lines are read from the descriptor, so that Ctrl-C stops a batch waiting on a pipe.
  std::optional<InputDescriptor> file;
  if (!options.file.empty()) file.emplace(options.file, "file");
  const std::string origin = options.file.empty() ? "<stdin>" : options.file;
  DescriptorLines in(file ? file->get() : STDIN_FILENO, options.file.empty() ? "standard input" : "file",
                     SourceLocation{origin, 0, 0}, [&context] { context.poll(); });
  // Text answers need no moves: the value alone (a placement board's moves to a
  // value can cost more than its value).
  AnalysisOptions analysis{options.misere, options.json ? options.max_moves : 0};
  analysis.moves = options.json && options.max_moves > 0;
  ParseOptions reading = parse_options(options);
  reading.poll = [&context] { context.poll(); };  // a long @FILE read hears Ctrl-C
  std::string out;
  bool failed = false;
  const auto error_text = [&](std::size_t number, const InputError& e) {
    failed = true;
    const std::string where = e.where().column ? origin + ":" + std::to_string(number) + ":" +
                                                     std::to_string(e.where().column)
                                               : origin + ":" + std::to_string(number);
    if (options.json) {
      return nlohmann::json{{"line", number}, {"error", where + ": " + e.message()}}.dump(
          -1, ' ', false, nlohmann::json::error_handler_t::replace);
    }
    return "error: " + where + ": " + e.message();
  };
  // Lines are read a block at a time and parsed first, so each heap rule is
  // computed once to the largest heap of the block (value_largest_heaps_first)
  // rather than extended query by query.
  constexpr std::size_t kBlock = 4096;
  std::size_t number = 0;
  bool more = true;
  while (more) {
    std::vector<std::string> lines;
    std::string line;
    try {
      while (lines.size() < kBlock && (more = in.next(line))) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(std::move(line));
      }
    } catch (const Cancelled& stopped) {
      // The answers to every line read so far are out; the line being read is not.
      std::cout << out << std::flush;
      std::cerr << "grundy: interrupted while reading line " << number + lines.size() + 1 << "\n";
      throw ExitStatus::interrupted(stopped.signal());
    }
    std::vector<std::optional<Position>> positions(lines.size());
    std::vector<std::string> parse_errors(lines.size());
    std::vector<Position> parsed;
    std::size_t current = number;
    try {
      for (std::size_t i = 0; i < lines.size(); ++i) {
        current = number + i + 1;
        try {
          positions[i] = Registry::builtin().parse(without_comments(lines[i]), reading);
          parsed.push_back(*positions[i]);
        } catch (const InputError& e) {
          parse_errors[i] = error_text(number + i + 1, e);
        }
      }
      value_largest_heaps_first(parsed, context);
      for (std::size_t i = 0; i < lines.size(); ++i) {
        current = number + i + 1;
        if (!positions[i]) {
          out += parse_errors[i];
        } else {
          try {
            const SumAnalysis a = analyze(*positions[i], context, analysis);
            if (options.json) {
              // Bounded per answer: each position at most kLongestPrintedPosition.
              nlohmann::json j = a.to_json(kLongestPrintedPosition);
              j["line"] = current;
              out += j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
            } else {
              out += (a.value ? a.value->to_string() : std::string("?")) + " " +
                     (a.outcome == Outcome::N ? "first" : a.outcome == Outcome::P ? "second" : "draw");
            }
          } catch (const InputError& e) {
            out += error_text(current, e);
          }
        }
        out += '\n';
        if (out.size() >= (1U << 16)) {
          std::cout << out;
          out.clear();
        }
      }
    } catch (const Cancelled& stopped) {
      std::cout << out << std::flush;
      std::cerr << "grundy: interrupted at line " << current << "\n";
      throw ExitStatus::interrupted(stopped.signal());
    }
    number += lines.size();
  }
  std::cout << out << std::flush;
  if (failed) throw ExitStatus{2};
}

// --certificate FILE: the value by the search over 8-byte parts and the proof
// a checker needs (docs/certificates.md); no moves are listed.
void run_certificate(const Position& position, const ValueOptions& options, Context& context) {
  if (const std::string why = why_not_certified(position); !why.empty()) throw InputError("--certificate: " + why);
  if (options.misere || !options.previous.empty() || options.batch)
    throw InputError("--certificate proves a normal-play value of one position: not with --misere, --previous or --batch");
  const OutputFile file = prepare_output_file(options.certificate, "--certificate file");
  Certificate certificate;
  try {
    certificate = certify(position, context);
  } catch (const Cancelled& stopped) {
    context.end_progress();
    std::cerr << "grundy: interrupted; no certificate written"
              << (options.table.empty() ? "" : "; every part valued is kept in " + options.table +
                                                   ": run the same command to resume")
              << "\n";
    throw ExitStatus::interrupted(stopped.signal());
  }
  context.end_progress();
  // "proves it" only of a certificate the checker has proven: no byte of a
  // table file, and no fault of a search, is ever announced as proven
  // (issue 56: a damaged table's value was printed with "grundy check c
  // proves it", and check then refused the file). The check costs a tenth of
  // a record's search or less (docs/records.md: 181 s of 2 h for Clobber 3×9).
  const auto check_start = std::chrono::steady_clock::now();
  // On every core: claims are proven independently of each other (the
  // checker's result is the same for every thread count).
  const grundy_check::CheckResult checked =
      grundy_check::check_certificate_text(certificate.text, grundy_check::builtin_games(), 0);
  const double check_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - check_start).count();
  const Nimber proven = checked.total();
  if (!checked.valid || proven != certificate.value) {
    throw InputError("--certificate: the certificate made here does not check (" +
                     (checked.valid ? "it proves " + std::to_string(proven) + ", the search said " +
                                          std::to_string(certificate.value)
                                    : "line " + std::to_string(checked.line) + ": " + checked.message) +
                     "), so nothing is written" +
                     (options.table.empty() ? std::string(": a fault of grundy's, please report it")
                                            : ": the table file " + options.table +
                                                  " holds a wrong value; remove it and run again"));
  }
  write_output_file(file, "--certificate file", [&](std::FILE* out) {
    write_bytes(out, certificate.text.data(), certificate.text.size());
  });
  const Outcome outcome = certificate.value == 0 ? Outcome::P : Outcome::N;
  if (options.json) {
    nlohmann::json j{{"position", position.text()},
                     {"value", certificate.value},
                     {"outcome", outcome == Outcome::P ? "P" : "N"},
                     {"certificate", {{"file", options.certificate},
                                      {"claims", certificate.claims},
                                      {"bytes", certificate.text.size()},
                                      {"parts_valued", certificate.parts_valued},
                                      {"parts_from_table", certificate.parts_loaded},
                                      {"checked_seconds", check_seconds}}}};
    std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return;
  }
  std::cout << "Position: " << excerpt(position.text(), 200) << "\n"
            << "Nim-value: " << certificate.value << "\n"
            << "Outcome: "
            << (outcome == Outcome::P ? "the second player wins: the player to move loses against perfect play"
                                      : "the first player (the one to move) wins with perfect play")
            << "\n"
            << "Certificate: " << options.certificate << " (" << certificate.claims << " parts claimed, "
            << certificate.text.size() << " bytes, from " << certificate.parts_valued
            << " parts valued); grundy check " << options.certificate << " proves it (checked here in "
            << std::fixed << std::setprecision(2) << check_seconds << std::defaultfloat << " s)\n";
  if (!options.table.empty())
    std::cout << "Table: " << options.table << " (" << certificate.parts_loaded << " parts read from it, "
              << certificate.parts_valued - certificate.parts_loaded << " valued in this run)\n";
}

void run_value(const ValueOptions& options) {
  Context context(context_options(options));
  StopOnSignals signals(context);
  ProgressScope progress(context, options.progress, options.progress_after);
  const ExpressionSource source = read_expression_source(options.expression, options.file, [&context] { context.poll(); });
  const Position position = build_position(source, context, parse_options(options));
  if (!options.certificate.empty()) {
    run_certificate(position, options, context);
    return;
  }
  std::optional<SumAnalysis> result;
  try {
    AnalysisOptions analysis{options.misere, options.max_moves};
    // --max-moves 0: the value only, no move looked for (Cram 5x8: a third of the work).
    analysis.moves = options.max_moves > 0;
    if (!options.previous.empty()) {
      Position before;
      try {
        before = Registry::builtin().parse(options.previous, parse_options(options));
      } catch (const InputError& e) {
        throw InputError("--previous: " + e.message(), e.where());
      }
      analysis.last_move = move_between(before, position, context);
      if (!analysis.last_move) {
        throw InputError("no move leads from the --previous position " + before.text() + " to " + position.text());
      }
    }
    result.emplace(analyze(position, context, analysis));
  } catch (const Cancelled& stopped) {
    context.end_progress();
    std::vector<std::string> saved;
    try {
      saved = context.save_work();
    } catch (const InputError& e) {
      std::cerr << "grundy: interrupted; " << e.message() << ", so the work is lost\n";
      throw ExitStatus::interrupted(stopped.signal());
    }
    std::cerr << "grundy: interrupted; "
              << (saved.empty() ? std::string("nothing was saved")
                                : "work saved in " + options.table + ", run the same command to resume")
              << "\n";
    for (const std::string& line : saved) std::cerr << "grundy: " << line << "\n";
    throw ExitStatus::interrupted(stopped.signal());  // 128 + the signal, as shells report it
  }
  context.end_progress();
  // The answer first: a table that cannot be saved (disk full) must not cost it.
  if (options.json) {
    std::cout << result->to_json(longest_position(options)).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
              << "\n";
  } else {
    print_text(*result, options, context);
  }
  std::cout << std::flush;
  try {
    for (const std::string& line : context.save_work()) std::cerr << "grundy: " << line << "\n";
  } catch (const InputError& e) {
    std::cerr << "grundy: " << e.message() << "; the answer above stands, only the file is missing\n";
    throw ExitStatus{2};
  }
}

}  // namespace

void register_value_command(CLI::App& app) {
  auto options = std::make_shared<ValueOptions>();
  CLI::App* cmd = app.add_subcommand("value", "Nim-value, outcome and winning moves of a position (a sum of games)");
  add_expression_options(cmd, options->expression, options->file,
                         "the position, e.g. 'nim(3,4,5)' or 'sub{1,2,3}(10) + nim(9,12)'; '-' reads stdin",
                         "read the expression from a file (newlines are spaces)");
  add_misere_play_options(cmd, options->misere, options->quotients);
  cmd->add_option("--previous", options->previous,
                  "the position before the opponent's last move: a move that raised a game with cycles is answered "
                  "by the reversal rule (docs/loopy.md)");
  cmd->add_flag("--json", options->json, "print JSON");
  cmd->add_flag("--batch", options->batch,
                "one expression a line from stdin or -f FILE, one answer a line: VALUE first|second (--json: one "
                "object a line); bad lines answer 'error: …' and the rest go on (exit 2 at the end)");
  cmd->add_option("--max-moves", options->max_moves, "list at most this many winning moves (all are counted)")
      ->check(not_negative())
      ->capture_default_str();
  cmd->add_option("--memory", options->memory_mb,
                  "bound on the tables of long searches (placement games, games with cycles, misère searches) "
                  "together, in MB (default: half of physical memory; 0: none); too small a bound is refused");
  cmd->add_option("--table", options->table,
                  "keep the searches' tables in this file (one engine's) or folder (PATH/: one file an engine and "
                  "game): the part search (Clobber, one-row NoGo, --certificate) keeps every part there at once (a "
                  "run killed even by kill -9 resumes from it; the next board reuses the parts it shares), the region "
                  "search (placement games) loads its table, saves it periodically, at the end and on "
                  "Ctrl-C/SIGTERM (exit 130); docs/certificates.md")
      ->check(file_name_given());
  cmd->add_option("--table-seconds", options->table_seconds, "placement games: seconds between saves of --table")
      ->capture_default_str();
  cmd->add_option("--threads", options->threads,
                  "1 to 64: the part search (Clobber, one-row NoGo, Cram certificates) values a part still "
                  "unfinished after 65536 parts on this many threads sharing its table; placement boards of 30 or "
                  "more cells still unsolved after half a second are searched by two threads sharing their tables; "
                  "take-and-break sequences use two threads")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd->add_option("--search", options->search,
                  "placement games: the search for large parts, requested-set (faster on every board measured) or "
                  "outcome (Lemoine-Viennot); both exact")
      ->check(CLI::IsMember({"requested-set", "outcome"}))
      ->capture_default_str();
  cmd->add_option("--max-components", options->max_components,
                  "refuse positions of more components than this (each heap is one)")
      ->check(not_negative())
      ->capture_default_str();
  cmd->add_option("--certificate", options->certificate,
                  "write a certificate of the value that `grundy check FILE` verifies (one-row NoGo boards, Clobber "
                  "boards, Cram boards, sums of one of them; docs/certificates.md), after the checker proved it here on "
                  "every core");
  cmd->add_flag("--full-positions", options->full_positions,
                "print every position whole: past 300 characters one is abbreviated to its first 150 and last 50 "
                "with its length (docs/expressions.md, Long positions); not with --batch, whose answers stay bounded");
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
    if (options->batch) {
      if (expression_argument_given(*cmd) && options->expression != "-")
        throw InputError("--batch reads its expressions from stdin or -f FILE, one a line");
      if (options->full_positions)
        throw InputError("--full-positions is for one answer: a --batch answer prints each position abbreviated past " +
                         std::to_string(kLongestPrintedPosition) + " characters, so that an answer stays bounded");
      run_batch(*options);
      return;
    }
    require_expression(*cmd, options->file, "grundy value 'nim(3,4,5)' (or -f FILE, or - for stdin)");
    if (expression_argument_given(*cmd) && !options->file.empty())
      throw InputError("give the expression either as an argument or with --file, not both");
    run_value(*options);
  });
}

}  // namespace grundy::cli
