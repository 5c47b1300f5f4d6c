#include "analysis/misere_analysis.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/saturating.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/misere/classification.hpp"
#include "grundy/misere/heap_quotient.hpp"
#include "grundy/misere/quotient_checkpoint.hpp"
#include "grundy/misere/misere_form.hpp"
#include "grundy/misere/notation.hpp"
#include "grundy/closed_forms/misere_nim.hpp"
#include "misere/follower_graph.hpp"
#include "misere/lazy_followers.hpp"
#include "misere/position_forms.hpp"
#include "misere/sum_search.hpp"

namespace grundy {
namespace {

using misere::Element;
using misere::GameId;
using misere::Genus;

// Bounds of the methods that work on followers: past them the next is tried.
constexpr misere::FollowerLimits kTameLimits{100'000, 100'000, 5'000'000};
constexpr misere::FollowerLimits kFormLimits{50'000, 100'000, 5'000'000};
static_assert(kFormLimits.nodes <= kTameLimits.nodes && kFormLimits.options_per_node <= kTameLimits.options_per_node &&
                  kFormLimits.option_entries <= kTameLimits.option_entries,
              "analyze_misere skips the canonical forms where the genus's followers passed its bounds");
// The quotient of a heap rule is grown on demand while it fits this (the
// context's --memory, if smaller, wins); `grundy quotient` goes further.
constexpr std::size_t kQuotientMemory = std::size_t{256} << 20;
// ... and while its work (states searched, candidate elements) stays within
// this: Kayles to its proven period takes about 2·10^4, Dawson's Kayles to
// heap 30 (|Q| = 360) about 5·10^5.
constexpr std::uint64_t kQuotientWork = 2'000'000;
constexpr std::size_t kFormsMemory = std::size_t{64} << 20;
// The search of the sum is the last method: it may use the whole --memory
// (misère Sprouts of 7 spots passes 512 MB); this only where none is set.
constexpr std::size_t kSearchMemory = std::size_t{512} << 20;
// Moves of one huge heap looked at before the count of winning moves is a lower bound.
constexpr std::uint64_t kMovesPerHeap = 1'000'000;
// ... and of all heaps of a sum decided by its quotient.
constexpr std::uint64_t kMovesPerSum = 10'000'000;

std::size_t bound(const Context& context, std::size_t fallback) {
  const std::size_t m = context.options().memory_bytes;
  return m != 0 ? std::min(m, fallback) : fallback;
}

// Winning moves: all counted, the first `max_moves` listed.
class Winners {
 public:
  Winners(SumAnalysis& out, const Position& position, std::size_t max_moves)
      : out_(out), position_(position), max_moves_(max_moves) {}
  [[nodiscard]] bool room() const { return out_.winning_moves.size() < max_moves_; }
  void list(std::size_t component, std::string action, Position replacement) {
    if (room()) out_.winning_moves.push_back(Move{component, std::move(action), std::move(replacement), position_});
  }
  void count(std::uint64_t n) { out_.winning_move_total = saturating_add(out_.winning_move_total, n); }
  void lower_bound() { out_.winning_move_total_is_lower_bound = true; }

 private:
  SumAnalysis& out_;
  const Position& position_;
  std::size_t max_moves_;
};

void report_components(const Position& position, SumAnalysis& out) {
  out.components.reserve(position.size());
  for (std::size_t i = 0; i < position.size(); ++i) out.components.push_back({position.component(i), std::nullopt, {}});
}

// ---- 1. Bouton's misère rule ----
bool try_bouton(const Position& position, Context& context, const AnalysisOptions& options, SumAnalysis& out) {
  std::vector<std::uint64_t> heaps;
  heaps.reserve(position.size());
  for (std::size_t i = 0; i < position.size(); ++i) {
    const auto* heap = capability<NimHeapEquivalent>(position[i]);
    if (heap == nullptr) return false;
    heaps.push_back(heap->nim_heap());
  }
  report_components(position, out);
  const MisereNimAnalysis result = analyze_misere_nim(heaps);
  out.outcome = result.first_player_wins ? Outcome::N : Outcome::P;
  out.evidence = MisereEvidence{"Bouton's misère rule", "every component is a Nim heap", {}, {}, {}};
  if (!options.moves) return true;
  out.winning_move_total = result.winning_moves.size();
  for (const auto& [index, size] : result.winning_moves) {
    if (out.winning_moves.size() == options.max_moves) break;
    // The Nim heap's own move to that size (its options to the nim-value `size`).
    OptionList move = position[index].options_to_value(context, size, 1);
    if (move.listed.empty()) throw std::logic_error("misère Nim: no move from heap " + std::to_string(heaps[index]));
    out.winning_moves.push_back(Move{index, std::move(move.listed.front().action), std::move(move.listed.front().after),
                                     position});
  }
  return true;
}

// ---- 2. one heap alone ----
bool try_single_heap(const Position& position, Context& context, const AnalysisOptions& options, SumAnalysis& out) {
  if (position.size() != 1) return false;
  const auto* heap = capability<MisereHeap>(position[0]);
  if (heap == nullptr) return false;
  Nimber g = 0;
  try {
    g = heap->misere_value(context);
  } catch (const LimitError&) {
    return false;  // beyond its table: a quotient may know it
  }
  out.components.push_back({position.component(0), std::nullopt, {}});
  out.value = g;
  out.outcome = g != 0 ? Outcome::N : Outcome::P;
  out.evidence = MisereEvidence{"one heap's misère table",
                                "g⁻ by the mex rule, with g⁻ = 1 for a heap with no move",
                                {},
                                "g⁻ = " + std::to_string(g),
                                "a single game is a misère P-position exactly when its g⁻ is 0"};
  if (g == 0 || !options.moves) return true;
  OptionList moves = heap->misere_options_to_zero(context, options.max_moves);
  out.winning_move_total = moves.total;
  out.winning_move_total_is_lower_bound = moves.total_is_lower_bound;
  for (ComponentOption& option : moves.listed) {
    if (out.winning_moves.size() >= options.max_moves) break;
    out.winning_moves.push_back(Move{0, std::move(option.action), std::move(option.after), position});
  }
  return true;
}

// ---- 3. Conway's genus, every part tame ----
Genus nim_heap_genus(std::uint64_t n) { return misere::tame_genus(n, n <= 1); }

bool firm(const Genus& g) { return g.tameness() == Genus::Tameness::firm; }

std::string tame_text(const Genus& g) { return misere::genus_notation(g, misere::Phylum::hereditarily_tame); }

class TameGenera {
 public:
  explicit TameGenera(Context& context) : graph_(context, kTameLimits) {}
  // The genus of a component whose every follower has a tame genus; nullopt otherwise.
  std::optional<Genus> of(const ComponentPtr& component) {
    if (const auto* heap = capability<NimHeapEquivalent>(*component)) return nim_heap_genus(heap->nim_heap());
    const std::uint32_t node = graph_.add(component);
    while (genera_.size() <= node) {
      const auto next = static_cast<std::uint32_t>(genera_.size());
      genera_.push_back(compute(next));
    }
    return genera_[node];
  }
  std::optional<Genus> of_option(const Position& option) {
    std::vector<Genus> parts;
    for (std::size_t i = 0; i < option.size(); ++i) {
      std::optional<Genus> g = of(option.component(i));
      if (!g) return std::nullopt;
      parts.push_back(std::move(*g));
    }
    return misere::tame_sum(parts);
  }

 private:
  std::optional<Genus> compute(std::uint32_t node) {
    const auto& options = graph_.options(node);
    if (options.empty()) return misere::genus_of_zero();
    std::vector<Genus> option_genera;
    for (const std::vector<std::uint32_t>& parts : options) {
      std::vector<Genus> part_genera;
      for (std::uint32_t part : parts) {
        if (!genera_[part]) return std::nullopt;
        part_genera.push_back(*genera_[part]);
      }
      std::optional<Genus> sum = misere::tame_sum(part_genera);
      if (!sum) return std::nullopt;
      option_genera.push_back(std::move(*sum));
    }
    Genus genus = misere::genus_from_options(option_genera);
    if (genus.tameness() == Genus::Tameness::none) return std::nullopt;
    return genus;
  }

  misere::FollowerGraph graph_;
  std::vector<std::optional<Genus>> genera_;
};

// `past_bound` is set when a component's followers passed kTameLimits.
bool try_tame(const Position& position, Context& context, const AnalysisOptions& options, SumAnalysis& out,
              bool& past_bound) {
  TameGenera tame(context);
  std::vector<Genus> genera;
  try {
    for (std::size_t i = 0; i < position.size(); ++i) {
      std::optional<Genus> g = tame.of(position.component(i));
      if (!g) return false;
      genera.push_back(std::move(*g));
    }
  } catch (const LimitError&) {
    past_bound = true;
    return false;
  }
  const Genus total = *misere::tame_sum(genera);
  Nimber xor_all = 0;
  std::uint64_t firm_count = 0;
  for (const Genus& g : genera) {
    xor_all ^= g.normal;
    firm_count += firm(g) ? 1 : 0;
  }
  report_components(position, out);
  out.value = total.misere_value();
  out.outcome = total.misere_value() == 0 ? Outcome::P : Outcome::N;
  MisereEvidence evidence{"genus (Conway)", "every component and every position after it has a tame genus", {}, {}, {}};
  for (const Genus& g : genera) evidence.components.push_back(tame_text(g));
  evidence.total = tame_text(total);
  evidence.rule = firm_count == 0 ? "all fickle (0^1 or 1^0): the sum is fickle, g = xor = " + std::to_string(xor_all) +
                                        ", g0 = g xor 1 = " + std::to_string(total.misere_value()) +
                                        "; P exactly when g0 is 0"
                                  : "some part is firm: the sum is firm, g0 = g = xor = " + std::to_string(xor_all) +
                                        "; P exactly when g0 is 0";
  out.evidence = std::move(evidence);
  if (out.outcome == Outcome::P || !options.moves) return true;  // no move wins, or none asked for
  Winners winners(out, position, options.max_moves);
  auto is_p = [](Nimber x, std::uint64_t firms) { return firms == 0 ? x == 1 : x == 0; };
  for (std::size_t i = 0; i < position.size(); ++i) {
    const Nimber x_rest = xor_all ^ genera[i].normal;
    const std::uint64_t firm_rest = firm_count - (firm(genera[i]) ? 1 : 0);
    if (const auto* heap = capability<NimHeapEquivalent>(position[i])) {
      // A Nim heap moves to any smaller heap k (fickle for k <= 1).
      const std::uint64_t n = heap->nim_heap();
      std::vector<Nimber> targets;
      for (Nimber k : {x_rest ^ 1, x_rest}) {
        if (k < n && is_p(x_rest ^ k, firm_rest + (k >= 2 ? 1 : 0)) &&
            std::find(targets.begin(), targets.end(), k) == targets.end()) {
          targets.push_back(k);
        }
      }
      for (Nimber k : targets) {
        OptionList move = position[i].options_to_value(context, k, 1);
        if (move.listed.empty()) continue;
        winners.count(1);
        winners.list(i, std::move(move.listed.front().action), std::move(move.listed.front().after));
      }
      continue;
    }
    position[i].for_each_option(context, [&](ComponentOption&& option) {
      std::optional<Genus> g = tame.of_option(option.after);
      if (!g) throw std::logic_error("a follower of a tame game is not tame");
      if (is_p(x_rest ^ g->normal, firm_rest + (firm(*g) ? 1 : 0))) {
        winners.count(1);
        winners.list(i, std::move(option.action), std::move(option.after));
      }
      return true;
    });
  }
  return true;
}

// ---- 4. the misère quotient of the heaps' rules ----

// A heap of one rule (by its index) and size.
using HeapGroup = std::pair<std::size_t, std::uint64_t>;

// A sum of heaps for its quotient: the heaps' rules, which by their texts
// share one quotient, and the heaps grouped by rule and size.
struct HeapSum {
  std::vector<HeapRulePtr> rules;
  std::string key;  // the quotient's in the run's cache
  std::map<HeapGroup, std::uint64_t> groups;  // -> copies
  std::vector<HeapGroup> group_of;            // each component's
  std::vector<std::uint64_t> largest;         // each rule's largest heap
};

// The sum's heaps grouped, when every component is a heap.
std::optional<HeapSum> heap_sum(const Position& position) {
  std::map<std::string, HeapRulePtr> by_text;
  for (std::size_t i = 0; i < position.size(); ++i) {
    const auto* heap = dynamic_cast<const HeapComponent*>(&position[i]);
    if (heap == nullptr) return std::nullopt;
    by_text.emplace(heap->rule().text(), heap->rule().shared_from_this());
  }
  HeapSum sum;
  sum.key = "misere.quotient";
  std::map<std::string, std::size_t> rule_index;
  for (const auto& [text, rule] : by_text) {
    rule_index.emplace(text, sum.rules.size());
    sum.rules.push_back(rule);
    sum.key += " " + text;
  }
  sum.group_of.resize(position.size());
  sum.largest.assign(sum.rules.size(), 0);
  for (std::size_t i = 0; i < position.size(); ++i) {
    const auto& heap = dynamic_cast<const HeapComponent&>(position[i]);
    const std::size_t r = rule_index.at(heap.rule().text());
    sum.group_of[i] = {r, heap.heap()};
    ++sum.groups[sum.group_of[i]];
    sum.largest[r] = std::max(sum.largest[r], heap.heap());
  }
  return sum;
}

// The run's quotient of the sum's rules, made on first use.
misere::HeapQuotient& shared_quotient(const HeapSum& sum, Context& context) {
  const std::vector<HeapRulePtr>& rules = sum.rules;
  return *context.shared<misere::HeapQuotient>(sum.key, [&] {
    auto made = std::make_shared<misere::HeapQuotient>(rules, context, bound(context, kQuotientMemory));
    made->set_work_limit(kQuotientWork);
    // A quotient the user saved (`value --quotient FILE`) for this rule: the
    // heaps it holds cost nothing more (Dawson's Kayles to heap 30 is past
    // the bound above, 5.7 s by `grundy quotient`).
    for (const std::string& path : context.options().misere_quotients) {
      if (rules.size() != 1) break;
      std::optional<misere::QuotientCheckpoint> saved = misere::read_quotient_checkpoint(path, [&context] { context.poll(); });
      if (!saved || saved->rule != rules.front()->text()) continue;
      made->resume(std::move(saved->quotient), std::move(saved->expansion_heaps));
      break;
    }
    return made;
  });
}

// Whether the quotient, grown within its bounds, covers every heap of the sum.
bool covers_sum(misere::HeapQuotient& quotient, const HeapSum& sum) {
  try {
    for (std::size_t r = 0; r < sum.rules.size(); ++r) {
      if (!quotient.covers(r, sum.largest[r])) quotient.extend_to(r, sum.largest[r]);
    }
  } catch (const LimitError&) {
    return false;  // what it found stays for later sums; here the next method answers
  }
  for (std::size_t r = 0; r < sum.rules.size(); ++r) {
    if (!quotient.covers(r, sum.largest[r])) return false;
  }
  return true;
}

// Φ of each group raised to its copies; the product of the others for each
// group, by prefix and suffix products.
struct GroupProducts {
  std::vector<HeapGroup> keys;
  std::vector<Element> prefix;
  std::vector<Element> suffix;
  [[nodiscard]] Element total() const { return prefix.back(); }
};

GroupProducts group_products(const misere::HeapQuotient& quotient, const HeapSum& sum) {
  const misere::CommutativeMonoid& m = quotient.quotient().monoid;
  GroupProducts products;
  std::vector<Element> powers;
  for (const auto& [group, copies] : sum.groups) {
    products.keys.push_back(group);
    powers.push_back(m.power(quotient.of(group.first, group.second), copies));
  }
  const std::size_t d = products.keys.size();
  products.prefix.assign(d + 1, 0);
  products.suffix.assign(d + 1, 0);
  for (std::size_t k = 0; k < d; ++k) products.prefix[k + 1] = m.product(products.prefix[k], powers[k]);
  for (std::size_t k = d; k-- > 0;) products.suffix[k] = m.product(products.suffix[k + 1], powers[k]);
  return products;
}

MisereEvidence quotient_evidence(const misere::HeapQuotient& quotient, const HeapSum& sum, Element total) {
  const misere::MisereQuotient& q = quotient.quotient();
  const misere::CommutativeMonoid& m = q.monoid;
  std::string names;
  for (const HeapRulePtr& rule : sum.rules) names += (names.empty() ? "" : " and ") + rule->text();
  MisereEvidence evidence;
  evidence.method = "misère quotient";
  evidence.detail = "the misère quotient of " + names + ": |Q| = " + std::to_string(q.size()) +
                    ", |P| = " + std::to_string(q.p_size()) + ", " + misere::presentation_text(q) + "; " +
                    (quotient.proven() ? "every heap (Φ proven periodic: period " +
                                             std::to_string(quotient.pattern().period) + " from heap " +
                                             std::to_string(quotient.pattern().preperiod) + ")"
                     : sum.rules.size() == 1 ? "heaps 0.." + std::to_string(quotient.heaps())
                                             : "the heaps of each rule up to the largest here");
  constexpr std::size_t kShownClasses = 200;
  for (std::size_t i = 0; i < sum.group_of.size() && i < kShownClasses; ++i) {
    evidence.components.push_back(m.word_text(quotient.of(sum.group_of[i].first, sum.group_of[i].second)));
  }
  evidence.total = m.word_text(total);
  evidence.rule = std::string("the sum is a misère P-position exactly when the product of its heaps' classes is in P: ") +
                  m.word_text(total) + (q.is_p(total) ? " is in P" : " is not in P");
  return evidence;
}

// Winning moves: a move of a heap of a group leaves rest·Φ(what it leaves).
// All are counted while the moves looked at stay within kMovesPerSum (10^5
// Kayles heaps of up to 10^6 have ~5·10^10 moves); past it the count is a
// lower bound and the search goes on only until enough moves are listed.
void quotient_winning_moves(const Position& position, Context& context, const AnalysisOptions& options,
                            const misere::HeapQuotient& quotient, const HeapSum& sum, const GroupProducts& products,
                            SumAnalysis& out) {
  const misere::MisereQuotient& q = quotient.quotient();
  const misere::CommutativeMonoid& m = q.monoid;
  Winners winners(out, position, options.max_moves);
  std::map<HeapGroup, std::vector<HeapMove>> winning;  // listed moves per group
  std::uint64_t looked_in_sum = 0;
  std::size_t listed = 0;
  for (std::size_t k = 0; k < products.keys.size(); ++k) {
    if (looked_in_sum > kMovesPerSum && listed >= options.max_moves) {
      winners.lower_bound();
      break;
    }
    // Not a structured binding: clang 14 (sanitizer and WebAssembly builds)
    // cannot capture one in the lambda below.
    const auto r = products.keys[k].first;
    const auto s = products.keys[k].second;
    const std::uint64_t copies = sum.groups.at(products.keys[k]);
    const Element rest = m.product(m.product(products.prefix[k], products.suffix[k + 1]),
                                   m.power(quotient.of(r, s), copies - 1));
    std::uint64_t found = 0;
    std::uint64_t looked = 0;
    bool cut = false;
    sum.rules[r]->for_each_move(s, [&](const HeapMove& move) {
      if (++looked > kMovesPerHeap) {
        cut = true;
        return false;
      }
      Element x = rest;
      for (std::uint64_t leaf : move.leaves) x = m.product(x, quotient.of(r, leaf));
      if (q.is_p(x)) {
        ++found;
        if (winning[products.keys[k]].size() < options.max_moves) {
          winning[products.keys[k]].push_back(move);
          ++listed;
        }
      }
      if (++looked_in_sum > kMovesPerSum) {
        cut = true;
        if (listed >= options.max_moves) return false;
      }
      context.charge(move.leaves.size() + 1);
      return true;
    });
    if (cut) winners.lower_bound();
    winners.count(saturating_mul(found, copies));
  }
  for (std::size_t i = 0; i < position.size() && winners.room(); ++i) {
    const auto it = winning.find(sum.group_of[i]);
    if (it == winning.end()) continue;
    const auto& heap = dynamic_cast<const HeapComponent&>(position[i]);
    for (const HeapMove& move : it->second) {
      if (!winners.room()) break;
      winners.list(i, heap.rule().describe(heap.heap(), move), heap.after(move));
    }
  }
}

bool try_quotient(const Position& position, Context& context, const AnalysisOptions& options, SumAnalysis& out) {
  if (position.empty()) return false;
  // Every component a heap; their rules, by text, share one quotient.
  const std::optional<HeapSum> sum = heap_sum(position);
  if (!sum) return false;
  misere::HeapQuotient& quotient = shared_quotient(*sum, context);
  if (!covers_sum(quotient, *sum)) return false;
  const GroupProducts products = group_products(quotient, *sum);
  const Element total = products.total();
  report_components(position, out);
  out.outcome = quotient.quotient().is_p(total) ? Outcome::P : Outcome::N;
  out.value_note = "the quotient decides who wins; it gives no nim-value";
  out.evidence = quotient_evidence(quotient, *sum, total);
  if (out.outcome == Outcome::P || !options.moves) return true;  // no move wins, or none asked for
  quotient_winning_moves(position, context, options, quotient, *sum, products, out);
  return true;
}

// ---- 5. misère canonical forms ----
bool canonical(const Position& position, Context& context, const AnalysisOptions& options, SumAnalysis& out) {
  std::optional<misere::PositionForms> forms;
  forms.emplace(context, bound(context, kFormsMemory), kFormLimits);
  misere::CanonicalForms& table = forms->forms();
  std::vector<GameId> parts;
  GameId total = misere::CanonicalForms::kZero;
  std::vector<GameId> prefix{total};
  try {
    for (std::size_t i = 0; i < position.size(); ++i) {
      parts.push_back(forms->of(position.component(i)));
      total = table.sum(total, parts.back());
      prefix.push_back(total);
    }
  } catch (const LimitError&) {
    return false;
  }
  report_components(position, out);
  out.value = table.misere_value(total);
  out.outcome = table.is_p_position(total) ? Outcome::P : Outcome::N;
  MisereEvidence evidence;
  evidence.method = "canonical forms";
  evidence.detail = "misère canonical forms (Conway), in CGSuite's notation; " + std::to_string(table.size()) +
                    " canonical games made";
  constexpr std::size_t kShownForms = 40;
  constexpr std::size_t kShownLength = 200;
  auto shown = [&](GameId g) {
    std::optional<std::string> text = misere::notation(table, g, kShownLength);
    return text ? *text : "(birthday " + std::to_string(table.birthday(g)) + ", too long to show)";
  };
  for (std::size_t i = 0; i < parts.size() && i < kShownForms; ++i) evidence.components.push_back(shown(parts[i]));
  evidence.total = shown(total);
  evidence.rule = "the sum is a misère P-position exactly when its canonical form's g⁻ is 0: g⁻ = " +
                  std::to_string(table.misere_value(total));
  out.evidence = std::move(evidence);
  if (out.outcome == Outcome::P || !options.moves) return true;  // no move wins, or none asked for
  // The forms of the other components, summed, for each component.
  std::vector<GameId> suffix(position.size() + 1, misere::CanonicalForms::kZero);
  for (std::size_t i = position.size(); i-- > 0;) suffix[i] = table.sum(suffix[i + 1], parts[i]);
  Winners winners(out, position, options.max_moves);
  for (std::size_t i = 0; i < position.size(); ++i) {
    const GameId rest = table.sum(prefix[i], suffix[i + 1]);
    position[i].for_each_option(context, [&](ComponentOption&& option) {
      if (table.is_p_position(table.sum(rest, forms->of(option.after)))) {
        winners.count(1);
        winners.list(i, std::move(option.action), std::move(option.after));
      }
      return true;
    });
  }
  return true;
}

// Canonical forms can outgrow their table anywhere (the winning moves' sums,
// the text of the forms): then the search answers instead.
bool try_canonical(const Position& position, Context& context, const AnalysisOptions& options, SumAnalysis& out) {
  SumAnalysis attempt;
  attempt.position = out.position;
  attempt.misere = out.misere;
  try {
    if (!canonical(position, context, options, attempt)) return false;
  } catch (const LimitError&) {
    return false;
  }
  out = std::move(attempt);
  return true;
}

// ---- 6. a search of the sum ----
void search(const Position& position, Context& context, const AnalysisOptions& options, SumAnalysis& out) {
  misere::LazyFollowers graph(context);
  std::vector<std::uint32_t> nodes;
  for (std::size_t i = 0; i < position.size(); ++i) nodes.push_back(graph.node(position.component(i)));
  const std::size_t memory = context.options().memory_bytes;
  misere::SumSearch searcher(graph, context, memory != 0 ? memory : kSearchMemory);
  report_components(position, out);
  out.outcome = searcher.first_player_wins(nodes) ? Outcome::N : Outcome::P;
  if (out.outcome == Outcome::N) {
    Winners winners(out, position, options.max_moves);
    for (std::size_t i = 0; i < position.size(); ++i) {
      position[i].for_each_option(context, [&](ComponentOption&& option) {
        std::vector<std::uint32_t> after = nodes;
        after.erase(after.begin() + static_cast<std::ptrdiff_t>(i));
        for (std::size_t k = 0; k < option.after.size(); ++k) after.push_back(graph.node(option.after.component(k)));
        if (!searcher.first_player_wins(after)) {
          winners.count(1);
          winners.list(i, std::move(option.action), std::move(option.after));
        }
        return true;
      });
    }
  }
  out.evidence = MisereEvidence{"search", "a memoised search of the sum: " + std::to_string(searcher.positions()) +
                                              " positions (of " + std::to_string(graph.size()) + " components)",
                                {}, {}, "a position is lost exactly when every move leads to a won one; no move wins"};
}

}  // namespace

void analyze_misere(const Position& position, Context& context, const AnalysisOptions& options, SumAnalysis& out) {
  if (try_bouton(position, context, options, out)) return;
  if (try_single_heap(position, context, options, out)) return;
  bool followers_past_bound = false;
  if (try_tame(position, context, options, out, followers_past_bound)) return;
  if (try_quotient(position, context, options, out)) return;
  // The canonical forms' follower bounds are within the genus's (kFormLimits):
  // followers that passed the one pass the other, and listing them again
  // would only cost time (misère Sprouts of 5 spots: 4.1 s of 16).
  if (!followers_past_bound && try_canonical(position, context, options, out)) return;
  search(position, context, options, out);
}

}  // namespace grundy
