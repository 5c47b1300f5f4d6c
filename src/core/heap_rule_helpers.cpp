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

}  // namespace grundy::rulesets_detail
