// Value-preserving reductions of a set of free cells before it is split into
// parts (private to the library; used by Engine::for_each_part).
//
// Cram is the game on the graph of free cells in which a move deletes both ends
// of an edge, so what matters is the graph, not the geometry. Three facts about
// that game (each proved below; each held to the brute force by
// tests/placement_reduction_test.cpp):
//
// - Pendant twins. If cells p1 and p2 both have c as their only neighbour, the
//   moves c-p1 and c-p2 leave the same graph up to an isolated cell (the other
//   pendant), and every other move keeps p1, p2 pendant on c or removes c and
//   with it both. So dropping p2 keeps the value (induction on the moves).
// - Bridges. If every neighbour c_i of a cell x has a pendant p_i (p_i's only
//   neighbour is c_i), then G = G - x: in G + (G - x) the second player copies
//   every move, and answers x-c_i in G by c_i-p_i in G - x; both leave G minus
//   {x, c_i, p_i} up to the isolated p_i. The relation survives every copied
//   pair (cells only disappear, and p_i goes only with c_i). An isolated cell is
//   the case with no neighbour.
// - Diagonal twins. In a 2x2 square of free cells a b / c d, if a's left and top
//   are blocked and d's right and bottom are blocked (or the mirror case with b
//   and c), a and d are non-adjacent with the same neighbours {b, c}. Then the
//   game without the edges a-b and c-d has the same value: a-b and d-b leave
//   isomorphic graphs (swap a and d), a-c and d-c too, and the kept moves d-b
//   and a-c leave the same graph with or without the two edges; every other
//   move keeps a, d twins. Cutting the two horizontal edges may split the region.
//
// And for Node Kayles (choose a vertex; it and its neighbours go):
// - Closed twins. Adjacent u, v with the same closed neighbourhood (N[u] = N[v])
//   always go together and choosing either leaves the same graph, so dropping v
//   keeps the value. On the king graph (2x2 blocks) these are common: two
//   neighbours on a blocked border.
#pragma once

#include <cstddef>

#include "grundy/search/bits.hpp"
#include "grundy/search/placement_reductions.hpp"

namespace grundy::placement::detail {

// Neighbour indicators in a box of `width` columns: bit i of right_free(p) is set
// when cell i + 1 (same row) is in p, and so on. G is a Geometry<N>.
template <class G, class B>
B right_free(const G& g, const B& p) {
  return p.shr(1) & g.not_last_col;
}
template <class G, class B>
B left_free(const G& g, const B& p) {
  return p.shl(1) & g.not_first_col;
}
template <class G, class B>
B below_free(const G& g, const B& p) {
  return p.shr(static_cast<std::size_t>(g.width));
}
template <class G, class B>
B above_free(const G& g, const B& p) {
  return p.shl(static_cast<std::size_t>(g.width)) & g.all;
}

// The cells of p with exactly one neighbour in p (4-neighbourhood).
template <class G, class B>
B pendant_cells(const G& g, const B& p) {
  const B a = above_free(g, p);
  const B b = below_free(g, p);
  const B l = left_free(g, p);
  const B r = right_free(g, p);
  const B some = a | b | l | r;
  const B two = (a & b) | ((a | b) & (l | r)) | (l & r);
  return (p & some).minus(two);
}

// Cram: drops all but one pendant cell of each cell that carries several, and
// every cell all of whose neighbours carry a pendant (isolated cells included).
template <class G, class B>
B reduce_pendants(const G& g, const B& p, unsigned reductions) {
  const std::size_t w = static_cast<std::size_t>(g.width);
  const B t = pendant_cells(g, p);
  // The cells carrying a pendant, seen side by side: above, left, below, right.
  // A pendant whose cell was already seen from an earlier side is a twin.
  const B from_above = p & t.shl(w) & g.all;
  const B from_left = p & t.shl(1) & g.not_first_col;
  const B from_below = p & t.shr(w);
  const B from_right = p & t.shr(1) & g.not_last_col;
  B centres = from_above;
  B twins;
  twins |= (centres & from_left).shr(1);
  centres |= from_left;
  twins |= (centres & from_below).shl(w);
  centres |= from_below;
  twins |= (centres & from_right).shl(1);
  centres |= from_right;
  // Isolated cells go always (no move uses them: the prune of other rules).
  B removed = p.minus(above_free(g, p) | below_free(g, p) | left_free(g, p) | right_free(g, p));
  if (reductions & kPendantTwins) removed |= twins;
  if (reductions & kBridges) {
    // Neither pendant nor carrying one, and no neighbour of that kind either:
    // every neighbour carries a pendant (a neighbour that is a pendant would
    // make the cell carry it).
    const B plain = p.minus(t | centres);
    removed |= plain.minus(above_free(g, plain) | below_free(g, plain) | left_free(g, plain) | right_free(g, plain));
  }
  return p.minus(removed);
}

// Cram: the left cells of the horizontal edges cut by the diagonal-twin rule.
template <class G, class B>
B diagonal_twin_cuts(const G& g, const B& p) {
  const std::size_t w = static_cast<std::size_t>(g.width);
  const B a = above_free(g, p);
  const B b = below_free(g, p);
  const B l = left_free(g, p);
  const B r = right_free(g, p);
  const B only_right = (p & r).minus(l);  // left side blocked, right free
  const B only_left = (p & l).minus(r);
  const B only_below = (p & b).minus(a);
  const B only_above = (p & a).minus(b);
  // Square with top-left j: twins at j (top-left) and j+w+1, or at j+1 and j+w.
  const B main_diagonal = (only_right & only_below) & (only_left & only_above).shr(w + 1);
  const B anti_diagonal = (only_left & only_below).shr(1) & (only_right & only_above).shr(w);
  const B top = main_diagonal | anti_diagonal;
  return top | (top.shl(w) & g.all);
}

// Node Kayles on the grid (4) or king (8) graph: drops one of each pair of
// adjacent closed twins. On the 4-grid only an isolated edge qualifies (its
// value is 1 either way), so only the king graph is reduced.
template <class G, class B>
B reduce_closed_twins(const G& g, const B& p, int connectivity) {
  if (connectivity != 8) return p;
  const std::size_t w = static_cast<std::size_t>(g.width);
  // Column and row occupancy of the three cells beside a cell: for u and u+1
  // (horizontal pair), N[u] = N[u+1] exactly when the column left of u and the
  // column right of u+1 are empty (the three cells above and below are shared).
  const B rows3 = p | above_free(g, p) | below_free(g, p);  // bit i: i or i±w free
  const B cols3 = p | left_free(g, p) | right_free(g, p);  // bit i: i or i±1 free
  // Horizontal pair (u, u+1): nothing in column u-1 or u+2 (rows u±1).
  const B left_empty = g.all.minus(left_free(g, rows3));   // bit u: column u-1 empty (or u in the first column)
  const B right_empty = g.all.minus(right_free(g, rows3));  // bit u: column u+1 empty
  const B horizontal = p & right_free(g, p) & left_empty & right_free(g, right_empty);
  // Vertical pair (u, u+w): nothing in row u-w or u+2w.
  const B up_empty = g.all.minus(above_free(g, cols3));
  const B down_empty = g.all.minus(below_free(g, cols3));
  const B vertical = p & below_free(g, p) & up_empty & below_free(g, down_empty);
  // Closed twins form classes (N[u] = N[v] is an equivalence), and dropping a
  // pair's later cell (u+1 or u+w) never drops a class's first cell in row-major
  // order, so every class keeps one cell.
  const B drop_h = horizontal.shl(1) & g.not_first_col;
  const B drop_v = vertical.shl(w) & g.all;
  return p.minus(drop_h | drop_v);
}

}  // namespace grundy::placement::detail
