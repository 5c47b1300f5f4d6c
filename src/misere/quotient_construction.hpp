// Candidates for the misère quotient when it has to grow (the quotient of
// heaps 1..n-1 with heap n added is not a conservative extension of it).
//
// A candidate is built in a monoid M known to be large enough to tell the
// heaps apart the way it guesses: the submonoid of a previous candidate that
// the classes of most heaps generate, times a cyclic monoid <a | a^(i+p) = a^i>
// for each heap set free (MisereSolver's construction; Plambeck and Siegel,
// JCTA 2008, §7). Each element of M gets the outcome of the least sum (heaps
// compared from the largest down) that lands on it, computed from the outcomes
// of that sum's options, which are smaller sums and so already marked; then M
// is reduced: elements that no further sum tells apart are merged (the
// minimization of the automaton whose letters are the heaps). Whether the
// result is the quotient is for quotient_verification.hpp to say.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/misere/quotient.hpp"

namespace grundy::misere {

// The heaps 1..n: options of each (multisets of smaller heaps; heap 0 unused).
using HeapOptions = std::vector<std::vector<std::vector<std::uint32_t>>>;

struct CyclicFactor {
  std::uint32_t heap = 0;     // the heap whose class generates it
  std::uint32_t index = 0;    // a^(index + period) = a^index
  std::uint32_t period = 1;
};

// Builds the candidate: the base is `previous` (its classes of the heaps not
// in `free`), times one cyclic factor per free heap. `previous.pretending`
// must cover heaps 0..n-1 at least; heaps past it must all be free. Throws
// LimitError when the image of M would exceed what `memory_bytes` holds or
// `max_elements` (each 0: none), Cancelled.
[[nodiscard]] MisereQuotient build_candidate(const MisereQuotient& previous, const HeapOptions& options,
                                             const std::vector<CyclicFactor>& free, Context& context,
                                             std::size_t memory_bytes, std::size_t max_elements = 0);

// The reduced monoid of a bipartite monoid given by a multiplication by each
// heap: elements 0..size-1 (0 the identity, all reachable), `times[h][x]` = x
// times the class of heap h, P the marked elements. Generators of the result
// are the heaps whose class is not a product of the classes of smaller heaps.
[[nodiscard]] MisereQuotient reduce_bipartite(const std::vector<std::vector<Element>>& times,
                                              const std::vector<bool>& p_portion,
                                              const std::vector<Element>& heap_elements);

}  // namespace grundy::misere
