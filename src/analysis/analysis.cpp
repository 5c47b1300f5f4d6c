#include "grundy/analysis/analysis.hpp"
#include "grundy/core/abbreviated_text.hpp"

#include <limits>
#include <map>
#include <nlohmann/json.hpp>

#include "grundy/core/capabilities.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/analysis/loopy_analysis.hpp"
#include "grundy/core/saturating.hpp"
#include "analysis/misere_analysis.hpp"

namespace grundy {
namespace {

void add_moves(SumAnalysis& out, const Position& position, std::size_t index, OptionList&& options,
               std::size_t max_moves) {
  out.winning_move_total = saturating_add(out.winning_move_total, options.total);
  out.winning_move_total_is_lower_bound = out.winning_move_total_is_lower_bound || options.total_is_lower_bound;
  for (ComponentOption& option : options.listed) {
    if (out.winning_moves.size() >= max_moves) break;
    out.winning_moves.push_back(Move{index, std::move(option.action), std::move(option.after), position});
  }
}

void analyze_normal(const Position& position, Context& context, const AnalysisOptions& options, SumAnalysis& out) {
  Value total;
  bool all_known = true;
  out.components.reserve(position.size());
  std::optional<Outcome> known_outcome;
  for (std::size_t i = 0; i < position.size(); ++i) {
    const Component& part = position[i];
    ComponentReport report{position.component(i), std::nullopt, {}};
    try {
      report.value = part.value(context);
      total = total + *report.value;
      if (const auto* valued = capability<ValuedByEngine>(part)) report.engine = valued->engine(context);
    } catch (const LimitError& e) {
      // A lone component may still have a known outcome (Moore's Nim_k, Wythoff).
      const auto* theorem = capability<OutcomeWithoutValue>(part);
      if (position.size() != 1 || theorem == nullptr) throw;
      all_known = false;
      known_outcome = theorem->outcome(context);
      out.value_note = e.message();
    }
    out.components.push_back(std::move(report));
  }
  if (all_known) {
    out.value = total;
    out.outcome = total.outcome();
    if (!options.moves) return;
    if (has_loopy_parts(out, context)) {
      add_loopy_moves(position, context, options, out);
      return;
    }
  } else {
    out.outcome = *known_outcome;
  }
  if (out.outcome != Outcome::N || !options.moves) return;
  // A winning move turns one component of value v into one of value v xor T.
  const Nimber sum = all_known ? total.nimber() : 0;
  std::vector<std::uint64_t> per_component(position.size(), 0);
  for (std::size_t i = 0; i < position.size(); ++i) {
    const Nimber target = all_known ? (out.components[i].value->nimber() ^ sum) : 0;
    const std::size_t room = options.max_moves - std::min(options.max_moves, out.winning_moves.size());
    OptionList moves;
    try {
      moves = position[i].options_to_value(context, target, room);
    } catch (const LimitError& e) {
      // The value and the outcome stand; this component's winning moves are
      // out of reach (a theorem said who wins without saying how, or the
      // search for them passed a bound): the count is then a lower bound.
      out.winning_move_total_is_lower_bound = true;
      if (out.moves_note.empty()) out.moves_note = e.message();
      continue;
    }
    per_component[i] = moves.total;
    add_moves(out, position, i, std::move(moves), options.max_moves);
  }
  if (!out.moves_note.empty()) return;
  if (out.winning_move_total <= out.winning_moves.size() || !all_known) return;
  // More moves than listed: as runs of takes, where every component with
  // winning moves takes from a heap.
  constexpr std::size_t kRunsListed = 20;
  std::vector<SumAnalysis::TakeRun> runs;
  std::uint64_t run_total = 0;
  CapabilityLookup<TakeRanges> take_ranges;
  for (std::size_t i = 0; i < position.size(); ++i) {
    if (per_component[i] == 0) continue;
    const auto* takes = take_ranges(position[i]);
    if (takes == nullptr) return;
    const Nimber target = out.components[i].value->nimber() ^ sum;
    const std::optional<TakeRangeList> list =
        takes->take_ranges_to_value(context, target, kRunsListed - std::min(kRunsListed, runs.size()));
    if (!list) return;
    run_total = saturating_add(run_total, list->total);
    for (const TakeRange& r : list->listed) {
      if (runs.size() < kRunsListed) runs.push_back({i, r.first, r.last});
    }
  }
  out.winning_runs = std::move(runs);
  out.winning_run_total = run_total;
}

}  // namespace

std::string SumAnalysis::outcome_words() const {
  switch (outcome) {
    case Outcome::N: return "the first player (the one to move) wins with perfect play";
    case Outcome::P: return "the second player wins: the player to move loses against perfect play";
    case Outcome::D: return "a draw: neither player can force a win";
  }
  return {};
}

nlohmann::json value_json(const Value& value) {
  if (value.is_finite()) return value.nimber();
  return nlohmann::json{{"infinite", value.reachable()}};
}

nlohmann::json SumAnalysis::to_json(std::size_t longest) const {
  const auto shown = [longest](const std::string& text) { return abbreviated(text, longest); };
  nlohmann::json j;
  j["expression"] = shown(position.text());
  j["play"] = misere ? "misere" : "normal";
  j["components"] = nlohmann::json::array();
  for (const auto& c : components) {
    nlohmann::json item{{"text", shown(c.text())}};
    item["value"] = c.value ? value_json(*c.value) : nlohmann::json(nullptr);
    if (!c.engine.empty()) item["engine"] = c.engine;
    j["components"].push_back(std::move(item));
  }
  j["value"] = value ? value_json(*value) : nlohmann::json(nullptr);
  if (!value_note.empty()) j["value_note"] = value_note;
  if (!moves_note.empty()) j["moves_note"] = moves_note;
  j["outcome"] = to_string(outcome);
  j["winner"] = outcome == Outcome::N ? "first" : outcome == Outcome::P ? "second" : "none";
  if (moves_searched) {
    j["winning_move_count"] = winning_move_total;
  } else {
    j["moves_searched"] = false;  // the value only was asked for
  }
  if (winning_move_total_is_lower_bound) j["winning_move_count_is_lower_bound"] = true;
  auto moves_json = [&shown](const std::vector<Move>& moves) {
    nlohmann::json list = nlohmann::json::array();
    for (const Move& m : moves) {
      list.push_back({{"component", m.component},
                      {"component_text", shown(m.before[m.component].text())},
                      {"action", m.action},
                      {"result", shown(m.replacement.text())},
                      {"after", shown(m.after().text())}});
    }
    return list;
  };
  j["winning_moves"] = moves_json(winning_moves);
  if (winning_run_total > 0) {
    nlohmann::json runs = nlohmann::json::array();
    for (const TakeRun& r : winning_runs) {
      runs.push_back({{"component", r.component},
                      {"component_text", shown(position[r.component].text())},
                      {"take_first", r.first},
                      {"take_last", r.last}});
    }
    j["winning_move_runs"] = std::move(runs);
    j["winning_move_run_count"] = winning_run_total;
  }
  if (reversal) j["reversal"] = true;
  if (evidence) {
    j["method"] = {{"name", evidence->method},
                   {"detail", evidence->detail},
                   {"components", evidence->components},
                   {"total", evidence->total},
                   {"rule", evidence->rule}};
  }
  if (outcome == Outcome::D) {
    j["drawing_move_count"] = drawing_move_total;
    if (drawing_move_total_is_lower_bound) j["drawing_move_count_is_lower_bound"] = true;
    j["drawing_moves"] = moves_json(drawing_moves);
  }
  return j;
}

void value_largest_heaps_first(const std::vector<Position>& positions, Context& context) {
  std::map<const HeapRule*, const HeapComponent*> largest;
  CapabilityLookup<HeapComponent> as_heap;
  for (const Position& position : positions) {
    for (std::size_t i = 0; i < position.size(); ++i) {
      const auto* heap = as_heap(position[i]);
      if (heap == nullptr) continue;
      const HeapComponent*& known = largest[&heap->rule()];
      if (known == nullptr || heap->heap() > known->heap()) known = heap;
    }
  }
  for (const auto& [rule, heap] : largest) {
    try {
      (void)heap->value(context);
    } catch (const InputError&) {
      // A heap beyond what the rule can value: its line says so.
    }
  }
}

SumAnalysis analyze(const Position& position, Context& context, const AnalysisOptions& options) {
  SumAnalysis out;
  out.position = position;
  out.misere = options.misere;
  out.moves_searched = options.moves;
  if (!options.misere) {
    analyze_normal(position, context, options, out);
    return out;
  }
  analyze_misere(position, context, options, out);
  return out;
}

}  // namespace grundy
