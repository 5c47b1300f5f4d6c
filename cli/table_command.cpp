// grundy table RULE --upto N: the SG table of a heap rule and its pattern.
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "commands.hpp"
#include "grundy/expression.hpp"
#include "grundy/heap_rule.hpp"
#include "grundy/input_error.hpp"
#include "grundy/rulesets.hpp"
#include "grundy/sequence.hpp"

namespace grundy::cli {
namespace {

struct TableOptions {
  std::string rule;
  std::uint64_t upto = 50;
  bool misere = false;
  bool json = false;
  std::size_t per_line = 20;
};

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

void run_table(const TableOptions& options) {
  const ExprTerm term = parse_rule(options.rule);
  const HeapRulePtr rule = build_heap_rule(term);
  const SequenceReport report = options.misere ? rule->misere_table(options.upto) : rule->table(options.upto);
  const std::uint64_t shown = std::min<std::uint64_t>(options.upto + 1, report.values.size());
  if (options.json) {
    nlohmann::json j{{"rule", rule->text()}, {"play", options.misere ? "misere" : "normal"}, {"upto", options.upto}};
    j["values"] = std::vector<Nimber>(report.values.begin(), report.values.begin() + static_cast<std::ptrdiff_t>(shown));
    j["pattern"] = pattern_json(report.pattern);
    std::cout << j.dump(2) << "\n";
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

void register_table_command(CLI::App& app) {
  auto options = std::make_shared<TableOptions>();
  CLI::App* cmd = app.add_subcommand("table", "The SG table of a heap rule, with its period and preperiod");
  cmd->add_option("rule", options->rule, "a heap rule without positions, e.g. 'sub{1,3,4}' or 'lr(1,2)'")->required();
  cmd->add_option("--upto", options->upto, "last heap size of the table")->capture_default_str();
  cmd->add_flag("--misere", options->misere, "misère values of a single heap (not additive over sums)");
  cmd->add_flag("--json", options->json, "print JSON");
  cmd->add_option("--per-line", options->per_line, "values per line of text output")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  cmd->footer("\nExamples:\n  grundy table 'sub{1,3,4}' --upto 30\n  grundy table 'bash(3)' --upto 12 --json\n"
              "  grundy table 'sub{1,3,4}' --upto 30 --misere\n");
  cmd->callback([options] { run_table(*options); });
}

}  // namespace grundy::cli
