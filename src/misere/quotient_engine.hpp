// The misère quotient of heaps 1, 2, …, computed heap by heap as Siegel's
// MisereSolver does (Plambeck and Siegel, JCTA 2008, §7):
//
//  1. Heap n is tried as a conservative extension: some class q of the
//     quotient of heaps 1..n-1 with Φ(n) = q, checked first on one step from
//     every state of the last verification, then on the states heap n adds
//     (the old ones are closed under the other heaps). (Then the quotient is
//     unchanged: the same monoid, reduced, and onto.) The classes of earlier
//     heaps are tried first, most recent first.
//  2. Otherwise heap n gets a generator of its own, <a | a^4 = a^2> at first,
//     times the old quotient; the candidate is marked, reduced and verified.
//  3. While verification finds a least failure, the candidate is recalibrated:
//     for sets of the heaps in that sum (one heap, then two, …), those heaps
//     get free cyclic generators large enough to count their copies in it, on
//     the submonoid of the candidate the other heaps generate; the first
//     candidate that predicts the failure right is taken, and verified again.
//
// Every quotient this accepts has passed quotient_verification.hpp: the
// heuristics of steps 2 and 3 decide how fast, never what. They can fail to
// find a candidate; then add_heap throws LimitError and the quotient of the
// heaps before stays valid.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/misere/quotient.hpp"
#include "misere/quotient_construction.hpp"
#include "misere/quotient_verification.hpp"

namespace grundy::misere {

class QuotientEngine {
 public:
  // `memory_bytes` bounds each verification and candidate (0: none).
  QuotientEngine(Context& context, std::size_t memory_bytes);

  // Adds heap n = heaps() + 1 with its options (each a multiset of heaps 1..n-1;
  // an empty multiset for a move that leaves nothing).
  void add_heap(std::vector<std::vector<std::uint32_t>> options);

  // Starts from a quotient of heaps 1..n found before (a checkpoint), with
  // those heaps' options; it is verified first. InputError if it is wrong.
  void resume(MisereQuotient quotient, HeapOptions options);

  [[nodiscard]] const MisereQuotient& quotient() const noexcept { return quotient_; }
  [[nodiscard]] std::uint64_t heaps() const noexcept { return options_.size() - 1; }
  [[nodiscard]] const std::vector<std::uint64_t>& expansion_heaps() const noexcept { return expansions_; }
  void set_expansion_heaps(std::vector<std::uint64_t> heaps) { expansions_ = std::move(heaps); }
  [[nodiscard]] std::size_t states() const noexcept { return states_.size(); }
  // A bound on the work (states searched and candidate elements marked, in
  // all): past it add_heap throws LimitError. 0: none. The misère analysis
  // uses one, so that a quotient that keeps growing hands over to the next
  // method instead of running for minutes.
  void set_work_limit(std::uint64_t limit) noexcept { work_limit_ = limit; }
  [[nodiscard]] std::uint64_t recalibrations() const noexcept { return recalibrations_; }

 private:
  [[nodiscard]] std::vector<Element> transitions_of(const MisereQuotient& q, std::size_t heap) const;
  [[nodiscard]] std::vector<std::vector<Element>> all_transitions(const MisereQuotient& q) const;
  [[nodiscard]] bool try_conservative(const std::vector<Element>& transitions);
  void charge(std::uint64_t work);
  [[nodiscard]] std::size_t work_left() const;  // 0: unbounded
  [[nodiscard]] MisereQuotient recalibrate(const MisereQuotient& trial, const std::vector<std::uint32_t>& failure,
                                           bool failure_is_p);

  Context& context_;
  std::size_t memory_bytes_;
  MisereQuotient quotient_;
  HeapOptions options_;
  std::vector<std::uint64_t> weights_;
  std::vector<std::vector<Element>> transitions_;  // S_h in the current quotient
  QuotientStates states_;                          // closed under every heap, all obeying the condition
  std::unique_ptr<Dominance> dominance_;           // of the current quotient
  std::vector<std::uint64_t> expansions_;
  std::uint64_t recalibrations_ = 0;
  std::size_t options_bytes_ = 0;  // the option lists in options_, counted against half the memory bound
  std::uint64_t work_ = 0;
  std::uint64_t work_limit_ = 0;
};

}  // namespace grundy::misere
