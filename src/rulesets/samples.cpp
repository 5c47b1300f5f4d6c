#include "rulesets/samples.hpp"

#include <utility>

namespace grundy::rulesets_detail {

std::vector<std::string> heap_samples(const std::string& rule, std::uint64_t max_heap, std::mt19937_64& random,
                                      std::size_t count) {
  std::vector<std::string> out;
  std::uniform_int_distribution<std::uint64_t> heap(0, max_heap);
  for (std::size_t i = 0; i < count; ++i) {
    std::string text = rule + "(" + std::to_string(heap(random));
    if (i % 4 == 3) text += "," + std::to_string(heap(random));
    out.push_back(text + ")");
  }
  return out;
}

SampleMaker heap_samples_of(std::string rule, std::uint64_t max_heap) {
  return [rule = std::move(rule), max_heap](SampleRequest& request) {
    return heap_samples(rule, max_heap, request.random, request.count);
  };
}

SampleMaker heap_samples_in_turn(std::vector<std::string> rules,
                                 std::function<std::uint64_t(const std::string& rule)> max_heap) {
  return [rules = std::move(rules), max_heap = std::move(max_heap)](SampleRequest& request) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < request.count; ++i) {
      const std::string& rule = rules[i % rules.size()];
      out.push_back(heap_samples(rule, max_heap(rule), request.random, 1).front());
    }
    return out;
  };
}

SampleMaker heap_samples_in_turn(std::vector<std::string> rules, std::uint64_t max_heap) {
  return heap_samples_in_turn(std::move(rules), [max_heap](const std::string&) { return max_heap; });
}

SampleMaker number_list_samples(std::function<std::string(std::size_t i)> head, std::size_t lengths,
                                std::uint64_t max_number) {
  return [head = std::move(head), lengths, max_number](SampleRequest& request) {
    std::vector<std::string> out;
    std::uniform_int_distribution<std::uint64_t> number(0, max_number);
    for (std::size_t i = 0; i < request.count; ++i) {
      std::string text = head(i);
      for (std::size_t k = 0; k < 1 + i % lengths; ++k) text += (k ? "," : "") + std::to_string(number(request.random));
      out.push_back(text + ")");
    }
    return out;
  };
}

}  // namespace grundy::rulesets_detail
