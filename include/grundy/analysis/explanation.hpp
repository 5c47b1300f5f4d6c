// Why a position has its value and who wins — what `grundy explain` shows.
//
// A single component: its options, each option's value, and the mex of those
// values, which is the component's value (the definition of the
// Sprague–Grundy function). A heap with too many options to list is explained
// by its rule's table and pattern instead (a proven period says which smaller
// heap has the same value).
//
// A sum: every component's value in binary, their xor (the Sprague–Grundy
// theorem), and for each winning move the component it changes, from value v
// to v xor T, which makes the xor 0. Misère Nim: which case of Bouton's rule
// applies.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/core/context.hpp"
#include "grundy/core/position.hpp"
#include "grundy/core/value.hpp"

namespace grundy {

struct ExplainOptions {
  bool misere = false;
  std::size_t max_options = 40;  // options listed for a single component
  std::size_t max_moves = 20;    // winning moves listed
};

struct ExplainedOption {
  std::string action;
  Position after;
  Value value;
};

struct Explanation {
  SumAnalysis analysis;  // values, outcome and winning moves

  // A single component: its options (all of them when options_complete) and
  // the mex of their values.
  std::vector<ExplainedOption> options;
  std::uint64_t option_count = 0;  // counted up to the listing limit + 1 when not complete
  bool options_complete = false;
  std::optional<Nimber> mex;
  // When the options are too many to list: how the value follows from the
  // rule's table and pattern.
  std::string pattern_note;

  // A single component decided by a theorem (capabilities.hpp: Moore's Nim_k,
  // Staircase Nim, [L,R]-Nim, Bash): the theorem applied to it.
  std::optional<TheoremApplication> theorem;

  // Misère Nim (Bouton's misère rule): the case that applies, in words.
  std::string misere_rule;
};

// Throws what analyze() throws.
[[nodiscard]] Explanation explain(const Position& position, Context& context, const ExplainOptions& options = {});

// The binary digits of v, at least `width` of them.
[[nodiscard]] std::string binary(Nimber v, std::size_t width = 1);

// Fields: everything of SumAnalysis::to_json, plus "options" [{action, after,
// value}] and "mex" for a single component, "option_count", "pattern_note",
// "binary" of each component value and "xor", "misere_rule", and "theorem"
// {name, statement, steps, conclusion} where one decides the component.
[[nodiscard]] nlohmann::json to_json(const Explanation& explanation);

}  // namespace grundy
