// The ruleset registry: one specification per ruleset (its name, how it is
// written, its help lines, its builder and small sample positions), and the one
// place that turns parsed terms into positions and heap rules.
//
// Each built-in ruleset lives in its own file under src/rulesets/ and is listed
// once in src/rulesets/builtin_list.hpp. The names in errors, `grundy value
// --help` and the conformance suite (tests/conformance_test.cpp) all come from
// here; a test holds the table in docs/expressions.md equal to it.
//
// A user's own rulesets join by adding specs to a Registry of their own
// (Registry::builtin() copied, then add()): nothing global changes.
#pragma once

#include <cstddef>
#include <functional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/context.hpp"
#include "grundy/expression.hpp"
#include "grundy/heap_rule.hpp"
#include "grundy/position.hpp"
#include "grundy/term_reader.hpp"

namespace grundy {

// One line of help: how a ruleset (or one form of it) is written, and what it is.
struct RulesetHelp {
  std::string syntax;       // "sub{1,3,4}(heaps…)"
  std::string description;  // one line
};

// What the conformance suite asks a ruleset for: `count` small positions, drawn
// with `random`; rulesets read from files write theirs into `scratch_directory`.
struct SampleRequest {
  std::mt19937_64& random;
  std::size_t count = 0;
  std::string scratch_directory;
};

struct RulesetSpec {
  // The head in expressions ("sub", "cram"). A spec with `accepts_codes` serves
  // the heads that are take-and-break codes (0.77, 4.3, 0x0.F7) instead.
  std::string name;
  bool accepts_codes = false;
  // Specs sharing a name are told apart by the word in their first parameter
  // group: sub(pow2) and sub(squares) are specs of their own beside sub{1,3,4}.
  // Empty: the spec for every other form of the name.
  std::string variant;

  // Help lines, the first one the usage quoted in errors.
  std::vector<RulesetHelp> help;

  // Exactly one of the builders. A heap rule's positions are heap sizes; the
  // registry makes one component per heap and keeps one rule object per run
  // (Context cache), so kayles(10) + kayles(20) extend one sequence.
  std::function<HeapRulePtr(const TermReader& term, Context& context)> heap_rule;
  std::function<Position(const TermReader& term, Context& context)> position;

  // Small positions of this ruleset, as expressions, for the conformance suite:
  // about `count` of them, each valued by the definition in milliseconds.
  std::function<std::vector<std::string>(SampleRequest& request)> samples;
};

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

  // The position an expression describes.
  [[nodiscard]] Position build(const Expression& expression, Context& context) const;
  // parse_expression + build.
  [[nodiscard]] Position parse(std::string_view text, Context& context) const;
  // The heap rule of a term without positions (`grundy table RULE`); InputError
  // for a ruleset that is not a game on one heap.
  [[nodiscard]] HeapRulePtr heap_rule(const ExprTerm& term, Context& context) const;

 private:
  [[nodiscard]] HeapRulePtr shared_rule(const RulesetSpec& spec, const TermReader& reader, Context& context) const;

  std::vector<RulesetSpec> specs_;
};

}  // namespace grundy
