// The expression language: a game sum written as text.
//
//   expression := term { "+" term }
//   term       := head { group }
//   head       := NAME | CODE | "0"    NAME: a letter or _ then letters, digits, _ or -
//                                      CODE: a take-and-break code such as 0.77, .6, 4.3, 0.F7
//                                      "0" alone: the empty game (no move, value 0)
//   group      := "(" [ arg { "," arg } ] ")" | "{" [ arg { "," arg } ] "}"
//   arg        := INTEGER [ ".." INTEGER ]     a number or an inclusive range
//               | WORD                          odd, all, 8x8, an edge 0-1 or a-b, …, or a board written inline:
//                                               rows of 0 (free) / 1 (blocked) joined by '/',
//                                               such as 0110/0000 (one row: 0110/), or rows
//                                               of letters joined by '/' (coins: HT/TH)
//               | "@" PATH | '"' TEXT '"'       a file
//               | NAME group { group }          a nested call: allbut{2,5}
//
// In a sum, a term's last "(...)" group holds its positions and the groups before
// it parameterise the rule: sub{1,2,3}(10), lr(1,2)(2,3,3), nim(3,4,5). For
// `grundy table`, a rule has no position group. docs/expressions.md is the user
// guide. Parsing only builds this syntax tree; rulesets.hpp turns terms into games.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

struct ExprGroup;

struct ExprArg {
  enum class Kind { integer, range, word, path, call };
  Kind kind = Kind::integer;
  std::uint64_t integer = 0;          // integer; range: low end
  std::uint64_t range_high = 0;       // range: high end (inclusive)
  std::string text;                   // word, path, call name; for every kind the source text
  std::vector<ExprGroup> groups;      // call: its groups
  std::size_t column = 0;             // 1-based column in the source
};

struct ExprGroup {
  char open = '(';  // '(' or '{'
  std::vector<ExprArg> args;
  std::size_t column = 0;  // of the opening bracket
};

// One term: head and groups, as written.
struct ExprTerm {
  std::string head;  // a NAME or a CODE ("0" for the empty game)
  bool head_is_code = false;
  bool is_zero = false;  // the term "0": the empty game, with no groups
  std::vector<ExprGroup> groups;
  std::string text;        // the term's source text, trimmed
  std::size_t column = 0;  // of the head
};

struct Expression {
  std::vector<ExprTerm> terms;
};

// Parses a sum. Throws InputError with the 1-based column of the problem.
[[nodiscard]] Expression parse_expression(std::string_view source);

// Parses a single term with no position group (for `grundy table RULE`).
[[nodiscard]] ExprTerm parse_rule(std::string_view source);

}  // namespace grundy
