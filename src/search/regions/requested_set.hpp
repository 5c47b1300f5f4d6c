// The requested-set search of Engine<N> (included at the end of engine.hpp).
//
// P. Beling and M. Rogalski, "On pruning search trees of impartial games",
// Artificial Intelligence 283 (2020) 103262. A node is asked "is your value in
// the set R?" and answers with its exact value, or "not in R" as soon as that
// is certain. It keeps the values still possible, P = {0..moves} at first
// (the mex of k options is at most k). Each option's value v rules one value
// out: v if v is in P, else the largest of P — with k options left, the mex is
// among the k+1 least values of P not yet hit, whichever values they have.
// So an option need only be asked about P minus its largest value (if its value
// is the largest, or outside what was asked, the largest goes either way), and
// only about values up to max R (values above max R are only counted, and the
// answer is exact whenever the last value left is at most max R). The node
// answers "not in R" as soon as P and R are disjoint. Only exact values are
// stored. A question about a single value r from 1 to 3 first asks every
// option only "is your value r?" (one option of value r answers it), and only
// then the values up to r (see in_set).
//
// At the top of a search (value_by_aspiration) the candidates r = 0, 1, 2...
// are tried in turn, every option asked "is your value r?": the first r no
// option has is the value. Before any recursion every option is split into its
// parts and each looked up (the look-ahead): options whose parts are all known
// rule out their value at once. Nine in ten look-aheads answer the node by
// themselves (Cram 4x11); they walk the moves from the middle of the box out
// (Engine::pieces_from_centre), which reaches the answering option after 5.6
// moves on average instead of 7.3 in row order (of 23), 9% fewer parts
// canonicalised and looked up. The others are ordered by the sum of the
// squares of their unknown parts' sizes (fewest and smallest regions first, the
// order of igs); within an option all parts but the largest are valued exactly
// and the largest gets the restricted question, shifted by their xor.
#pragma once

namespace grundy::placement::detail {

// The values a node may still have: the small ones (< 64) as bits, the others
// only counted (their exact identity never matters: a value >= 64 is outside
// every request, which are sets of values < 64).
struct PossibleValues {
  std::uint64_t low = 0;
  std::size_t high = 0;

  static PossibleValues up_to(std::size_t moves) {
    PossibleValues p;
    if (moves >= 63) {
      p.low = ~std::uint64_t{0};
      p.high = moves - 63;
    } else {
      p.low = (std::uint64_t{1} << (moves + 1)) - 1;
    }
    return p;
  }
  [[nodiscard]] std::uint64_t without_largest() const noexcept {
    if (high != 0 || low == 0) return low;
    return low & ~(std::uint64_t{1} << (63 - std::countl_zero(low)));
  }
  void remove_largest() noexcept {
    if (high != 0) {
      --high;
    } else {
      low = without_largest();
    }
  }
  // An option of value v rules out v if possible, else the largest.
  void remove(Nimber v) noexcept {
    if (v < 64 && ((low >> v) & 1U) != 0) {
      low &= ~(std::uint64_t{1} << v);
    } else {
      remove_largest();
    }
  }
};

// {e ^ x : e in set} for x < 64: xor with x permutes 0..63 (swap blocks of 2^b
// for each bit b of x).
inline std::uint64_t xor_each(std::uint64_t set, Nimber x) noexcept {
  static constexpr std::uint64_t kLowHalf[6] = {0x5555555555555555ULL, 0x3333333333333333ULL, 0x0F0F0F0F0F0F0F0FULL,
                                               0x00FF00FF00FF00FFULL, 0x0000FFFF0000FFFFULL, 0x00000000FFFFFFFFULL};
  for (unsigned b = 0; b < 6; ++b) {
    if ((x >> b) & 1U) {
      const unsigned s = 1U << b;
      set = ((set & kLowHalf[b]) << s) | ((set >> s) & kLowHalf[b]);
    }
  }
  return set;
}

// {0..max R}.
inline std::uint64_t up_to_largest(std::uint64_t set) noexcept {
  if (set == 0) return 0;
  const int top = 63 - std::countl_zero(set);
  return top == 63 ? ~std::uint64_t{0} : (std::uint64_t{1} << (top + 1)) - 1;
}

// The look-ahead: every option split into parts, each part canonical and
// looked up; an option whose parts are all known is passed to settled(value)
// (which returns true to stop: the node is answered), the others are kept in
// f.options, ordered. Whether it ran to the end.
template <std::size_t N>
template <class Settled>
bool Engine<N>::gather_options(const Region<N>& region, SetFrame& f, Settled&& settled) {
  const Geometry<N>& g = geometry(region.height, region.width);
  f.parts.clear();
  f.options.clear();
  std::uint32_t sequence = 0;
  auto each_move_until = [&](auto&& visit) {
    if (rule_->kind != RuleKind::place) return for_each_move_until(g, region.cells, visit);
    for (const Bits<N>& piece : pieces_from_centre(g, region.height, region.width)) {
      if (!((region.cells & piece) == piece)) continue;
      charge_move(g);  // as for_each_move_until does: polls by work done
      if (visit(region.cells.minus(piece))) return true;
    }
    return false;
  };
  const bool stopped = each_move_until([&](const Bits<N>& after) {
    const std::size_t first = f.parts.size();
    Nimber known_xor = 0;
    for_each_part(g, after, [&](const Bits<N>& part) {
      const Region<N> r = crop_canonical(g, part);
      if (const auto v = known(r)) {
        known_xor ^= *v;
        return;
      }
      // A part the mirror strategy settles is 0 (a symmetric reply: the
      // central domino of an odd x even board is found here, before any
      // option is searched; most parts are seen to be asymmetric at once).
      if (!r.asymmetric && mirror_strategy(geometry(r.height, r.width), r)) {
        remember(r, 0);
        return;
      }
      // Two equal parts cancel (G + G = 0).
      for (std::size_t j = first; j < f.parts.size(); ++j) {
        if (f.parts[j] == r) {
          f.parts.erase(f.parts.begin() + static_cast<std::ptrdiff_t>(j));
          return;
        }
      }
      f.parts.push_back(r);
    });
    ++sequence;
    if (f.parts.size() == first) return settled(known_xor);
    SetOption o;
    o.first = static_cast<std::uint32_t>(first);
    o.count = static_cast<std::uint32_t>(f.parts.size() - first);
    o.known_xor = known_xor;
    // The largest part first (it gets the restricted question); the order key
    // is the sum of the squares of the unknown parts' sizes.
    std::uint64_t key = 0;
    int largest_cells = -1;
    for (std::size_t j = first; j < f.parts.size(); ++j) {
      const int cells = f.parts[j].cells.count();
      key += static_cast<std::uint64_t>(cells * cells);
      if (cells > largest_cells) {
        largest_cells = cells;
        std::swap(f.parts[first], f.parts[j]);
      }
    }
    o.order = (key << 32) | (static_cast<std::uint64_t>(centre_rank(g, region, region.cells.minus(after))) << 16) | sequence;
    f.options.push_back(o);
    return false;
  });
  if (stopped) return false;
  std::sort(f.options.begin(), f.options.end(),
            [](const SetOption& a, const SetOption& b) { return a.order < b.order; });
  return true;
}

// Among options of equal weight, moves near the middle of the box first (they
// cut it most): for dominoes igs's order, vertical ones by their column's
// distance from the middle column, then horizontal ones by their row's distance
// from the middle row; for other pieces the distance of the piece's cells from
// the middle.
template <std::size_t N>
std::uint32_t Engine<N>::centre_rank(const Geometry<N>& g, const Region<N>& region, const Bits<N>& placed) const {
  const std::size_t first = placed.lowest();
  const int r = g.row_of[first];
  const int c = g.col_of[first];
  const int h = region.height;  // the box, not the geometry's stride
  const int w = region.width;
  if (dominoes_) {
    const bool vertical = !placed.test(first + 1) || g.col_of[first] == g.width - 1;
    if (vertical) return static_cast<std::uint32_t>(std::abs(c - (w - 1) / 2));
    return 256U + static_cast<std::uint32_t>(std::abs(r - (h - 1) / 2));
  }
  int distance = 0;
  placed.for_each([&](std::size_t i) {
    distance += std::abs(2 * g.row_of[i] - (h - 1)) + std::abs(2 * g.col_of[i] - (w - 1));
  });
  return static_cast<std::uint32_t>(std::min(distance, 65535));
}

// An option's parts but the first (its largest) valued exactly, once: their
// xor goes into known_xor and count drops to 1. The xor the first part's
// answer is shifted by.
template <std::size_t N>
Nimber Engine<N>::fold_other_parts(SetFrame& f, SetOption& o) {
  for (std::uint32_t j = 1; j < o.count; ++j) o.known_xor ^= exact_value(f.parts[o.first + j]);
  o.count = 1;
  return o.known_xor;
}

template <std::size_t N>
Nimber Engine<N>::exact_value(const Region<N>& region) {
  const Nimber v = in_set(region, ~std::uint64_t{0});
  if (v != kNotInSet) return v;
  // A value of 64 or more: the outcome search finds it.
  for (Nimber n = 64;; ++n) {
    if (!wins(region, n)) return n;
  }
}

template <std::size_t N>
Nimber Engine<N>::in_set(const Region<N>& region, std::uint64_t requested) {
  ++visited_;
  if (const auto v = known_or_mirrored(region)) return *v;
  tick();
  typename FrameStack<SetFrame>::Guard depth(set_frames_);
  SetFrame& f = depth.frame();
  // Options whose parts are all known rule out a value each before any search;
  // the node is answered as soon as no requested value is possible.
  const Geometry<N>& g = geometry(region.height, region.width);
  PossibleValues possible = PossibleValues::up_to(count_moves(g, region.cells));
  if ((possible.low & requested) == 0) return kNotInSet;
  const bool gathered = gather_options(region, f, [&](Nimber value) {
    possible.remove(value);
    return (possible.low & requested) == 0;
  });
  if (!gathered) return kNotInSet;  // settled by the look-ahead
  ++searched_;
  // With a second thread on the same tables: this question is marked busy, and
  // an option whose question the other thread is searching now waits for a
  // second sweep (ABDADA's deferral, as in the outcome search), by when it is
  // often in the table. Without the deferral both threads walk the same
  // options in the same order and duplicate each other's work.
  BusyMark busy(*this, region, requested);
  const std::uint64_t asked_up_to = up_to_largest(requested);
  bool exact = true;
  // Asks one option; false when it was deferred instead.
  auto ask_option = [&](SetOption& o, bool may_defer) {
    if (o.settled) return true;
    const Nimber x = fold_other_parts(f, o);
    const std::uint64_t ask = possible.without_largest() & asked_up_to & ~o.ruled_out;
    if (ask == 0) {
      // Only the largest possible value is still asked about: whatever this
      // option's value, the largest goes (see PossibleValues::remove).
      possible.remove_largest();
      exact = false;
      return true;
    }
    if (x >= 64) {
      possible.remove(exact_value(f.parts[o.first]) ^ x);
      return true;
    }
    const std::uint64_t asked = xor_each(ask, x);
    if (may_defer && asked_elsewhere(f.parts[o.first], asked)) return false;
    const Nimber v = in_set(f.parts[o.first], asked);
    if (v == kNotInSet) {
      possible.remove_largest();
      exact = false;
    } else {
      possible.remove(v ^ x);
    }
    return true;
  };
  // A question about one value r (1 <= r <= kWitnessFirstUpTo) first looks for an option of value r
  // (each asked only "is your value r?"), before the full sweep asks options
  // about every value still possible up to r. The value is r only if no
  // option has it, so one such option answers the node, and a single-value
  // question is far cheaper than a several-value one: an option of value 7
  // is shown not to be r by one reply of value r, but not to be in {0..r} only
  // by replies of every one of those values. The options it rules out are
  // asked again in the sweep, without r. Measured on Cram, value only, one
  // thread: 4x11 11.0-13.0 s -> 8.2-8.3 s, 5x8 3.0-3.2 -> 2.3-2.7 s, 3x14
  // (value 3) 1.7-1.9 -> 1.1-1.2 s (docs/placement_results.md). Only up to
  // r = kWitnessFirstUpTo: options of a larger value are rarer, and the pass
  // finding none is work the sweep repeats — with every r, Cram 6x7 (value 5)
  // took 1888 s instead of 1194 s; with r <= 3 it keeps its pace, and 3x14
  // keeps its gain (with r = 1 only, 3x14 is back at 1.8 s). Asking a set R
  // of several values this way first gained nothing measurable, and for r = 0
  // the sweep asks {0} anyway.
  if (std::has_single_bit(requested) && requested != 1 && requested <= (std::uint64_t{1} << kWitnessFirstUpTo)) {
    const Nimber r = static_cast<Nimber>(std::countr_zero(requested));
    for (SetOption& o : f.options) {
      if ((possible.low & requested) == 0) return kNotInSet;
      const Nimber x = fold_other_parts(f, o);
      if (x >= 64) continue;  // valued exactly in the sweep
      const std::uint64_t asked = std::uint64_t{1} << (r ^ x);
      // With a second thread: an option it is asking this now is left to the
      // sweep (as there, so that the threads do not repeat each other).
      if (asked_elsewhere(f.parts[o.first], asked)) continue;
      const Nimber v = in_set(f.parts[o.first], asked);
      if (v == kNotInSet) {
        o.ruled_out = requested;
      } else {
        possible.remove(v ^ x);
        o.settled = true;
      }
    }
  }
  std::vector<std::uint32_t>& deferred = f.deferred;
  deferred.clear();
  for (std::size_t k = 0; k < f.options.size(); ++k) {
    if ((possible.low & requested) == 0) return kNotInSet;
    if (!ask_option(f.options[k], true)) deferred.push_back(static_cast<std::uint32_t>(k));
  }
  for (std::size_t d = 0; d < deferred.size(); ++d) {
    if ((possible.low & requested) == 0) return kNotInSet;
    ask_option(f.options[deferred[d]], false);
  }
  // One value is left. It is exact if every option was valued, or if it is at
  // most max R (the values up to max R were tracked exactly).
  if (possible.high != 0 || possible.low == 0) return kNotInSet;  // a value >= 64
  const Nimber value = static_cast<Nimber>(std::countr_zero(possible.low));
  if (!exact && ((asked_up_to >> value) & 1U) == 0) return kNotInSet;
  remember(region, value);
  return value;
}

template <std::size_t N>
Nimber Engine<N>::value_by_aspiration(const Region<N>& region) {
  ++visited_;
  if (const auto v = known_or_mirrored(region)) return *v;
  ++searched_;
  tick();
  typename FrameStack<SetFrame>::Guard depth(set_frames_);
  SetFrame& f = depth.frame();
  std::uint64_t taken = 0;  // values (< 64) some option is known to have
  gather_options(region, f, [&](Nimber value) {
    if (value < 64) taken |= std::uint64_t{1} << value;
    return false;
  });
  if (root_reversed_) std::reverse(f.options.begin(), f.options.end());
  for (Nimber r = 0; r < 64; ++r) {
    if ((taken >> r) & 1U) continue;
    bool has_r = false;
    for (std::size_t k = 0; k < f.options.size() && !has_r;) {
      SetOption& o = f.options[k];
      const Nimber x = fold_other_parts(f, o);
      Nimber v = kNotInSet;
      if (x >= 64) {
        v = exact_value(f.parts[o.first]);
      } else if (((win_mask(f.parts[o.first]) >> (r ^ x)) & 1U) != 0) {
        // Answered "not r ^ x" already (by the other thread, or for a
        // symmetric twin of this option).
        ++k;
        continue;
      } else {
        v = in_set(f.parts[o.first], std::uint64_t{1} << (r ^ x));
      }
      if (v == kNotInSet) {
        // Kept as "not r ^ x" (the outcome search's mask): listing the winning
        // moves next asks these same options, and symmetric twins of them.
        remember_win(f.parts[o.first], std::uint64_t{1} << (r ^ x));
        ++k;
        continue;
      }
      // Settled: its value is v ^ x; it leaves the list.
      const Nimber option_value = v ^ x;
      if (option_value < 64) taken |= std::uint64_t{1} << option_value;
      has_r = option_value == r;
      f.options.erase(f.options.begin() + static_cast<std::ptrdiff_t>(k));
    }
    if (!has_r) {
      remember(region, r);
      return r;
    }
  }
  // Every value below 64 is taken: the outcome search goes on from 64.
  for (Nimber n = 64;; ++n) {
    if (!wins(region, n)) return n;
  }
}

template <std::size_t N>
Nimber Engine<N>::cells_value_in(const Geometry<N>& g, const Bits<N>& free, std::uint64_t requested) {
  const std::vector<Region<N>> parts = parts_of(g, free);
  if (parts.empty()) return (requested & 1U) != 0 ? 0 : kNotInSet;
  std::size_t largest = 0;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (parts[i].cells.count() > parts[largest].cells.count()) largest = i;
  }
  Nimber x = 0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i != largest) x ^= exact_value(parts[i]);
  }
  if (x >= 64) return exact_value(parts[largest]) ^ x;
  const Nimber v = in_set(parts[largest], xor_each(requested, x));
  return v == kNotInSet ? kNotInSet : v ^ x;
}

template <std::size_t N>
bool Engine<N>::cells_have_value(const Geometry<N>& g, const Bits<N>& free, Nimber target) {
  // Every part but the largest valued exactly; the largest asked about the one
  // value that would make the sum equal to target.
  const std::vector<Region<N>> parts = parts_of(g, free);
  if (parts.empty()) return target == 0;
  std::size_t largest = 0;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (parts[i].cells.count() > parts[largest].cells.count()) largest = i;
  }
  Nimber x = target;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i != largest) x ^= exact_value(parts[i]);
  }
  if (x >= 64) return exact_value(parts[largest]) == x;
  // The answers "not x" are kept (the outcome search's mask of values a
  // region does not have): winning moves are asked of every option of a
  // board, and options equal under a symmetry have one canonical part.
  if (((win_mask(parts[largest]) >> x) & 1U) != 0) return false;
  const Nimber v = in_set(parts[largest], std::uint64_t{1} << x);
  if (v == kNotInSet) remember_win(parts[largest], std::uint64_t{1} << x);
  return v == x;
}

}  // namespace grundy::placement::detail
