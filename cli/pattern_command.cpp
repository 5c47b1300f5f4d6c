// grundy pattern TEMPLATE --over RANGES: laws across a family of games
// (preperiod, period and values as formulas of the parameters), and the code to
// paste (--emit cpp|python). The work is in the library (pattern.hpp,
// pattern_family.hpp); this file parses options and prints.
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "commands.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/memory_bound.hpp"
#include "grundy/analysis/pattern.hpp"
#include "grundy/interfaces/pattern_family.hpp"
#include "grundy/core/stop_signals.hpp"
#include "progress.hpp"
#include "validators.hpp"

namespace grundy::cli {
namespace {

struct PatternOptions {
  std::string family;
  std::string over;
  std::uint64_t upto = 0;
  std::uint64_t rows = 16;
  std::string emit;
  bool json = false;
  bool progress = false;
};

// The command as typed, for the comment of emitted code.
std::string command_line(const PatternOptions& options, bool upto_given) {
  std::string out = "grundy pattern '" + options.family + "'";
  if (!options.over.empty()) out += " --over " + options.over;
  if (upto_given) out += " --upto " + std::to_string(options.upto);
  return out;
}

void run_pattern(const PatternOptions& options, bool upto_given) {
  // Half of physical memory (memory_bound.hpp): the members' tables are
  // checked against it before they are made.
  ContextOptions settings;
  settings.memory_bytes = static_cast<std::size_t>(default_memory_bound());
  Context context(settings);
  StopOnSignals signals(context);
  // Progress on a terminal: a family's tabulation can take a minute at its
  // default bound (moore(k)(a,b) over k=2..2: 41 s), and the line says how to bound it.
  ProgressScope progress(context, options.progress, 1.0);
  pattern::FamilyRequest request;
  request.written = options.family;
  if (!options.over.empty()) request.ranges = pattern::parse_ranges(options.over);
  request.upto = options.upto;
  request.rows = options.rows;
  if (!options.emit.empty() && options.emit != "cpp" && options.emit != "python") {
    throw InputError("--emit is cpp or python, not '" + options.emit + "'");
  }
  std::optional<pattern::PatternReport> report;
  try {
    report = pattern::find_laws(pattern::tabulate_family(request, context), context);
  } catch (const Cancelled& stopped) {
    std::cerr << "grundy: interrupted\n";
    throw ExitStatus::interrupted(stopped.signal());
  }
  if (options.emit == "cpp") {
    std::cout << pattern::emit_cpp(*report, command_line(options, upto_given));
  } else if (options.emit == "python") {
    std::cout << pattern::emit_python(*report, command_line(options, upto_given));
  } else if (options.json) {
    std::cout << report->to_json().dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    std::cout << report->text();
  }
}

}  // namespace

void register_pattern_command(CLI::App& app) {
  auto options = std::make_shared<PatternOptions>();
  CLI::App* cmd = app.add_subcommand(
      "pattern", "Laws across a family of games: preperiod, period and values as formulas of the parameters");
  cmd->add_option("family", options->family,
                  "a rule or position with parameters: 'lr(L,R)', 'sub{1..k}', 'bash(m)'; piles as one-letter "
                  "names: 'wythoff(a,b)', 'moore(k)(a,b,c)'")
      ->required();
  cmd->add_option("--over", options->over, "the parameters' ranges: L=1..8,R=L..12 (a bound may be NAME, NAME+N, NAME-N)");
  cmd->add_option("--upto", options->upto,
                  "heaps 0..N of each member (default 120), or piles 0..N (default 30 for two piles, 10 for three)")
      ->check(count_at_most());
  cmd->add_option("--rows", options->rows, "two-pile games: rows 0..N whose additive period is looked for")
      ->check(count_at_most())
      ->capture_default_str();
  cmd->add_option("--emit", options->emit, "print a function sg(position, parameters…) to paste: cpp or python");
  cmd->add_flag("--json", options->json, "print JSON");
  add_progress_flag(cmd, options->progress);
  cmd->footer(
      "\nExamples:\n"
      "  grundy pattern 'lr(L,R)' --over L=1..8,R=L..12     period L + R, g(x) = (x mod (L + R)) div L\n"
      "  grundy pattern 'sub{a,b}' --over b=2..9,a=1..b-1   a + b is a period; the values split at b\n"
      "  grundy pattern 'bash(m)' --over m=1..10 --emit python\n"
      "  grundy pattern 'moore(k)(a,b,c)' --over k=1..3     P-positions: binary digit sums mod k + 1\n"
      "  grundy pattern 'wythoff(a,b)'                       Beatty pairs; rows additively periodic\n"
      "\nThe grammar of laws and the contestant's path: docs/contest.md.\n");
  cmd->callback([options, cmd] { run_pattern(*options, cmd->count("--upto") > 0); });
}

}  // namespace grundy::cli
