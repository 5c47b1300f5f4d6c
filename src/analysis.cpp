#include "grundy/analysis.hpp"

#include <limits>
#include <nlohmann/json.hpp>

#include "grundy/heap_rule.hpp"
#include "grundy/input_error.hpp"
#include "grundy/rulesets.hpp"
#include "grundy/rulesets/misere_nim.hpp"

namespace grundy {
namespace {

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  std::uint64_t sum = 0;
  return __builtin_add_overflow(a, b, &sum) ? std::numeric_limits<std::uint64_t>::max() : sum;
}

std::string join_terms(const Expression& expression) {
  std::string text;
  for (std::size_t i = 0; i < expression.terms.size(); ++i) text += (i ? " + " : "") + expression.terms[i].text;
  return text;
}

void analyze_normal(std::vector<SumComponent>& parts, std::size_t max_moves, SumAnalysis& out) {
  Nimber total = 0;
  bool all_known = true;
  for (auto& part : parts) {
    ComponentReport report{part.game->text(), std::nullopt};
    try {
      report.value = part.game->value();
      total ^= *report.value;
    } catch (const LimitError& e) {
      // A lone component may still have a known outcome (Moore's Nim_k).
      if (parts.size() != 1 || !part.game->known_loss()) throw;
      all_known = false;
      out.value_note = e.message();
    }
    out.components.push_back(std::move(report));
  }
  if (all_known) {
    out.value = total;
    out.first_player_wins = total != 0;
  } else {
    out.first_player_wins = !*parts[0].game->known_loss();
  }
  if (!out.first_player_wins) return;
  // A winning move turns one component of value v into one of value v xor total.
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const Nimber target = all_known ? (*out.components[i].value ^ total) : 0;
    const std::size_t room = max_moves - std::min(max_moves, out.winning_moves.size());
    MoveList moves = parts[i].game->moves_to_value(target, room);
    out.winning_move_total = saturating_add(out.winning_move_total, moves.total);
    out.winning_move_total_is_lower_bound = out.winning_move_total_is_lower_bound || moves.total_is_lower_bound;
    for (auto& m : moves.listed) out.winning_moves.push_back({i, out.components[i].text, std::move(m)});
  }
}

// Bouton's misère rule on a sum of Nim heaps.
void analyze_misere_nim_sum(const std::vector<SumComponent>& parts, std::size_t max_moves, SumAnalysis& out) {
  std::vector<std::uint64_t> heaps;
  for (const auto& part : parts) {
    heaps.push_back(*part.game->as_nim_heap());
    out.components.push_back({part.game->text(), heaps.back()});
  }
  const MisereNimAnalysis result = analyze_misere_nim(heaps);
  out.first_player_wins = result.first_player_wins;
  out.winning_move_total = result.winning_moves.size();
  for (const auto& [index, size] : result.winning_moves) {
    if (out.winning_moves.size() == max_moves) break;
    const std::uint64_t from = heaps[index];
    out.winning_moves.push_back({index, out.components[index].text,
                                 Move{"take " + std::to_string(from - size) + " from the heap of " + std::to_string(from),
                                      "nim(" + std::to_string(size) + ")"}});
  }
}

// Misère value of one heap: from the rule's misère table, extended by its pattern
// when the heap lies beyond the table (only if that pattern is proven).
class MisereHeapValues {
 public:
  MisereHeapValues(const HeapRule& rule, std::uint64_t heap) {
    constexpr std::uint64_t kTable = 1'000'000;
    report_ = rule.misere_table(std::min(heap, kTable));
  }
  Nimber operator()(std::uint64_t heap, const HeapRule& rule) const {
    if (heap < report_.values.size()) return report_.values[heap];
    if (!report_.pattern.proven())
      throw LimitError("the misère value of heap " + std::to_string(heap) + " of " + rule.text() +
                       " needs a proven pattern, and none is known");
    return value_from_pattern(report_.values, report_.pattern, heap);
  }

 private:
  SequenceReport report_;
};

void analyze_misere_heap(const SumComponent& part, std::size_t max_moves, SumAnalysis& out) {
  const HeapRule& rule = *part.rule;
  const std::uint64_t heap = *part.heap;
  const MisereHeapValues values(rule, heap);
  const Nimber g = values(heap, rule);
  out.components.push_back({part.game->text(), std::nullopt});
  out.value = g;
  out.first_player_wins = g != 0;
  if (!out.first_player_wins) return;
  constexpr std::uint64_t kScanLimit = 1'000'000;
  std::uint64_t seen = 0;
  rule.for_each_move(heap, [&](const HeapMove& move) {
    if (++seen > kScanLimit) throw LimitError("too many moves to list the misère winning moves");
    // After the move the opponent is to move; they lose iff the position is misère-P.
    const Nimber after = move.leaves.empty() ? 1 : values(move.leaves[0], rule);
    if (after == 0) {
      ++out.winning_move_total;
      if (out.winning_moves.size() < max_moves) {
        const std::uint64_t left = move.leaves.empty() ? 0 : move.leaves[0];
        out.winning_moves.push_back(
            {0, out.components[0].text, Move{rule.describe(heap, move), rule.text() + "(" + std::to_string(left) + ")"}});
      }
    }
    return true;
  });
}

}  // namespace

std::string SumAnalysis::outcome_words() const {
  return first_player_wins ? "the first player (the one to move) wins with perfect play"
                           : "the second player wins: the player to move loses against perfect play";
}

nlohmann::json SumAnalysis::to_json() const {
  nlohmann::json j;
  j["expression"] = expression_text;
  j["play"] = misere ? "misere" : "normal";
  j["components"] = nlohmann::json::array();
  for (const auto& c : components) {
    nlohmann::json item{{"text", c.text}};
    item["value"] = c.value ? nlohmann::json(*c.value) : nlohmann::json(nullptr);
    j["components"].push_back(std::move(item));
  }
  j["value"] = value ? nlohmann::json(*value) : nlohmann::json(nullptr);
  if (!value_note.empty()) j["value_note"] = value_note;
  j["outcome"] = first_player_wins ? "N" : "P";
  j["winner"] = first_player_wins ? "first" : "second";
  j["winning_move_count"] = winning_move_total;
  if (winning_move_total_is_lower_bound) j["winning_move_count_is_lower_bound"] = true;
  j["winning_moves"] = nlohmann::json::array();
  for (const auto& m : winning_moves) {
    j["winning_moves"].push_back({{"component", m.component},
                                  {"component_text", m.component_text},
                                  {"action", m.move.action},
                                  {"result", m.move.result}});
  }
  return j;
}

SumAnalysis analyze_sum(const Expression& expression, bool misere, std::size_t max_moves) {
  SumAnalysis out;
  out.expression_text = join_terms(expression);
  out.misere = misere;
  std::vector<SumComponent> parts = build_sum(expression);
  if (!misere) {
    analyze_normal(parts, max_moves, out);
    return out;
  }
  bool all_nim = true;
  for (const auto& part : parts) all_nim = all_nim && part.game->as_nim_heap().has_value();
  if (all_nim) {
    analyze_misere_nim_sum(parts, max_moves, out);
  } else if (parts.size() == 1 && parts[0].rule) {
    analyze_misere_heap(parts[0], max_moves, out);
  } else {
    throw InputError(
        "misère play is supported for sums of Nim heaps (Bouton's misère rule) and for a single heap of one "
        "rule; the misère outcome of other sums does not follow from their components' values");
  }
  return out;
}

}  // namespace grundy
