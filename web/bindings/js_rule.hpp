// The user's own rule, written in JavaScript on the page: a function from a
// position (a heap, or any JSON value) to its options. The C++ solver values it
// through a callback — the GameAdapter of the library (game_adapter.hpp), as a
// C++ game would be — so its positions get values, winning moves, explanations
// and tables, and join sums with the built-in games.
//
// The worker (web/page/worker.js) calls the user's function and answers in a
// plain format: the options one a line, each "+" and the canonical JSON of its
// games separated by tabs (several when the user wrote sum(a, b): games side
// by side, valued separately and xored; none for sum(), the empty game), or
// "!" and a message when the function failed. Canonical JSON has sorted keys and no spaces, and writes "'"
// as \u0027, so that equal positions have equal text and a position prints
// inside an expression: a number as itself (`mine(7)`), anything else in
// double quotes with its quotes written as ' (`mine("[1,2]")`).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "grundy/search/game_adapter.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/rulesets/ruleset_spec.hpp"

namespace grundy::web {

// The user's function failed (threw, or returned something that is not a list
// of options). The rule's solver is then rebuilt (session.hpp): the search it
// was in the middle of left positions marked in progress.
class JsRuleError : public InputError {
 public:
  JsRuleError(const std::string& rule, const std::string& message) : InputError(message), rule_(rule) {}
  [[nodiscard]] const std::string& rule() const noexcept { return rule_; }

 private:
  std::string rule_;
};

struct JsGame {
  // The canonical JSON of each game of a sum; the solver stores single games.
  using Position = std::vector<std::string>;

  std::string rule;  // its name, in expressions and to the worker

  void moves(const Position& position, std::vector<Position>& out) const;
  void components(const Position& position, std::vector<Position>& out) const;
  [[nodiscard]] std::string describe(const Position& position) const;
  [[nodiscard]] std::size_t hash(const Position& position) const;
};

using JsGameAdapter = GameAdapter<JsGame>;

// A JavaScript rule as a ruleset of a registry: `name(positions…)`, each
// position a number, a range a..b, or a JSON value in double quotes.
[[nodiscard]] RulesetSpec js_rule_spec(const std::shared_ptr<JsGameAdapter>& adapter);

// The canonical JSON of a position typed as JSON (the worker canonicalizes it;
// InputError when it is not JSON).
[[nodiscard]] std::string canonical_position(const std::string& rule, const std::string& json);

}  // namespace grundy::web
