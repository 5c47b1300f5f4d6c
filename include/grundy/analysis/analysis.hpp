// Analysis of a position: the value of every component, the value of the sum,
// the outcome, and the winning moves — the answer to "who wins, and how?".
//
// Normal play uses Sprague–Grundy values: with T the value of the sum, a winning
// move turns one component of value v into one of value v xor T. Misère play
// (the last player to move loses) is answered for every sum normal play
// answers whose games end, by the first method that applies
// (misere_analysis.cpp): Bouton's misère rule for Nim heaps; a lone heap's
// misère table; Conway's genus when every part is tame; the misère quotient of
// a heap rule (Plambeck–Siegel) for sums of its heaps; misère canonical forms;
// and a search of the sum. `SumAnalysis::misere` says which one decided.
//
// Sums with parts whose graphs have cycles (values ∞(K), outcome D) follow
// Smith's rules; their winning moves, the reversal rule and the drawing moves
// are in loopy_analysis.hpp (docs/loopy.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "grundy/core/context.hpp"
#include "grundy/core/position.hpp"
#include "grundy/core/value.hpp"

namespace grundy {

struct AnalysisOptions {
  bool misere = false;
  std::size_t max_moves = 20;  // winning moves listed; all are counted
  // The opponent's move that led to this position (its `before` is the position
  // before it). When it raised a component with cycles out of a P-position, the
  // winning moves are its reversals: the rule that makes a win arrive.
  std::optional<Move> last_move = std::nullopt;
  // false: the value and the outcome only, no move looked for or counted (a
  // placement board's moves to a value can cost more than its value).
  bool moves = true;
};

struct ComponentReport {
  ComponentPtr component;  // its text() is made only when printed: a sum of 10^5 heaps need not make 10^5 strings
  [[nodiscard]] std::string text() const { return component->text(); }
  // Absent when only the outcome is known (Moore's Nim with large heaps) and in
  // misère play, where the components' values do not decide anything.
  std::optional<Value> value;
  // The engine of the run that valued it, where one did (ValuedByEngine:
  // "part search", "region search", "definition"); "" for a closed form or a
  // heap rule's table.
  std::string engine;
};

// How a misère answer was found, for the output and `grundy explain --misere`.
struct MisereEvidence {
  std::string method;  // "Bouton's misère rule", "misère quotient", "genus", "canonical forms", "search", …
  std::string detail;  // one line about it: which quotient, how many positions searched, …
  // Per component, what the method read from it: its class in the quotient,
  // its genus, its canonical form (empty for methods that read nothing).
  std::vector<std::string> components;
  std::string total;    // the product / the genus / the canonical form of the sum
  std::string rule;     // why `total` gives the outcome, in words
};

struct SumAnalysis {
  Position position;
  bool misere = false;
  std::vector<ComponentReport> components;
  std::optional<Value> value;  // normal play: of the sum; misère on one heap: its misère value
  std::string value_note;      // why `value` is absent
  // Why the winning moves are not all known, though the outcome is: finding
  // them was beyond a limit (LimitError) — strategy stealing proves a Chomp
  // rectangle won without naming the move; a large picture's moves are
  // refused past a bound. The moves found before it stay listed, their count
  // a lower bound.
  std::string moves_note;
  Outcome outcome = Outcome::P;
  std::vector<Move> winning_moves;          // listed (at most max_moves)
  std::uint64_t winning_move_total = 0;     // all of them (saturating)
  bool moves_searched = true;               // false when asked for the value only (AnalysisOptions::moves)
  bool winning_move_total_is_lower_bound = false;
  // When more winning moves exist than are listed and every component that has
  // some takes tokens from a heap ([L,R]-Nim, subtraction games): all of them
  // as runs of consecutive takes per component (the first 20 listed).
  struct TakeRun {
    std::size_t component = 0;
    std::uint64_t first = 0;  // tokens taken, inclusive
    std::uint64_t last = 0;
  };
  std::vector<TakeRun> winning_runs;
  std::uint64_t winning_run_total = 0;
  // Set when the winning moves answer options.last_move by the reversal rule.
  bool reversal = false;
  // A draw (outcome D): the moves after which it is still a draw.
  std::vector<Move> drawing_moves;
  // Misère play: the method that decided, and what it computed.
  std::optional<MisereEvidence> evidence;
  std::uint64_t drawing_move_total = 0;
  bool drawing_move_total_is_lower_bound = false;

  [[nodiscard]] bool first_player_wins() const noexcept { return outcome == Outcome::N; }
  [[nodiscard]] std::string outcome_words() const;
  // Fields: expression, play, components [{text, value}], value, value_note,
  // outcome (P/N/D), winner (first/second/none), winning_move_count,
  // winning_moves [{component, component_text, action, result, after}] where
  // `result` is what the component becomes and `after` the whole position;
  // reversal (true, when the moves answer the last move by the reversal rule);
  // for a draw, drawing_move_count and drawing_moves (same fields); in misère
  // play, "method" {name, detail, components, total, rule}.
  // Every position in it (the expression, components, moves) at most
  // `longest` characters, abbreviated past it (abbreviated_text.hpp); npos:
  // whole (the Python module and the web page).
  [[nodiscard]] nlohmann::json to_json(std::size_t longest = std::string::npos) const;
};

// Throws InputError (misère play of a game with cycles), LimitError, Cancelled.
[[nodiscard]] SumAnalysis analyze(const Position& position, Context& context, const AnalysisOptions& options = {});

// Before many positions are analysed one by one (`grundy value --batch`):
// values the largest heap of each heap rule among them first, so a rule's
// table is extended once to the largest heap asked instead of query by query
// (Grundy's game, 2000 heaps up to 10^6: one extension instead of hundreds,
// docs/performance.md). Errors are left for each position's own analysis.
void value_largest_heaps_first(const std::vector<Position>& positions, Context& context);

// A value as JSON: an integer when finite, {"infinite": [K…]} otherwise.
[[nodiscard]] nlohmann::json value_json(const Value& value);

}  // namespace grundy
