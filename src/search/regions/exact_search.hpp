// The exact searches of Engine<N> (included at the end of engine.hpp): the
// value of a region by outcome questions (evaluate: g(G) = n exactly when
// G + *n is a P-position, Lemoine–Viennot), the questions themselves (wins:
// the engine's tables and the mirror strategy, then the library's one outcome
// search, grundy/core/outcome_search.hpp), and the plain mex of the options for
// small regions (solve).
// evaluate hands over to the requested-set search (requested_set.hpp) when
// the run's PlacementOptions::search asks for it (PlacementSolver::set_search).
#pragma once


namespace grundy::placement::detail {

template <std::size_t N>
Nimber Engine<N>::evaluate(const Region<N>& region) {
  if (requested_set_) return value_by_aspiration(region);
  if (auto v = known(region)) return *v;
  // Lemoine–Viennot: g(G) = n exactly when G + *n is a P-position (wins()
  // stores the value when it finds that P-position).
  return outcome_.value_by_outcomes(region, region.cells.count());
}

template <std::size_t N>
bool Engine<N>::wins(const Region<N>& region, Nimber heap) {
  if (auto v = known(region)) return *v != heap;
  if (heap < 64) {
    if ((win_mask(region) >> heap) & 1U) return true;
  }
  const Geometry<N>& g = geometry(region.height, region.width);
  if (mirror_strategy(g, region)) {
    remember(region, 0);
    return heap != 0;
  }
  return outcome_.wins(region, region.cells.count(), heap);
}

template <std::size_t N>
Nimber Engine<N>::solve(const Region<N>& region) {
  if (!region.cells.any()) return 0;
  // Fewer cells than two of the smallest piece: exactly one move is left (the
  // region is pruned, so at least one move exists).
  if (region.cells.count() < 2 * rule_->min_piece_cells) return 1;
  if (const auto v = table_value(region)) return *v;
  tick();
  const Geometry<N>& g = geometry(region.height, region.width);
  MexSet mex;
  for_each_move(g, region.cells, [&](const Bits<N>& after) { mex.insert(value_of_cells(g, after)); });
  const Nimber value = mex.mex();
  remember(region, value);
  return value;
}

}  // namespace grundy::placement::detail
