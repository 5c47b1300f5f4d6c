// What a ruleset is to the registry: its name, how it is written, its help
// lines, its builder and small sample positions for the conformance suite. A
// built-in ruleset is one file under src/rulesets/ defining
// `RulesetSpec NAME_ruleset()` and one line in src/rulesets/builtin_specs.hpp.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "grundy/core/heap_rule.hpp"
#include "grundy/core/position.hpp"
#include "grundy/terms/term_reader.hpp"

namespace grundy {

// One line of help: how a ruleset (or one form of it) is written, and what it is.
struct RulesetHelp {
  std::string syntax;       // "sub{1,3,4}(heaps…)"
  std::string description;  // one line
};

// What the conformance suite (and `grundy samples`) asks a ruleset for: `count`
// small positions, drawn with `random`; rulesets read from files write theirs
// into `scratch_directory` and name them by file(name).
struct SampleRequest {
  std::mt19937_64& random;
  std::size_t count = 0;
  std::string scratch_directory;

  // The path a sample file is written to and named by: inside the scratch
  // directory, or the bare name when that is empty or "." (the web page's
  // parity test loads the files under their names beside the expressions).
  [[nodiscard]] std::string file(const std::string& name) const {
    if (scratch_directory.empty() || scratch_directory == ".") return name;
    return scratch_directory + "/" + name;
  }
};

// Written with designated initializers (RulesetSpec{.name = "nim", …}): every
// member has a default, so GCC 12 does not warn of the ones left out.
struct RulesetSpec {
  // The head in expressions ("sub", "cram"). A spec with `accepts_codes` serves
  // the heads that are take-and-break codes (0.77, 4.3, 0x0.F7) instead.
  std::string name{};
  bool accepts_codes = false;
  // Specs sharing a name are told apart by the word in their first parameter
  // group: sub(pow2) and sub(squares) are specs of their own beside sub{1,3,4}.
  // Empty: the spec for every other form of the name.
  std::string variant{};

  // Help lines, the first one the usage quoted in errors.
  std::vector<RulesetHelp> help{};

  // How many parameter groups the head takes (sub{1,3,4} and bars(3) one, nim
  // none); the registry refuses another count, with the usage, before it calls
  // the builder. Unset where the builder reads them itself (nodekayles takes
  // none or a file).
  std::optional<std::size_t> parameters{};

  // Exactly one of the builders. A heap rule's positions are heap sizes; the
  // registry makes one component per heap, with one rule object per rule in an
  // expression. Builders read the term (and any file it names) and nothing
  // else: no Context, so a Position is a plain value. What a run computes for
  // a rule (an engine's sequence, a solver's table) the rule finds in the
  // Context it is valued with (Context::shared), so kayles(10) + kayles(20)
  // extend one sequence in a run however they were parsed. A rule may keep
  // what depends on the rule alone and on no setting (a proven period).
  std::function<HeapRulePtr(const TermReader& term)> heap_rule{};
  std::function<Position(const TermReader& term)> position{};

  // Games on a rectangle written square by square (Clobber, NoGo): the term of
  // the census's board of `rows` x `cols` (`grundy census boards RULE`), a
  // board that plays the same turned a quarter (rules with no direction).
  // Unset: the board is `name(RxC)`, turned as DrawnAsBoard says.
  std::function<std::string(unsigned rows, unsigned cols)> board{};

  // Small positions of this ruleset, as expressions, for the conformance suite:
  // about `count` of them, each valued by the definition in milliseconds.
  std::function<std::vector<std::string>(SampleRequest& request)> samples{};
};

}  // namespace grundy
