#include "grundy/language/registry.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "grundy/core/input_error.hpp"
#include "rulesets/builtin_specs.hpp"

namespace grundy {
namespace {

// The word in a term's first group, if that group is one word: "pow2" in
// sub(pow2)(10), and in the rule sub(pow2) of `grundy table`.
std::string_view variant_word(const ExprTerm& term) {
  if (term.groups.empty() || term.groups.front().args.size() != 1) return {};
  const ExprArg& arg = term.groups.front().args.front();
  return arg.kind == ExprArg::Kind::word ? std::string_view(arg.text) : std::string_view();
}

void check_size(std::size_t components, const ExprTerm& term, const ParseOptions& options) {
  const std::size_t most = options.max_components;
  if (components > most) {
    throw LimitError("the position has more than " + std::to_string(most) +
                         " components (each heap is one); raise the bound with --max-components",
                     SourceLocation{"", 0, term.column});
  }
}

}  // namespace

Registry::Registry(std::vector<RulesetSpec> specs) {
  for (RulesetSpec& spec : specs) add(std::move(spec));
}

const Registry& Registry::builtin() {
  // Immutable once made: a constant table, not shared mutable state.
  static const Registry registry(builtin_rulesets());
  return registry;
}

void Registry::add(RulesetSpec spec) {
  if (spec.help.empty()) throw std::logic_error("ruleset '" + spec.name + "' has no help line");
  if (static_cast<bool>(spec.heap_rule) == static_cast<bool>(spec.position)) {
    throw std::logic_error("ruleset '" + spec.name + "' needs exactly one builder");
  }
  for (const RulesetSpec& other : specs_) {
    const bool same = spec.accepts_codes ? other.accepts_codes : (other.name == spec.name && other.variant == spec.variant);
    if (same) throw InputError("a ruleset named '" + spec.name + "' is already registered");
  }
  specs_.push_back(std::move(spec));
}

const RulesetSpec& Registry::spec_for(const ExprTerm& term) const {
  const RulesetSpec* fallback = nullptr;
  if (term.head_is_code) {
    for (const RulesetSpec& spec : specs_) {
      if (spec.accepts_codes) return spec;
    }
  } else {
    const std::string_view variant = variant_word(term);
    for (const RulesetSpec& spec : specs_) {
      if (spec.accepts_codes || spec.name != term.head) continue;
      if (spec.variant.empty()) {
        fallback = &spec;
      } else if (spec.variant == variant) {
        return spec;
      }
    }
  }
  if (fallback != nullptr) return *fallback;
  throw InputError("unknown ruleset '" + term.head + "' (known: " + known_names() + ")",
                   SourceLocation{"", 0, term.column});
}

std::string Registry::known_names() const {
  std::string out;
  std::vector<std::string> seen;
  for (const RulesetSpec& spec : specs_) {
    const std::string name = spec.accepts_codes ? "take-and-break codes such as 0.77" : spec.name;
    if (std::find(seen.begin(), seen.end(), name) != seen.end()) continue;
    seen.push_back(name);
    out += (out.empty() ? "" : ", ") + name;
  }
  return out;
}

Position Registry::build(const Expression& expression, const ParseOptions& options) const {
  std::vector<ComponentPtr> parts;
  ParseSession session(options);  // files named by several terms are read once
  // One rule object per rule of the expression: what a rule keeps of its own
  // (a subtraction rule's proven period, a tabulated rule's values, both the
  // rule's alone, whatever the run) is then computed once. What depends on
  // the run (a take-and-break engine) is the run's, found by text.
  std::map<std::string, HeapRulePtr> rules;
  for (const ExprTerm& term : expression.terms) {
    if (term.is_zero) continue;  // "0": the empty game
    const RulesetSpec& spec = spec_for(term);
    const TermReader reader(term, true, spec.help.front().syntax, &session);
    if (spec.parameters) reader.expect_parameters(*spec.parameters);
    if (spec.heap_rule) {
      HeapRulePtr rule = spec.heap_rule(reader);
      rule = rules.emplace(rule->text(), rule).first->second;
      const std::vector<std::uint64_t> heaps = reader.integers(reader.positions(), "heap sizes");
      check_size(parts.size() + heaps.size(), term, options);
      const std::uint64_t largest = rule->largest_heap();
      for (std::uint64_t heap : heaps) {
        if (heap > largest) {
          throw LimitError("heap " + std::to_string(heap) + " is beyond the largest heap " + rule->text() +
                               " can value (" + std::to_string(largest) + ")",
                           SourceLocation{"", 0, term.column});
        }
      }
      parts.reserve(parts.size() + heaps.size());
      for (std::uint64_t heap : heaps) parts.push_back(rule->component(heap));
    } else {
      const Position built = spec.position(reader);
      check_size(parts.size() + built.size(), term, options);
      parts.insert(parts.end(), built.components().begin(), built.components().end());
    }
  }
  return Position(std::move(parts));
}

Position Registry::parse(std::string_view text, const ParseOptions& options) const {
  return build(parse_expression(text), options);
}

HeapRulePtr Registry::heap_rule(const ExprTerm& term) const {
  const RulesetSpec& spec = spec_for(term);
  if (!spec.heap_rule) {
    throw InputError("'" + term.head + "' is not a game on one heap, so it has no table; use `grundy value`",
                     SourceLocation{"", 0, term.column});
  }
  const TermReader reader(term, false, spec.help.front().syntax);
  if (spec.parameters) reader.expect_parameters(*spec.parameters);
  return spec.heap_rule(reader);
}

}  // namespace grundy
