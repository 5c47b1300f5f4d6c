// The misère quotient of one heap rule, grown heap by heap on demand: what
// `grundy quotient` runs and what the misère analysis of a sum of heaps asks
// (Φ of each heap, one product, P or not). Heaps of several rules in one sum
// (kayles(10) + 0.07(12)) share one quotient: its generators are the heaps of
// every rule, each rule's heaps in order (their options are smaller heaps of
// the same rule).
//
// For take-and-break codes the octal periodicity theorem carries over to the
// pretending function (Plambeck and Siegel, JCTA 2008, §6): if
// Φ(n + p) = Φ(n) for n0 <= n < B, B the bound of
// take_and_break/periodicity.hpp, then for all n >= n0, and Q is the quotient
// of every heap. (Heap n + p then has the same class and the same classes of
// options as heap n — the theorem's pairing of options, applied to products of
// classes instead of nim-sums — so it adds no state to the verification: the
// extension Φ(n + p) = Φ(n) is the one conservative extension.) Once proven,
// Φ of any heap up to 2^64 - 1 is known.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/misere/quotient.hpp"
#include "grundy/core/sequence.hpp"

namespace grundy::misere {

class QuotientEngine;

class HeapQuotient {
 public:
  // `memory_bytes`: bound on the engine's work (0: none).
  HeapQuotient(HeapRulePtr rule, Context& context, std::size_t memory_bytes);
  // Heaps of several rules (the periodicity theorem is then not applied).
  HeapQuotient(std::vector<HeapRulePtr> rules, Context& context, std::size_t memory_bytes);
  ~HeapQuotient();
  HeapQuotient(const HeapQuotient&) = delete;
  HeapQuotient& operator=(const HeapQuotient&) = delete;

  // Extends the quotient through heap `heap`, or until Φ is proven periodic.
  // Throws LimitError (past the memory bound, no candidate found) or Cancelled;
  // the quotient of the heaps done so far stays valid either way.
  void extend_to(std::uint64_t heap) { extend_to(0, heap); }
  void extend_to(std::size_t rule, std::uint64_t heap);
  // Starts from a saved quotient of heaps 0..n (a checkpoint); verified first.
  void resume(MisereQuotient quotient, std::vector<std::uint64_t> expansion_heaps);

  // A bound on the engine's work (QuotientEngine::set_work_limit); 0: none.
  void set_work_limit(std::uint64_t limit);

  [[nodiscard]] const HeapRule& rule() const noexcept { return *rules_.front(); }
  [[nodiscard]] const MisereQuotient& quotient() const;
  // One rule: Φ(0..heaps()) computed (the pretending function is indexed by
  // heap). Several: the heaps of rule r done are 1..heaps(r).
  [[nodiscard]] std::uint64_t heaps() const;
  [[nodiscard]] std::uint64_t heaps(std::size_t rule) const { return done_[rule]; }
  [[nodiscard]] const Periodicity& pattern() const noexcept { return pattern_; }
  [[nodiscard]] bool proven() const noexcept { return pattern_.proven(); }
  // Whether Φ(heap) is known: computed, or from a proven period.
  [[nodiscard]] bool covers(std::uint64_t heap) const { return covers(0, heap); }
  [[nodiscard]] Element of(std::uint64_t heap) const { return of(0, heap); }
  [[nodiscard]] bool covers(std::size_t rule, std::uint64_t heap) const;
  [[nodiscard]] Element of(std::size_t rule, std::uint64_t heap) const;
  [[nodiscard]] const std::vector<std::uint64_t>& expansion_heaps() const;
  [[nodiscard]] std::size_t states() const;
  [[nodiscard]] std::uint64_t recalibrations() const;

 private:
  void add_next_heap(std::size_t rule);
  void update_pattern();

  std::vector<HeapRulePtr> rules_;
  std::vector<std::uint64_t> done_;                      // heaps of each rule added
  std::vector<std::vector<std::uint32_t>> generator_of_;  // [rule][heap] -> generator (heap 0 -> 0)
  Context& context_;
  std::unique_ptr<QuotientEngine> engine_;
  Periodicity pattern_;
  std::uint64_t pattern_checked_at_ = 0;
};

// Periodicity of a pretending function: the least period p with a preperiod
// n0 that the theorem proves from Φ(0..N) (`check_end(n0, p)` is the bound B;
// none: nothing is proven), else a period seen three times (detected).
[[nodiscard]] Periodicity pretending_periodicity(const std::vector<Element>& values,
                                                 const std::function<std::uint64_t(std::uint64_t, std::uint64_t)>* check_end);

}  // namespace grundy::misere
