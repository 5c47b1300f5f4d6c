// The body of HeapGameRule (heap_game_rule.hpp): its member functions,
// defined out of the class so that the public header reads as the adapter's
// interface — what it makes of a heap game, its hooks, its run's table and
// proofs — and not as 700 lines of code. A template over the user's game, so
// the body is still a header; heap_game_rule.hpp includes it at its end, and
// nothing else does.
#pragma once

namespace grundy {

template <HeapGame G>
Nimber HeapGameRule<G>::value(Context& context, std::uint64_t heap) const {
  if constexpr (GameWithClosedForm<G>) {
    if (const std::optional<Nimber> known = game_.closed_form(heap)) return *known;
  }
  if constexpr (HeapGameWithMoveBounds<G>) {
    return with_proven_values(context, heap, [&](const Sequence& s) { return value_in(s, heap); });
  }
  if constexpr (HeapGameWithMaxTake<G>) {
    const Proof& proof = period_proof(context, Play::normal);
    if (proof.sequence) return value_from_pattern(proof.sequence->prefix, proof.sequence->pattern, heap);
    if (heap >= sequence_limit()) {
      throw LimitError(*proof.refusal + "; without a proven period only heaps below " +
                       std::to_string(sequence_limit()) + " are computed");
    }
  }
  return by_definition(context, heap);
}

template <HeapGame G>
std::optional<std::uint64_t> HeapGameRule<G>::periodicity_check_end(std::uint64_t preperiod,
                                                                    std::uint64_t period) const {
  if constexpr (HeapGameWithMaxTake<G>) {
    return grundy::periodicity_check_end(MoveBounds{game_.max_take(), 1}, preperiod, period);
  } else if constexpr (HeapGameWithMoveBounds<G>) {
    const std::optional<MoveBounds> bounds = game_.move_bounds();
    if (!bounds) return std::nullopt;
    return grundy::periodicity_check_end(*bounds, preperiod, period);
  } else {
    return std::nullopt;
  }
}

template <HeapGame G>
std::uint64_t HeapGameRule<G>::largest_heap() const {
  if constexpr (HeapGameWithLargestHeap<G>) {
    return game_.largest_heap();
  } else {
    return HeapRule::largest_heap();
  }
}

template <HeapGame G>
void HeapGameRule<G>::for_each_move(std::uint64_t heap, const std::function<bool(const HeapMove&)>& visit) const {
  bool going = true;
  for_each_option(heap, [&](std::uint64_t after) { return going = visit(move_to(heap, after)); });
  if (going) {
    for_each_split_option(heap,
                          [&](std::uint64_t a, std::uint64_t b) { return going = visit(split_move(heap, a, b)); });
  }
  if (going) {
    for_each_three_way_option(heap, [&](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
      return visit(HeapMove{heap - a - b - c, {a, b, c}});
    });
  }
}

template <HeapGame G>
HeapMoveList HeapGameRule<G>::moves_to_value(Context& context, std::uint64_t heap, Nimber target,
                                             std::size_t limit) const {
  if constexpr (GameWithMovesToValue<G>) {
    std::vector<std::uint64_t> found;
    HeapMoveList result;
    const std::optional<MoveCount> counted = moves_counted(game_.moves_to_value(heap, target, limit, found));
    if (!counted) return HeapRule::moves_to_value(context, heap, target, limit);  // declined: the definition
    result.total = counted->total;
    result.total_is_lower_bound = counted->lower_bound;
    for (const std::uint64_t after : found)
      if (result.listed.size() < limit) result.listed.push_back(move_to(heap, after));
    if constexpr (HeapGameWithSplits<G>) {
      std::vector<HeapSplit> splits;
      const std::optional<MoveCount> split_count = moves_counted(game_.splits_to_value(heap, target, limit, splits));
      if (!split_count) return HeapRule::moves_to_value(context, heap, target, limit);
      // Takes and splits of a heap below 2^64 number fewer than 2^64 in any
      // game listed so far; a count that would pass it says "at least".
      if (split_count->total > UINT64_MAX - result.total) result.total_is_lower_bound = true;
      result.total = saturating_add(result.total, split_count->total);
      result.total_is_lower_bound = result.total_is_lower_bound || split_count->lower_bound;
      for (const HeapSplit& split : splits)
        if (result.listed.size() < limit) result.listed.push_back(split_move(heap, split.larger, split.smaller));
    }
    return result;
  } else if constexpr (HeapGameWithMoveBounds<G>) {
    return with_proven_values(context, heap,
                              [&](const Sequence& s) { return moves_in(context, s, heap, target, limit); });
  } else if constexpr (!GameWithClosedForm<G>) {
    if constexpr (HeapGameWithMaxTake<G>) {
      // At most max_take moves, each valued by the proven period.
      if (const Proof& proof = period_proof(context, Play::normal); proof.sequence) {
        return moves_valued(heap, target, limit, [&](std::uint64_t after) {
          return value_from_pattern(proof.sequence->prefix, proof.sequence->pattern, after);
        });
      }
    }
    return moves_by_table(context, heap, target, limit);
  } else {
    return HeapRule::moves_to_value(context, heap, target, limit);
  }
}

template <HeapGame G>
SequenceReport HeapGameRule<G>::table(Context& context, std::uint64_t upto) const {
  if constexpr (HeapGameWithMoveBounds<G>) return bounded_table(context, upto);
  if constexpr (GameWithClosedForm<G>) {
    const auto at = [&](std::uint64_t n) { return std::optional<Nimber>(value(context, n)); };
    if (std::optional<SequenceReport> known = closed_table(context, upto, Play::normal, at)) return std::move(*known);
  }
  if (std::optional<SequenceReport> proven = proven_table(context, upto, Play::normal)) return std::move(*proven);
  return definition_table(context, upto, Play::normal);
}

template <HeapGame G>
SequenceReport HeapGameRule<G>::misere_table(Context& context, std::uint64_t upto) const {
  if constexpr (HeapGameWithMisereClosedForm<G>) {
    const auto at = [&](std::uint64_t n) { return game_.misere_closed_form(n); };
    if (std::optional<SequenceReport> known = closed_table(context, upto, Play::misere, at)) return std::move(*known);
  }
  if (std::optional<SequenceReport> proven = proven_table(context, upto, Play::misere)) return std::move(*proven);
  return definition_table(context, upto, Play::misere);
}

template <HeapGame G>
ComponentPtr HeapGameRule<G>::component(std::uint64_t heap) const {
  if constexpr (HeapGameOfNimHeaps<G>) {
    return std::make_shared<const NimHeapComponent>(shared_from_this(), heap, game_.nim_heap(heap));
  } else {
    return HeapRule::component(heap);
  }
}

template <HeapGame G>
std::optional<TheoremApplication> HeapGameRule<G>::theorem(std::uint64_t heap) const {
  if constexpr (GameWithTheorem<G>) {
    return game_.theorem(heap);
  } else {
    return std::nullopt;
  }
}

template <HeapGame G>
std::string HeapGameRule<G>::describe(std::uint64_t heap, const HeapMove& move) const {
  if constexpr (HeapGameWithHeapMoveWords<G>) {
    return game_.describe_heap_move(heap, move);
  } else if constexpr (GameWithMoveWords<G>) {
    // The game's words are for moves to one heap; a split has the rule's.
    if (move.leaves.size() > 1) return HeapRule::describe(heap, move);
    return game_.describe_move(heap, move.leaves.empty() ? 0 : move.leaves.front());
  } else {
    return HeapRule::describe(heap, move);
  }
}

template <HeapGame G>
std::optional<TakeRangeList> HeapGameRule<G>::take_ranges_to_value(Context& context, std::uint64_t heap, Nimber target,
                                                                   std::size_t limit) const {
  if constexpr (HeapGameWithTakeRanges<G>) {
    return game_.take_ranges_to_value(heap, target, limit);
  } else {
    return HeapRule::take_ranges_to_value(context, heap, target, limit);
  }
}

template <HeapGame G>
template <class Visit>
void HeapGameRule<G>::for_each_option(std::uint64_t heap, Visit&& visit) const {
  const auto checked = [&](std::uint64_t after) {
    // The heap-sequence loop reads g of smaller heaps only.
    if (after >= heap) throw std::logic_error(text_ + ": a move must lower the heap");
    return visit(after);
  };
  if constexpr (LazilyListedGame<G>) {
    game_.for_each_move(heap, checked);
  } else {
    std::vector<std::uint64_t> options;
    game_.moves(heap, options);
    for (const std::uint64_t after : options)
      if (!checked(after)) return;
  }
}

template <HeapGame G>
template <class Visit>
void HeapGameRule<G>::for_each_split_option(std::uint64_t heap, Visit&& visit) const {
  if constexpr (HeapGameWithSplitRanges<G>) {
    game_.for_each_split_range(heap, [&](std::uint64_t rest, std::uint64_t most) {
      check_split_range(heap, rest, most);
      for (std::uint64_t a = 1; a <= most; ++a)
        if (!visit(rest - a, a)) return false;
      return true;
    });
  } else if constexpr (HeapGameWithSplits<G>) {
    game_.for_each_split(heap, [&](std::uint64_t larger, std::uint64_t smaller) {
      // The loop reads g of smaller heaps only, and a split's heaps are two.
      if (smaller == 0 || smaller > larger || larger > heap - smaller)
        throw std::logic_error(text_ + ": a split leaves two non-empty heaps, larger first, within the heap");
      return visit(larger, smaller);
    });
  }
}

template <HeapGame G>
void HeapGameRule<G>::check_split_range(std::uint64_t heap, std::uint64_t rest, std::uint64_t most) const {
  if (rest > heap || most > rest / 2) {
    throw std::logic_error(text_ + ": a split range leaves rest - a and a, 1 <= a <= rest / 2, rest within the heap");
  }
}

template <HeapGame G>
template <class Visit>
void HeapGameRule<G>::for_each_three_way_option(std::uint64_t heap, Visit&& visit) const {
  if constexpr (HeapGameWithThreeWaySplits<G>) {
    game_.for_each_three_way_split(heap, [&](std::uint64_t rest) {
      if (rest > heap) throw std::logic_error(text_ + ": a split into three leaves heaps within the heap");
      for (std::uint64_t c = 1; 3 * c <= rest; ++c) {
        for (std::uint64_t b = c; 2 * b <= rest - c; ++b)
          if (!visit(rest - c - b, b, c)) return false;
      }
      return true;
    });
  }
}

template <HeapGame G>
HeapMove HeapGameRule<G>::move_to(std::uint64_t heap, std::uint64_t after) {
  HeapMove move{heap - after, {}};
  if (after > 0) move.leaves.push_back(after);
  return move;
}

template <HeapGame G>
std::uint64_t HeapGameRule<G>::sequence_limit() const {
  if constexpr (HeapGameWithSequenceLimit<G>) {
    return game_.sequence_limit();
  } else {
    return kDefaultTableLimit;
  }
}

template <HeapGame G>
template <class V>
void HeapGameRule<G>::extend(std::vector<V>& g, std::uint64_t last, Play play, Context& context) const {
  // A game that splits heaps (always, or from some heap on: take-and-break
  // codes may or may not) has its misère play refused where a split is met.
  const auto refuse_misere = [&] {
    throw LimitError("misère play of " + text_ +
                     " is not supported: its moves split heaps, and misère values do not add");
  };
  if constexpr (HeapGameWithSplits<G>) {
    if (play == Play::misere) refuse_misere();
  }
  if constexpr (HeapGameWithSweep<G> && std::is_same_v<V, HeapTableValue<G>>) {
    if constexpr (std::is_same_v<decltype(game_.extend_sequence(g, last, play, context)), bool>) {
      if (game_.extend_sequence(g, last, play, context)) return;  // else declined: the loop
    } else {
      game_.extend_sequence(g, last, play, context);
      return;
    }
  }
  extend_heap_sequence(g, last, play, context, [&](std::uint64_t n, auto&& option) {
    for_each_option(n, [&](std::uint64_t after) {
      option(g[after]);
      return true;
    });
    for_each_split_option(n, [&](std::uint64_t a, std::uint64_t b) {
      if (play == Play::misere) refuse_misere();
      option(g[a] ^ g[b]);  // a sum of two heaps (Sprague–Grundy)
      return true;
    });
    for_each_three_way_option(n, [&](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
      if (play == Play::misere) refuse_misere();
      option(g[a] ^ g[b] ^ g[c]);
      return true;
    });
  });
}

template <HeapGame G>
template <class Read>
decltype(auto) HeapGameRule<G>::with_values_through(Context& context, std::uint64_t heap, Read&& read) const {
  const std::uint64_t limit = sequence_limit();
  if (heap >= limit) {
    throw LimitError("heap " + std::to_string(heap) + " of " + text_ + " is beyond the " + std::to_string(limit) +
                     " heaps its values are computed for (no closed form is known)");
  }
  const std::shared_ptr<Sequence> sequence = run_sequence(context);
  std::lock_guard lock(sequence->mutex);
  std::vector<HeapTableValue<G>>& g = sequence->values;
  if (g.size() <= heap) {
    std::uint64_t last = heap;
    if constexpr (HeapGameWithSweep<G>) {
      // A sweep may start its state again from the values so far: doubling
      // keeps the total work within twice the final table.
      last = std::min<std::uint64_t>(std::max<std::uint64_t>({heap, 2 * g.size(), 1023}), limit - 1);
    }
    // Doubling, so that heap after heap costs O(1) amortised.
    if (last + 1 > g.capacity())
      sequence->make_room(std::min<std::uint64_t>(std::max<std::uint64_t>(last + 1, 2 * g.capacity()), limit), text_);
    extend(g, last, Play::normal, context);
  }
  return read(static_cast<const std::vector<HeapTableValue<G>>&>(g));
}

template <HeapGame G>
HeapMoveList HeapGameRule<G>::moves_by_table(Context& context, std::uint64_t heap, Nimber target,
                                             std::size_t limit) const {
  if (heap == 0) return {};
  return with_values_through(context, heap - 1, [&](const auto& g) {
    return moves_valued(heap, target, limit, [&](std::uint64_t after) {
      context.charge();
      return g[after];
    });
  });
}

template <HeapGame G>
template <class At>
HeapMoveList HeapGameRule<G>::moves_valued(std::uint64_t heap, Nimber target, std::size_t limit, At&& at) const {
  HeapMoveList result;
  for_each_option(heap, [&](std::uint64_t after) {
    if (at(after) != target) return true;
    ++result.total;  // at most one a take: no overflow
    if (result.listed.size() < limit) result.listed.push_back(move_to(heap, after));
    return true;
  });
  for_each_split_option(heap, [&](std::uint64_t a, std::uint64_t b) {
    if ((at(a) ^ at(b)) != target) return true;
    ++result.total;  // a walk of fewer than 2^63 splits (the callers bound it)
    if (result.listed.size() < limit) result.listed.push_back(split_move(heap, a, b));
    return true;
  });
  for_each_three_way_option(heap, [&](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    if ((at(a) ^ at(b) ^ at(c)) != target) return true;
    ++result.total;
    if (result.listed.size() < limit) result.listed.push_back(HeapMove{heap - a - b - c, {a, b, c}});
    return true;
  });
  return result;
}

template <HeapGame G>
std::uint64_t HeapGameRule<G>::proof_search_limit() const {
  if constexpr (HeapGameWithProofSearchLimit<G>) {
    return game_.proof_search_limit();
  } else {
    return std::min(kProofSearchHeaps, sequence_limit());
  }
}

template <HeapGame G>
Nimber HeapGameRule<G>::value_in(const Sequence& s, std::uint64_t heap) {
  if (heap < s.values.size()) return s.values[heap];
  const std::uint64_t n0 = s.pattern.preperiod;
  return s.values[n0 + (heap - n0) % s.pattern.period];
}

template <HeapGame G>
template <class Read>
decltype(auto) HeapGameRule<G>::with_proven_values(Context& context, std::uint64_t heap, Read&& read) const {
  const std::shared_ptr<Sequence> sequence = run_sequence(context);
  std::lock_guard lock(sequence->mutex);
  const std::uint64_t limit = sequence_limit();
  extend_proving(context, *sequence, heap < limit ? heap + 1 : proof_search_limit());
  if (heap >= sequence->values.size() && !sequence->pattern.proven()) {
    throw LimitError(excerpt(text_) + "(" + std::to_string(heap) +
                     "): no period of the rule is proven within the first " + std::to_string(sequence->values.size()) +
                     " heaps, and heaps from " + std::to_string(limit) + " on are not computed on demand");
  }
  return read(static_cast<const Sequence&>(*sequence));
}

template <HeapGame G>
void HeapGameRule<G>::extend_proving(Context& context, Sequence& s, std::uint64_t count) const {
  const std::optional<MoveBounds> bounds = game_.move_bounds();
  std::vector<HeapTableValue<G>>& g = s.values;
  if (g.size() >= count || s.pattern.proven()) return;
  s.make_room(count, text_);  // once: the chunks do not copy the table as it grows
  std::uint64_t chunk = 256;
  while (g.size() < count && !s.pattern.proven()) {
    context.poll();
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t before = g.size();
    extend(g, std::min(count, before + chunk) - 1, Play::normal, context);
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // Grow at most twofold: heaps get dearer as n grows.
    const double rate = static_cast<double>(g.size() - before) / std::max(took, 1e-6);
    chunk = std::clamp<std::uint64_t>(static_cast<std::uint64_t>(rate * 0.1), 16, 2 * chunk);
    if (bounds && g.size() >= s.next_check) {
      s.pattern = find_periodicity(*bounds, true, std::span<const HeapTableValue<G>>(g));
      s.next_check = g.size() + std::max<std::uint64_t>(256, g.size() / 4);
    }
    if (context.progress_due()) {
      context.progress("grundy: " + excerpt(text_) + ": " + std::to_string(g.size()) + " of " + std::to_string(count) +
                       " heaps computed, " + std::to_string(static_cast<long long>(context.seconds())) + " s");
    }
  }
  if (bounds && !s.pattern.proven()) s.pattern = find_periodicity(*bounds, true, std::span<const HeapTableValue<G>>(g));
}

template <HeapGame G>
SequenceReport HeapGameRule<G>::bounded_table(Context& context, std::uint64_t upto) const {
  check_table_request(upto, text_);
  const std::shared_ptr<Sequence> sequence = run_sequence(context);
  std::lock_guard lock(sequence->mutex);
  const std::uint64_t limit = sequence_limit();
  extend_proving(context, *sequence, std::min(upto, limit - 1) + 1);
  const Sequence& s = *sequence;
  if (upto >= s.values.size() && !s.pattern.proven()) {
    throw LimitError("a table of " + text_ + " up to " + std::to_string(upto) + " is beyond the limit of " +
                     std::to_string(limit) + " heaps for this rule (its cost a heap), and no period is proven");
  }
  SequenceReport report;
  report.values.reserve(upto + 1);
  for (std::uint64_t n = 0; n <= upto; ++n) report.values.push_back(value_in(s, n));
  if (s.pattern.proven()) {
    report.pattern = s.pattern;
  } else {
    const std::optional<MoveBounds> bounds = game_.move_bounds();
    report.pattern = find_periodicity(bounds.value_or(MoveBounds{}), false, std::span<const Nimber>(report.values));
  }
  return report;
}

template <HeapGame G>
HeapMoveList HeapGameRule<G>::moves_in(Context& context, const Sequence& s, std::uint64_t heap, Nimber target,
                                       std::size_t limit) const {
  const auto at = [&](std::uint64_t h) { return value_in(s, h); };
  if (heap >= s.values.size() && splits_by_residue(s, heap)) return moves_by_residue(s, heap, target, limit);
  double moves = 0;
  for_each_option(heap, [&](std::uint64_t) { return ++moves < kMoveWalkLimit; });
  if constexpr (HeapGameWithSplitRanges<G>) {
    game_.for_each_split_range(heap, [&](std::uint64_t, std::uint64_t most) {
      moves += static_cast<double>(most);
      return true;
    });
  }
  if constexpr (HeapGameWithThreeWaySplits<G>) {
    game_.for_each_three_way_split(heap, [&](std::uint64_t rest) {
      moves += static_cast<double>(rest) * static_cast<double>(rest) / 12;
      return true;
    });
  }
  if (moves > kMoveWalkLimit) {
    // Printed as a double: a three-way split of a huge heap has ~10^37 moves,
    // which no integer type holds.
    char count[32];
    std::snprintf(count, sizeof count, "%.3g", moves);
    throw LimitError(excerpt(text_) + "(" + std::to_string(heap) + ") has about " + count +
                     " moves: too many to check one by one for the moves to value " + std::to_string(target));
  }
  return moves_valued(heap, target, limit, [&](std::uint64_t h) {
    context.charge();
    return at(h);
  });
}

template <HeapGame G>
bool HeapGameRule<G>::splits_by_residue(const Sequence& s, std::uint64_t heap) const {
  if constexpr (HeapGameWithSplits<G>) {
    return false;
  } else {
    if (!s.pattern.proven()) return false;
    bool periodic = true;
    if constexpr (HeapGameWithThreeWaySplits<G>) {
      game_.for_each_three_way_split(heap, [&](std::uint64_t rest) { return periodic = rest < 3; });
    }
    if constexpr (HeapGameWithSplitRanges<G>) {
      if (periodic) {
        game_.for_each_split_range(heap, [&](std::uint64_t rest, std::uint64_t most) {
          return periodic = rest - most >= s.pattern.preperiod + s.pattern.period;
        });
      }
    }
    return periodic;
  }
}

template <HeapGame G>
HeapMoveList HeapGameRule<G>::moves_by_residue(const Sequence& s, std::uint64_t heap, Nimber target,
                                               std::size_t limit) const {
  HeapMoveList result;
  const auto count = [&](std::uint64_t more) { result.total = saturating_add(result.total, more); };
  for_each_option(heap, [&](std::uint64_t after) {
    if (value_in(s, after) != target) return true;
    count(1);
    if (result.listed.size() < limit) result.listed.push_back(move_to(heap, after));
    return true;
  });
  if constexpr (HeapGameWithSplitRanges<G>) {
    const std::uint64_t p = s.pattern.period;
    const std::uint64_t first_periodic = std::max<std::uint64_t>(s.pattern.preperiod, 1);
    game_.for_each_split_range(heap, [&](std::uint64_t rest, std::uint64_t most) {
      for (std::uint64_t a = 1; a < first_periodic && a <= most; ++a) {
        if ((value_in(s, a) ^ value_in(s, rest - a)) != target) continue;
        count(1);
        if (result.listed.size() < limit) result.listed.push_back(split_move(heap, rest - a, a));
      }
      // The residues whose splits reach the target: a, a + p, … up to most
      // all do. `next` holds, per matching residue, its next smaller part to
      // list; it is ascending, and each step adds p to the least, which then
      // becomes the largest: a rotation, so the front is always the least.
      std::vector<std::uint64_t> next;
      for (std::uint64_t r = 0; r < p && first_periodic + r <= most; ++r) {
        const std::uint64_t a = first_periodic + r;
        if ((value_in(s, a) ^ value_in(s, rest - a)) != target) continue;
        count((most - a) / p + 1);
        next.push_back(a);
      }
      std::size_t front = 0;
      while (!next.empty() && result.listed.size() < limit) {
        const std::uint64_t a = next[front];
        if (a > most) break;  // the least is past the end: so are all
        result.listed.push_back(split_move(heap, rest - a, a));
        next[front] = a + p;
        front = (front + 1) % next.size();
      }
      return true;
    });
  }
  return result;
}

template <HeapGame G>
auto HeapGameRule<G>::period_proof(Context& context, Play play) const -> const Proof& {
  // A heap's value asks for its run's proof: remembered (run_memo.hpp), as
  // the lookup would cost as much as the value.
  Proofs& proofs =
      proofs_.get(context, [&] { return context.shared<Proofs>(text_, [] { return std::make_shared<Proofs>(); }); });
  std::lock_guard lock(proofs.mutex);
  Proof& proof = play == Play::misere ? proofs.misere : proofs.normal;
  if (!proof.sequence && !proof.refusal) {
    try {
      proof.sequence = prove_period(context, play);
    } catch (const LimitError& refused) {
      proof.refusal = refused.message();
    }
  }
  return proof;  // the Context keeps `proofs`, and a proof once made is never changed
}

template <HeapGame G>
auto HeapGameRule<G>::prove_period(Context& context, Play play) const -> ProvenSequence {
  const std::uint64_t t = game_.max_take();
  const std::string misere = play == Play::misere ? "misère " : "";
  std::uint64_t options_a_heap = 1;
  if (t < kProofValueLimit) {
    std::uint64_t listed = 0;
    for_each_option(t, [&](std::uint64_t) { return ++listed < kProofWorkLimit; });
    options_a_heap = std::max<std::uint64_t>(listed, 1);
  }
  const std::uint64_t value_limit = std::min(kProofValueLimit, kProofWorkLimit / options_a_heap);
  const auto refuse = [&] {
    throw LimitError("the " + misere + "period of " + text_ + " is not proven within " + std::to_string(value_limit) +
                     " values (the window theorem needs a repeated window of length " + std::to_string(t) +
                     "); refusing rather than guessing");
  };
  if (t >= value_limit / 2) refuse();
  const MoveBounds bounds{t, 1};
  std::vector<std::uint32_t> g;
  for (std::uint64_t size = std::max<std::uint64_t>(4 * t, 1024);; size *= 2) {
    extend(g, std::min(size, value_limit) - 1, play, context);
    const Periodicity found = find_periodicity(bounds, true, std::span<const std::uint32_t>(g));
    if (found.proven()) {
      const std::vector<Nimber> values(g.begin(), g.end());
      Periodicity least = least_pattern(values, found);
      least.proof = misere + found.proof + "; least period " + std::to_string(least.period) + " and least preperiod " +
                    std::to_string(least.preperiod);
      ProvenSequence result;
      result.prefix.assign(values.begin(),
                           values.begin() + static_cast<std::ptrdiff_t>(least.preperiod + least.period));
      result.pattern = std::move(least);
      return result;
    }
    if (size >= value_limit) refuse();
  }
}

template <HeapGame G>
std::optional<SequenceReport> HeapGameRule<G>::proven_table(Context& context, std::uint64_t upto, Play play) const {
  if constexpr (HeapGameWithMaxTake<G>) {
    check_table_request(upto, text_);
    const Proof& proof = period_proof(context, play);
    if (!proof.sequence) return std::nullopt;
    SequenceReport report;
    report.values.reserve(upto + 1);
    for (std::uint64_t n = 0; n <= upto; ++n)
      report.values.push_back(value_from_pattern(proof.sequence->prefix, proof.sequence->pattern, n));
    report.pattern = proof.sequence->pattern;
    return report;
  } else {
    return std::nullopt;
  }
}

template <HeapGame G>
SequenceReport HeapGameRule<G>::definition_table(Context& context, std::uint64_t upto, Play play) const {
  check_table_request(upto, text_);
  const std::uint64_t limit = sequence_limit();
  if (upto >= limit) {
    throw LimitError("a table of " + text_ + " up to " + std::to_string(upto) + " is beyond the limit of " +
                     std::to_string(limit) + " heaps for this rule (its cost a heap)");
  }
  SequenceReport report;
  extend(report.values, upto, play, context);
  std::optional<Periodicity> pattern = proven(play);
  report.pattern = pattern ? std::move(*pattern) : detect_any_periodicity(report.values);
  return report;
}

template <HeapGame G>
std::optional<Periodicity> HeapGameRule<G>::proven(Play play) const {
  if (play == Play::misere) {
    if constexpr (HeapGameWithMiserePattern<G>) return game_.proven_misere_pattern();
  } else {
    if constexpr (HeapGameWithPattern<G>) return game_.proven_pattern();
  }
  return std::nullopt;
}

template <HeapGame G>
template <class At>
std::optional<SequenceReport> HeapGameRule<G>::closed_table(Context& context, std::uint64_t upto, Play play,
                                                            At&& at) const {
  check_table_request(upto, text_);
  SequenceReport report;
  report.values.reserve(upto + 1);
  for (std::uint64_t n = 0; n <= upto; ++n) {
    context.charge();
    const std::optional<Nimber> known = at(n);
    if (!known) return std::nullopt;
    report.values.push_back(*known);
  }
  std::optional<Periodicity> pattern = proven(play);
  report.pattern = pattern ? std::move(*pattern) : detect_periodicity(report.values);
  return report;
}

}  // namespace grundy
