// The moves of a sum some of whose parts have cycles (docs/loopy.md): what
// analyze() does once every component has its value, when one of them is
// ∞(K) or carries a counter (LoopyCounter).
//
// With T the value of the sum (Smith's rules, value.hpp):
//  - T finite and not 0: move a component of value v to a follower of value
//    v xor T. In a component with cycles only when v xor T < v (a lowering
//    move): raising moves also reach P-positions, but a player who keeps
//    making them can be walked round a cycle for ever.
//  - The reversal rule: when the opponent's last move raised a component with
//    cycles (from u of value a, counter c(u), to a larger value or ∞) out of a
//    P-position, the winning moves are the moves in that component to a
//    follower w of value a with c(w) < c(u) — they exist by property B of the
//    labelling. Every round then lowers a component's (value, counter), or the
//    height of a component without cycles, so the multiset of these strictly
//    decreases in a well-founded order: the win arrives in finitely many moves.
//  - T = ∞(K) with 0 ∈ K: exactly one component X is infinite and the others
//    sum to t ∈ K; the winning moves take X to a follower of value t.
//  - A draw (T = ∞(K), 0 ∉ K): the drawing moves are the options after which
//    the sum is still a draw, found by valuing every option of every component
//    (at most 100 000 a component; the count is then a lower bound).
#pragma once

#include <optional>

#include "grundy/analysis/analysis.hpp"
#include "grundy/core/context.hpp"
#include "grundy/core/position.hpp"

namespace grundy {

// True when a component of the analysed sum is infinite or has a counter.
// `analysis.components` must hold every component's value.
[[nodiscard]] bool has_loopy_parts(const SumAnalysis& analysis, Context& context);

// Fills the winning moves (outcome N), or the drawing moves (outcome D), of
// `analysis`, whose value and outcome are set. Throws InputError when
// options.last_move does not lead to `position`.
void add_loopy_moves(const Position& position, Context& context, const AnalysisOptions& options,
                     SumAnalysis& analysis);

// The move that turns `before` into `after` (one component changed), or
// nullopt when there is none. For a front end that knows the previous position.
[[nodiscard]] std::optional<Move> move_between(const Position& before, const Position& after, Context& context);

}  // namespace grundy
