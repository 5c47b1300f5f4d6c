// The module's entry points: the worker (web/page/worker.js) sends one request
// as JSON, {"op": …, …}, and gets one answer as JSON, {"ok": …} or {"error":
// {"message", "column", "kind"}}. Each op calls the library as the CLI command
// of the same name does — the registry, Position, analyze, explain, the heap
// rules' tables, the computer's play — and answers with the CLI's own --json
// where the CLI has one, so that the page shows exactly what `grundy` prints.
// No game logic here.
#include <emscripten/emscripten.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <optional>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "game_graph_view.hpp"
#include "grundy/analysis/analysis.hpp"
#include "grundy/interfaces/boards_command.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/analysis/explanation.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/analysis/play.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/core/sequence.hpp"
#include "grundy/take_and_break/run.hpp"
#include "grundy/take_and_break/take_and_break.hpp"
#include "session.hpp"

namespace grundy::web {
namespace {

using nlohmann::json;

// The most values one table request lists (the page plots and shows them; 10^7
// values are 40 MB of JSON).
constexpr std::uint64_t kMostTableValues = 10'000'000;

std::string text_field(const json& request, const char* name) {
  const auto it = request.find(name);
  if (it == request.end() || !it->is_string()) throw std::invalid_argument(std::string("request without ") + name);
  return it->get<std::string>();
}

template <class T>
T field_or(const json& request, const char* name, T fallback) {
  const auto it = request.find(name);
  return it == request.end() || it->is_null() ? fallback : it->get<T>();
}

// Boards are drawn on the page from their rows, as `grundy value` draws them.
void add_drawing(json& drawings, const Position& position) {
  for (std::size_t i = 0; i < position.size(); ++i) {
    if (const auto* board = capability<DrawnAsBoard>(position[i])) drawings[position[i].text()] = board->drawing();
  }
}

json move_json(const Move& move, json& drawings) {
  add_drawing(drawings, move.replacement);
  return {{"component", move.component},
          {"component_text", move.before[move.component].text()},
          {"action", move.action},
          {"result", move.replacement.text()},
          {"after", move.after().text()}};
}

// grundy value --json of one expression, with the outcome in the CLI's words
// and the drawings of the boards in it.
json value_request(Session& session, Context& context, const json& request) {
  const Position position = session.registry().parse(text_field(request, "expression"));
  const bool misere = field_or(request, "misere", false);
  const auto max_moves = field_or<std::size_t>(request, "max_moves", 20);
  const SumAnalysis analysis = analyze(position, context, AnalysisOptions{misere, max_moves});
  json drawings = json::object();
  add_drawing(drawings, position);
  for (const Move& m : analysis.winning_moves) add_drawing(drawings, m.replacement);
  for (const Move& m : analysis.drawing_moves) add_drawing(drawings, m.replacement);
  return {{"value", analysis.to_json()},
          {"outcome_words", analysis.outcome_words()},
          {"no_move", analysis.outcome == Outcome::P && has_no_move(position, context)},
          {"drawings", std::move(drawings)}};
}

// grundy explain --json of one expression, with the drawings of its boards.
json explain_request(Session& session, Context& context, const json& request) {
  const Position position = session.registry().parse(text_field(request, "expression"));
  const bool misere = field_or(request, "misere", false);
  const auto max_moves = field_or<std::size_t>(request, "max_moves", 20);
  const Explanation explanation = explain(position, context, ExplainOptions{misere, 40, max_moves});
  json drawings = json::object();
  add_drawing(drawings, position);
  for (const ExplainedOption& o : explanation.options) add_drawing(drawings, o.after);
  for (const Move& m : explanation.analysis.winning_moves) add_drawing(drawings, m.replacement);
  return {{"explain", to_json(explanation)}, {"drawings", std::move(drawings)}};
}

json graph_request(Session& session, Context& context, const json& request) {
  const Position position = session.registry().parse(text_field(request, "expression"));
  return game_graph_view(position, context, field_or<std::size_t>(request, "limit", 300),
                         field_or<std::size_t>(request, "edge_limit", 4000), field_or<std::size_t>(request, "depth", 0));
}

json pattern_json(const Periodicity& p) {
  json j{{"kind", to_string(p.kind)}, {"status", to_string(p.status)}, {"proven", p.proven()}};
  if (p.kind != Periodicity::Kind::none) {
    j["preperiod"] = p.preperiod;
    j["period"] = p.period;
    if (p.kind == Periodicity::Kind::arithmetic) j["saltus"] = p.saltus;
  }
  if (!p.proof.empty()) j["proof"] = p.proof;
  return j;
}

// The user's rule tabulated on heaps 0..upto, with the pattern detected in the
// values (never proven: no theorem knows a rule written in JavaScript).
json rule_table(Session& session, Context& context, const std::string& name, std::uint64_t upto) {
  const auto adapter = session.rule(name);
  std::vector<Nimber> values;
  values.reserve(upto + 1);
  for (std::uint64_t n = 0; n <= upto; ++n) {
    const Value v = adapter->position({std::to_string(n)}).value(context);
    if (!v.is_finite()) {
      throw InputError(name + "(" + std::to_string(n) + ") has the value " + v.to_string() +
                       " (its game graph has cycles), so the rule has no table of nimbers");
    }
    values.push_back(v.nimber());
  }
  Periodicity pattern = detect_periodicity(values);
  if (pattern.kind == Periodicity::Kind::none) pattern = detect_arithmetic_periodicity(values);
  return {{"rule", name}, {"play", "normal"}, {"upto", upto}, {"values", values}, {"pattern", pattern_json(pattern)}};
}

// grundy table RULE --upto N --json (with --misere when asked).
json table_request(Session& session, Context& context, const json& request) {
  const std::string rule_text = text_field(request, "rule");
  const auto upto = field_or<std::uint64_t>(request, "upto", 50);
  const bool misere = field_or(request, "misere", false);
  if (upto >= kMostTableValues) {
    throw LimitError("the page lists at most " + std::to_string(kMostTableValues) +
                     " values; grundy table RULE --upto N --output FILE computes more");
  }
  const ExprTerm term = parse_rule(rule_text);
  if (!term.head_is_code && term.groups.empty() && session.has_rule(term.head)) {
    if (misere) throw InputError("misère tables are for the built-in heap rules, not for " + term.head);
    return rule_table(session, context, term.head, upto);
  }
  const HeapRulePtr rule = session.registry().heap_rule(term);
  if (const take_and_break::GameCode* code = take_and_break_code(*rule); code != nullptr && !misere) {
    TakeAndBreakRequest run_request;
    run_request.rule = code->name.empty() ? code->normal_form() : code->name;
    run_request.upto = upto;
    run_request.continue_for_proof = true;
    run_request.threads = 1;
    const TakeAndBreakRun run = run_take_and_break_table(run_request, context);
    json j = render_json(run, upto);
    if (!run.complete()) {
      // Stopped: the values computed so far, which are exact.
      j["values"] = std::vector<Nimber>(run.values.begin(), run.values.begin() + static_cast<std::ptrdiff_t>(
                                                                                    std::min<std::uint64_t>(run.values.size(), upto + 1)));
    }
    return j;
  }
  const SequenceReport report = misere ? rule->misere_table(context, upto) : rule->table(context, upto);
  const std::uint64_t shown = std::min<std::uint64_t>(upto + 1, report.values.size());
  json j{{"rule", rule->text()}, {"play", misere ? "misere" : "normal"}, {"upto", upto}};
  j["values"] = std::vector<Nimber>(report.values.begin(), report.values.begin() + static_cast<std::ptrdiff_t>(shown));
  j["pattern"] = pattern_json(report.pattern);
  return j;
}

// The moves of a position for the player, as `grundy play` lists them.
json moves_request(Session& session, Context& context, const json& request) {
  const Position position = session.registry().parse(text_field(request, "expression"));
  const auto limit = field_or<std::size_t>(request, "limit", 200);
  const std::vector<Move> moves = listed_moves(position, context, limit + 1);
  json drawings = json::object();
  add_drawing(drawings, position);
  json listed = json::array();
  for (std::size_t i = 0; i < moves.size() && i < limit; ++i) listed.push_back(move_json(moves[i], drawings));
  json components = json::array();
  for (std::size_t i = 0; i < position.size(); ++i) components.push_back(position[i].text());
  return {{"expression", position.text()},
          {"components", std::move(components)},
          {"moves", std::move(listed)},
          {"more", moves.size() > limit},
          {"drawings", std::move(drawings)}};
}

// The computer's move with its reason, as `grundy play` makes it.
json computer_move_request(Session& session, Context& context, const json& request) {
  const Position position = session.registry().parse(text_field(request, "expression"));
  const std::optional<ChosenMove> chosen = computer_move(position, context);
  if (!chosen) return {{"move", nullptr}};
  json drawings = json::object();
  json move = move_json(chosen->move, drawings);
  move["reason"] = chosen->reason;
  return {{"move", std::move(move)}, {"drawings", std::move(drawings)}};
}

// The move that leads to a position the player typed, as `grundy play`
// recognises it; null when no legal move leads there.
json move_to_request(Session& session, Context& context, const json& request) {
  const Position position = session.registry().parse(text_field(request, "expression"));
  const Position typed = session.registry().parse(text_field(request, "typed"));
  const std::optional<Move> move = move_to(position, typed, context);
  if (!move) return {{"move", nullptr}};
  json drawings = json::object();
  return {{"move", move_json(*move, drawings)}, {"drawings", std::move(drawings)}};
}

// grundy boards --json: the judge's multi-board cases, Yes when the first
// player wins the sum of a case's boards.
json boards_request(Context& context, const json& request) {
  std::istringstream in(text_field(request, "text"));
  std::ostringstream out;
  placement::BoardsOptions options;
  options.game = field_or<std::string>(request, "game", "blocks2x2");
  options.json = true;
  placement::run_boards(in, "cases", options, out, context);
  return json::parse(out.str());
}

json rulesets_request(Session& session) {
  json listed = json::array();
  for (const RulesetSpec& spec : session.registry().specs()) {
    for (const RulesetHelp& help : spec.help) listed.push_back({{"syntax", help.syntax}, {"description", help.description}});
  }
  return listed;
}

json dispatch(Session& session, const json& request) {
  const std::string op = text_field(request, "op");
  if (op == "rulesets") return rulesets_request(session);
  if (op == "define_rule") {
    session.define_rule(text_field(request, "name"));
    return json::object();
  }
  if (op == "set_files") {
    session.set_files(field_or<std::map<std::string, std::string>>(request, "files", {}));
    return json::object();
  }
  Context& context = session.begin_request();
  struct End {
    Session& session;
    ~End() { session.end_request(); }
  } end{session};
  if (op == "value") return value_request(session, context, request);
  if (op == "explain") return explain_request(session, context, request);
  if (op == "graph") return graph_request(session, context, request);
  if (op == "table") return table_request(session, context, request);
  if (op == "moves") return moves_request(session, context, request);
  if (op == "computer_move") return computer_move_request(session, context, request);
  if (op == "move_to") return move_to_request(session, context, request);
  if (op == "boards") return boards_request(context, request);
  throw std::invalid_argument("unknown op '" + op + "'");
}

json error_json(const char* kind, const std::string& message, std::size_t column = 0) {
  json e{{"kind", kind}, {"message", message}};
  if (column != 0) e["column"] = column;
  return {{"error", std::move(e)}};
}

std::string answer(Session& session, const char* request_text) {
  json out;
  try {
    out = {{"ok", dispatch(session, json::parse(request_text))}};
  } catch (const JsRuleError& e) {
    session.rebuild_rule(e.rule());
    out = error_json("rule", "grundy: " + std::string(e.what()));
  } catch (const Cancelled&) {
    out = error_json("stopped", "stopped");
  } catch (const LimitError& e) {
    out = error_json("limit", "grundy: " + std::string(e.what()), e.where().column);
  } catch (const InputError& e) {
    // What the CLI prints for bad input: one line, naming the column.
    out = error_json("input", "grundy: " + std::string(e.what()), e.where().column);
  } catch (const std::bad_alloc&) {
    // Tables half-grown when memory ran out are not trusted: a new context.
    session.reset();
    out = error_json("memory", "grundy: out of memory (the page's memory is at most 2 GB)");
  } catch (const std::exception& e) {
    out = error_json("internal", std::string("grundy: internal error: ") + e.what());
  }
  return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace
}  // namespace grundy::web

extern "C" {

// One session per worker; the worker makes it once and keeps the pointer.
EMSCRIPTEN_KEEPALIVE grundy::web::Session* grundy_session_new() { return new grundy::web::Session(); }

// The answer to one request, allocated for the caller, who frees it with grundy_free.
EMSCRIPTEN_KEEPALIVE char* grundy_request(grundy::web::Session* session, const char* request) {
  const std::string text = grundy::web::answer(*session, request);
  char* out = static_cast<char*>(std::malloc(text.size() + 1));
  if (out != nullptr) std::memcpy(out, text.c_str(), text.size() + 1);
  return out;
}

EMSCRIPTEN_KEEPALIVE void grundy_free(char* answer) { std::free(answer); }
}
