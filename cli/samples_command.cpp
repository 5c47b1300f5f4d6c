// grundy samples [RULESET]: small positions of every built-in ruleset, drawn
// by the ruleset's own sample maker (RulesetSpec::samples, the positions the
// conformance suite values by the definition) — examples to try, and the one
// list the web page's parity test reads, so a ruleset added to the registry is
// compared in the browser without a line written for it in the test.
//
// Text: one expression a line, its ruleset's usage after a '#', which
// `grundy value --batch` reads as a comment (grundy samples | grundy value
// --batch). JSON: one object a line.
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <system_error>
#include <vector>

#include "commands.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/rulesets/ruleset_spec.hpp"
#include "validators.hpp"

namespace grundy::cli {
namespace {

// Each sample maker is asked for this many at most: the suite's 30, and a
// margin; a maker's positions are small, but a list of 10^9 is no example.
constexpr std::uint64_t kMostSamples = 1000;

struct SamplesOptions {
  std::string ruleset;
  std::uint64_t count = 3;
  std::uint64_t seed = 1;
  std::string files;
  bool json = false;
};

// The folder sample files are written to: the one given, or a new one in the
// system's temporary folder (removed again if no ruleset wrote a file there).
struct SampleFolder {
  std::filesystem::path path;
  bool made = false;

  explicit SampleFolder(const std::string& given) {
    if (!given.empty()) {
      path = given;
      std::error_code error;
      if (!std::filesystem::is_directory(path, error))
        throw InputError("--files " + excerpt(given) + ": not a folder (sample files are written into it)");
      return;
    }
    std::string pattern = (std::filesystem::temp_directory_path() / "grundy-samples-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("could not make a folder for the sample files");
    path = pattern;
    made = true;
  }

  // Removes a folder this command made and no ruleset used; says whether it stays.
  bool keep() {
    std::error_code error;
    if (made && std::filesystem::is_empty(path, error)) {
      std::filesystem::remove(path, error);
      return false;
    }
    return true;
  }
};

std::string usage(const RulesetSpec& spec) { return spec.help.empty() ? spec.name : spec.help.front().syntax; }

void run_samples(const SamplesOptions& options) {
  std::vector<const RulesetSpec*> chosen;
  for (const RulesetSpec& spec : Registry::builtin().specs()) {
    if (!spec.samples) continue;
    if (options.ruleset.empty() || options.ruleset == spec.name) chosen.push_back(&spec);
  }
  if (chosen.empty()) {
    throw InputError("no ruleset named '" + excerpt(options.ruleset) +
                     "' has samples (grundy value --help lists the rulesets; take-and-break codes are under the name "
                     "of one of them, such as kayles)");
  }
  SampleFolder folder(options.files);
  std::mt19937_64 random(options.seed);
  std::string out;
  for (const RulesetSpec* spec : chosen) {
    SampleRequest request{random, static_cast<std::size_t>(options.count), folder.path.string()};
    for (const std::string& expression : spec->samples(request)) {
      if (options.json) {
        nlohmann::json help = nlohmann::json::array();
        for (const RulesetHelp& line : spec->help) help.push_back(line.syntax);
        out += nlohmann::json{{"ruleset", usage(*spec)}, {"help", help}, {"expression", expression}}.dump() + "\n";
      } else {
        out += expression + "  # " + usage(*spec) + "\n";
      }
    }
  }
  std::cout << out;
  // On stderr, so that the expressions alone go down a pipe.
  if (folder.keep() && !options.json) std::cerr << "grundy: the sample files are in " << folder.path.string() << "\n";
}

}  // namespace

void register_samples_command(CLI::App& app) {
  auto options = std::make_shared<SamplesOptions>();
  CLI::App* cmd = app.add_subcommand(
      "samples", "Small positions of every ruleset (or one), to try: grundy samples nim | grundy value --batch");
  cmd->add_option("ruleset", options->ruleset, "only the ruleset of this name (sub, cram, nodekayles…)");
  cmd->add_option("--count", options->count, "positions drawn for each form of a ruleset (about; at most 1000)")
      ->check(count_at_most(kMostSamples, ""))
      ->capture_default_str();
  cmd->add_option("--seed", options->seed, "the random draw: the same seed gives the same samples")
      ->check(count_at_most())
      ->capture_default_str();
  cmd->add_option("--files", options->files,
                  "the folder where rulesets read from files write theirs (default: a new temporary folder; '.' "
                  "names them without a folder)")
      ->check(file_name_given());
  cmd->add_flag("--json", options->json, "one JSON object a line: ruleset, help, expression");
  cmd->callback([options] { run_samples(*options); });
}

}  // namespace grundy::cli
