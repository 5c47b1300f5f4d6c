// Sample positions for the conformance suite (RulesetSpec::samples), in the
// forms most rulesets share: heaps of one rule, heaps of several rules in
// turn, and lists of small numbers after a head. A ruleset whose positions
// are boards, graphs or files writes its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "grundy/rulesets/ruleset_spec.hpp"

namespace grundy::rulesets_detail {

using SampleMaker = std::function<std::vector<std::string>(SampleRequest& request)>;

// `count` terms "rule(h)" with heaps in [0, max_heap], every fourth a sum of
// two heaps "rule(h1,h2)".
[[nodiscard]] std::vector<std::string> heap_samples(const std::string& rule, std::uint64_t max_heap,
                                                    std::mt19937_64& random, std::size_t count);

// The samples of a heap ruleset written one way: heap_samples of `rule`.
[[nodiscard]] SampleMaker heap_samples_of(std::string rule, std::uint64_t max_heap);

// One heap sample of each rule in turn (sub{1,3,4}(7), sub(odd)(12), …), with
// the heaps in [0, max_heap(rule)].
[[nodiscard]] SampleMaker heap_samples_in_turn(std::vector<std::string> rules,
                                               std::function<std::uint64_t(const std::string& rule)> max_heap);
[[nodiscard]] SampleMaker heap_samples_in_turn(std::vector<std::string> rules, std::uint64_t max_heap);

// Sample i is head(i) followed by 1 + i % lengths numbers in [0, max_number],
// comma-separated, and ")": staircase(2,0,3), moore(2)(1,4).
[[nodiscard]] SampleMaker number_list_samples(std::function<std::string(std::size_t i)> head, std::size_t lengths,
                                              std::uint64_t max_number);

}  // namespace grundy::rulesets_detail
