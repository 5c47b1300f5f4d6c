#include "grundy/analysis/explanation.hpp"

#include <nlohmann/json.hpp>

#include "grundy/core/capabilities.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/core/input_error.hpp"

namespace grundy {
namespace {

// How g(heap) follows from the rule's pattern, for a heap with too many
// options to list.
std::string pattern_note(const HeapComponent& heap, Context& context) {
  const std::uint64_t n = heap.heap();
  const SequenceReport table = heap.rule().table(context, std::min<std::uint64_t>(n, 200));
  const Periodicity& p = table.pattern;
  const std::string rule = heap.rule().text();
  if (!p.proven()) {
    return "g(" + std::to_string(n) + ") is computed from the table of " + rule + " (no period is proven)";
  }
  std::string note = "the values of " + rule + " are ";
  if (p.kind == Periodicity::Kind::periodic) {
    note += "periodic with period " + std::to_string(p.period) + " from heap " + std::to_string(p.preperiod);
    if (n >= p.preperiod) {
      const std::uint64_t same = p.preperiod + (n - p.preperiod) % p.period;
      note += ", so g(" + std::to_string(n) + ") = g(" + std::to_string(same) + ")";
    }
  } else {
    note += "arithmetic-periodic: g(n + " + std::to_string(p.period) + ") = g(n) + " + std::to_string(p.saltus) +
            " from heap " + std::to_string(p.preperiod);
  }
  return note + " (proven: " + p.proof + ")";
}

std::string misere_case(const Position& position) {
  std::uint64_t big = 0;
  std::uint64_t ones = 0;
  Nimber sum = 0;
  for (std::size_t i = 0; i < position.size(); ++i) {
    const auto* heap = capability<NimHeapEquivalent>(position[i]);
    if (heap == nullptr) return {};
    const std::uint64_t h = heap->nim_heap();
    sum ^= h;
    if (h >= 2) ++big;
    if (h == 1) ++ones;
  }
  if (big >= 2) {
    return "Bouton's misère rule: two or more heaps have 2 or more tokens, so play exactly as in normal Nim: the "
           "player to move wins iff the nim-sum (" + std::to_string(sum) + ") is not 0";
  }
  if (big == 1) {
    return "Bouton's misère rule: exactly one heap has 2 or more tokens: the player to move wins by reducing it to 0 "
           "or 1 so that an odd number of heaps of 1 remain (" + std::to_string(ones) + " now)";
  }
  return "Bouton's misère rule: every heap is 0 or 1, so the player to move wins iff the number of heaps of 1 (" +
         std::to_string(ones) + ") is even";
}

}  // namespace

std::string binary(Nimber v, std::size_t width) {
  std::string out;
  while (v != 0) {
    out.insert(out.begin(), static_cast<char>('0' + (v & 1)));
    v >>= 1;
  }
  while (out.size() < width) out.insert(out.begin(), '0');
  return out;
}

Explanation explain(const Position& position, Context& context, const ExplainOptions& options) {
  Explanation e;
  e.analysis = analyze(position, context, AnalysisOptions{options.misere, options.max_moves});
  if (options.misere) {
    e.misere_rule = misere_case(position);
    return e;
  }
  if (position.size() != 1) return e;
  // A single component: the theorem that decides it, if one does; its options
  // and their values, then the mex.
  const Component& part = position[0];
  if (const auto* decided = capability<DecidedByTheorem>(part)) e.theorem = decided->theorem(context);
  MexSet mex;
  part.for_each_option(context, [&](ComponentOption&& option) {
    ++e.option_count;
    if (e.option_count > options.max_options) return false;
    const Value v = option.after.value(context);
    if (v.is_finite()) mex.insert(v.nimber());
    e.options.push_back({std::move(option.action), std::move(option.after), v});
    return true;
  });
  e.options_complete = e.option_count <= options.max_options;
  if (e.options_complete) {
    e.mex = mex.mex();
  } else if (const auto* heap = dynamic_cast<const HeapComponent*>(&part)) {
    e.pattern_note = pattern_note(*heap, context);
  }
  return e;
}

nlohmann::json to_json(const Explanation& e) {
  nlohmann::json j = e.analysis.to_json();
  const bool finite = e.analysis.value && e.analysis.value->is_finite();
  std::size_t width = 1;
  for (const ComponentReport& c : e.analysis.components) {
    if (c.value && c.value->is_finite()) width = std::max(width, binary(c.value->nimber()).size());
  }
  if (finite) width = std::max(width, binary(e.analysis.value->nimber()).size());
  for (std::size_t i = 0; i < e.analysis.components.size(); ++i) {
    const auto& c = e.analysis.components[i];
    if (c.value && c.value->is_finite()) j["components"][i]["binary"] = binary(c.value->nimber(), width);
  }
  if (finite && !e.analysis.misere) j["xor"] = {{"value", e.analysis.value->nimber()},
                                                {"binary", binary(e.analysis.value->nimber(), width)}};
  if (e.analysis.position.size() == 1 && !e.analysis.misere) {
    nlohmann::json listed = nlohmann::json::array();
    for (const ExplainedOption& o : e.options) {
      listed.push_back({{"action", o.action}, {"after", o.after.text()}, {"value", value_json(o.value)}});
    }
    j["options"] = std::move(listed);
    j["option_count"] = e.option_count;
    j["options_complete"] = e.options_complete;
    j["mex"] = e.mex ? nlohmann::json(*e.mex) : nlohmann::json(nullptr);
    if (!e.pattern_note.empty()) j["pattern_note"] = e.pattern_note;
  }
  if (!e.misere_rule.empty()) j["misere_rule"] = e.misere_rule;
  if (e.theorem) {
    j["theorem"] = {{"name", e.theorem->theorem},
                    {"statement", e.theorem->statement},
                    {"steps", e.theorem->steps},
                    {"conclusion", e.theorem->conclusion}};
  }
  // Each winning move: the component's value before and after.
  for (std::size_t i = 0; i < e.analysis.winning_moves.size() && finite; ++i) {
    const Move& m = e.analysis.winning_moves[i];
    const auto& before = e.analysis.components[m.component].value;
    if (before && before->is_finite()) {
      j["winning_moves"][i]["from_value"] = before->nimber();
      j["winning_moves"][i]["to_value"] = before->nimber() ^ e.analysis.value->nimber();
    }
  }
  return j;
}

}  // namespace grundy
