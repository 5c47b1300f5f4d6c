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
#include <unordered_map>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/misere/commutative_monoid.hpp"
#include "grundy/misere/quotient.hpp"

namespace grundy::misere {

// The states of a search: each is Φ of a sum followed by the (undominated)
// classes of its options, as one key; kept in the order they were settled.
class QuotientStates {
 public:
  QuotientStates() = default;
  QuotientStates(QuotientStates&&) = default;
  QuotientStates& operator=(QuotientStates&&) = default;
  QuotientStates(const QuotientStates&) = delete;  // the order points into the keys
  QuotientStates& operator=(const QuotientStates&) = delete;
  struct KeyHash {
    std::size_t operator()(const std::vector<Element>& key) const noexcept;
  };
  // False when the key is there already.
  bool insert(std::vector<Element>&& key);
  [[nodiscard]] bool contains(const std::vector<Element>& key) const { return keys_.count(key) != 0; }
  [[nodiscard]] std::size_t size() const noexcept { return order_.size(); }
  [[nodiscard]] const std::vector<Element>& operator[](std::size_t i) const { return *order_[i]; }
  [[nodiscard]] std::size_t bytes() const noexcept { return bytes_; }

 private:
  std::unordered_map<std::vector<Element>, std::uint32_t, KeyHash> keys_;
  std::vector<const std::vector<Element>*> order_;
  std::size_t bytes_ = 0;
};

struct Verification {
  bool holds = false;
  // When it does not: a least sum it predicts wrongly (exponent of each heap,
  // index 0 unused) and its true outcome.
  std::vector<std::uint32_t> failure;
  bool failure_is_p = false;
  QuotientStates states;     // every state (when it holds)
  std::size_t searched = 0;  // states settled, whether it holds or not
};

// Heaps 1..n with `transitions[h]` = S_h (empty for a heap with no move, which
// is 0 and changes nothing) and `weights[h]` > the weight of any option of h.
// Throws LimitError past `memory_bytes` or `max_states` (each 0: none),
// Cancelled through `context`.
class Dominance;
[[nodiscard]] Verification verify_quotient(const MisereQuotient& quotient, const Dominance& dominance,
                                           const std::vector<std::vector<Element>>& transitions,
                                           const std::vector<std::uint64_t>& weights, Context& context,
                                           std::size_t memory_bytes, std::size_t max_states = 0);

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
  std::vector<std::uint32_t> weight_;  // |P-set| of each element
};

// One step of the search, for the quick test of a conservative extension:
// whether every state, with heap n of class `candidate` added, obeys the
// condition.
[[nodiscard]] bool one_step_holds(const MisereQuotient& quotient, const QuotientStates& states, Element candidate,
                                  const std::vector<Element>& transitions, Context& context);

// A conservative extension proven without searching again: `states` is closed
// under heaps 1..n-1 (a verification of the quotient without heap n), and
// `quotient` has Φ(n) set. Adds heap n to every state, and every heap to the
// new states, checking each new state. On success the new states join
// `states`; on failure `states` is unchanged.
[[nodiscard]] bool extension_holds(const MisereQuotient& quotient, const Dominance& dominance,
                                   const std::vector<std::vector<Element>>& transitions, QuotientStates& states,
                                   Context& context, std::size_t memory_bytes, std::size_t* examined = nullptr);

}  // namespace grundy::misere
