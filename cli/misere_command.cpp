// grundy misere EXPR: the misère canonical form of a position (any sum, or a
// game in CGSuite's notation *[…]) in CGSuite's notation, its genus, misère
// and normal nim-values, outcome, classification and mate.
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "commands.hpp"
#include "expression_input.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/misere/misere_form.hpp"
#include "grundy/misere/classification.hpp"
#include "grundy/misere/notation.hpp"
#include "grundy/core/stop_signals.hpp"
#include "progress.hpp"
#include "validators.hpp"

namespace grundy::cli {
namespace {

struct MisereOptions {
  std::string expression;
  std::string file;
  bool json = false;
  std::optional<double> memory_mb;  // not given: default_memory_bound()
};

const char* yes(bool b) { return b ? "yes" : "no"; }

nlohmann::json to_json(const std::string& input, const misere::MisereFacts& f) {
  nlohmann::json j = misere::facts_json(f);
  j["input"] = input;
  return j;
}

void print_text(const std::string& input, const misere::MisereFacts& f) {
  std::cout << "Position: " << excerpt(input, 200) << "\n";
  std::cout << "Misère canonical form: " << f.form << "\n";
  std::cout << "Genus: " << f.genus_text << "\n";
  std::cout << "Misère nim-value (G-): " << f.misere_value << "\n";
  std::cout << "Nim-value in normal play (G+): " << f.normal_value << "\n";
  std::cout << "Outcome in misère play: "
            << (f.p_position ? "the second player wins: the player to move loses (P)"
                             : "the first player (the one to move) wins (N)")
            << "\n";
  std::cout << "Classification: " << misere::to_string(f.phylum) << " (tame: " << yes(f.tame)
            << ", generally tame: " << yes(f.generally_tame) << ", tameable: " << yes(f.tameable)
            << ", restive: " << yes(f.restive) << ", generally restive: " << yes(f.generally_restive)
            << ", restless: " << yes(f.restless) << ", half-tame: " << yes(f.half_tame) << ")\n";
  std::cout << "Nim heap: " << yes(f.nim_heap) << "; even: " << yes(f.even) << "; birthday: " << f.birthday << "\n";
  std::cout << "Mate: " << f.mate << "\n";
  std::cout << "Options (" << f.options.size() << "):";
  constexpr std::size_t kShown = 30;
  for (std::size_t i = 0; i < f.options.size() && i < kShown; ++i) std::cout << (i ? ", " : " ") << f.options[i];
  if (f.options.size() > kShown) std::cout << ", … and " << f.options.size() - kShown << " more";
  std::cout << "\n";
}

void run(const MisereOptions& options) {
  ContextOptions settings;
  settings.memory_bytes = memory_bound_bytes(options.memory_mb);
  Context context(settings);
  StopOnSignals signals(context);
  ProgressScope progress(context, false, 1.0);
  const ExpressionSource source = read_expression_source(options.expression, options.file, [&context] { context.poll(); });
  std::optional<misere::MisereFacts> facts;
  std::string shown;
  try {
    if (misere::looks_like_notation(source.text)) {
      facts.emplace(located(source, [&] { return misere::misere_form(source.text, context); }));
      shown = source.text;
    } else {
      const Position position = build_position(source, context);
      shown = position.text();
      facts.emplace(misere::misere_form(position, context));
    }
  } catch (const Cancelled& stopped) {
    std::cerr << "grundy: interrupted\n";
    throw ExitStatus::interrupted(stopped.signal());
  }
  if (options.json) {
    std::cout << to_json(shown, *facts).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    print_text(shown, *facts);
  }
}

}  // namespace

void register_misere_command(CLI::App& app) {
  auto options = std::make_shared<MisereOptions>();
  CLI::App* cmd = app.add_subcommand(
      "misere", "Misère canonical form (CGSuite's notation), genus, misère nim-value, classification and mate");
  add_expression_options(cmd, options->expression, options->file,
                         "a position, e.g. 'kayles(5) + nim(2)', or a game in CGSuite's notation, e.g. '*[[2],0]'; "
                         "'-' reads stdin",
                         "read the expression from a file ('#' after a blank starts a comment)");
  cmd->add_flag("--json", options->json, "print JSON");
  cmd->add_option("--memory", options->memory_mb,
                  "bound on the table of canonical forms, in MB (default: half of physical memory; 0: none)");
  cmd->footer(
      "\nExamples:\n  grundy misere '*[[2],0]'                # *[2#0]: genus 1^2, restive\n"
      "  grundy misere 'kayles(6)'               # the canonical form of a Kayles heap\n"
      "  grundy misere 'nim(2) + nim(2)'         # *[2[2]]: a P-position, but not 0\n"
      "  grundy misere 'sub{1,2}(7) + nim(3)' --json\n");
  cmd->callback([options, cmd] {
    require_expression(*cmd, options->file, "grundy misere 'kayles(5)' or grundy misere '*[[2],0]' (or -f FILE)");
    run(*options);
  });
}

}  // namespace grundy::cli
