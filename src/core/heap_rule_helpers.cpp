#include "core/heap_rule_helpers.hpp"

#include <utility>

#include "grundy/core/input_error.hpp"

namespace grundy::rulesets_detail {

HeapMove take(std::uint64_t heap, std::uint64_t taken) {
  HeapMove move{taken, {}};
  if (taken < heap) move.leaves.push_back(heap - taken);
  return move;
}

Periodicity proven_pattern(Periodicity::Kind kind, std::uint64_t preperiod, std::uint64_t period, Nimber saltus,
                           std::string proof) {
  Periodicity p;
  p.kind = kind;
  p.status = Periodicity::Status::proven;
  p.preperiod = preperiod;
  p.period = period;
  p.saltus = saltus;
  p.proof = std::move(proof);
  return p;
}

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

}  // namespace grundy::rulesets_detail
