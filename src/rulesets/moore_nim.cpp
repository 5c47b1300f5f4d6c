#include "grundy/rulesets/moore_nim.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <utility>

#include "grundy/core/input_error.hpp"
#include "grundy/search/game_adapter.hpp"
#include "rulesets/builtin_specs.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/core/saturating.hpp"
#include "core/heap_rule_helpers.hpp"
#include "rulesets/samples.hpp"

namespace grundy {
namespace {


__extension__ using Wide = unsigned __int128;

// C(n, r), saturating: with r <= n/2 the partial products C(n, i) increase, so once
// one saturates the result does.
std::uint64_t binomial(std::uint64_t n, std::uint64_t r) {
  if (r > n) return 0;
  r = std::min(r, n - r);
  Wide c = 1;
  for (std::uint64_t i = 1; i <= r; ++i) {
    c = c * (n - r + i) / i;  // exact: C(n-r+i, i) = C(n-r+i-1, i-1) (n-r+i) / i
    if (c > UINT64_MAX) return UINT64_MAX;
  }
  return static_cast<std::uint64_t>(c);
}

// Calls visit(after) for every option of Nim_k — every tuple that lowers
// between 1 and k of the heaps — in heap order, depth first; stops when visit
// returns false. The one list of Moore's moves: the solver's and the
// component's.
template <class Visit>
bool for_each_lowering(const std::vector<std::uint64_t>& heaps, std::uint64_t k, std::size_t index,
                       std::uint64_t lowered, std::vector<std::uint64_t>& current, Visit&& visit) {
  if (index == heaps.size()) return lowered == 0 || visit(current);
  if (!for_each_lowering(heaps, k, index + 1, lowered, current, visit)) return false;
  if (lowered == k) return true;
  for (std::uint64_t v = 0; v < heaps[index]; ++v) {
    current[index] = v;
    if (!for_each_lowering(heaps, k, index + 1, lowered + 1, current, visit)) {
      current[index] = heaps[index];
      return false;
    }
  }
  current[index] = heaps[index];
  return true;
}

// The brute-force search is allowed when both the positions below the start
// (at most prod (h_i + 1)) and that count times the start's number of options
// (sum over sets of at most k heaps of the product of their sizes) are modest.
constexpr std::uint64_t kMaxSearchPositions = 2'000'000;
constexpr std::uint64_t kMaxSearchWork = 400'000'000;

// A budget for counting the moves to P-positions exactly, in heap visits (each
// search node scans the heaps once). Past it the count is reported as a lower bound.
constexpr std::uint64_t kCountBudget = 30'000'000;

// One position of Nim_k seen through Moore's theorem: its binary digit sums,
// whether it is lost, its moves to losses at any size, and the bound on the
// value search.
using Heaps = std::vector<std::uint64_t>;

class DigitSums {
 public:
  DigitSums(std::uint64_t k, const Heaps& heaps) : k_(k), heaps_(heaps) {
    for (std::uint64_t h : heaps_)
      for (int bit = 0; bit < 64; ++bit) column_[bit] += (h >> bit) & 1U;
  }

  // Moore's theorem: P exactly when every binary digit sum is divisible by k + 1.
  bool is_loss() const {
    for (std::uint64_t count : column_)
      if (!divisible(count)) return false;
    return true;
  }

  Nimber nim_sum_of_heaps() const {
    Nimber x = 0;
    for (std::uint64_t h : heaps_) x ^= h;
    return x;
  }

  std::optional<TheoremApplication> theorem() const {
    TheoremApplication t;
    t.theorem = "Moore's theorem (Nim_k, 1910)";
    const std::string m = k_ == UINT64_MAX ? std::string("2^64") : std::to_string(k_ + 1);
    t.statement = "a position of Nim_k (lower up to k heaps) is lost for the player to move exactly when, for every "
                  "binary digit, the number of heaps with a 1 there is a multiple of k + 1";
    int top = 0;
    for (int bit = 0; bit < 64; ++bit) {
      if (column_[bit] != 0) top = bit;
    }
    const std::size_t width = static_cast<std::size_t>(top) + 1;
    for (std::size_t i = 0; i < heaps_.size(); ++i) {
      std::string digits(width, '0');
      for (std::size_t b = 0; b < width; ++b) digits[width - 1 - b] = static_cast<char>('0' + ((heaps_[i] >> b) & 1U));
      t.steps.push_back("heap " + std::to_string(i + 1) + ": " + digits + "  (" + std::to_string(heaps_[i]) + ")");
    }
    std::string sums;
    std::string residues;
    bool all_zero = true;
    for (std::size_t b = width; b-- > 0;) {
      sums += (sums.empty() ? "" : " ") + std::to_string(column_[b]);
      const std::uint64_t r = k_ == UINT64_MAX ? column_[b] : column_[b] % (k_ + 1);
      residues += (residues.empty() ? "" : " ") + std::to_string(r);
      all_zero = all_zero && r == 0;
    }
    t.steps.push_back("digit sums, highest digit first: " + sums);
    t.steps.push_back("mod k + 1 = " + m + ": " + residues + (all_zero ? " (all 0)" : " (not all 0)"));
    t.conclusion = all_zero ? "so the player to move loses (a P-position)"
                            : "so the player to move wins: a winning move makes every digit sum a multiple of " + m;
    return t;
  }

  // k = 1: Nim, one move per heap at most.
  MoveCount nim_moves(Nimber target, std::size_t limit, std::vector<Heaps>& out) const {
    MoveCount result;
    const Nimber x = nim_sum_of_heaps();
    for (std::size_t i = 0; i < heaps_.size(); ++i) {
      const std::uint64_t wanted = x ^ heaps_[i] ^ target;
      if (wanted >= heaps_[i]) continue;
      ++result.total;  // at most one a heap: no overflow
      if (out.size() < limit) {
        Heaps after = heaps_;
        after[i] = wanted;
        out.push_back(std::move(after));
      }
    }
    return result;
  }

  // Refuses (LimitError) a value search past its bounds, naming the position.
  void check_search_size(const std::string& text) const {
    std::uint64_t positions = 1;
    // elementary[j] = sum over j-sets of heaps of the product of their sizes.
    const std::uint64_t most_lowered = std::min<std::uint64_t>(k_, heaps_.size());
    std::vector<std::uint64_t> elementary(most_lowered + 1, 0);
    elementary[0] = 1;
    for (std::uint64_t h : heaps_) {
      positions = saturating_mul(positions, saturating_add(h, 1));
      for (std::uint64_t j = most_lowered; j >= 1; --j) {
        elementary[j] = saturating_add(elementary[j], saturating_mul(elementary[j - 1], h));
      }
    }
    std::uint64_t options = 0;
    for (std::uint64_t j = 1; j <= most_lowered; ++j) options = saturating_add(options, elementary[j]);
    if (positions > kMaxSearchPositions || saturating_mul(positions, options) > kMaxSearchWork) {
      throw LimitError("the nim-value of " + text +
                       " has no known formula and its game is too large to search (" +
                       (positions == UINT64_MAX ? std::string("over 2^64") : std::to_string(positions)) +
                       " positions); Moore's theorem still decides who wins");
    }
  }

  // ---- Moves to P-positions by Moore's theorem, for heaps of any size ----
  //
  // A move lowers a set T of at most k heaps; a lowered heap's new value first
  // differs from the old one at some bit where it drops from 1 to 0 ("touched"
  // there), below which its bits are free. Going from the top bit down, at bit j
  // let u = untouched heaps with a 1 there and m = heaps touched above. The move
  // touches y of those u heaps here (their bit becomes 0, m + y <= k), and sets x of
  // the m touched heaps' bits to 1; the column is then u - y + x, which must be
  // divisible by k + 1. As x <= m <= k < k + 1, y fixes x uniquely. There is always
  // a choice (x = (-u) mod (k+1) if that is <= m, else y = u mod (k+1), which leaves
  // m + y <= k), so the search has no dead ends; each complete path with m >= 1 is
  // one move, each move one path.

  struct Search {
    std::vector<bool> touched;
    std::vector<std::size_t> touched_list;
    std::vector<std::uint64_t> after;
  };

  int top_bit() const {
    int top = -1;
    for (int bit = 0; bit < 64; ++bit)
      if (column_[bit] > 0) top = bit;
    return top;
  }

  // Untouched heaps with a 1 at `bit`.
  std::vector<std::size_t> untouched_ones(const Search& s, int bit) const {
    std::vector<std::size_t> ones;
    for (std::size_t i = 0; i < heaps_.size(); ++i)
      if (!s.touched[i] && ((heaps_[i] >> bit) & 1U)) ones.push_back(i);
    return ones;
  }

  // The x for a column of `remaining` untouched ones with m touched heaps, if any.
  std::optional<std::uint64_t> ones_needed(std::uint64_t remaining, std::uint64_t m) const {
    // x in [0, m] with remaining + x ≡ 0 (mod k+1); m <= k so at most one.
    std::uint64_t x = 0;
    if (k_ != UINT64_MAX) {
      const std::uint64_t r = remaining % (k_ + 1);
      x = r == 0 ? 0 : k_ + 1 - r;
    } else if (remaining != 0) {
      return std::nullopt;
    }
    if (x > m) return std::nullopt;
    return x;
  }

  MoveCount moves_to_losses(std::size_t limit, std::vector<Heaps>& out) const {
    MoveCount result;
    Search search{std::vector<bool>(heaps_.size(), false), {}, heaps_};
    const int top = top_bit();
    if (top < 0) return result;
    // Untouched heaps keep their bits; touched ones are rebuilt bit by bit.
    const std::size_t before = out.size();
    list_moves(search, top, limit, out);
    Budget budget{kCountBudget, false};
    Search counting{std::vector<bool>(heaps_.size(), false), {}, heaps_};
    result.total = count_moves(counting, top, budget);
    result.lower_bound = budget.exhausted;
    if (result.lower_bound) result.total = std::max<std::uint64_t>(result.total, out.size() - before);
    return result;
  }

 private:
  // count ≡ 0 (mod k + 1), where k + 1 may not fit 64 bits (then only 0 is).
  bool divisible(std::uint64_t count) const { return k_ == UINT64_MAX ? count == 0 : count % (k_ + 1) == 0; }

  // Lists moves in search order (fewest newly lowered heaps first) until `limit`.
  void list_moves(Search& s, int bit, std::size_t limit, std::vector<Heaps>& out) const {
    if (out.size() >= limit) return;
    if (bit < 0) {
      if (!s.touched_list.empty()) out.push_back(s.after);
      return;
    }
    const std::vector<std::size_t> ones = untouched_ones(s, bit);
    const std::uint64_t m = s.touched_list.size();
    const std::uint64_t most_new = std::min<std::uint64_t>(ones.size(), k_ - m);
    for (std::uint64_t y = 0; y <= most_new && out.size() < limit; ++y) {
      const auto x = ones_needed(ones.size() - y, m);
      if (!x) continue;
      for_each_subset(ones.size(), y, [&](const std::vector<std::size_t>& chosen) {
        for (std::size_t c : chosen) touch(s, ones[c], bit);
        // The touched-before heaps (not the ones touched at this bit) take x ones here.
        for_each_subset(m, *x, [&](const std::vector<std::size_t>& set_ones) {
          for (std::size_t t : set_ones) s.after[s.touched_list[t]] |= std::uint64_t{1} << bit;
          list_moves(s, bit - 1, limit, out);
          for (std::size_t t : set_ones) s.after[s.touched_list[t]] &= ~(std::uint64_t{1} << bit);
          return out.size() < limit;
        });
        for (std::size_t c = chosen.size(); c-- > 0;) untouch(s, ones[chosen[c]]);
        return out.size() < limit;
      });
    }
  }

  // Counts moves (saturating); the touched heaps' free bits are counted by binomials.
  struct Budget {
    std::uint64_t left;
    bool exhausted;
  };

  std::uint64_t count_moves(Search& s, int bit, Budget& budget) const {
    const std::uint64_t cost = heaps_.size() + 1;
    if (budget.exhausted || budget.left < cost) {
      budget.exhausted = true;
      return 0;
    }
    budget.left -= cost;
    if (bit < 0) return s.touched_list.empty() ? 0 : 1;
    const std::uint64_t m = s.touched_list.size();
    if (m == std::min<std::uint64_t>(k_, heaps_.size())) return count_without_touching(s, bit);
    const std::vector<std::size_t> ones = untouched_ones(s, bit);
    const std::uint64_t most_new = std::min<std::uint64_t>(ones.size(), k_ - m);
    std::uint64_t total = 0;
    for (std::uint64_t y = 0; y <= most_new && !budget.exhausted; ++y) {
      const auto x = ones_needed(ones.size() - y, m);
      if (!x) continue;
      const std::uint64_t ways = binomial(m, *x);
      for_each_subset(ones.size(), y, [&](const std::vector<std::size_t>& chosen) {
        for (std::size_t c : chosen) touch(s, ones[c], bit);
        total = saturating_add(total, saturating_mul(ways, count_moves(s, bit - 1, budget)));
        for (std::size_t c = chosen.size(); c-- > 0;) untouch(s, ones[chosen[c]]);
        return !budget.exhausted;
      });
    }
    return total;
  }

  // No more heaps may be lowered: each remaining bit has one x or none.
  std::uint64_t count_without_touching(const Search& s, int bit) const {
    const std::uint64_t m = s.touched_list.size();
    std::uint64_t total = 1;
    for (int b = bit; b >= 0; --b) {
      std::uint64_t touched_ones = 0;
      for (std::size_t t : s.touched_list) touched_ones += (heaps_[t] >> b) & 1U;
      const auto x = ones_needed(column_[b] - touched_ones, m);
      if (!x) return 0;
      total = saturating_mul(total, binomial(m, *x));
    }
    return m == 0 ? 0 : total;
  }

  void touch(Search& s, std::size_t heap, int bit) const {
    s.touched[heap] = true;
    s.touched_list.push_back(heap);
    // Bit `bit` drops to 0; the bits below are chosen later (start from 0).
    s.after[heap] = (heaps_[heap] >> bit >> 1 << 1 << bit);
  }
  void untouch(Search& s, std::size_t heap) const {
    s.touched[heap] = false;
    s.touched_list.pop_back();
    s.after[heap] = heaps_[heap];
  }

  // Calls visit(indices) for each r-subset of {0..n-1} in lexicographic order,
  // stopping when visit returns false.
  template <class F>
  static void for_each_subset(std::size_t n, std::uint64_t r, F visit) {
    if (r > n) return;
    std::vector<std::size_t> chosen(r);
    for (std::size_t i = 0; i < r; ++i) chosen[i] = i;
    while (true) {
      if (!visit(chosen)) return;
      std::size_t i = r;
      while (i > 0 && chosen[i - 1] == n - r + i - 1) --i;
      if (i == 0) return;
      ++chosen[i - 1];
      for (std::size_t j = i; j < r; ++j) chosen[j] = chosen[j - 1] + 1;
    }
  }

  std::uint64_t k_;
  const Heaps& heaps_;
  std::uint64_t column_[64] = {};  // column_[b] = heaps with bit b set
};

std::string list_text(const Heaps& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? "," : "") + std::to_string(values[i]);
  return out;
}

// Moore's Nim_k on the game model (game.hpp): its moves once, Moore's theorem
// as who wins, the moves to losses and the explanation at any size; Nim's rule
// as the closed form for k = 1. Other values come from the adapter's search
// (heap order and empty heaps do not change the game: canonical), within the
// bounds above.
class MooreNim {
 public:
  using Position = Heaps;
  explicit MooreNim(std::uint64_t k) : k_(k) {}

  // Every tuple that lowers between 1 and k of the heaps, in heap order.
  template <class Visit>
  void for_each_move(const Heaps& heaps, Visit&& visit) const {
    Heaps current = heaps;
    for_each_lowering(heaps, k_, 0, 0, current, [&](const Heaps& after) { return visit(after); });
  }
  void moves(const Heaps& heaps, std::vector<Heaps>& out) const {
    for_each_move(heaps, [&](const Heaps& after) {
      out.push_back(after);
      return true;
    });
  }

  Heaps canonical(const Heaps& heaps) const {
    Heaps q;
    for (std::uint64_t h : heaps)
      if (h > 0) q.push_back(h);
    std::sort(q.begin(), q.end());
    return q;
  }
  std::size_t hash(const Heaps& heaps) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ heaps.size();
    for (std::uint64_t x : heaps) h = (h ^ x) * 0x100000001B3ULL + (h >> 29);
    return static_cast<std::size_t>(h);
  }

  // Nim for k = 1; a loss by Moore's theorem is 0; a position past the
  // search's bounds is refused (who wins still follows: outcome).
  std::optional<Nimber> closed_form(const Heaps& heaps) const {
    const DigitSums digits(k_, heaps);
    if (k_ == 1) return digits.nim_sum_of_heaps();
    if (digits.is_loss()) return Nimber{0};
    // The adapter's search asks with the heaps sorted (canonical): named by its rule and size.
    digits.check_search_size("a " + name() + " position of " + std::to_string(heaps.size()) + " heaps this large");
    return std::nullopt;
  }

  std::optional<Outcome> outcome(const Heaps& heaps) const {
    return DigitSums(k_, heaps).is_loss() ? Outcome::P : Outcome::N;
  }

  std::optional<TheoremApplication> theorem(const Heaps& heaps) const { return DigitSums(k_, heaps).theorem(); }

  // k = 1 by Nim's rule and moves to losses by Moore's theorem, at any size;
  // other targets by the definition (every option valued by the search).
  std::optional<MoveCount> moves_to_value(const Heaps& heaps, Nimber target, std::size_t limit,
                                          std::vector<Heaps>& out) const {
    const DigitSums digits(k_, heaps);
    if (k_ == 1) return digits.nim_moves(target, limit, out);
    if (target == 0) return digits.moves_to_losses(limit, out);
    return std::nullopt;
  }

  std::string describe(const Heaps& heaps) const { return list_text(heaps); }

  std::string describe_move(const Heaps& from, const Heaps& to) const {
    std::string action;
    for (std::size_t i = 0; i < from.size(); ++i) {
      if (to[i] == from[i]) continue;
      action += (action.empty() ? "take " : " and ") + std::to_string(from[i] - to[i]) + " from heap " +
                std::to_string(i + 1) + " (of " + std::to_string(from[i]) + ")";
    }
    return action;
  }

  std::string name() const { return "moore(" + std::to_string(k_) + ")"; }

 private:

  std::uint64_t k_;
};

}  // namespace

ComponentPtr make_moore_nim(std::uint64_t k, std::vector<std::uint64_t> heaps) {
  if (k == 0) throw InputError("moore(k) needs k >= 1: a move lowers at least one heap");
  if (heaps.empty()) throw InputError("moore(k)(...) needs at least one heap");
  const MooreNim game(k);
  std::string name = game.name();
  const Position position =
      GameAdapter<MooreNim>::for_ruleset(game, std::move(name))->position(heaps);
  return position.components().front();
}

RulesetSpec moore_nim_ruleset() {
  RulesetSpec spec{
      .name = "moore",
      .help = {{"moore(k)(heaps…)", "Moore's Nim_k: take from at least 1 and at most k heaps (one component)"}},
      .parameters = 1};
  spec.position = [](const TermReader& term) {
    const std::uint64_t k = term.only_integer(term.parameter(0), "k");
    auto heaps = term.integers(term.positions(), "heap sizes");
    return Position(term.guarded([&] { return make_moore_nim(k, std::move(heaps)); }));
  };
  spec.samples = rulesets_detail::number_list_samples(
      [](std::size_t i) { return "moore(" + std::to_string(1 + i % 3) + ")("; }, 3, 4);
  return spec;
}

}  // namespace grundy
