// Proof that a candidate (Q, P, Φ) is the misère quotient of the heaps 1..n.
//
// Plambeck and Siegel (JCTA 2008, §6): if Φ (extended to sums as a product) is
// onto, (Q, P) is reduced (distinct elements are told apart by some c: ac in P
// but bc not, or the reverse), and Φ(G) is in P exactly when G is a misère
// P-position for every sum G of the heaps, then Q is their quotient. The last
// condition is checked on every sum at once through what decides it: for a
// sum G, let T(G) be the set of Φ of its options. By induction on G, "Φ(G) in P
// <=> G ≠ 0 and no element of T(G) is in P" for all G is the same as the
// condition itself. And (Φ(G), T(G)) evolves by one heap h as
//     (m, T)  ->  (m·Φ(h), Φ(h)·T ∪ m·S_h),   S_h = Φ of the options of h,
// from (1, ∅): a finite graph of states, searched here. Elements of T that
// another element of T dominates (every c with tc in P has uc in P) never
// decide anything and are dropped, which keeps the states few.
//
// The search goes by increasing weight of the sums (a heap weighs more than
// any of its options together), so the first state that breaks the condition
// is a least failure: all its options' states were checked before it, their
// predictions are right, and its true outcome is "no element of T in P".
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "grundy/context.hpp"
#include "grundy/misere/commutative_monoid.hpp"
#include "grundy/misere/quotient.hpp"

namespace grundy::misere {

// One state of the search: Φ of a sum and the (undominated) Φ of its options.
struct QuotientState {
  Element element = 0;
  std::vector<Element> options;
  std::uint32_t parent = 0;     // the state it was reached from
  std::uint32_t generator = 0;  // the heap added to it
};

struct Verification {
  bool holds = false;
  // When it does not: a least sum it predicts wrongly (exponent of each heap,
  // index 0 unused) and its true outcome.
  std::vector<std::uint32_t> failure;
  bool failure_is_p = false;
  std::vector<QuotientState> states;  // settled, in order (when it holds)
};

// Heaps 1..n with `transitions[h]` = S_h (empty for a heap with no move, which
// is 0 and changes nothing) and `weights[h]` > the weight of any option of h.
// Throws LimitError past `memory_bytes` (0: none), Cancelled through `context`.
[[nodiscard]] Verification verify_quotient(const MisereQuotient& quotient,
                                           const std::vector<std::vector<Element>>& transitions,
                                           const std::vector<std::uint64_t>& weights, Context& context,
                                           std::size_t memory_bytes);

// The dominance order of a reduced quotient, as bit rows (x <= y: every c with
// xc in P has yc in P). Empty for quotients too large to tabulate it.
class Dominance {
 public:
  explicit Dominance(const MisereQuotient& quotient);
  [[nodiscard]] bool available() const noexcept { return !rows_.empty(); }
  [[nodiscard]] bool below(Element x, Element y) const { return (rows_[x][y >> 6] >> (y & 63)) & 1U; }
  // Sorts, removes duplicates and dominated elements.
  void reduce(std::vector<Element>& set) const;

 private:
  std::vector<std::vector<std::uint64_t>> rows_;
};

// One step of the search, for the quick test of a conservative extension:
// whether every settled state, with heap n of class `candidate` added, obeys
// the condition.
[[nodiscard]] bool one_step_holds(const MisereQuotient& quotient, const std::vector<QuotientState>& states,
                                  Element candidate, const std::vector<Element>& transitions, Context& context);

}  // namespace grundy::misere
