// Analysis of a position given as an expression: the value of every component,
// the nim-value of the sum, the outcome, and the winning moves — the answer to
// "who wins, and how?". Normal play uses nim-values (Sprague–Grundy); misère play
// is answered only where theory allows (sums of Nim heaps by Bouton's misère rule,
// a single heap of one rule by its misère table) and refused elsewhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "grundy/component.hpp"
#include "grundy/expression.hpp"
#include "grundy/nimber.hpp"

namespace grundy {

struct ComponentReport {
  std::string text;
  std::optional<Nimber> value;  // absent when only the outcome is known (Moore's Nim with large heaps)
};

struct WinningMove {
  std::size_t component = 0;
  std::string component_text;
  Move move;
};

struct SumAnalysis {
  std::string expression_text;
  bool misere = false;
  std::vector<ComponentReport> components;
  std::optional<Nimber> value;  // normal play: g of the sum; misère on one heap: its misère value
  std::string value_note;       // why value is absent
  bool first_player_wins = false;
  std::vector<WinningMove> winning_moves;  // listed (at most max_moves)
  std::uint64_t winning_move_total = 0;    // all of them
  bool winning_move_total_is_lower_bound = false;  // some component could only bound its count

  [[nodiscard]] std::string outcome_words() const;
  [[nodiscard]] nlohmann::json to_json() const;
};

// Throws InputError (bad terms, unsupported misère sums) and LimitError.
[[nodiscard]] SumAnalysis analyze_sum(const Expression& expression, bool misere, std::size_t max_moves);

}  // namespace grundy
