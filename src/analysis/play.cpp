#include "grundy/analysis/play.hpp"

#include "grundy/analysis/analysis.hpp"

namespace grundy {

bool has_no_move(const Position& position, Context& context) {
  bool any = false;
  for_each_move(position, context, [&](Move&&) {
    any = true;
    return false;
  });
  return !any;
}

std::vector<Move> listed_moves(const Position& position, Context& context, std::size_t limit) {
  std::vector<Move> out;
  if (limit == 0) return out;
  for_each_move(position, context, [&](Move&& m) {
    out.push_back(std::move(m));
    return out.size() < limit;
  });
  return out;
}

std::optional<ChosenMove> computer_move(const Position& position, Context& context, std::size_t options_weighed) {
  const SumAnalysis a = analyze(position, context, AnalysisOptions{false, 1});
  if (!a.winning_moves.empty()) {
    return ChosenMove{a.winning_moves.front(), "a winning move: it leaves a position of value 0"};
  }
  // Lost against perfect play: leave the opponent as few good replies as we can.
  std::optional<ChosenMove> best;
  double best_share = 2;
  std::uint64_t best_replies = 0;
  std::uint64_t best_wins = 0;
  std::size_t weighed = 0;
  for_each_move(position, context, [&](Move&& m) {
    const Position after = m.after();
    std::uint64_t replies = 0;
    for_each_move(after, context, [&](Move&&) { return ++replies < 100'000; });
    const SumAnalysis reply = analyze(after, context, AnalysisOptions{false, 0});
    const double share = replies == 0 ? 0 : static_cast<double>(reply.winning_move_total) / static_cast<double>(replies);
    if (!best || share < best_share || (share == best_share && replies > best_replies)) {
      best_share = share;
      best_replies = replies;
      best_wins = reply.winning_move_total;
      best = ChosenMove{std::move(m), ""};
    }
    return ++weighed < options_weighed;
  });
  if (best) {
    best->reason = "no move wins against perfect play; this one leaves you the smallest share of winning replies (" +
                   std::to_string(best_wins) + " of " + std::to_string(best_replies) + ")";
  }
  return best;
}

std::optional<Move> missed_win(const Position& position, const Move& played, Context& context) {
  const SumAnalysis before = analyze(position, context, AnalysisOptions{false, 1});
  if (!before.first_player_wins() || before.winning_moves.empty()) return std::nullopt;
  AnalysisOptions value_only{false, 0};
  value_only.moves = false;
  const SumAnalysis after = analyze(played.after(), context, value_only);
  if (after.outcome != Outcome::N) return std::nullopt;
  return before.winning_moves.front();
}

std::optional<Move> move_to(const Position& position, const Position& typed, Context& context,
                            std::size_t search_limit) {
  // The components before and after the one that changed must be the same.
  const std::size_t n = position.size();
  const std::size_t m = typed.size();
  std::size_t front = 0;
  while (front < n && front < m && position[front].same_as(typed[front])) ++front;
  std::size_t back = 0;
  while (back < n - front && back < m - front && position[n - 1 - back].same_as(typed[m - 1 - back])) ++back;
  // Candidates: each component in the changed stretch (a move may leave a
  // component equal to a neighbour, so every one is tried).
  const std::size_t first = front == n ? (n == 0 ? 0 : n - 1) : front;
  const std::size_t last = n - back;  // exclusive
  for (std::size_t i = first; i < std::max(last, first + 1) && i < n; ++i) {
    std::optional<Move> found;
    std::size_t seen = 0;
    position[i].for_each_option(context, [&](ComponentOption&& option) {
      Move candidate{i, std::move(option.action), std::move(option.after), position};
      if (candidate.after() == typed) {
        found = std::move(candidate);
        return false;
      }
      return ++seen < search_limit;
    });
    if (found) return found;
  }
  return std::nullopt;
}

}  // namespace grundy
