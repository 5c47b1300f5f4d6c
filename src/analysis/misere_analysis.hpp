// The misère analysis of a sum (analysis.hpp): the outcome, every winning
// move, and the evidence of the method that decided, tried in this order:
//
//  1. Bouton's misère rule, when every component is a Nim heap;
//  2. one heap alone: its rule's misère table (g⁻ by the mex rule);
//  3. Conway's genus, when every component and every follower has a tame
//     genus: the sum has the tame genus of the xor (fickle when every part
//     is), and it is a P-position exactly when its g0 is 0;
//  4. the misère quotient of the heaps' rule, when every component is a heap
//     of one rule and the quotient reaches the largest (or is proven periodic):
//     P exactly when the product of the heaps' classes is in P — linear in the
//     number of heaps;
//  5. misère canonical forms: the canonical sum's g⁻ is 0 exactly for P;
//  6. a memoised search of the sum.
// Methods 3, 5 and 6 work on the followers of the components (any ruleset, a
// user's game in C++ or Python); past their bounds (LimitError) the next is
// tried. A game with cycles is refused (InputError): misère play needs games
// that end.
#pragma once

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/context.hpp"
#include "grundy/core/position.hpp"

namespace grundy {

void analyze_misere(const Position& position, Context& context, const AnalysisOptions& options, SumAnalysis& out);

}  // namespace grundy
