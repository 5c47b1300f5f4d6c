// The members of PartValues (part_search.hpp), included by each game's search
// file, where its Rules is complete, and instantiated there:
//   template class rulesets_detail::PartValues<GroupRules, LetterBoard>;
#pragma once

#include <algorithm>

#include "grundy/core/input_error.hpp"
#include "rulesets/part_search.hpp"

namespace grundy::rulesets_detail {

template <class Rules, class Board>
PartValues<Rules, Board>::PartValues() : PartSearch<Rules>(Rules::kWhat) {}

template <class Rules, class Board>
std::optional<Nimber> PartValues<Rules, Board>::value(const Board& board) {
  std::vector<std::uint64_t> keys;
  if (!Rules::keys_of_board(board, keys)) return std::nullopt;
  Nimber total = 0;
  for (const std::uint64_t key : keys) total ^= PartSearch<Rules>::value(key);
  return total;
}

template <class Rules, class Board>
std::string PartValues<Rules, Board>::too_large() {
  return Rules::too_large();
}

// The claims (part_claims.hpp), each part's cost its Rules::weight.
template <class Rules, class Board>
std::vector<std::pair<std::string, Nimber>> PartValues<Rules, Board>::claims(const std::vector<Board>& boards) {
  std::vector<std::uint64_t> roots;
  for (const Board& board : boards)
    if (!Rules::keys_of_board(board, roots)) throw LimitError("a board " + Rules::too_large());
  std::vector<std::pair<std::string, Nimber>> out;
  for (const auto& [key, value] : PartSearch<Rules>::claims(roots)) out.emplace_back(Rules::text_of(key), value);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace grundy::rulesets_detail
