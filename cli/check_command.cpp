// grundy check FILE: verifies a certificate (docs/certificates.md) with the
// checker library (check/), which shares no code with the searches, and says
// what it proved. A certificate it refuses is bad input: one line naming the
// file, the line and the position the proof fails at, exit code 2.
#include <chrono>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "certificate_check.hpp"
#include "commands.hpp"
#include "grundy/core/descriptor_input.hpp"
#include "grundy/core/input_error.hpp"

namespace grundy::cli {
namespace {

struct CheckOptions {
  std::string file;
  bool json = false;
  unsigned threads = 0;  // 0: one for each core
};

void run_check(const CheckOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  // Opened as every reader of grundy opens its files (descriptor_input.hpp):
  // an empty name, a missing file, a loop of links, a device or a FIFO
  // refused at once with the reason, before a byte is read (/dev/zero was
  // read to 1 GiB first). A certificate is a file grundy wrote: a regular file.
  const InputDescriptor file(options.file, "certificate", InputKind::regular_file);
  const grundy_check::CheckResult result = grundy_check::check_certificate_descriptor(
      file.get(), options.file, grundy_check::builtin_games(), options.threads);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!result.valid) {
    SourceLocation where;
    where.file = options.file;
    where.line = result.line;
    where.column = result.line == 0 ? 0 : result.column;
    throw InputError("certificate refused: " + result.message, where);
  }
  if (options.json) {
    nlohmann::json roots = nlohmann::json::array();
    for (const auto& root : result.roots) roots.push_back({{"position", root.position}, {"value", root.value}});
    nlohmann::json j{{"file", options.file}, {"valid", true},     {"version", result.version},
                     {"game", result.game},  {"claims", result.claims}, {"roots", roots}, {"seconds", seconds}};
    std::cout << j.dump(2) << "\n";
    return;
  }
  std::cout << "Certificate: " << options.file << " (version " << result.version << ", game " << result.game << ", "
            << result.claims << " claims)\n";
  const unsigned total = result.total();
  for (const auto& root : result.roots) std::cout << "Proven: " << root.position << " has nim-value " << root.value << "\n";
  if (result.roots.size() > 1) std::cout << "Proven: their sum has nim-value " << total << "\n";
  std::cout << "Outcome: " << (total == 0 ? "the second player wins" : "the first player wins") << "\n";
  std::cout << "Checked in " << seconds << " s: every claim proven from the rules and the claims of smaller positions\n";
}

}  // namespace

void register_check_command(CLI::App& app) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand("check", "Verify a certificate (grundy value --certificate) and print what it proves");
  cmd->add_option("file", options->file, "the certificate (plain text or gzip-compressed)")->required();
  cmd->add_flag("--json", options->json, "print JSON");
  cmd->add_option("--threads", options->threads,
                  "prove the claims on this many threads, 0 to 64 (0: one for each core); the result, and the claim "
                  "a refusal names, are the same for every count")
      ->check(CLI::Range(0, 64))
      ->capture_default_str();
  cmd->callback([options] { run_check(*options); });
}

}  // namespace grundy::cli
