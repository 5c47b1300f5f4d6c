// Shared helpers of the test suite: the published tables of tests/data, a
// context for calls that need one, and the moves of a component with the
// positions after them as text, which is what most tests compare against their
// brute forces.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "grundy/core/capabilities.hpp"
#include "grundy/core/context.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/core/position.hpp"
#include "grundy/language/registry.hpp"

namespace grundy::testing {

// The path of a published table in tests/data (GRUNDY_REFERENCE_DIR; sources in
// tests/data/SOURCES.md). A missing file throws with its name, so the test that
// needs it fails saying which file, instead of comparing with nothing.
inline std::string reference_path(const std::string& name) {
  const std::string path = std::string(GRUNDY_REFERENCE_DIR) + "/" + name;
  if (!std::filesystem::is_regular_file(path)) throw std::runtime_error("published table missing: " + path);
  return path;
}

// The whole text of a published table.
inline std::string reference_text(const std::string& name) {
  std::ifstream in(reference_path(name), std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The terms {n: a(n)} of an OEIS-style table: lines "n a(n)", '#' lines are
// comments. A file with no terms throws with its name.
inline std::map<std::uint64_t, std::uint64_t> reference_terms(const std::string& name) {
  std::istringstream in(reference_text(name));
  std::map<std::uint64_t, std::uint64_t> terms;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::uint64_t n = 0;
    std::uint64_t a = 0;
    if (fields >> n >> a) terms[n] = a;
  }
  if (terms.empty()) throw std::runtime_error("published table has no 'n a(n)' lines: " + name);
  return terms;
}

// A table of positions and their values, one a line, tab-separated: the
// position, its nim-value and where it comes from ('#' lines are comments): the
// MCGS tables of the stone games.
struct PublishedValue {
  std::string position;
  std::uint64_t value = 0;
  std::string source;
};
inline std::vector<PublishedValue> published_values(const std::string& name) {
  std::istringstream in(reference_text(name));
  std::vector<PublishedValue> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    PublishedValue p;
    std::string value;
    std::getline(fields, p.position, '\t');
    std::getline(fields, value, '\t');
    std::getline(fields, p.source, '\t');
    p.value = std::stoull(value);
    out.push_back(p);
  }
  return out;
}

// One context for a test file's calls (tests are not the library: a shared
// default context is fine here).
inline Context& context() {
  static Context shared;
  return shared;
}

inline Nimber value_of(const Component& component) { return component.value(context()).nimber(); }
inline Nimber value_of(const ComponentPtr& component) { return value_of(*component); }
inline Nimber value_of(const Position& position) { return position.value(context()).nimber(); }

struct TextMove {
  std::string action;
  std::string result;  // the component after the move, as an expression
};

struct TextMoveList {
  std::vector<TextMove> listed;
  std::uint64_t total = 0;
  bool total_is_lower_bound = false;
};

inline TextMoveList moves_to_value(const Component& component, Nimber target, std::size_t limit) {
  const OptionList options = component.options_to_value(context(), target, limit);
  TextMoveList out;
  out.total = options.total;
  out.total_is_lower_bound = options.total_is_lower_bound;
  for (const ComponentOption& option : options.listed) out.listed.push_back({option.action, option.after.text()});
  return out;
}
inline TextMoveList moves_to_value(const ComponentPtr& component, Nimber target, std::size_t limit) {
  return moves_to_value(*component, target, limit);
}

// A heap rule's moves from `heap` to `target`, through its component.
inline TextMoveList heap_moves(const HeapRule& rule, std::uint64_t heap, Nimber target, std::size_t limit) {
  return moves_to_value(rule.component(heap), target, limit);
}
inline TextMoveList heap_moves(const HeapRulePtr& rule, std::uint64_t heap, Nimber target, std::size_t limit) {
  return heap_moves(*rule, heap, target, limit);
}

// True when a theorem says the player to move loses (OutcomeWithoutValue).
inline std::optional<bool> known_loss(const ComponentPtr& component) {
  if (const auto* theorem = capability<OutcomeWithoutValue>(*component)) {
    return theorem->outcome(context()) == Outcome::P;
  }
  return std::nullopt;
}

// The position an expression describes, with the built-in rulesets.
inline Position parse(const std::string& text) { return Registry::builtin().parse(text); }

}  // namespace grundy::testing
