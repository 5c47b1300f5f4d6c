#include "rulesets/heap_ruleset.hpp"

#include <utility>

#include "rulesets/samples.hpp"

namespace grundy::rulesets_detail {

RulesetSpec heap_ruleset(std::string name, std::string variant, RulesetHelp help, std::function<HeapRulePtr()> make,
                         std::uint64_t max_sample_heap) {
  RulesetSpec spec;
  // The variant is the word of the one parameter group (sub(pow2)), which the
  // registry has matched before it calls the builder.
  spec.parameters = variant.empty() ? 0 : 1;
  const std::string rule = variant.empty() ? name : name + "(" + variant + ")";
  spec.name = std::move(name);
  spec.variant = std::move(variant);
  spec.help = {std::move(help)};
  spec.heap_rule = [make = std::move(make)](const TermReader&) { return make(); };
  spec.samples = heap_samples_of(rule, max_sample_heap);
  return spec;
}

}  // namespace grundy::rulesets_detail
