// grundy quotient RULE: the misère quotient of a heap rule (octal and
// hexadecimal codes, any heap ruleset) heap by heap — presentation, |Q|, |P|,
// the pretending function with its period, tame or not, the last rogue heap —
// with checkpoints that resume after Ctrl-C or kill -9.
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "commands.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/misere/quotient_run.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/core/stop_signals.hpp"
#include "progress.hpp"
#include "validators.hpp"

namespace grundy::cli {
namespace {

struct QuotientOptions {
  std::string rule;
  std::uint64_t upto = 0;
  std::string checkpoint;
  double checkpoint_seconds = 60;
  double memory_mb = 2048;
  bool json = false;
  bool progress = false;
  bool quiet = false;
};

void run(const QuotientOptions& options, bool upto_given) {
  if (!(options.memory_mb > 0) || !(options.memory_mb <= 1099511627776.0))
    throw InputError("--memory is a number of megabytes, more than 0 and at most 1099511627776");
  ContextOptions settings;
  settings.memory_bytes = static_cast<std::size_t>(options.memory_mb * 1024 * 1024);
  Context context(settings);
  StopOnSignals signals(context);
  ProgressScope progress(context, options.progress, 1.0, options.quiet);
  const HeapRulePtr rule = Registry::builtin().heap_rule(parse_rule(options.rule));
  misere::QuotientRequest request;
  if (upto_given) request.upto = options.upto;
  request.checkpoint = options.checkpoint;
  request.checkpoint_seconds = options.checkpoint_seconds;
  const misere::QuotientRun result = misere::run_quotient(rule, request, context);
  context.end_progress();
  if (result.interrupted) {
    // Ctrl-C keeps the finished work: the quotient of the heaps done is
    // printed (and saved, with --checkpoint), then the exit is 130.
    if (options.json) {
      nlohmann::json partial = misere::render_json(result);
      partial["interrupted"] = true;
      std::cout << partial.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    } else {
      std::cout << misere::render_text(result);
    }
    std::cout << std::flush;
    std::cerr << "grundy: interrupted after heap " << result.heaps << "; the quotient above is of heaps 0.."
              << result.heaps << "; "
              << (options.checkpoint.empty() ? std::string("it was not saved (--checkpoint FILE keeps the work, --upto N bounds it)")
                  : result.save_error.empty() ? "the quotient of heaps 0.." + std::to_string(result.heaps) +
                                                    " is saved in " + options.checkpoint +
                                                    ", run the same command to go on"
                                              : result.save_error)
              << "\n";
    throw ExitStatus::interrupted(context.stop_signal());
  }
  if (options.json) {
    std::cout << misere::render_json(result).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    std::cout << misere::render_text(result);
  }
  std::cout << std::flush;
  if (!result.save_error.empty()) {
    std::cerr << "grundy: " << result.save_error << "; the quotient above stands, only the checkpoint is missing\n";
    throw ExitStatus{2};
  }
  if (!result.stopped.empty()) {
    std::cerr << "grundy: " << result.rule << ": stopped after heap " << result.heaps << ": " << result.stopped
              << (options.checkpoint.empty() ? std::string()
                                             : "; " + options.checkpoint + " keeps heaps 0.." +
                                                   std::to_string(result.heaps))
              << "\n";
    throw ExitStatus{2};
  }
}

}  // namespace

void register_quotient_command(CLI::App& app) {
  auto options = std::make_shared<QuotientOptions>();
  CLI::App* cmd = app.add_subcommand(
      "quotient", "The misère quotient of a heap rule: presentation, |Q|, |P|, pretending function, period, tame");
  cmd->add_option("rule", options->rule, "a heap rule: an octal or hexadecimal code (0.77, 0x0.F7), kayles, sub{1,2,3}, …")
      ->required();
  cmd->add_option("--upto", options->upto,
                  "last heap (default: until the pretending function is proven periodic, at most 1000 heaps)")
      ->check(count_at_most());
  cmd->add_option("--checkpoint", options->checkpoint,
                  "checkpoint file, written every --checkpoint-seconds, on Ctrl-C/SIGTERM and at the end; a run "
                  "resumes from it")
      ->check(file_name_given());
  cmd->add_option("--checkpoint-seconds", options->checkpoint_seconds, "seconds between checkpoints")
      ->capture_default_str();
  cmd->add_option("--memory", options->memory_mb,
                  "bound on the search's memory, in MB: past it the run stops, keeping its checkpoint")
      ->capture_default_str();
  cmd->add_flag("--json", options->json, "print JSON");
  add_progress_flags(cmd, options->progress, options->quiet);
  cmd->footer(
      "\nExamples:\n  grundy quotient kayles                 # |Q| = 40, the pretending function proven periodic\n"
      "  grundy quotient 0.75                   # R8: <a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>\n"
      "  grundy quotient 0.07 --upto 30 --checkpoint dawson.mq   # 360 elements\n"
      "  grundy quotient 0.31 --json\n");
  cmd->callback([options, cmd] { run(*options, cmd->count("--upto") > 0); });
}

}  // namespace grundy::cli
