// Small helpers shared by the heap rulesets: a Move for "take some stones from a
// heap" in the wording and expression syntax every heap rule uses, a table-size
// check, and a pattern marked proven.
#pragma once

#include <cstdint>
#include <string>

#include "grundy/component.hpp"
#include "grundy/sequence.hpp"

namespace grundy::rulesets_detail {

// "take 3 from the heap of 10" -> "rule(7)".
[[nodiscard]] Move take_move(const std::string& rule_text, std::uint64_t heap, std::uint64_t taken);

// Adds one to a move count, saturating at UINT64_MAX as MoveList::total requires.
inline void count_one(MoveList& list) {
  if (list.total != UINT64_MAX) ++list.total;
}

// Throws LimitError when a table of heaps 0..upto would be beyond kDefaultTableLimit.
void check_table_request(std::uint64_t upto, const std::string& rule_text);

// A pattern that a theorem guarantees.
[[nodiscard]] Periodicity proven_pattern(Periodicity::Kind kind, std::uint64_t preperiod,
                                         std::uint64_t period, Nimber saltus, std::string proof);

}  // namespace grundy::rulesets_detail
