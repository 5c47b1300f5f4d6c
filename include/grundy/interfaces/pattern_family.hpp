// Tabulating a family of built-in games for `grundy pattern` (and Python's
// grundy.pattern on text): the template with its parameters filled in for
// every assignment of their ranges, each member's table from the registry.
// What the front ends share; the laws are found by pattern.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/language/parameter_template.hpp"
#include "grundy/analysis/pattern.hpp"

namespace grundy::pattern {

// The template and its ranges: grundy/language/parameter_template.hpp (the language's).
using grundy::ParameterRange;
using grundy::assignments;
using grundy::parse_ranges;

// Where the template's parameters and position variables are, and how each
// member is tabulated. Position variables are one-letter names in the last
// group not among the parameters (`wythoff(a,b)`, `moore(k)(a,b,c)`); without
// them the template is a heap rule (`lr(L,R)`, `sub{1..k}`).
struct FamilyRequest {
  std::string written;
  std::vector<ParameterRange> ranges;
  std::uint64_t upto = 0;  // 0: a default (heap games 120, two piles 30, three 10, more 6)
  std::uint64_t rows = 16;  // two-pile games: rows 0..rows whose additive period is looked for (0: none)
};

// The family tabulated with the built-in rulesets.
[[nodiscard]] Family tabulate_family(const FamilyRequest& request, Context& context);

// Whether a rule or position written for `grundy table` names piles with
// one-letter variables (`wythoff(a,b)`, `nim(a,b)`): a game on piles, whose
// table is tabulate_family's one member.
[[nodiscard]] bool names_piles(std::string_view written);

// The default `upto` for a family of games on `piles` piles (1: heap games).
[[nodiscard]] std::uint64_t default_upto(std::size_t piles) noexcept;

}  // namespace grundy::pattern
