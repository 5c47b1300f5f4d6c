// The spec of a heap ruleset that has no parameters of its own: written
// name(heaps…), or name(variant)(heaps…) where specs share a name (sub(pow2)),
// one rule object made by `make`, sampled as heaps up to `max_sample_heap`.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "grundy/rulesets/ruleset_spec.hpp"

namespace grundy::rulesets_detail {

[[nodiscard]] RulesetSpec heap_ruleset(std::string name, std::string variant, RulesetHelp help,
                                       std::function<HeapRulePtr()> make, std::uint64_t max_sample_heap);

}  // namespace grundy::rulesets_detail
