#include "js_rule.hpp"

#include "grundy/rulesets/game_ruleset.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string_view>

#include "grundy/terms/term_reader.hpp"
#include "host.hpp"

namespace grundy::web {
namespace {

bool is_plain_number(std::string_view json) {
  return !json.empty() && std::all_of(json.begin(), json.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Canonical JSON has no "'" (it writes \u0027), so swapping the quotes is a
// bijection between it and the text inside an expression's double quotes.
std::string swap_quotes(std::string text, char from, char to) {
  std::replace(text.begin(), text.end(), from, to);
  return text;
}

}  // namespace

void JsGame::moves(const Position& position, std::vector<Position>& out) const {
  const std::string answer = host::rule_moves(rule, position.at(0));
  if (!answer.empty() && answer.front() == '!') throw JsRuleError(rule, answer.substr(1));
  std::size_t start = 0;
  while (start < answer.size()) {
    std::size_t end = answer.find('\n', start);
    if (end == std::string::npos) end = answer.size();
    if (answer[start] != '+') throw std::logic_error("the worker's options of " + rule + " are garbled");
    Position option;  // no games at all: sum(), the empty game
    for (std::size_t part = start + 1; part < end || (part == end && answer[part - 1] == '\t');) {
      std::size_t stop = answer.find('\t', part);
      if (stop == std::string::npos || stop > end) stop = end;
      option.emplace_back(answer, part, stop - part);
      part = stop + 1;
    }
    out.push_back(std::move(option));
    start = end + 1;
  }
}

void JsGame::components(const Position& position, std::vector<Position>& out) const {
  for (const std::string& part : position) out.push_back(Position{part});
}

std::string JsGame::describe(const Position& position) const {
  std::string out;
  for (const std::string& part : position) {
    if (!out.empty()) out += ",";
    out += is_plain_number(part) ? part : "\"" + swap_quotes(part, '"', '\'') + "\"";
  }
  return out;
}

std::size_t JsGame::hash(const Position& position) const {
  std::size_t h = position.size();
  for (const std::string& part : position) h = h * 1000003 ^ std::hash<std::string>{}(part);
  return h;
}

std::string canonical_position(const std::string& rule, const std::string& json) {
  const std::string answer = host::canonical_json(json);
  if (!answer.empty() && answer.front() == '!') {
    throw InputError("a position of " + rule + " is a number or a JSON value in double quotes: " + answer.substr(1));
  }
  return answer;
}

RulesetSpec js_rule_spec(const std::shared_ptr<JsGameAdapter>& adapter) {
  const std::string rule = adapter->name();
  return game_ruleset<JsGame>(
      adapter,
      [rule](const TermReader& term) {
        term.expect_parameters(0);
        JsGame::Position parts;
        for (const ExprArg& arg : term.positions().args) {
          if (arg.kind == ExprArg::Kind::integer || arg.kind == ExprArg::Kind::range) {
            const std::uint64_t high = arg.kind == ExprArg::Kind::range ? arg.range_high : arg.integer;
            if (high - arg.integer >= kMaxListLength) {
              term.fail("the range " + arg.text + " holds more than " + std::to_string(kMaxListLength) + " positions",
                        arg.column);
            }
            for (std::uint64_t n = arg.integer;; ++n) {
              parts.push_back(std::to_string(n));
              if (n == high) break;
            }
          } else if (arg.kind == ExprArg::Kind::path) {
            try {
              parts.push_back(canonical_position(rule, swap_quotes(arg.text, '\'', '"')));
            } catch (const InputError& e) {
              term.fail(e.message(), arg.column);
            }
          } else {
            term.fail("a position of " + rule + " is a number, a range a..b, or a JSON value in double quotes (its "
                      "own quotes written ')",
                      arg.column);
          }
        }
        return parts;
      },
      "your JavaScript rule (a number, or a JSON value in double quotes)");
}

}  // namespace grundy::web
