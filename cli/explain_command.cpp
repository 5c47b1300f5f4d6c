// grundy explain EXPR: why a position has its value and who wins, for people
// learning Sprague–Grundy theory: the options and their mex for one component;
// the binary values, their xor and why each winning move works for a sum.
#include <algorithm>
#include <cctype>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "commands.hpp"
#include "validators.hpp"
#include "expression_input.hpp"
#include "misere_play_options.hpp"
#include "grundy/core/abbreviated_text.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/analysis/explanation.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/stop_signals.hpp"
#include "progress.hpp"

namespace grundy::cli {
namespace {

struct ExplainOptionsCli {
  std::string expression;
  std::string file;
  bool misere = false;
  bool json = false;
  std::size_t max_options = 40;
  std::size_t max_moves = 20;
  std::vector<std::string> quotients;
};

// Texts of positions are cut so a line stays readable.
std::string shown(const Position& p) { return excerpt(p.text(), 100); }

std::string value_words(const Value& v) { return v.to_string(); }

// "(valued by the part search)" for a component an engine of the run valued.
std::string engine_words(const ComponentReport& c) {
  return c.engine.empty() || c.engine == "definition" ? std::string() : "  (valued by the " + c.engine + ")";
}

void print_component(const Explanation& e) {
  const SumAnalysis& a = e.analysis;
  // Abbreviated past kLongestPrintedPosition (abbreviated_text.hpp): a
  // 21-byte term can stand for a row of millions of coins (issue 56).
  const std::string name = abbreviated(a.components[0].text());
  if (!a.components[0].engine.empty() && a.components[0].engine != "definition")
    std::cout << "Valued by the " << a.components[0].engine << " of grundy's search layer; its options below by the same.\n";
  if (e.theorem) {
    // The theorem first: it decides; the options below show the same by the definition.
    std::cout << "By " << e.theorem->theorem << ": " << e.theorem->statement << ".\n";
    for (const std::string& step : e.theorem->steps) std::cout << "  " << step << "\n";
    std::string conclusion = e.theorem->conclusion;
    if (!conclusion.empty()) conclusion[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(conclusion[0])));
    std::cout << conclusion << ".\nBy the definition (mex of the options), the same:\n";
  }
  if (e.option_count == 0) {
    std::cout << name << " has no move: the player to move has lost, and its value is mex{} = 0.\n";
    return;
  }
  std::cout << name << " has " << (e.options_complete ? "" : "more than ")
            << std::min<std::uint64_t>(e.option_count, e.options.size()) << " option"
            << (e.option_count == 1 ? "" : "s") << ":\n";
  // All of them when they are few; a glimpse when the value comes from a pattern.
  const std::size_t listed = e.options_complete ? e.options.size() : std::min<std::size_t>(e.options.size(), 8);
  std::size_t width = 0;
  for (std::size_t i = 0; i < listed; ++i) width = std::max(width, e.options[i].action.size());
  for (std::size_t i = 0; i < listed; ++i) {
    const ExplainedOption& o = e.options[i];
    std::cout << "  " << o.action << std::string(width - o.action.size() + 2, ' ') << "->  " << shown(o.after)
              << "   g = " << value_words(o.value) << "\n";
  }
  if (e.options_complete) {
    std::vector<Nimber> values;
    for (const ExplainedOption& o : e.options) {
      if (o.value.is_finite()) values.push_back(o.value.nimber());
    }
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    std::cout << "Their values are {";
    for (std::size_t i = 0; i < values.size(); ++i) std::cout << (i ? ", " : "") << values[i];
    std::cout << "}; the least value not among them (the mex) is " << *e.mex << ", so g(" << name
              << ") = " << *e.mex << ".\n";
  } else {
    std::cout << "  …\n";
    if (!e.pattern_note.empty()) std::cout << "Too many options to list: " << e.pattern_note << ".\n";
    if (a.value) std::cout << "So g(" << name << ") = " << value_words(*a.value) << ".\n";
  }
}

void print_sum(const Explanation& e) {
  const SumAnalysis& a = e.analysis;
  std::size_t width = 1;
  std::size_t name_width = 0;
  for (const ComponentReport& c : a.components) {
    if (c.value && c.value->is_finite()) width = std::max(width, binary(c.value->nimber()).size());
  }
  std::vector<std::string> names;
  for (const ComponentReport& c : a.components) {
    names.push_back(excerpt(c.text(), 60));
    name_width = std::max(name_width, names.back().size());
  }
  std::cout << "The value of a sum is the xor (nim-sum) of its components' values (Sprague–Grundy):\n";
  for (std::size_t i = 0; i < a.components.size(); ++i) {
    const auto& v = a.components[i].value;
    std::cout << "  " << names[i] << std::string(name_width - names[i].size() + 2, ' ') << "g = ";
    if (v && v->is_finite()) {
      std::cout << binary(v->nimber(), width) << "  (" << v->nimber() << ")" << engine_words(a.components[i]) << "\n";
    } else {
      std::cout << (v ? v->to_string() : std::string("?")) << engine_words(a.components[i]) << "\n";
    }
  }
  if (a.value && a.value->is_finite()) {
    std::cout << "  " << std::string(name_width, ' ') << "  xor " << binary(a.value->nimber(), width) << "  ("
              << a.value->nimber() << ")\n";
  }
}

// What decided a misère sum, and why: the method, what it read from each
// component (its class in the quotient, its genus, its canonical form), what
// it made of the sum, and the rule that turns that into the outcome.
void print_misere_evidence(const SumAnalysis& a) {
  if (!a.evidence) return;
  const MisereEvidence& ev = *a.evidence;
  std::cout << "Decided by: " << ev.method << " — " << ev.detail << "\n";
  if (!ev.components.empty()) {
    std::size_t name_width = 0;
    for (std::size_t i = 0; i < ev.components.size() && i < a.position.size(); ++i) {
      name_width = std::max(name_width, excerpt(a.position[i].text(), 40).size());
    }
    for (std::size_t i = 0; i < ev.components.size() && i < a.position.size(); ++i) {
      const std::string name = excerpt(a.position[i].text(), 40);
      std::cout << "  " << name << std::string(name_width - name.size(), ' ') << "  " << ev.components[i] << "\n";
    }
    if (a.position.size() > ev.components.size()) {
      std::cout << "  … and " << (a.position.size() - ev.components.size()) << " more components\n";
    }
  }
  if (!ev.total.empty()) std::cout << "  the sum: " << ev.total << "\n";
  if (!ev.rule.empty()) std::cout << "Rule: " << ev.rule << ".\n";
}

void print_text(const Explanation& e) {
  const SumAnalysis& a = e.analysis;
  std::cout << "Position: " << shown(a.position) << "\n";
  if (a.misere) {
    std::cout << "Play: misère (the player who makes the last move loses)\n";
    if (!e.misere_rule.empty()) std::cout << e.misere_rule << ".\n";
    print_misere_evidence(a);
  } else if (a.position.size() == 1) {
    print_component(e);
  } else if (!a.position.empty()) {
    print_sum(e);
  } else {
    std::cout << "The empty game has no move: the player to move has lost.\n";
  }
  if (a.value && !a.misere) std::cout << "Nim-value: " << a.value->to_string() << "\n";
  std::cout << "Outcome: " << a.outcome_words() << "\n";
  if (!a.first_player_wins()) {
    if (a.outcome == Outcome::P && !a.misere && a.value && a.value->is_finite() && a.position.size() > 1) {
      std::cout << "The xor is 0: every move changes one component's value, so it leaves a xor that is not 0, "
                   "from which the opponent can always return to 0.\n";
    }
    return;
  }
  const bool finite = a.value && a.value->is_finite() && !a.misere;
  if (finite && a.position.size() > 1) {
    const Nimber total = a.value->nimber();
    std::cout << "A winning move changes one component of value v into one of value v xor " << total
              << ", which makes the xor 0:\n";
    for (const Move& m : a.winning_moves) {
      const Nimber v = a.components[m.component].value->nimber();
      std::cout << "  " << excerpt(m.before[m.component].text(), 60) << ": " << v << " -> " << v << " xor " << total
                << " = " << (v ^ total) << ": " << m.action << "  ->  " << shown(m.after()) << "\n";
    }
  } else {
    // Misère: a misère P-position (the player to move there loses) need not have nim-value 0.
    std::cout << "Winning move" << (a.winning_move_total == 1 ? "" : "s")
              << (a.misere ? " (each leaves a misère P-position):\n" : " (to a position of value 0):\n");
    for (const Move& m : a.winning_moves) std::cout << "  " << m.action << "  ->  " << shown(m.after()) << "\n";
  }
  if (a.winning_move_total > a.winning_moves.size()) {
    std::cout << "  … and " << (a.winning_move_total - a.winning_moves.size()) << " more\n";
  }
}

void run_explain(const ExplainOptionsCli& options) {
  ContextOptions settings;
  settings.misere_quotients = options.quotients;
  Context context(settings);
  StopOnSignals signals(context);
  ProgressScope progress(context, false, 1.0);
  const ExpressionSource source = read_expression_source(options.expression, options.file, [&context] { context.poll(); });
  const Position position = build_position(source, context);
  std::optional<Explanation> e;
  try {
    e.emplace(explain(position, context, ExplainOptions{options.misere, options.max_options, options.max_moves}));
  } catch (const Cancelled& stopped) {
    context.end_progress();
    std::cerr << "grundy: interrupted\n";
    throw ExitStatus::interrupted(stopped.signal());
  }
  context.end_progress();
  if (options.json) {
    std::cout << to_json(*e).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  } else {
    print_text(*e);
  }
}

}  // namespace

void register_explain_command(CLI::App& app) {
  auto options = std::make_shared<ExplainOptionsCli>();
  CLI::App* cmd = app.add_subcommand("explain", "Why a position has its value: options and mex, binary xor of a sum");
  add_expression_options(cmd, options->expression, options->file,
                         "the position, e.g. 'sub{1,2,3}(7)' or 'nim(3,4,5)'; '-' reads stdin",
                         "read the expression from a file ('#' after a blank starts a comment)");
  add_misere_play_options(cmd, options->misere, options->quotients);
  cmd->add_flag("--json", options->json, "print JSON: options (action, after, value), mex, binary values, xor");
  cmd->add_option("--max-options", options->max_options, "list at most this many options of a single component")
      ->check(not_negative())
      ->capture_default_str();
  cmd->add_option("--max-moves", options->max_moves, "list at most this many winning moves")
      ->check(not_negative())->capture_default_str();
  cmd->footer(
      "\nExamples:\n  grundy explain 'sub{1,2,3}(7)'          # options 6, 5, 4 with values 2, 1, 0: mex 3\n"
      "  grundy explain 'nim(3,4,5)'             # 011 xor 100 xor 101 = 010, and the winning move\n"
      "  grundy explain 'kayles(1000000)'        # a heap explained by its proven period\n"
      "  grundy explain 'nim(1,1,2)' --misere    # which case of Bouton's misère rule applies\n");
  cmd->callback([options, cmd] {
    require_expression(*cmd, options->file, "grundy explain 'nim(3,4,5)' (or -f FILE, or - for stdin)");
    run_explain(*options);
  });
}

}  // namespace grundy::cli
