// grundy table RULE --upto N: the SG table of a heap rule and its pattern.
#include <cstdlib>
#include <iomanip>
#include <optional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "commands.hpp"
#include "validators.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/interfaces/pattern_family.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/core/sequence.hpp"
#include "grundy/core/stop_signals.hpp"
#include "grundy/take_and_break/distributed_run.hpp"
#include "grundy/take_and_break/run.hpp"
#include "grundy/take_and_break/take_and_break.hpp"
#include "progress.hpp"

namespace grundy::cli {
namespace {

struct TableOptions {
  std::string rule;
  std::uint64_t upto = 50;
  bool misere = false;
  bool json = false;
  std::size_t per_line = 20;
  // Take-and-break runs (octal, hexadecimal, Grundy's game…):
  std::string output;
  std::string format = "text";
  std::string checkpoint;
  double checkpoint_seconds = 60;
  unsigned threads = 1;
  std::string engine = "auto";
  std::string kernels;  // empty: GRUNDY_KERNELS, else best
  unsigned verifiers = 0;
  bool progress = false;
  bool quiet = false;
  bool no_values = false;
};

// Above this many values a table is summarised on the terminal; --output keeps them all.
constexpr std::uint64_t kListLimit = 100'000;

// Without --upto a take-and-break table is computed until its period is
// proven, up to this many heaps; on a terminal or a pipe the values are
// printed as they come, so an open code (no period, ever) shows its values at
// once and stops at a stated bound instead of running for minutes in silence.
constexpr std::uint64_t kUntilProvenCap = std::uint64_t{1} << 16;

// Prints values n = printed.. as they are computed, `per_line` to a line.
class ValueStream {
 public:
  explicit ValueStream(std::size_t per_line) : per_line_(per_line) {}

  // Every complete line among `values`; with `all`, the last partial one too.
  void print(const std::vector<take_and_break::Value>& values, bool all) {
    while (printed_ < values.size() && (all || printed_ + per_line_ <= values.size())) {
      const std::uint64_t end = std::min<std::uint64_t>(values.size(), printed_ + per_line_);
      std::cout << "  " << std::setw(6) << printed_ << ":";
      for (std::uint64_t n = printed_; n < end; ++n) std::cout << " " << values[n];
      std::cout << "\n";
      printed_ = end;
    }
    std::cout << std::flush;
  }
  [[nodiscard]] std::uint64_t printed() const noexcept { return printed_; }

 private:
  std::size_t per_line_;
  std::uint64_t printed_ = 0;
};

void run_take_and_break(const TableOptions& options, bool upto_given, const take_and_break::GameCode& code,
                        Context& context, const Launch& launch) {
  TakeAndBreakRequest request;
  request.rule = code.name.empty() ? code.normal_form() : code.name;
  request.upto = upto_given ? options.upto : kUntilProvenCap - 1;
  request.continue_for_proof = upto_given;
  request.engine = parse_engine_kind(options.engine);
  request.threads = options.threads;
  request.checkpoint = options.checkpoint;
  request.checkpoint_seconds = options.checkpoint_seconds;
  request.output = options.output;
  if (options.format == "binary") {
    request.format = TakeAndBreakFormat::binary;
  } else if (options.format != "text") {
    throw InputError("--format is text or binary, not '" + options.format + "'");
  }
  request.verifiers = options.verifiers;
  if (launch.ranks() > 1 && options.verifiers > 0)
    throw InputError("--verifiers is for a run in one process; under mpirun the ranks past the first verify");
  const bool streaming = !upto_given && !options.json && options.output.empty() && !options.no_values;
  ValueStream stream(options.per_line);
  if (streaming && launch.rank() == 0) {
    std::cout << "g(n) of " << request.rule << " as they are computed (without --upto: until a period is proven, at most "
              << kUntilProvenCap << " heaps):\n"
              << std::flush;
    request.on_values = [&stream](const std::vector<take_and_break::Value>& values) { stream.print(values, false); };
  }
  std::optional<TakeAndBreakRun> computed;
  if (launch.ranks() > 1) {
    try {
      computed = run_take_and_break_table(request, context, *launch.world);
    } catch (const RankStopped& stopped) {
      throw ExitStatus{stopped.status};  // rank 0 says why
    }
    if (!computed) return;  // a verifier: rank 0 reports
  } else {
    computed = run_take_and_break_table(request, context);
  }
  TakeAndBreakRun& run = *computed;
  std::string note;
  std::uint64_t listed = run.upto;
  if (streaming) {
    // Every value computed is on the screen already; the summary follows.
    stream.print(run.values, true);
    if (!run.interrupted) {
      run.upto = run.values.size() - 1;
      if (!run.pattern.proven()) {
        note = "no period proven up to heap " + std::to_string(run.upto) + " (the bound without --upto); --upto N goes " +
               "further (with --checkpoint FILE to resume, --output FILE to keep the values)";
      }
    }
  } else if (!upto_given) {
    // The values up to two periods past the preperiod (at least 50), so the
    // pattern can be seen; the summary covers every heap computed.
    listed = 49;
    if (run.pattern.proven()) listed = std::max(listed, run.pattern.preperiod + 2 * run.pattern.period - 1);
    if (!run.pattern.proven() && !run.interrupted) {
      run.upto = run.values.size() - 1;
      note = "no period proven within " + std::to_string(run.values.size()) +
             " heaps (the bound without --upto); go further with --upto N (and --checkpoint FILE); values past " +
             std::to_string(listed) + " are not listed: write them with --output FILE";
    } else {
      run.upto = listed;
    }
  }
  std::optional<std::uint64_t> list_upto;
  if (!streaming && !options.no_values && options.output.empty()) {
    if (listed < kListLimit) {
      list_upto = listed;
    } else {
      note = "the " + std::to_string(listed + 1) + " values are not listed (more than " + std::to_string(kListLimit) +
             "): write them with --output FILE";
    }
  }
  if (run.interrupted) {
    // Only what was computed: the summary of a partial table would claim more.
    run.upto = run.values.empty() ? 0 : run.values.size() - 1;
    if (list_upto) list_upto = std::min(*list_upto, run.upto);
  }
  if (options.json) {
    nlohmann::json j = render_json(run, list_upto);
    if (!note.empty()) j["note"] = note;
    std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else if (!run.interrupted || !streaming) {
    std::cout << render_text(run, list_upto);
    if (!note.empty()) std::cout << "note: " << note << "\n";
  }
  if (!run.save_error.empty()) {
    // The answer above stands; what could not be saved is said, with the reason.
    std::cerr << "grundy: " << run.save_error << "; the values printed above are complete, only the file is missing\n";
    if (!run.interrupted) throw ExitStatus{2};
  }
  if (run.interrupted) {
    std::string kept;
    if (streaming) kept = "the " + std::to_string(run.values.size()) + " values above are exact";
    if (run.output_heaps > 0) {
      kept += std::string(kept.empty() ? "" : "; ") + "g(0.." + std::to_string(run.output_heaps - 1) + ") written to " +
              options.output;
    }
    std::string checkpoint = options.checkpoint.empty() ? "no --checkpoint was given to resume from"
                             : !run.save_error.empty() ? "the checkpoint could not be saved"
                                                       : "work saved in " + options.checkpoint +
                                                             ", run the same command to resume";
    std::cerr << "grundy: interrupted after " << run.values.size() << " heaps"
              << (kept.empty() ? (options.checkpoint.empty() ? "; no --checkpoint was given, so the work is lost" : "")
                               : "; " + kept)
              << (kept.empty() && options.checkpoint.empty() ? "" : "; " + checkpoint) << "\n";
    throw ExitStatus::interrupted(context.stop_signal());
  }
}

std::string pattern_words(const Periodicity& p) {
  std::ostringstream out;
  switch (p.kind) {
    case Periodicity::Kind::none:
      out << "no period found in the table";
      break;
    case Periodicity::Kind::periodic:
      out << "periodic with period " << p.period << " after a preperiod of " << p.preperiod;
      break;
    case Periodicity::Kind::arithmetic:
      out << "arithmetic-periodic with period " << p.period << " and saltus " << p.saltus << " after a preperiod of "
          << p.preperiod;
      break;
  }
  out << " — " << to_string(p.status);
  if (p.proven() && !p.proof.empty()) out << " (" << p.proof << ")";
  return out.str();
}

nlohmann::json pattern_json(const Periodicity& p) {
  nlohmann::json j{{"kind", to_string(p.kind)}, {"status", to_string(p.status)}, {"proven", p.proven()}};
  if (p.kind != Periodicity::Kind::none) {
    j["preperiod"] = p.preperiod;
    j["period"] = p.period;
    if (p.kind == Periodicity::Kind::arithmetic) j["saltus"] = p.saltus;
  }
  if (!p.proof.empty()) j["proof"] = p.proof;
  return j;
}

// A game on piles (`grundy table 'wythoff(a,b)'`): its values over
// [0, upto]^piles — a grid for two piles — and its P-positions.
void run_pile_table(const TableOptions& options, bool upto_given, Context& context) {
  if (options.misere || !options.output.empty() || !options.checkpoint.empty()) {
    throw InputError("--misere, --output and --checkpoint are for heap rules, not games on piles");
  }
  pattern::FamilyRequest request;
  request.written = options.rule;
  request.upto = upto_given ? std::max<std::uint64_t>(options.upto, 1) : 0;  // 0: the default for the piles
  request.rows = 0;
  pattern::Family family;
  try {
    family = pattern::tabulate_family(request, context);
  } catch (const Cancelled& stopped) {
    std::cerr << "grundy: interrupted\n";
    throw ExitStatus::interrupted(stopped.signal());
  }
  const pattern::Member& m = family.members.front();
  const std::size_t piles = family.piles();
  const std::uint64_t side = family.upto + 1;
  std::vector<std::vector<std::uint64_t>> p_positions;
  for (std::size_t i = 0; i < m.p_position.size(); ++i) {
    if (!m.p_position[i]) continue;
    std::vector<std::uint64_t> cell(piles);
    std::size_t rest = i;
    for (std::size_t k = piles; k-- > 0;) {
      cell[k] = rest % side;
      rest /= side;
    }
    p_positions.push_back(std::move(cell));
  }
  if (options.json) {
    nlohmann::json values = nlohmann::json::array();
    for (Nimber v : m.values) values.push_back(v == pattern::kUnknown ? nlohmann::json(nullptr) : nlohmann::json(v));
    nlohmann::json j{{"game", m.text}, {"piles", piles}, {"upto", family.upto}, {"values", values},
                     {"p_positions", p_positions}};
    std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return;
  }
  std::cout << "Game: " << m.text << " on " << piles << " piles, each 0.." << family.upto
            << (piles == 2 ? "; g(a, b), a down, b across ('?' where only who wins is known)\n" : "\n");
  if (piles == 2) {
    const int width = static_cast<int>(std::max<std::size_t>(2, std::to_string(3 * side).size()));
    std::cout << std::setw(width + 1) << "";
    for (std::uint64_t b = 0; b < side; ++b) std::cout << std::setw(width + 1) << b;
    std::cout << "\n";
    for (std::uint64_t a = 0; a < side; ++a) {
      std::cout << std::setw(width + 1) << a;
      for (std::uint64_t b = 0; b < side; ++b) {
        const Nimber v = m.values[a * side + b];
        std::cout << std::setw(width + 1) << (v == pattern::kUnknown ? std::string("?") : std::to_string(v));
      }
      std::cout << "\n";
    }
  }
  std::cout << "P-positions (the player to move loses): " << p_positions.size() << "\n ";
  for (std::size_t i = 0; i < p_positions.size() && i < 200; ++i) {
    std::cout << " (";
    for (std::size_t k = 0; k < piles; ++k) std::cout << (k ? "," : "") << p_positions[i][k];
    std::cout << ")";
  }
  std::cout << (p_positions.size() > 200 ? " …" : "") << "\n";
  std::cout << "Laws: grundy pattern '" << options.rule << "'\n";
}

void run_table(const TableOptions& options, bool upto_given, const Launch& launch) {
  ContextOptions settings;
  settings.threads = options.threads;
  // --kernels, else the environment (benchmarks set it for a whole script).
  std::string kernels = options.kernels;
  if (kernels.empty()) {
    if (const char* env = std::getenv("GRUNDY_KERNELS"); env != nullptr && *env != '\0') kernels = env;
  }
  if (!kernels.empty()) {
    settings.fast_paths.kernel_set = take_and_break::parse_kernel_set(kernels);
    (void)take_and_break::resolve_kernel_set(settings.fast_paths.kernel_set);  // a set this CPU lacks: refused now
  }
  Context context(settings);
  StopOnSignals signals(context);
  // Under mpirun only rank 0 reports.
  ProgressScope progress(context, options.progress, 0.0, options.quiet || launch.rank() != 0);
  if (pattern::names_piles(options.rule)) {
    if (launch.rank() != 0) return;  // not a table the ranks share: rank 0 computes it
    run_pile_table(options, upto_given, context);
    return;
  }
  const ExprTerm term = parse_rule(options.rule);
  const HeapRulePtr rule = Registry::builtin().heap_rule(term);
  // Take-and-break games run with the sequence engines, checkpoints and output files.
  if (const take_and_break::GameCode* code = take_and_break_code(*rule); code != nullptr && !options.misere) {
    run_take_and_break(options, upto_given, *code, context, launch);
    return;
  }
  if (launch.rank() != 0) return;  // not a table the ranks share: rank 0 computes it
  if (!options.output.empty() || !options.checkpoint.empty())
    throw InputError("--output and --checkpoint are for take-and-break rules (octal codes, grundy, kayles, …)");
  std::optional<SequenceReport> computed;
  try {
    computed = options.misere ? rule->misere_table(context, options.upto) : rule->table(context, options.upto);
  } catch (const Cancelled& stopped) {
    context.end_progress();
    std::cerr << "grundy: interrupted\n";
    throw ExitStatus::interrupted(stopped.signal());
  }
  const SequenceReport& report = *computed;
  const std::uint64_t shown = std::min<std::uint64_t>(options.upto + 1, report.values.size());
  if (options.json) {
    nlohmann::json j{{"rule", rule->text()}, {"play", options.misere ? "misere" : "normal"}, {"upto", options.upto}};
    j["values"] = std::vector<Nimber>(report.values.begin(), report.values.begin() + static_cast<std::ptrdiff_t>(shown));
    j["pattern"] = pattern_json(report.pattern);
    std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return;
  }
  std::cout << "Rule: " << rule->text() << (options.misere ? "  (misère values: 0 marks the P-positions)" : "")
            << "\n";
  std::cout << (options.misere ? "g⁻(n)" : "g(n)") << " for n = 0.." << shown - 1 << ":\n";
  const int width = static_cast<int>(std::to_string(shown - 1).size());
  for (std::uint64_t n = 0; n < shown; n += options.per_line) {
    std::cout << "  " << std::setw(width) << n << ":";
    for (std::uint64_t k = n; k < std::min<std::uint64_t>(shown, n + options.per_line); ++k) std::cout << " " << report.values[k];
    std::cout << "\n";
  }
  std::cout << "Pattern: " << pattern_words(report.pattern) << "\n";
}

}  // namespace

void register_table_command(CLI::App& app, const Launch& launch) {
  auto options = std::make_shared<TableOptions>();
  CLI::App* cmd = app.add_subcommand("table", "The SG table of a heap rule, with its period and preperiod");
  cmd->add_option("rule", options->rule, "a heap rule without positions, e.g. 'sub{1,3,4}' or 'lr(1,2)'")->required();
  cmd->add_option("--upto", options->upto, "last heap size of the table")
      ->check(count_at_most())->capture_default_str();
  cmd->add_flag("--misere", options->misere, "misère values of a single heap (not additive over sums)");
  cmd->add_flag("--json", options->json, "print JSON");
  cmd->add_option("--per-line", options->per_line, "values per line of text output")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--output", options->output, "take-and-break: write g(0..N) to this file")
      ->check(file_name_given());
  cmd->add_option("--format", options->format, "take-and-break: format of --output, text or binary")
      ->capture_default_str();
  cmd->add_option("--checkpoint", options->checkpoint,
                  "take-and-break: checkpoint file, written periodically and on Ctrl-C/SIGTERM; a run resumes from it")
      ->check(file_name_given());
  cmd->add_option("--checkpoint-seconds", options->checkpoint_seconds, "take-and-break: seconds between checkpoints")
      ->check(not_negative())
      ->capture_default_str();
  cmd->add_option("--threads", options->threads, "take-and-break: threads (1 or 2; a distributed run, with --verifiers or under mpirun, speculates on up to 64)")->capture_default_str();
  cmd->add_option("--engine", options->engine, "take-and-break: auto, naive or sparse")->capture_default_str();
  cmd->add_option("--kernels", options->kernels,
                  "take-and-break: vector kernels best, portable, avx2 or avx512 (default best, or GRUNDY_KERNELS)");
  add_progress_flags(cmd, options->progress, options->quiet);
  cmd->add_flag("--no-values", options->no_values, "summary only, without the list of values");
  cmd->footer("\nExamples:\n  grundy table 'sub{1,3,4}' --upto 30\n  grundy table 'bash(3)' --upto 12 --json\n"
              "  grundy table 'sub{1,3,4}' --upto 30 --misere\n  grundy table kayles --upto 200\n"
              "  grundy table 0.6 --upto 10000000 --threads 2 --output officers.bin --format binary \\\n"
              "      --checkpoint officers.ckpt\n");
  cmd->add_option("--verifiers", options->verifiers,
                  "take-and-break: verify speculated blocks on this many threads (the distributed run in one "
                  "process; under mpirun the other ranks verify)")
      ->check(CLI::Range(0, 64));
  cmd->callback([options, cmd, launch] {
    if (launch.rank() == 0) {
      run_table(*options, cmd->count("--upto") > 0, launch);
      return;
    }
    // The other ranks of mpirun: rank 0 prints what is wrong with the input.
    try {
      run_table(*options, cmd->count("--upto") > 0, launch);
    } catch (const InputError&) {
      throw ExitStatus{2};
    }
  });
}

}  // namespace grundy::cli
