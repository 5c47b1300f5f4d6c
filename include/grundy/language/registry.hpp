// The ruleset registry: the one place that turns parsed terms into positions and
// heap rules, from one specification per ruleset (ruleset_spec.hpp).
//
// Each built-in ruleset lives in its own file under src/rulesets/ and is listed
// once in src/rulesets/builtin_specs.hpp. The names in errors, `grundy value
// --help` and the conformance suite (tests/conformance_test.cpp) all come from
// here; a test holds the table in docs/expressions.md equal to it.
//
// A user's own rulesets join by adding specs to a Registry of their own
// (Registry::builtin() copied, then add()): nothing global changes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/terms/expression.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/terms/parse_session.hpp"
#include "grundy/core/position.hpp"
#include "grundy/rulesets/ruleset_spec.hpp"
#include "grundy/terms/term_reader.hpp"

namespace grundy {

class Registry {
 public:
  explicit Registry(std::vector<RulesetSpec> specs);

  // Every ruleset grundy ships.
  [[nodiscard]] static const Registry& builtin();

  // Adds a ruleset (a user's own game); InputError if its name and variant are taken.
  void add(RulesetSpec spec);

  [[nodiscard]] const std::vector<RulesetSpec>& specs() const noexcept { return specs_; }
  // The ruleset a term names, or InputError (unknown name, with the known ones).
  [[nodiscard]] const RulesetSpec& spec_for(const ExprTerm& term) const;
  // "nim, sub, bash, …" for messages.
  [[nodiscard]] std::string known_names() const;

  // The position an expression describes: a plain value, tied to no run. It
  // reads the files the expression names (each once), and nothing else;
  // values are computed by whichever Context values it.
  [[nodiscard]] Position build(const Expression& expression, const ParseOptions& options = {}) const;
  // parse_expression + build.
  [[nodiscard]] Position parse(std::string_view text, const ParseOptions& options = {}) const;
  // The heap rule of a term without positions (`grundy table RULE`); InputError
  // for a ruleset that is not a game on one heap.
  [[nodiscard]] HeapRulePtr heap_rule(const ExprTerm& term) const;

 private:
  std::vector<RulesetSpec> specs_;
};

}  // namespace grundy
