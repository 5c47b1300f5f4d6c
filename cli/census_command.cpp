// `grundy census FAMILY … --db FILE`: every game of a family computed once and
// kept in an SQLite database; `grundy census report --db FILE` reads it back.
// Under `mpirun -np N` rank 0 manages and the other ranks work; otherwise the
// jobs run on --jobs threads of this process (docs/census.md).
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <string>

#include "commands.hpp"
#include "grundy/census/census.hpp"
#include "grundy/census/database.hpp"
#include "grundy/census/report.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/stop_signals.hpp"
#include "progress.hpp"
#include "validators.hpp"

namespace grundy::cli {
namespace {

struct CensusState {
  census::CensusSpec spec;
  census::CensusOptions options;
  std::string rows = "1..4";
  std::string cols = "1..4";
  double memory_mb = 0;
  bool progress = false;
  bool quiet = false;
  bool json = false;
  bool csv = false;
};

void print_summary(const census::CensusSummary& summary, const std::string& database, bool json) {
  const census::Database db(database, census::Database::Mode::read_only);
  const auto counts = census::class_counts(db.rows());
  if (json) {
    nlohmann::json j{{"census", summary.arguments},
                     {"database", database},
                     {"transport", summary.transport},
                     {"workers", summary.workers},
                     {"games", summary.games},
                     {"jobs", summary.jobs},
                     {"jobs_already_done", summary.jobs_already_done},
                     {"jobs_done", summary.jobs_done},
                     {"errors", summary.errors},
                     {"damaged_removed", summary.damaged_removed},
                     {"interrupted", summary.interrupted},
                     {"seconds", summary.seconds},
                     {"classes_in_database", counts}};
    std::cout << j.dump(2) << "\n";
    return;
  }
  std::cout << "census " << summary.arguments << ": " << summary.games << " games in " << summary.jobs
            << " jobs (equivalent games share one)\n";
  std::cout << "  " << summary.jobs_already_done << " jobs were already in " << database << ", " << summary.jobs_done
            << " done now by " << summary.workers << (summary.workers == 1 ? " worker" : " workers") << " ("
            << summary.transport << ") in " << summary.seconds << " s\n";
  std::cout << "  the database now holds:";
  bool first = true;
  for (const auto& [name, count] : counts) {
    std::cout << (first ? " " : ", ") << count << " " << name;
    first = false;
  }
  std::cout << "\n  every game: grundy census report --db " << database << "\n";
}

void run(CensusState& state, const Launch& launch) {
  ContextOptions settings;
  Context context(settings);
  StopOnSignals signals(context);
  // Progress from the manager only: one line for the whole census.
  ProgressScope progress(context, state.progress && launch.rank() == 0, 0.0, state.quiet || launch.rank() != 0);
  if (state.spec.family == census::CensusSpec::Family::boards) {
    census::parse_range(state.rows, "--rows", state.spec.rows_from, state.spec.rows_to);
    census::parse_range(state.cols, "--cols", state.spec.cols_from, state.spec.cols_to);
  }
  if (state.spec.family == census::CensusSpec::Family::boards || state.spec.family == census::CensusSpec::Family::family) {
    if (!(state.memory_mb >= 0) || state.memory_mb > 1e9) throw InputError("--memory must be a number of MB, 0 or more");
    state.spec.memory_bytes = static_cast<std::uint64_t>(state.memory_mb * 1024 * 1024);
    if (!(state.spec.seconds >= 0) || state.spec.seconds > 1e9)
      throw InputError("--seconds must be a number of seconds, 0 (none) or more");
  }
  census::CensusSummary summary;
  try {
    summary = census::run_census(state.spec, state.options, launch.world, context);
  } catch (const InputError&) {
    // Under mpirun every rank throws the same error for bad arguments: rank 0 says it.
    if (launch.rank() != 0) throw ExitStatus{2};
    throw;
  }
  if (launch.rank() != 0) {
    if (summary.aborted) throw ExitStatus{2};
    if (summary.interrupted) throw ExitStatus::interrupted(context.stop_signal());
    return;
  }
  if (summary.interrupted) {
    std::cerr << "grundy: census interrupted; every finished job is in " << state.options.database
              << " and running jobs kept their checkpoints: run the same command to go on\n";
    throw ExitStatus::interrupted(context.stop_signal());
  }
  if (summary.damaged_removed > 0 && !state.json)
    std::cerr << "grundy: " << summary.damaged_removed << " damaged records of " << state.options.database
              << " (failing their checksum) were removed and their games computed again\n";
  print_summary(summary, state.options.database, state.json);
  if (!summary.failed_jobs.empty()) {
    // A census with a failed job did not do what was asked: it says which,
    // and exits 2 when each failed on its input or bound (a damaged
    // checkpoint, --memory), 1 when one failed with a fault three times. The
    // rows say "error"; the next run tries them again.
    constexpr std::size_t kShown = 10;
    bool fault = false;
    for (std::size_t i = 0; i < summary.failed_jobs.size(); ++i) {
      const auto& failed = summary.failed_jobs[i];
      fault = fault || failed.fault;
      if (i < kShown) std::cerr << "grundy: census job " << failed.game << " failed: " << failed.message << "\n";
    }
    if (summary.failed_jobs.size() > kShown)
      std::cerr << "grundy: and " << summary.failed_jobs.size() - kShown << " more failed jobs (grundy census report --db "
                << state.options.database << ")\n";
    throw ExitStatus{fault ? 1 : 2};
  }
}

void add_common(CLI::App* cmd, CensusState& state, bool jobs = true) {
  cmd->add_option("--db", state.options.database, "the SQLite database that keeps the results (created if missing)")
      ->required()
      ->check(file_name_given());
  if (jobs) {
    cmd->add_option("--jobs", state.options.jobs, "worker threads when not run under mpirun")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    cmd->add_option("--checkpoint-seconds", state.options.checkpoint_seconds,
                    "seconds between a job's checkpoints")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    add_progress_flags(cmd, state.progress, state.quiet);
  }
  cmd->add_flag("--json", state.json, "print JSON");
}

// --upto N of a family of heap rules: how far a game is computed when no period
// is proven sooner.
void add_upto(CLI::App* cmd, CensusState& state, const std::string& help) {
  cmd->add_option("--upto", state.spec.upto, help)->check(count_at_most())->capture_default_str();
}

// What ends each family's subcommand: the options every census takes (after the
// family's own, which --help lists first) and the census of that family.
void add_census_of(CLI::App* cmd, const std::shared_ptr<CensusState>& state, const Launch& launch,
                   census::CensusSpec::Family family) {
  add_common(cmd, *state);
  cmd->callback([state, &launch, family] {
    state->spec.family = family;
    run(*state, launch);
  });
}

}  // namespace

void register_census_command(CLI::App& app, const Launch& launch) {
  auto state = std::make_shared<CensusState>();
  CLI::App* census = app.add_subcommand(
      "census", "Every game of a family, computed once and kept in an SQLite database (also under mpirun)");
  census->require_subcommand(1);
  census->footer(
      "\nExamples:\n"
      "  grundy census octal --digits 2 --db octal2.sqlite\n"
      "  grundy census octal --digits 3 --upto 1048575 --db octal3.sqlite --jobs 2\n"
      "  mpirun -np 3 grundy census octal --digits 3 --db octal3.sqlite\n"
      "  grundy census codes .6,.16,0.77 --upto 1000000 --db mine.sqlite\n"
      "  grundy census subtraction --max 10 --db sub10.sqlite\n"
      "  grundy census boards cram --rows 1..5 --cols 1..6 --seconds 60 --db cram.sqlite\n"
      "  grundy census family 'sub{1,2,k}' --over k=3..40 --db family.sqlite\n"
      "  grundy census report --db octal3.sqlite [--json | --csv]\n"
      "A census stopped at any moment resumes from the database and its jobs' checkpoints\n"
      "when run again with the same arguments. Schema and examples: docs/census.md.\n");

  CLI::App* octal = census->add_subcommand("octal", "every octal code with at most D digits after the point (0. and 4.)");
  octal->add_option("--digits", state->spec.digits, "digits after the point")->required()->check(CLI::Range(1, 8));
  octal->add_flag("--hex", state->spec.hexadecimal, "hexadecimal codes (digits 0-F; 0x0., 0x4., 0x8., 0xC.)");
  add_upto(octal, *state, "compute g(0..N) when no period is proven sooner");
  add_census_of(octal, state, launch, census::CensusSpec::Family::octal);

  CLI::App* codes = census->add_subcommand("codes", "the codes (or names) listed, comma-separated");
  codes->add_option("codes", state->spec.codes, "codes such as .6,.16,0.77 or names such as kayles")->required();
  add_upto(codes, *state, "compute g(0..N) when no period is proven sooner");
  add_census_of(codes, state, launch, census::CensusSpec::Family::codes);

  CLI::App* subtraction = census->add_subcommand("subtraction", "every subtraction set S within {1..K}, to its proven period");
  subtraction->add_option("--max", state->spec.max_element, "K: the largest element a set may have")->required();
  add_census_of(subtraction, state, launch, census::CensusSpec::Family::subtraction);

  CLI::App* boards = census->add_subcommand("boards", "every board rows x cols of a placement rule, Clobber or NoGo");
  boards->add_option("rule", state->spec.rule,
                     "cram, blocks2x2, nodekayles_grid, nodekayles_king, bars(k); clobber (the checkerboard), nogo "
                     "(the empty board)")
      ->required();
  boards->add_option("--rows", state->rows, "rows, a range A..B")->capture_default_str();
  boards->add_option("--cols", state->cols, "columns, a range C..D")->capture_default_str();
  boards->add_option("--seconds", state->spec.seconds, "time bound a board (0: none); its table is kept")
      ->capture_default_str();
  boards->add_option("--certificate-dir", state->options.certificate_directory,
                     "clobber, nogo (one row): write a certificate of each board's value into this folder (grundy "
                     "check verifies it; its checksum goes into the board's row)");
  boards->add_option("--memory", state->memory_mb, "memory bound of a board's tables, in MB (0: none)")
      ->capture_default_str();
  add_census_of(boards, state, launch, census::CensusSpec::Family::boards);

  CLI::App* family = census->add_subcommand(
      "family", "every member of a ruleset or position written with parameters, over their ranges (as grundy pattern)");
  family->add_option("template", state->spec.template_text, "a rule or position with parameters: 'sub{1,2,k}', 'lr(L,R)', '0.k7'")
      ->required();
  family->add_option("--over", state->spec.over, "the parameters' ranges, as L=1..8,R=L..12");
  add_upto(family, *state, "heap rules: compute g(0..N) when no period is proven sooner");
  family->add_option("--seconds", state->spec.seconds, "positions: time bound a game (0: none)")->capture_default_str();
  family->add_option("--memory", state->memory_mb, "positions: memory bound of a game's tables, in MB (0: none)")
      ->capture_default_str();
  add_census_of(family, state, launch, census::CensusSpec::Family::family);

  CLI::App* report = census->add_subcommand("report", "what a census database holds: each game's class and row");
  add_common(report, *state, false);
  report->add_flag("--csv", state->csv, "print CSV, one line a game");
  report->callback([state, &launch] {
    if (launch.ranks() > 1) throw InputError("census report reads a database: run it without mpirun");
    const census::Database db(state->options.database, census::Database::Mode::read_only);
    if (state->json && state->csv) throw InputError("--json and --csv: choose one");
    if (state->json) {
      std::cout << census::report_json(db).dump(2) << "\n";
    } else if (state->csv) {
      std::cout << census::report_csv(db);
    } else {
      std::cout << census::report_text(db);
    }
  });
}

}  // namespace grundy::cli
