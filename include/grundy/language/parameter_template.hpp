// A ruleset written with parameters — `lr(L,R)`, `sub{1,2,k}`, `0.k7` — and the
// ranges of those parameters (`--over L=1..8,R=L..12`): the parameters found
// in the text, every assignment of the ranges, and the text with values put
// in. `grundy pattern` finds the laws of such a family; `grundy census
// family` computes and keeps each member.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

// A parameter's range "NAME=LOW..HIGH"; LOW and HIGH are integers or an
// earlier parameter plus or minus an integer (R=L..12, b=a+1..9).
struct ParameterRange {
  std::string name;
  std::string low;
  std::string high;
  std::size_t low_column = 0;   // where each bound was written (1-based), for messages
  std::size_t high_column = 0;
};

// "L=1..8,R=L..12" (spaces allowed). InputError with the column of a mistake.
[[nodiscard]] std::vector<ParameterRange> parse_ranges(std::string_view text);

// Every assignment of the ranges, the first parameter varying slowest; values
// in the order of `ranges`. InputError for an unknown name in a bound, an
// empty family; LimitError for more than `limit` assignments, or for ranges
// that take more than 10 values per allowed member (and at least 10^6) to walk
// through (a long range around an empty one).
[[nodiscard]] std::vector<std::vector<std::int64_t>> assignments(const std::vector<ParameterRange>& ranges,
                                                                 std::size_t limit = 10'000);

// A name in a template, with its byte offset. Names glued to digits before
// them are part of a number or a code (8x8, 0x0.F7); in an octal code each
// letter is one digit, so a name of one letter (0.k7).
struct TemplateName {
  std::size_t at;
  std::string name;
};
[[nodiscard]] std::vector<TemplateName> names_in(std::string_view text);

// The text with each name in `values` replaced by its value (whole names only).
[[nodiscard]] std::string substitute(std::string_view text, const std::map<std::string, std::string>& values);

// The names of `ranges` in the order they first appear in `written`; an
// InputError for a range whose name does not appear.
[[nodiscard]] std::vector<std::string> parameters_in(std::string_view written, const std::vector<ParameterRange>& ranges);

}  // namespace grundy
