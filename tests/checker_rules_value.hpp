// The value of a board by a checker's own rules and split alone (check/: a
// game's parts() and options()), each part by the definition over its
// options, memoised, with no claims: what the checker's rules say a board is
// worth, for the tests that hold them to an oracle written from the rules.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace grundy::testing {

template <class Parts, class Options>
class CheckerRulesValue {
 public:
  CheckerRulesValue(Parts parts, Options options) : parts_(parts), options_(options) {}

  // The xor of the values of the board's parts.
  unsigned board(const std::string& board) {
    unsigned x = 0;
    for (const std::string& part : parts_(board)) x ^= value(part);
    return x;
  }

 private:
  unsigned value(const std::string& part) {
    if (const auto it = memo_.find(part); it != memo_.end()) return it->second;
    std::uint64_t seen = 0;
    for (const std::string& option : options_(part)) seen |= std::uint64_t{1} << board(option);
    unsigned mex = 0;
    while ((seen >> mex) & 1U) ++mex;
    return memo_[part] = mex;
  }

  Parts parts_;
  Options options_;
  std::map<std::string, unsigned> memo_;
};

}  // namespace grundy::testing
