// A census: every game of a family, computed once each and kept in a database
// (`grundy census`, docs/census.md). This file turns the user's arguments into
// the list of games and the jobs that compute them; equivalent games share a
// job (Czajka's lookup tables: codes that play the same game, or the same game
// on heaps one smaller; boards m×n and n×m).
//
// The plan is a pure function of the arguments, so every rank of an MPI job
// computes the same plan and a job travels as its number alone.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace grundy::census {

// What a job computes, as the registry answers for its game (never from the
// family's name): a heap rule with a take-and-break code (the checkpointed
// sequence engines), any other heap rule (its table and, where a theorem
// allows, its proven period), or a position (its value: a board, a pair of
// Wythoff piles, any expression).
enum class GameKind { take_and_break, heap_rule, position };

// "take-and-break", "heap rule", "position": the rows' `kind` column.
[[nodiscard]] const char* to_string(GameKind kind) noexcept;

// The kind of `game` (an expression: a rule such as "sub{1,3,4}", or a
// position such as "cram(4x5)"), asked of the built-in registry; InputError
// when it is neither.
[[nodiscard]] GameKind kind_of(const std::string& game);

// The arguments of one census.
struct CensusSpec {
  enum class Family { octal, codes, subtraction, boards, family };
  Family family = Family::octal;
  // octal: every code with at most `digits` digits after the point, the digit
  // before it 0 or 4 (with `hexadecimal`, 0..F after it and 0, 4, 8 or C before).
  unsigned digits = 2;
  bool hexadecimal = false;
  // codes: the codes (or names: kayles, officers …) given.
  std::vector<std::string> codes;
  // octal, codes, family: heaps computed to, g(0..upto), when no period is proven sooner.
  std::uint64_t upto = 65535;
  // subtraction: every non-empty S within {1..max_element}.
  unsigned max_element = 6;
  // boards: rule (cram, blocks2x2, nodekayles_grid) on every empty rows×cols board.
  std::string rule;
  unsigned rows_from = 1, rows_to = 1, cols_from = 1, cols_to = 1;
  // family: a ruleset or position written with parameters and their ranges
  // (grundy/language/parameter_template.hpp: `sub{1,2,k}` over `k=3..40`); each member
  // is computed as the registry says it is (heap rules to `upto` or their
  // proven period, positions to their value).
  std::string template_text;
  std::string over;
  double seconds = 0;              // boards and positions: time bound a game (0: none)
  std::uint64_t memory_bytes = 0;  // boards and positions: memory bound of a game's tables (0: none)

  // The arguments in one canonical line ("octal --digits 3 --upto 65535").
  [[nodiscard]] std::string describe() const;
};

// One job: one game computed, and the games found equivalent to it written
// from its values.
struct Member {
  std::string game;         // the game as an expression that parses back
  std::uint64_t shift = 0;  // take-and-break: g_member(n) = g_job(n - shift), 0 below shift
  std::string relation;     // why it is equivalent, in words (empty for the job's own game)
};

struct Job {
  std::uint64_t id = 0;     // position in the plan's list
  GameKind kind = GameKind::take_and_break;
  std::string game;         // what is computed: "0.137", "sub{1,3,4}", "cram(4x5)"
  bool in_family = true;    // false for a reduced code outside the family asked (computed for its members)
  std::vector<Member> members;  // the family's games this job answers (its own game first when in_family)
  double cost = 0;          // an estimate, for handing out the largest jobs first
};

struct Plan {
  CensusSpec spec;
  std::vector<Job> jobs;
  std::uint64_t games = 0;  // games of the family (members of all jobs)
};

// Throws InputError (one line naming the argument) for an empty range, a family
// that is too large, an unknown board rule or a bad code.
[[nodiscard]] Plan make_plan(const CensusSpec& spec);

// A checksum of the plan (its arguments, and every job's game and members), 16
// hex digits: the database records it with the census, and a census whose
// plan no longer matches what the database recorded is refused.
[[nodiscard]] std::string plan_checksum(const Plan& plan);

// `game` as a member of `job` when it is the job's game or provably equivalent
// to it (the same reductions as the plan's); nullopt otherwise. The manager
// uses it for games of other censuses in the same database that the job also
// answers.
[[nodiscard]] std::optional<Member> member_of(const Job& job, const std::string& game);

// Ranges "A..B" (or one number "A") of the boards family; InputError naming
// `what` (--rows, --cols) otherwise.
void parse_range(const std::string& text, const std::string& what, unsigned& from, unsigned& to);

}  // namespace grundy::census
