// The exact searches of Engine<N> (included at the end of engine.hpp): the
// value of a region by outcome questions (evaluate: g(G) = n exactly when
// G + *n is a P-position, Lemoine–Viennot), the outcome search that answers
// them (wins), and the plain mex of the options for small regions (solve).
// evaluate hands over to the requested-set search (requested_set.hpp) when
// the run's PlacementOptions::search asks for it (PlacementSolver::set_search).
#pragma once


namespace grundy::placement::detail {

template <std::size_t N>
Nimber Engine<N>::evaluate(const Region<N>& region) {
  if (requested_set_) return value_by_aspiration(region);
  if (auto v = known(region)) return *v;
  // Lemoine–Viennot: g(G) = n exactly when G + *n is a P-position. Asking
  // that is an AND-OR search that stops at the first winning move, where full
  // mex would value every option of every large position.
  for (Nimber n = 0;; ++n) {
    if (!wins(region, n)) return n;  // wins() stored the value
  }
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
  ++searched_;
  tick();
  BusyMark busy(*this, region, heap);
  // Buffers of this recursion depth, kept between calls (allocating them per
  // node was 5% of a Cram search).
  typename FrameStack<Frame>::Guard depth(frames_);
  Frame& f = depth.frame();
  // Move ordering: the moves leaving the smallest largest part first; they
  // settle fastest (measured: on Cram 6x6 four times fewer sums searched than
  // largest-first, and a history heuristic did not help). Each move's parts
  // are found once, here, and kept for both passes; the sort is a stable
  // bucket sort on the largest part's size.
  f.raw.clear();
  f.raw_first.clear();
  f.largest.clear();
  for_each_move(g, region.cells, [&](const Bits<N>& after) {
    f.raw_first.push_back(f.raw.size());
    int largest = 0;
    for_each_part(g, after, [&](const Bits<N>& part) {
      f.raw.push_back(part);
      largest = std::max(largest, part.count());
    });
    f.largest.push_back(largest);
  });
  f.raw_first.push_back(f.raw.size());
  const std::size_t moves = f.largest.size();
  f.order.resize(moves);
  {
    std::array<std::uint32_t, 64 * N + 2> start{};
    std::size_t top = 0;  // the prefix sums stop at the largest size seen
    for (int l : f.largest) {
      ++start[static_cast<std::size_t>(l) + 1];
      top = std::max(top, static_cast<std::size_t>(l) + 1);
    }
    for (std::size_t b = 1; b <= top; ++b) start[b] += start[b - 1];
    for (std::size_t i = 0; i < moves; ++i) f.order[start[static_cast<std::size_t>(f.largest[i])]++] = static_cast<std::uint32_t>(i);
  }
  // Pass 1, no search: settle the moves whose parts are all known already (a
  // win if they xor to the heap), and drop those known to hand the opponent
  // a win. Pass 2 searches the rest, smallest largest part first.
  bool win = false;
  std::vector<Region<N>>& parts = f.parts;        // every candidate's parts, one after another
  std::vector<std::size_t>& first_part = f.first_part;  // candidate i: parts[first_part[i] .. first_part[i + 1])
  std::vector<std::size_t>& open = f.open;        // candidates left for pass 2
  parts.clear();
  first_part.clear();
  open.clear();
  for (std::size_t i = 0; i < moves && !win; ++i) {
    const std::uint32_t move = f.order[i];
    first_part.push_back(parts.size());
    for (std::size_t q = f.raw_first[move]; q < f.raw_first[move + 1]; ++q) parts.push_back(crop_canonical(g, f.raw[q]));
    Nimber h = heap;
    std::size_t unknown = 0;
    const Region<N>* last_unknown = nullptr;
    for (std::size_t j = first_part[i]; j < parts.size(); ++j) {
      if (auto v = stored_value(parts[j])) {
        h ^= *v;
      } else {
        ++unknown;
        last_unknown = &parts[j];
      }
    }
    if (unknown == 1 && mirror_strategy(geometry(last_unknown->height, last_unknown->width), *last_unknown)) {
      remember(*last_unknown, 0);  // a reply that restores a mirror position settles at once
      unknown = 0;
    }
    if (unknown == 0) {
      win = h == 0;
    } else if (unknown == 1 && h < 64) {
      if (((win_mask(*last_unknown) >> h) & 1U) == 0) open.push_back(i);
    } else {
      open.push_back(i);
    }
  }
  first_part.push_back(parts.size());
  // With a second thread on the same tables, a move whose (largest part, heap)
  // the other thread is searching now waits for a second sweep (by then it is
  // often in the table).
  std::vector<std::size_t>& deferred = f.deferred;
  deferred.clear();
  auto search_move = [&](std::size_t candidate, bool may_defer) {
    const std::size_t begin = first_part[candidate];
    const std::size_t end = first_part[candidate + 1];
    std::size_t largest = begin;
    for (std::size_t j = begin + 1; j < end; ++j) {
      if (parts[j].cells.count() > parts[largest].cells.count()) largest = j;
    }
    Nimber h = heap;
    for (std::size_t j = begin; j < end; ++j) {
      if (j != largest) h ^= evaluate(parts[j]);
    }
    if (may_defer) {
      if (asked_elsewhere(parts[largest], h)) {
        deferred.push_back(candidate);
        return;
      }
    }
    // The opponent faces (largest part) + *h; it is ours if that is a P-position.
    win = !wins(parts[largest], h);
  };
  for (std::size_t k = 0; k < open.size() && !win; ++k) search_move(open[k], true);
  for (std::size_t k = 0; k < deferred.size() && !win; ++k) search_move(deferred[k], false);
  // Moving in the heap: to *m, a P-position exactly when g(G) = m.
  for (Nimber m = 0; m < heap && !win; ++m) win = !wins(region, m);
  if (!win) {
    remember(region, heap);
  } else if (heap < 64) {
    remember_win(region, std::uint64_t{1} << heap);
  }
  return win;
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
