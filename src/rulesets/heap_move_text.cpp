#include "heap_move_text.hpp"

#include <utility>

#include "grundy/heap_rule.hpp"
#include "grundy/input_error.hpp"

namespace grundy::rulesets_detail {

Move take_move(const std::string& rule_text, std::uint64_t heap, std::uint64_t taken) {
  return Move{"take " + std::to_string(taken) + " from the heap of " + std::to_string(heap),
              rule_text + "(" + std::to_string(heap - taken) + ")"};
}

void check_table_request(std::uint64_t upto, const std::string& rule_text) {
  if (upto >= kDefaultTableLimit) {
    throw LimitError("a table of " + rule_text + " up to " + std::to_string(upto) +
                     " is beyond the limit of " + std::to_string(kDefaultTableLimit) + " heaps");
  }
}

Periodicity proven_pattern(Periodicity::Kind kind, std::uint64_t preperiod, std::uint64_t period,
                           Nimber saltus, std::string proof) {
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
