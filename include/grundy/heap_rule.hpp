// A rule for playing on one heap (subtraction games, [L,R]-Nim, octal games…):
// the position is a heap size, a move leaves zero or more heaps. A heap rule gives
// a Component for each heap it is applied to (`sub{1,2,3}(10)`), and a table for
// `grundy table`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/component.hpp"
#include "grundy/nimber.hpp"
#include "grundy/sequence.hpp"

namespace grundy {

// One move on a heap: how many tokens it takes and which heaps it leaves
// (a subtraction move leaves one heap or none; a take-and-break move up to three).
struct HeapMove {
  std::uint64_t taken = 0;
  std::vector<std::uint64_t> leaves;  // sizes > 0 only
};

class HeapRule {
 public:
  virtual ~HeapRule() = default;

  // The rule in expression syntax, without positions: "sub{1,3,4}", "lr(1,2)".
  [[nodiscard]] virtual std::string text() const = 0;

  // g(heap). Throws LimitError when the heap is beyond what this rule can answer
  // exactly (never a guess).
  [[nodiscard]] virtual Nimber value(std::uint64_t heap) const = 0;

  // Every move from `heap`, in order of increasing `taken`; the callback returns
  // false to stop early. Heaps of 10^18 under a rule with infinitely many moves are
  // enumerated lazily, so callers must stop.
  virtual void for_each_move(std::uint64_t heap,
                             const std::function<bool(const HeapMove&)>& visit) const = 0;

  // Moves from `heap` that leave nim-value `target`. The default walks
  // for_each_move (stopping after `limit` found and `scan_limit` moves seen); rules
  // with a closed form override it to count exactly.
  [[nodiscard]] virtual MoveList moves_to_value(std::uint64_t heap, Nimber target,
                                                std::size_t limit) const;

  // g(0..upto) and the pattern in it: `proven` where a theorem allows.
  [[nodiscard]] virtual SequenceReport table(std::uint64_t upto) const;

  // Misère play of a single heap of this rule (the last player to move loses):
  // the misère nim-value g⁻, with g⁻ = 0 exactly for the P-positions. Not additive
  // over sums. Default: computed from for_each_move by the definition, for heaps
  // that fit a table; rules override with a pattern where one is proven.
  [[nodiscard]] virtual SequenceReport misere_table(std::uint64_t upto) const;

  // True only for plain Nim, whose sums the Anti-Nim rule solves in misère play.
  [[nodiscard]] virtual bool is_plain_nim() const { return false; }

  // Words for a move of this rule ("take 3", "take 2 and split the rest into 4 and 1").
  [[nodiscard]] virtual std::string describe(std::uint64_t heap, const HeapMove& move) const;
};

using HeapRulePtr = std::shared_ptr<const HeapRule>;

// The Component "rule(heap)".
[[nodiscard]] ComponentPtr make_heap_component(HeapRulePtr rule, std::uint64_t heap);

// Largest table a default (definition-based) computation will build: beyond it a
// value without a proven pattern is refused rather than computed for hours.
inline constexpr std::uint64_t kDefaultTableLimit = 50'000'000;

}  // namespace grundy
