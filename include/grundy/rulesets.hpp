// The ruleset registry: turns parsed terms into games. This is the one place
// that knows every ruleset's name and parameter syntax; the CLI and (later) the
// Python module go through it, and docs/expressions.md documents the same table.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/component.hpp"
#include "grundy/expression.hpp"
#include "grundy/heap_rule.hpp"

namespace grundy {

// One component of a sum, with where it came from (for misère analysis and
// error messages).
struct SumComponent {
  ComponentPtr game;
  HeapRulePtr rule;                   // set when the component is a heap of a heap rule
  std::optional<std::uint64_t> heap;  // its heap, then
  std::size_t term = 0;               // index of the term it came from
};

// Builds every component of a sum: nim(3,4,5) gives three heaps, moore(2)(3,5,6)
// one component. Throws InputError with the column of the offending term or
// argument.
[[nodiscard]] std::vector<SumComponent> build_sum(const Expression& expression);

// A heap rule for `grundy table` (a term with no position group).
[[nodiscard]] HeapRulePtr build_heap_rule(const ExprTerm& term);

struct RulesetHelp {
  std::string syntax;       // "sub{1,3,4}(heaps…)"
  std::string description;  // one line
};
[[nodiscard]] const std::vector<RulesetHelp>& ruleset_help();

}  // namespace grundy
