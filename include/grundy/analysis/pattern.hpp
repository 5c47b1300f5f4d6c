// Laws across a family of games: `grundy pattern 'lr(L,R)' --over L=1..8,R=L..12`.
//
// A family is a rule or position written with parameters (`lr(L,R)`,
// `sub{1..k}`, `moore(k)(a,b,c)`), and ranges for them. Every member is
// tabulated — a heap rule's g(0..upto), a game on piles its values (or
// outcomes) over [0, upto]^piles — and each member's least preperiod and
// period found (with its rule's proof where there is one). Then the law is
// searched: preperiod, period and saltus as formulas of the parameters, the
// values as a formula of the position and the parameters
// (pattern_search.hpp), the P-positions of games on piles by known forms
// (all piles equal, xor 0, binary digit sums mod m, Beatty pairs), rows of
// two-pile games as additively periodic sequences, and sequence classes that
// are no period (the ruler sequence v2(x), Omega(x), Beatty sequences).
//
// Every law says what it rests on: "proven" only where a theorem covers it
// (a member's proven period and a formula that depends on x only through x
// modulo it; the rows of Wythoff's game by their repeated state); everything
// else is "observed" on the range tabulated, and a law across parameters is
// never more than observed on the parameters tabulated.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "grundy/core/context.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/analysis/pattern_formula.hpp"
#include "grundy/core/sequence.hpp"

namespace grundy::pattern {

// The additive period of a row of a two-pile game: g(a, b + period) =
// g(a, b) + saltus for b >= preperiod.
struct RowLaw {
  std::uint64_t row = 0;
  Periodicity pattern;  // kind none when no (arithmetic) period was seen
};

struct Member {
  std::vector<std::int64_t> parameters;  // in the family's parameter order
  std::string text;                      // the family's template filled in: "lr(2,5)", "moore(2)(a,b,c)"
  // Heap games: g(0..upto). Games on piles: the values of the cells of
  // [0, upto]^piles, the first pile slowest; kUnknown where only the outcome is known.
  std::vector<Nimber> values;
  std::vector<std::uint8_t> p_position;  // games on piles: 1 at the P-positions
  Periodicity pattern;                   // heap games: least preperiod and period, and how it is known
  std::vector<RowLaw> rows;              // two-pile games: the rows 0..min(upto, 16)
};

inline constexpr Nimber kUnknown = ~Nimber{0};

struct Family {
  std::string written;                          // the template as given: "lr(L,R)"
  std::vector<std::string> parameters;          // in order of appearance in the template
  std::vector<std::string> position_variables;  // {"x"} for a heap game; {"a","b"} for two piles
  std::uint64_t upto = 0;
  std::string ranges;                           // the ranges in words, for reports and emitted code
  std::vector<Member> members;

  [[nodiscard]] std::size_t piles() const noexcept { return position_variables.size(); }
  [[nodiscard]] bool heap_game() const noexcept { return piles() == 1; }
};

// The cells of [0, upto]^piles, first pile slowest: the positions a family
// on piles is tabulated at, and the laws across its parameters checked on.
[[nodiscard]] std::vector<std::vector<std::uint64_t>> box_cells(std::size_t piles, std::uint64_t upto);

// One law found.
struct Law {
  std::string subject;             // "preperiod", "period", "saltus", "least period", "g", "P-positions", "rows", "class"
  std::string statement;           // "period = L + R"
  std::optional<Formula> formula;  // over `names`
  std::vector<std::string> names;  // the formula's variables
  bool proven = false;             // proven for every member tabulated (never for untabulated parameters)
  std::string evidence;            // what it rests on, in words
};

struct PatternReport {
  Family family;
  std::vector<Law> laws;
  std::vector<std::string> notes;  // what was searched and not found

  // The values law, for code: g(position…, parameters…) = value_formula over
  // value_names (the position variables, then the parameters), for heaps
  // x >= value_start (a formula of the parameters; the members' tables give
  // the heaps below it). Absent when none was found: code then holds the tables.
  std::optional<Formula> value_formula;
  std::vector<std::string> value_names;
  std::optional<Formula> value_start;
  // Games on piles: the P-positions' law, with its parameter m (binary digit
  // sums mod m) or d (Beatty pairs (a_k, a_k + d·k)) as a formula of the parameters.
  enum class PositionLaw { none, all_equal, digit_sums, beatty };
  PositionLaw p_law = PositionLaw::none;
  std::optional<Formula> p_parameter;

  [[nodiscard]] std::string text() const;
  [[nodiscard]] nlohmann::json to_json() const;
};

// Searches the laws of a tabulated family. Polls the context.
[[nodiscard]] PatternReport find_laws(Family family, Context& context);

// A self-contained function `sg(position…, parameters…)` (C++ or Python)
// implementing the law found, or the members' tables where none was found,
// with a comment naming the range it was checked on. `command` is quoted in
// that comment.
[[nodiscard]] std::string emit_cpp(const PatternReport& report, const std::string& command);
[[nodiscard]] std::string emit_python(const PatternReport& report, const std::string& command);

}  // namespace grundy::pattern
