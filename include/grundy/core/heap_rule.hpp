// A rule for playing on one heap (subtraction games, [L,R]-Nim, octal games…):
// the position is a heap size, a move leaves zero or more heaps. A heap rule
// gives a component for each heap it is applied to (`sub{1,2,3}(10)`), and a
// table for `grundy table`.
//
// REQUIRED: text, for_each_move (the definition) and value.
// OPTIONAL (overridden where a closed form or an engine knows better; the
// defaults follow the definition): moves_to_value, table, misere_table,
// describe. The conformance suite holds each override to the definition.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/capabilities.hpp"
#include "grundy/core/context.hpp"
#include "grundy/core/heap_move.hpp"
#include "grundy/core/heap_sequence.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/position.hpp"
#include "grundy/core/sequence.hpp"

namespace grundy {

class HeapRule : public std::enable_shared_from_this<HeapRule> {
 public:
  virtual ~HeapRule() = default;

  // The rule in expression syntax, without positions: "sub{1,3,4}", "lr(1,2)".
  [[nodiscard]] virtual std::string text() const = 0;

  // g(heap). Throws LimitError when the heap is beyond what this rule can answer
  // exactly (never a guess), Cancelled when the context is stopped.
  [[nodiscard]] virtual Nimber value(Context& context, std::uint64_t heap) const = 0;

  // Every move from `heap` (the rule's order: for a heap game of the model its
  // moves that leave one heap or none, then its splits into two, then into
  // three); the callback returns false to stop early. Heaps of 10^18 under a rule with infinitely many moves are
  // enumerated lazily, so callers must stop.
  virtual void for_each_move(std::uint64_t heap, const std::function<bool(const HeapMove&)>& visit) const = 0;

  // Moves from `heap` that leave nim-value `target`. The default walks
  // for_each_move (LimitError past a million moves); rules with a closed form
  // or a proven pattern override it to count exactly.
  [[nodiscard]] virtual HeapMoveList moves_to_value(Context& context, std::uint64_t heap, Nimber target,
                                                    std::size_t limit) const;

  // g(0..upto) and the pattern in it: `proven` where a theorem allows.
  [[nodiscard]] virtual SequenceReport table(Context& context, std::uint64_t upto) const;

  // Misère play of a single heap of this rule (the last player to move loses):
  // the misère nim-value g⁻, with g⁻ = 0 exactly for the P-positions. Not additive
  // over sums. Default: computed from for_each_move by the definition, for heaps
  // that fit a table; rules override with a pattern where one is proven.
  [[nodiscard]] virtual SequenceReport misere_table(Context& context, std::uint64_t upto) const;

  // The largest heap this rule can value at all (a fact of the rule, e.g.
  // Lasker's Nim: g(2^64-1) = 2^64 has no 64-bit nimber); larger heaps are
  // refused where the term is read, with its column.
  [[nodiscard]] virtual std::uint64_t largest_heap() const { return UINT64_MAX; }

  // The moves from `heap` to value `target` as runs of consecutive takes, when
  // every move of this rule takes tokens from the heap and leaves one heap (or
  // none). Default: from moves_to_value's list, when it lists them all (up to
  // 4096); [L,R]-Nim counts its runs exactly at any size.
  [[nodiscard]] virtual std::optional<TakeRangeList> take_ranges_to_value(Context& context, std::uint64_t heap,
                                                                          Nimber target, std::size_t limit) const;

  // When a theorem proves a period from finitely many values (the octal
  // periodicity theorem for take-and-break codes), the heap up to which a
  // period `period` from `preperiod` must hold to be proven; nullopt when no
  // such theorem applies to this rule (a period is then only seen).
  [[nodiscard]] virtual std::optional<std::uint64_t> periodicity_check_end(std::uint64_t preperiod,
                                                                          std::uint64_t period) const;

  // A theorem that gives g(heap) outright, applied to this heap (capabilities.hpp);
  // nothing by default. Rules with a closed form ([L,R]-Nim, Bash) say which.
  [[nodiscard]] virtual std::optional<TheoremApplication> theorem(std::uint64_t heap) const;

  // Words for a move of this rule ("take 3", "take 2 and split the rest into 4 and 1").
  [[nodiscard]] virtual std::string describe(std::uint64_t heap, const HeapMove& move) const;

  // The component "rule(heap)". Rules whose heaps have a capability (a Nim heap
  // is NimHeapEquivalent) return a component class that declares it.
  [[nodiscard]] virtual ComponentPtr component(std::uint64_t heap) const;

 private:
  // table and misere_table by the definition, from for_each_move.
  [[nodiscard]] SequenceReport table_by_definition(Context& context, std::uint64_t upto, Play play) const;
};

using HeapRulePtr = std::shared_ptr<const HeapRule>;

// The component a heap rule gives by default: options from for_each_move,
// values and moves from the rule, misère values of a lone heap from its misère
// table. Rules that need a component class of their own derive from it.
class HeapComponent : public Component, public MisereHeap, public DecidedByTheorem, public TakeRanges {
 public:
  HeapComponent(HeapRulePtr rule, std::uint64_t heap) : rule_(std::move(rule)), heap_(heap) {}

  [[nodiscard]] const HeapRule& rule() const noexcept { return *rule_; }
  [[nodiscard]] std::uint64_t heap() const noexcept { return heap_; }

  std::string head() const override { return rule_->text(); }
  std::string arguments() const override { return std::to_string(heap_); }
  std::string merge_key() const override { return rule_->text(); }
  Value value(Context& context) const override { return rule_->value(context, heap_); }
  void for_each_option(Context& context, const std::function<bool(ComponentOption&&)>& visit) const override;
  OptionList options_to_value(Context& context, Nimber target, std::size_t limit) const override;
  bool same_as(const Component& other) const override;

  Nimber misere_value(Context& context) const override;
  std::optional<TheoremApplication> theorem(Context&) const override { return rule_->theorem(heap_); }
  std::optional<TakeRangeList> take_ranges_to_value(Context& context, Nimber target, std::size_t limit) const override {
    return rule_->take_ranges_to_value(context, heap_, target, limit);
  }
  OptionList misere_options_to_zero(Context& context, std::size_t limit) const override;

  // What the heap becomes after `move`: the heaps it leaves, or rule(0).
  [[nodiscard]] Position after(const HeapMove& move) const;

 private:
  HeapRulePtr rule_;
  std::uint64_t heap_;
};

// Largest table a default (definition-based) computation will build: beyond it a
// value without a proven pattern is refused rather than computed for hours.
inline constexpr std::uint64_t kDefaultTableLimit = 50'000'000;

// Refuses (LimitError) a table of heaps 0..upto past kDefaultTableLimit, naming
// the rule; `instead` (may be empty) tells what can make a larger one. The one
// wording of this refusal for every heap rule.
void check_table_request(std::uint64_t upto, const std::string& rule_text, const std::string& instead = {});

}  // namespace grundy
