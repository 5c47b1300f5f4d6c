// Coin-turning games (Winning Ways, ch. 14, "Turn and Turn About"; Berlekamp,
// Conway and Guy): coins(RULE)(THHTH) is a row of coins, left to right, H
// heads and T tails; a move turns over a set of coins that RULE allows, the
// rightmost of them from heads to tails (so every game ends). Coins are
// numbered from 1 at the left.
//
// The coin-turning theorem: a position is worth the xor of the values of its
// single heads, as if each head were a game of its own (a coin turned twice is
// as if not turned). A head on coin n is worth g(n), the mex of the xors of
// the other coins a move from n turns:
//   ruler           any run of consecutive coins ending at n: g(n) = the largest
//                   power of 2 dividing n (OEIS A006519)
//   turningturtles  one or two coins: g(n) = n (Nim)
//   mockturtles     one, two or three coins: g(n) = the n-th odious number,
//                   2(n−1) + 1 when n − 1 has an even number of binary 1s,
//                   else 2(n−1) (OEIS A000069)
//   twins           exactly two coins: g(n) = n − 1
//   moebius         one to five coins: no formula; the mex of the xors of up
//                   to four earlier values, computed (rows of at most 128 coins)
//   turn{0}{0,1}{0,3}
//                   a user's rule: each {…} is a set of coins a move may turn,
//                   by their distance to the left of the rightmost coin (0 is the
//                   rightmost itself, which every move turns, so it may be left
//                   out); g by its definition, computed
//
// Two-dimensional games are boards, rows joined by '/' (HT/TH), rows numbered
// from 1 at the top. In the product of rules A and B, coins(A,B)(HT/TH), a move
// is an A-move on columns times a B-move on rows: it turns every coin at the
// crossings, the one furthest right and down from heads to tails. Lenstra's
// theorem (the Tartan theorem of Winning Ways): a head at column x, row y is
// worth g_A(x) ⊗ g_B(y), nim multiplication. Turning Corners, corners(HT/TH),
// turns the four corners of a rectangle: Twins × Twins, worth (x−1) ⊗ (y−1).
// Acrostic Twins, coins(acrostictwins)(HT/TH), turns two coins of one row or
// of one column: a head is worth (x−1) ⊕ (y−1), Nim with two heaps.
//
// Winning moves come from the values, never from listing the options (a row
// of 10^6 coins under Ruler has 10^11 of them): a move from head r whose other
// coins are worth c in all changes the row's value by g(r) ⊕ c, so the moves to
// a value are the sets at each head with a given xor — for Ruler one at most
// (the prefix xors of the ruler function are the Gray code, n ⊕ ⌊n/2⌋, which
// has an inverse), for Mock Turtles counted by a formula over the odious
// numbers, otherwise searched among the (bounded) sets. In a product, a move
// changes the value by α ⊗ β (α, β the xors of its two one-dimensional parts),
// so β = w ⊗ α⁻¹ for each α.
#include <algorithm>
#include <bit>
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/core/saturating.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/search/game_adapter.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/nimber.hpp"
#include "core/heap_rule_helpers.hpp"
#include "rulesets/builtin_specs.hpp"

namespace grundy {
namespace {


// Bounds, checked when a position is read. A row is valued in O(coins) and its
// winning moves counted in O(coins) for the rules with formulas, and each move
// listed is a copy of the row: 10^6 coins take 13 ms for the value, 70-150 ms
// with 20 winning moves listed (bench/textbook_games_bench.cpp); 2^24 coins
// took 0.75 s and 4 s, 0.7 GB. So 2^22: about a second at most.
constexpr std::uint64_t kMostCoins = std::uint64_t{1} << 22;
// Moebius's values are computed from the sets of xors of up to four earlier
// values (bitsets of 2^17 bits at 128 coins), and its winning moves searched
// among the sets of up to four coins left of each head (n^3/6 a head).
constexpr std::uint64_t kMostMoebiusCoins = 128;
// A user's rule is computed by its definition: coins × offsets of all its sets.
constexpr std::uint64_t kMostRuleWork = std::uint64_t{1} << 28;
constexpr std::size_t kMostSets = 256;
constexpr std::uint64_t kMostOffset = 1'000'000;
// Boards: the moves to a value take, at each head, one step per distinct xor
// of the column rule's sets there (at most 128 for Mock Turtles at 64 coins,
// about 4096 for Moebius at 32): a random 32 × 64 board of Moebius × Mock
// Turtles, the worst, took 1.0 s CPU with its winning moves; 64 × 64 of Mock
// Turtles × Mock Turtles 0.1 s.
constexpr std::uint64_t kMostBoardSide = 64;
constexpr std::uint64_t kMostBoardCells = 4096;
constexpr std::uint64_t kMostMoebiusSide = 32;

constexpr Nimber gray(std::uint64_t n) { return n ^ (n >> 1); }

constexpr std::uint64_t gray_inverse(Nimber g) {
  for (unsigned shift = 1; shift < 64; shift *= 2) g ^= g >> shift;
  return g;
}

constexpr bool is_odious(std::uint64_t n) { return std::popcount(n) % 2 == 1; }

// Odious numbers below n: one in each pair {2i, 2i + 1} (they differ in bit 0).
constexpr std::uint64_t odious_below(std::uint64_t n) { return n / 2 + ((n % 2 == 1 && is_odious(n - 1)) ? 1 : 0); }
constexpr std::uint64_t evil_below(std::uint64_t n) { return n - odious_below(n); }

// Odious numbers below m with bit h set. In blocks of 2^(h+1) the numbers with
// bit h are k·2^(h+1) + 2^h + l, l < 2^h, of popcount pop(k) + 1 + pop(l): for
// h >= 1 half of them are odious; for h = 0 (l = 0) exactly those of even pop(k).
std::uint64_t odious_with_bit_below(std::uint64_t m, unsigned h) {
  const std::uint64_t half = std::uint64_t{1} << h;
  const std::uint64_t block = half << 1;
  const std::uint64_t blocks = m / block;
  const std::uint64_t rest = m % block;
  std::uint64_t count = h >= 1 ? blocks * (half / 2) : evil_below(blocks);
  if (rest > half) {
    const std::uint64_t l = rest - half;
    count += std::popcount(blocks) % 2 == 0 ? evil_below(l) : odious_below(l);
  }
  return count;
}

// "3", "1, 4..6": increasing coin numbers, runs of three or more as a..b.
std::string runs_text(const std::vector<std::uint64_t>& sorted) {
  std::string out;
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t j = i;
    while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    if (j >= i + 2) {
      out += std::to_string(sorted[i]) + ".." + std::to_string(sorted[j]);
    } else {
      for (std::size_t k = i; k <= j; ++k) out += (k > i ? ", " : "") + std::to_string(sorted[k]);
    }
    i = j + 1;
  }
  return out;
}

// The coins a move turns besides its rightmost: a run first..last (Ruler), or
// a list, increasing.
struct OtherCoins {
  bool run = false;
  std::uint64_t first = 1;
  std::uint64_t last = 0;  // an empty run when last < first
  std::vector<std::uint64_t> coins;

  template <class F>
  void each(F&& f) const {
    if (run) {
      for (std::uint64_t c = first; c <= last && c != 0; ++c) f(c);
    } else {
      for (const std::uint64_t c : coins) f(c);
    }
  }
};

// ---------------------------------------------------------------------------
// A one-dimensional rule: which sets of coins a move may turn, and the value
// g(n) of a head on coin n.

class CoinRule {
 public:
  enum class Kind { ruler, sizes, offsets };

  // The built-in rule a word names.
  static std::optional<CoinRule> named(std::string_view word) {
    // Sizes: which numbers of other coins (besides the rightmost) a move turns.
    if (word == "ruler") return CoinRule(Kind::ruler, "ruler", 0);
    if (word == "turningturtles") return CoinRule(Kind::sizes, "turningturtles", 0b11);
    if (word == "mockturtles") return CoinRule(Kind::sizes, "mockturtles", 0b111);
    if (word == "twins") return CoinRule(Kind::sizes, "twins", 0b10);
    if (word == "moebius") return CoinRule(Kind::sizes, "moebius", 0b11111);
    return std::nullopt;
  }

  // A user's rule: sets of offsets to the left of the rightmost coin, each
  // holding 0, sorted and distinct.
  static CoinRule user(std::vector<std::vector<std::uint64_t>> sets) {
    std::sort(sets.begin(), sets.end());
    sets.erase(std::unique(sets.begin(), sets.end()), sets.end());
    std::string text = "turn";
    for (const auto& set : sets) text += "{" + runs_text(set) + "}";
    // runs_text separates with ", "; a rule prints without spaces.
    text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
    CoinRule rule(Kind::offsets, std::move(text), 0);
    rule.sets_ = std::move(sets);
    for (const auto& set : rule.sets_) rule.offsets_ += set.size();
    return rule;
  }

  [[nodiscard]] const std::string& text() const { return text_; }
  [[nodiscard]] Kind kind() const { return kind_; }
  [[nodiscard]] std::uint64_t offsets() const { return offsets_; }

  // The longest row the rule values (see the bounds above).
  [[nodiscard]] std::uint64_t most_coins() const {
    if (text_ == "moebius") return kMostMoebiusCoins;
    if (kind_ == Kind::offsets) return std::min(kMostCoins, kMostRuleWork / std::max<std::uint64_t>(offsets_, 1));
    return kMostCoins;
  }
  [[nodiscard]] std::uint64_t most_coins_on_a_side() const {
    return std::min(text_ == "moebius" ? kMostMoebiusSide : kMostBoardSide, most_coins());
  }

  // What g(n) is, for explanations.
  [[nodiscard]] std::string value_rule() const {
    if (text_ == "ruler") return "g(n) = the largest power of 2 dividing n";
    if (text_ == "turningturtles") return "g(n) = n";
    if (text_ == "mockturtles") return "g(n) = the n-th odious number (odd number of binary 1s): 1, 2, 4, 7, 8, 11, …";
    if (text_ == "twins") return "g(n) = n − 1";
    if (text_ == "moebius") return "g(n) = the mex of the xors of up to four of g(1), …, g(n − 1): 1, 2, 4, 8, 16, 31, 32, …";
    return "g(n) = the mex, over the rule's sets that fit, of the xor of g at the other coins of the set";
  }

  // g(1..n), read by a position's computations: a formula, or a snapshot of
  // the rule's table (shared by every copy of the rule, grown on demand,
  // never changed where it is computed: readers keep their snapshot).
  class Values {
   public:
    Nimber operator()(std::uint64_t coin) const {
      if (table_) return (*table_)[coin];
      switch (formula_) {
        case 'r': return coin & (~coin + 1);
        case 't': return coin;
        case 'm': return 2 * (coin - 1) + (is_odious(coin - 1) ? 0 : 1);
        default: return coin - 1;  // twins
      }
    }
    // The coin worth v, when the rule's values all differ (the sizes rules).
    [[nodiscard]] std::optional<std::uint64_t> coin_of(Nimber v) const {
      if (table_) {
        const auto at = std::lower_bound(table_->begin() + 1, table_->end(), v);
        if (at == table_->end() || *at != v) return std::nullopt;
        return static_cast<std::uint64_t>(at - table_->begin());
      }
      switch (formula_) {
        case 't': return v >= 1 ? std::optional<std::uint64_t>(v) : std::nullopt;
        case 'm': return is_odious(v) ? std::optional<std::uint64_t>(v / 2 + 1) : std::nullopt;
        default: return v < UINT64_MAX ? std::optional<std::uint64_t>(v + 1) : std::nullopt;
      }
    }

   private:
    friend class CoinRule;
    char formula_ = 0;
    std::shared_ptr<const std::vector<Nimber>> table_;  // index: coin; [0] unused
  };

  [[nodiscard]] Values values(std::uint64_t coins) const {
    Values v;
    if (text_ == "ruler") {
      v.formula_ = 'r';
    } else if (text_ == "turningturtles") {
      v.formula_ = 't';
    } else if (text_ == "mockturtles") {
      v.formula_ = 'm';
    } else if (text_ == "twins") {
      v.formula_ = 'w';
    } else {
      v.table_ = table_->through(*this, coins);
    }
    return v;
  }

  // How many moves have their rightmost coin on `coin` (saturating).
  [[nodiscard]] std::uint64_t set_count(std::uint64_t coin) const {
    if (kind_ == Kind::ruler) return coin;
    if (kind_ == Kind::offsets) {
      std::uint64_t count = 0;
      for (const auto& set : sets_) count += set.back() < coin ? 1 : 0;
      return count;
    }
    std::uint64_t count = 0;
    std::uint64_t binomial = 1;  // C(coin − 1, m)
    for (unsigned m = 0; m <= 4; ++m) {
      if ((sizes_ >> m) & 1U) count = saturating_add(count, binomial);
      binomial = saturating_mul(binomial, coin - 1 > m ? coin - 1 - m : 0) / (m + 1);
    }
    return count;
  }

  // Every move whose rightmost coin is `coin`: visit(others, xor of their
  // values) returns false to stop; returns false when stopped.
  template <class Visit>
  bool for_each_set(std::uint64_t coin, const Values& g, Visit&& visit) const {
    OtherCoins others;
    switch (kind_) {
      case Kind::ruler: {
        // The runs l..coin − 1, shortest first; their xor by the Gray code.
        others.run = true;
        others.last = coin - 1;
        for (std::uint64_t l = coin; l >= 1; --l) {
          others.first = l;
          if (!visit(others, gray(coin - 1) ^ gray(l - 1))) return false;
        }
        return true;
      }
      case Kind::offsets: {
        for (const auto& set : sets_) {
          if (set.back() >= coin) continue;
          others.coins.clear();
          Nimber x = 0;
          for (auto d = set.rbegin(); d != set.rend(); ++d) {
            if (*d == 0) continue;
            others.coins.push_back(coin - *d);
            x ^= g(coin - *d);
          }
          if (!visit(others, x)) return false;
        }
        return true;
      }
      case Kind::sizes: {
        for (unsigned m = 0; m <= 4; ++m) {
          if (((sizes_ >> m) & 1U) == 0 || m > coin - 1) continue;
          // The m-subsets of 1..coin − 1 in increasing order.
          others.coins.assign(m, 0);
          for (unsigned i = 0; i < m; ++i) others.coins[i] = i + 1;
          while (true) {
            Nimber x = 0;
            for (const std::uint64_t c : others.coins) x ^= g(c);
            if (!visit(others, x)) return false;
            int i = static_cast<int>(m) - 1;
            while (i >= 0 && others.coins[static_cast<std::size_t>(i)] == coin - m + static_cast<unsigned>(i)) --i;
            if (i < 0) break;
            ++others.coins[static_cast<std::size_t>(i)];
            for (std::size_t j = static_cast<std::size_t>(i) + 1; j < m; ++j) others.coins[j] = others.coins[j - 1] + 1;
          }
        }
        return true;
      }
    }
    return true;
  }

  // The moves at `coin` whose other coins' values xor to c: all counted
  // (saturating), the first `limit` handed to found(others).
  template <class Found>
  std::uint64_t sets_with_xor(std::uint64_t coin, Nimber c, const Values& g, std::size_t limit, Found&& found) const {
    std::uint64_t total = 0;
    const auto take = [&](const OtherCoins& others) {
      if (total < limit) found(others);
      total = saturating_add(total, 1);
    };
    switch (kind_) {
      case Kind::ruler: {
        // xor of the run l..coin − 1 = gray(coin − 1) ⊕ gray(l − 1): one l at most.
        const std::uint64_t before = gray_inverse(gray(coin - 1) ^ c);
        if (before <= coin - 1) {
          OtherCoins others;
          others.run = true;
          others.first = before + 1;
          others.last = coin - 1;
          take(others);
        }
        return total;
      }
      case Kind::offsets: {
        for_each_set(coin, g, [&](const OtherCoins& others, Nimber x) {
          if (x == c) take(others);
          return true;
        });
        return total;
      }
      case Kind::sizes: break;
    }
    OtherCoins others;
    // No other coin.
    if ((sizes_ & 1U) != 0 && c == 0) take(others);
    // One: the coin worth c (the values all differ).
    if ((sizes_ >> 1) & 1U) {
      if (const auto a = g.coin_of(c); a && *a < coin) {
        others.coins = {*a};
        take(others);
      }
    }
    if (((sizes_ >> 2) & 1U) != 0 && coin > 2) {
      if (text_ == "mockturtles") {
        total = saturating_add(total, mock_turtle_pairs(coin, c, limit > total ? limit - total : 0, found));
      } else {
        for (std::uint64_t a = 1; a < coin; ++a) {
          if (const auto b = g.coin_of(c ^ g(a)); b && *b > a && *b < coin) {
            others.coins = {a, *b};
            take(others);
          }
        }
      }
    }
    if (((sizes_ >> 3) & 1U) != 0) {
      for (std::uint64_t a = 1; a < coin; ++a) {
        for (std::uint64_t b = a + 1; b < coin; ++b) {
          if (const auto d = g.coin_of(c ^ g(a) ^ g(b)); d && *d > b && *d < coin) {
            others.coins = {a, b, *d};
            take(others);
          }
        }
      }
    }
    if (((sizes_ >> 4) & 1U) != 0) {
      for (std::uint64_t a = 1; a < coin; ++a) {
        for (std::uint64_t b = a + 1; b < coin; ++b) {
          for (std::uint64_t d = b + 1; d < coin; ++d) {
            if (const auto e = g.coin_of(c ^ g(a) ^ g(b) ^ g(d)); e && *e > d && *e < coin) {
              others.coins = {a, b, d, *e};
              take(others);
            }
          }
        }
      }
    }
    return total;
  }

 private:
  CoinRule(Kind kind, std::string text, unsigned sizes)
      : kind_(kind), text_(std::move(text)), sizes_(sizes), table_(std::make_shared<Table>()) {}

  // Mock Turtles' pairs a < b < coin with g(a) ⊕ g(b) = c. The values of
  // coins 1 .. coin − 1 are the odious numbers below m = 2(coin − 1) (one in
  // each pair {2i, 2i + 1}); u ⊕ w = c with u odious makes w odious exactly
  // when c has an even number of 1s, and then, h the top bit of c, each pair
  // is counted once by its larger member w: the odious w < m with bit h set.
  // Listed from the largest w down, skipping the blocks without bit h.
  template <class Found>
  static std::uint64_t mock_turtle_pairs(std::uint64_t coin, Nimber c, std::size_t limit, Found&& found) {
    if (c == 0 || is_odious(c)) return 0;
    const std::uint64_t m = 2 * (coin - 1);
    const auto h = static_cast<unsigned>(std::bit_width(c) - 1);
    const std::uint64_t total = odious_with_bit_below(m, h);
    std::size_t listed = 0;
    OtherCoins others;
    for (std::uint64_t w = m; listed < limit && listed < total && w-- > 0;) {
      if (((w >> h) & 1U) == 0) {
        if ((w >> (h + 1)) == 0) break;
        w = ((w >> (h + 1)) << (h + 1));  // the next w-- lands on the block's top, bit h set
        continue;
      }
      if (!is_odious(w)) continue;
      others.coins = {(w ^ c) / 2 + 1, w / 2 + 1};
      found(others);
      ++listed;
    }
    return total;
  }

  // The values of a rule without a formula, computed to the longest row asked for.
  class Table {
   public:
    std::shared_ptr<const std::vector<Nimber>> through(const CoinRule& rule, std::uint64_t coins) {
      std::lock_guard lock(mutex_);
      if (!values_ || values_->size() <= coins) {
        auto grown = std::make_shared<std::vector<Nimber>>(values_ ? *values_ : std::vector<Nimber>{0});
        // Doubling: a run of growing rows recomputes little.
        const std::uint64_t target = std::max<std::uint64_t>(coins, std::min<std::uint64_t>(2 * grown->size(), rule.most_coins()));
        // A heap sequence of its own, not extend_heap_sequence (heap_sequence.hpp):
        // the hooks that read these values (the closed form, the moves) are
        // given no Context for it to charge, and Moebius's options are the
        // xors of up to four earlier values, O(n^4) to list, kept instead as
        // sets from coin to coin (next_moebius). A user's rule would fit it
        // with a Context of its own, but was measured slower there: its table
        // of 4·10^6 coins and 5 sets (2·10^7 options) took 0.15 s of CPU
        // instead of 0.08 (the options' values, below 64, inserted into its
        // MexSet by a call each; here a bit of a bitset on the stack).
        while (grown->size() <= target) grown->push_back(rule.kind_ == Kind::offsets ? next_by_offsets(rule, *grown) : next_moebius());
        values_ = std::move(grown);
      }
      return values_;
    }

   private:
    // g(n) = mex over the sets that fit of the xor of g at n − d, d > 0.
    static Nimber next_by_offsets(const CoinRule& rule, const std::vector<Nimber>& g) {
      const std::uint64_t coin = g.size();
      std::bitset<kMostSets + 1> seen;  // a mex of at most as many options as sets
      for (const auto& set : rule.sets_) {
        if (set.back() >= coin) continue;
        Nimber x = 0;
        for (const std::uint64_t d : set) x ^= d == 0 ? 0 : g[coin - d];
        if (x < seen.size()) seen.set(x);
      }
      Nimber m = 0;
      while (seen.test(m)) ++m;
      return m;
    }

    // Moebius: sums_[j] holds the xors of at most j + 1 of the values so far
    // (and 0), as a bitset over 0 .. 2^bits_ − 1. g(n) is the least number
    // missing from sums_[3] (up to four other coins); then each set gains its
    // smaller neighbour translated by g(n): sums_[j] |= g(n) ⊕ sums_[j − 1].
    Nimber next_moebius() {
      if (sums_[0].empty()) {
        bits_ = 6;
        for (auto& s : sums_) s.assign(1, 1);  // {0}
      }
      const std::vector<std::uint64_t>& four = sums_[3];
      Nimber value = Nimber{1} << bits_;
      for (std::size_t w = 0; w < four.size(); ++w) {
        if (~four[w] != 0) {
          value = 64 * w + static_cast<Nimber>(std::countr_one(four[w]));
          break;
        }
      }
      while (value >= (Nimber{1} << bits_)) {
        ++bits_;
        for (auto& s : sums_) s.resize(std::max<std::size_t>(1, (std::size_t{1} << bits_) / 64), 0);
      }
      for (std::size_t j = 3; j >= 1; --j) translate_into(sums_[j], sums_[j - 1], value);
      sums_[0][value / 64] |= std::uint64_t{1} << (value % 64);
      return value;
    }

    // into |= {i ⊕ t : i in from}: words move by t / 64, bits within a word by
    // swapping blocks of 2^k for each bit k of t % 64.
    static void translate_into(std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from, Nimber t) {
      static constexpr std::uint64_t kMasks[6] = {0x5555555555555555ULL, 0x3333333333333333ULL, 0x0F0F0F0F0F0F0F0FULL,
                                                  0x00FF00FF00FF00FFULL, 0x0000FFFF0000FFFFULL, 0x00000000FFFFFFFFULL};
      const std::size_t word_shift = static_cast<std::size_t>(t / 64);
      const unsigned bit_shift = static_cast<unsigned>(t % 64);
      for (std::size_t w = 0; w < from.size(); ++w) {
        std::uint64_t x = from[w];
        for (unsigned k = 0; k < 6; ++k) {
          if (((bit_shift >> k) & 1U) == 0) continue;
          const unsigned width = 1U << k;
          x = ((x & kMasks[k]) << width) | ((x >> width) & kMasks[k]);
        }
        into[w ^ word_shift] |= x;
      }
    }

    std::mutex mutex_;
    std::shared_ptr<const std::vector<Nimber>> values_;
    std::vector<std::uint64_t> sums_[4];
    unsigned bits_ = 0;
  };

  Kind kind_;
  std::string text_;
  unsigned sizes_ = 0;  // sizes: bit m set when a move may turn m coins besides the rightmost
  std::vector<std::vector<std::uint64_t>> sets_;  // offsets
  std::uint64_t offsets_ = 0;
  std::shared_ptr<Table> table_;
};

// ---------------------------------------------------------------------------
// The game: a row under one rule, or a board under a product of two rules or
// Acrostic Twins.

struct Coins {
  std::uint64_t width = 0;  // coins a row
  std::string cells;        // 'H' and 'T', row after row
  bool operator==(const Coins&) const = default;
  [[nodiscard]] std::uint64_t height() const { return width == 0 ? 0 : cells.size() / width; }
};

enum class Shape { row, product, acrostic_twins };

class CoinTurning {
 public:
  using Position = Coins;

  CoinTurning(Shape shape, CoinRule columns, std::optional<CoinRule> rows, bool corners)
      : shape_(shape), columns_(std::move(columns)), rows_(std::move(rows)), corners_(corners) {}

  [[nodiscard]] Shape shape() const { return shape_; }
  [[nodiscard]] const CoinRule& columns() const { return columns_; }
  [[nodiscard]] const std::optional<CoinRule>& rows() const { return rows_; }

  // The game's head as printed: coins(ruler), coins(ruler,twins), corners.
  [[nodiscard]] std::string name() const {
    if (corners_) return "corners";
    if (shape_ == Shape::acrostic_twins) return "coins(acrostictwins)";
    return "coins(" + columns_.text() + (rows_ ? "," + rows_->text() : "") + ")";
  }

  template <class Visit>
  void for_each_move(const Coins& p, Visit&& visit) const {
    const std::uint64_t height = p.height();
    const CoinRule::Values g = columns_.values(p.width);
    const CoinRule::Values h = shape_ == Shape::product ? rows_->values(height) : g;
    if (shape_ == Shape::row) {
      for (std::uint64_t coin = 1; coin <= p.width; ++coin) {
        if (p.cells[coin - 1] != 'H') continue;
        const bool more = columns_.for_each_set(coin, g, [&](const OtherCoins& others, Nimber) {
          Coins q = p;
          flip(q, coin, 1);
          flip_in_row(q, others, 1);
          return static_cast<bool>(visit(q));
        });
        if (!more) return;
      }
      return;
    }
    for (std::uint64_t y = 1; y <= height; ++y) {
      for (std::uint64_t x = 1; x <= p.width; ++x) {
        if (at(p, x, y) != 'H') continue;
        if (shape_ == Shape::acrostic_twins) {
          for (std::uint64_t a = 1; a < x; ++a) {
            if (!visit(flipped(p, {{x, y}, {a, y}}))) return;
          }
          for (std::uint64_t b = 1; b < y; ++b) {
            if (!visit(flipped(p, {{x, y}, {x, b}}))) return;
          }
          continue;
        }
        const bool more = columns_.for_each_set(x, g, [&](const OtherCoins& across, Nimber) {
          return rows_->for_each_set(y, h, [&](const OtherCoins& down, Nimber) {
            return static_cast<bool>(visit(product_move(p, x, across, y, down)));
          });
        });
        if (!more) return;
      }
    }
  }

  void moves(const Coins& p, std::vector<Coins>& out) const {
    for_each_move(p, [&](const Coins& q) {
      out.push_back(q);
      return true;
    });
  }

  std::optional<Nimber> closed_form(const Coins& p) const { return value(p); }

  std::uint64_t moves_to_value(const Coins& p, Nimber target, std::size_t limit, std::vector<Coins>& out) const {
    const Nimber change = value(p) ^ target;  // what the move's coins must be worth together
    const std::uint64_t height = p.height();
    const CoinRule::Values g = columns_.values(p.width);
    std::uint64_t total = 0;
    if (shape_ == Shape::row) {
      for (std::uint64_t coin = 1; coin <= p.width; ++coin) {
        if (p.cells[coin - 1] != 'H') continue;
        const std::size_t room = limit - std::min(limit, out.size());
        total = saturating_add(total, columns_.sets_with_xor(coin, change ^ g(coin), g, room, [&](const OtherCoins& others) {
          Coins q = p;
          flip(q, coin, 1);
          flip_in_row(q, others, 1);
          out.push_back(std::move(q));
        }));
      }
      return total;
    }
    if (shape_ == Shape::acrostic_twins) {
      for (std::uint64_t y = 1; y <= height; ++y) {
        for (std::uint64_t x = 1; x <= p.width; ++x) {
          if (at(p, x, y) != 'H') continue;
          // The other coin must be worth change ⊕ g(x, y).
          const Nimber other = change ^ ((x - 1) ^ (y - 1));
          const std::uint64_t a = (other ^ (y - 1)) + 1;  // in row y
          const std::uint64_t b = (other ^ (x - 1)) + 1;  // in column x
          for (const auto& [c, r] : {std::pair{a, y}, std::pair{x, b}}) {
            if ((c == x && r >= y) || (r == y && c >= x) || c == 0 || r == 0) continue;
            ++total;
            if (out.size() < limit) out.push_back(flipped(p, {{x, y}, {c, r}}));
          }
        }
      }
      return total;
    }
    // A product: the move (across at x) × (down at y) changes the value by
    // α ⊗ β, α = g_A(x) ⊕ (across's xor), β = g_B(y) ⊕ (down's xor). For each
    // α of the sets at x, the β that makes α ⊗ β = change is one (α ≠ 0).
    const CoinRule::Values h = rows_->values(height);
    std::unordered_map<std::uint64_t, std::unordered_map<Nimber, std::uint64_t>> across_xors;  // by column
    std::unordered_map<std::uint64_t, std::unordered_map<Nimber, std::uint64_t>> down_xors;    // by row
    std::unordered_map<Nimber, Nimber> inverses;
    const auto histogram = [](const CoinRule& rule, std::uint64_t coin, const CoinRule::Values& values,
                              std::unordered_map<std::uint64_t, std::unordered_map<Nimber, std::uint64_t>>& cache)
        -> const std::unordered_map<Nimber, std::uint64_t>& {
      const auto found = cache.try_emplace(coin);
      std::unordered_map<Nimber, std::uint64_t>& counts = found.first->second;
      if (found.second) {
        rule.for_each_set(coin, values, [&](const OtherCoins&, Nimber x) {
          ++counts[x];
          return true;
        });
      }
      return counts;
    };
    for (std::uint64_t y = 1; y <= height; ++y) {
      for (std::uint64_t x = 1; x <= p.width; ++x) {
        if (at(p, x, y) != 'H') continue;
        const auto& across = histogram(columns_, x, g, across_xors);
        const auto& down = histogram(*rows_, y, h, down_xors);
        const auto down_with = [&](Nimber beta) -> std::uint64_t {
          const auto it = down.find(beta ^ h(y));
          return it == down.end() ? 0 : it->second;
        };
        std::uint64_t here = 0;
        for (const auto& [x_xor, count] : across) {
          const Nimber alpha = g(x) ^ x_xor;
          std::uint64_t matching = 0;
          if (alpha == 0) {
            matching = change == 0 ? rows_->set_count(y) : 0;
          } else {
            auto [inv, fresh] = inverses.try_emplace(alpha, 0);
            if (fresh) inv->second = nim_inverse(alpha);
            matching = down_with(nim_product(change, inv->second));
          }
          here = saturating_add(here, saturating_mul(count, matching));
        }
        total = saturating_add(total, here);
        if (here == 0 || out.size() >= limit) continue;
        // List this head's moves until the room is used.
        columns_.for_each_set(x, g, [&](const OtherCoins& across_set, Nimber x_xor) {
          const Nimber alpha = g(x) ^ x_xor;
          const auto add = [&](const OtherCoins& down_set) {
            if (out.size() < limit) out.push_back(product_move(p, x, across_set, y, down_set));
          };
          if (alpha == 0) {
            if (change == 0) {
              rows_->for_each_set(y, h, [&](const OtherCoins& down_set, Nimber) {
                add(down_set);
                return out.size() < limit;
              });
            }
          } else {
            const Nimber beta = nim_product(change, inverses.at(alpha));
            rows_->sets_with_xor(y, beta ^ h(y), h, limit - out.size(), add);
          }
          return out.size() < limit;
        });
      }
    }
    return total;
  }

  std::optional<TheoremApplication> theorem(const Coins& p) const {
    TheoremApplication t;
    const std::uint64_t height = p.height();
    const CoinRule::Values g = columns_.values(p.width);
    std::uint64_t heads = 0;
    constexpr std::uint64_t kHeadsShown = 16;
    const Nimber total = value(p);
    if (shape_ == Shape::row) {
      t.theorem = "the coin-turning theorem (Winning Ways, ch. 14)";
      t.statement = "a row of coins is worth the xor of the values of its single heads; under " + columns_.text() +
                    " a head on coin n is worth " + columns_.value_rule();
      for (std::uint64_t coin = 1; coin <= p.width; ++coin) {
        if (p.cells[coin - 1] != 'H') continue;
        if (++heads <= kHeadsShown) t.steps.push_back("head on coin " + std::to_string(coin) + ": g = " + std::to_string(g(coin)));
      }
    } else {
      const CoinRule::Values h = shape_ == Shape::product ? rows_->values(height) : g;
      if (shape_ == Shape::acrostic_twins) {
        t.theorem = "the coin-turning theorem for Acrostic Twins (Winning Ways, ch. 14)";
        t.statement = "a board is worth the xor of the values of its single heads, and a head at column x, row y is "
                      "worth (x − 1) ⊕ (y − 1): its moves are those of Nim with heaps x − 1 and y − 1";
      } else {
        t.theorem = corners_ ? "Lenstra's theorem for Turning Corners (Twins × Twins; the Tartan theorem of Winning Ways, ch. 14)"
                             : "Lenstra's theorem on products of coin-turning games (the Tartan theorem of Winning Ways, ch. 14)";
        t.statement = corners_ ? "a board is worth the xor of the values of its single heads, and a head at column x, "
                                 "row y is worth (x − 1) ⊗ (y − 1), nim multiplication"
                               : "a board is worth the xor of the values of its single heads, and a head at column x, row "
                                 "y is worth g_A(x) ⊗ g_B(y), nim multiplication, where under " + columns_.text() + " (A, "
                                 "across) " + columns_.value_rule() + ", and under " + rows_->text() + " (B, down) " +
                                 rows_->value_rule();
      }
      for (std::uint64_t y = 1; y <= height; ++y) {
        for (std::uint64_t x = 1; x <= p.width; ++x) {
          if (at(p, x, y) != 'H' || ++heads > kHeadsShown) continue;
          const std::string where = "head at column " + std::to_string(x) + ", row " + std::to_string(y) + ": ";
          if (shape_ == Shape::acrostic_twins) {
            t.steps.push_back(where + std::to_string(x - 1) + " ⊕ " + std::to_string(y - 1) + " = " +
                              std::to_string((x - 1) ^ (y - 1)));
          } else {
            t.steps.push_back(where + std::to_string(g(x)) + " ⊗ " + std::to_string(h(y)) + " = " +
                              std::to_string(nim_product(g(x), h(y))));
          }
        }
      }
    }
    if (heads > kHeadsShown) t.steps.push_back("… and " + std::to_string(heads - kHeadsShown) + " more heads");
    t.steps.push_back("xor of the " + std::to_string(heads) + " head" + (heads == 1 ? "" : "s") + ": " + std::to_string(total));
    t.conclusion = "so g = " + std::to_string(total) + (total == 0 ? ": the player to move loses" : ": the player to move wins");
    return t;
  }

  std::string describe(const Coins& p) const {
    if (shape_ == Shape::row) return p.cells;
    std::string out;
    for (std::uint64_t y = 0; y < p.height(); ++y) {
      if (y != 0) out += '/';
      out.append(p.cells, y * p.width, p.width);
    }
    return out;
  }

  std::string describe_move(const Coins& from, const Coins& to) const {
    // The columns and rows of the coins turned, marked in one pass (a Ruler
    // move may turn 10^6 coins).
    std::vector<bool> column_turned(from.width, false);
    std::vector<bool> row_turned(from.height(), false);
    std::uint64_t turned = 0;
    for (std::uint64_t i = 0; i < from.cells.size(); ++i) {
      if (from.cells[i] == to.cells[i]) continue;
      ++turned;
      column_turned[i % from.width] = true;
      row_turned[i / from.width] = true;
    }
    // The marked numbers (from 1) as runs, without listing them: a run of 10^6
    // listed one by one took 15 ms a move (perf, BM_CoinRowOfAMillion).
    const auto marked = [](const std::vector<bool>& marks, std::uint64_t& count) {
      std::vector<std::uint64_t> ends;  // first, last of each run
      count = 0;
      for (std::uint64_t i = 0; i < marks.size(); ++i) {
        if (!marks[i]) continue;
        ++count;
        if (ends.empty() || ends.back() != i) {
          ends.push_back(i + 1);
          ends.push_back(i + 1);
        } else {
          ends.back() = i + 1;
        }
      }
      std::string out;
      for (std::size_t r = 0; r < ends.size(); r += 2) {
        if (r != 0) out += ", ";
        const std::uint64_t first = ends[r];
        const std::uint64_t last = ends[r + 1];
        if (last >= first + 2) {
          out += std::to_string(first) + ".." + std::to_string(last);
        } else {
          for (std::uint64_t c = first; c <= last; ++c) out += (c > first ? ", " : "") + std::to_string(c);
        }
      }
      return out;
    };
    std::uint64_t column_count = 0;
    std::uint64_t row_count = 0;
    const std::string columns = marked(column_turned, column_count);
    const std::string rows = marked(row_turned, row_count);
    if (shape_ == Shape::row) return "turn coin" + std::string(turned == 1 ? " " : "s ") + columns;
    return "turn the coins in column" + std::string(column_count == 1 ? " " : "s ") + columns + " of row" +
           (row_count == 1 ? " " : "s ") + rows;
  }

  std::size_t hash(const Coins& p) const { return std::hash<std::string>{}(p.cells) ^ (p.width * 0x9E3779B97F4A7C15ULL); }

  // The value by the theorems: the xor over the heads.
  [[nodiscard]] Nimber value(const Coins& p) const {
    const CoinRule::Values g = columns_.values(p.width);
    Nimber total = 0;
    if (shape_ == Shape::row) {
      for (std::uint64_t coin = 1; coin <= p.width; ++coin) {
        if (p.cells[coin - 1] == 'H') total ^= g(coin);
      }
      return total;
    }
    const std::uint64_t height = p.height();
    const CoinRule::Values h = shape_ == Shape::product ? rows_->values(height) : g;
    for (std::uint64_t y = 1; y <= height; ++y) {
      Nimber across = 0;  // distributivity: ⊕_x g(x) ⊗ h(y) = (⊕_x g(x)) ⊗ h(y)
      for (std::uint64_t x = 1; x <= p.width; ++x) {
        if (at(p, x, y) != 'H') continue;
        if (shape_ == Shape::acrostic_twins) {
          total ^= (x - 1) ^ (y - 1);
        } else {
          across ^= g(x);
        }
      }
      if (shape_ == Shape::product) total ^= nim_product(across, h(y));
    }
    return total;
  }

 private:
  static char at(const Coins& p, std::uint64_t x, std::uint64_t y) { return p.cells[(y - 1) * p.width + (x - 1)]; }
  static void flip(Coins& p, std::uint64_t x, std::uint64_t y) {
    char& cell = p.cells[(y - 1) * p.width + (x - 1)];
    cell = cell == 'H' ? 'T' : 'H';
  }
  // The other coins of a move, in row y; a run as one loop over the bytes
  // ('H' ⊕ 'T' turns either into the other), which the compiler vectorises.
  static void flip_in_row(Coins& p, const OtherCoins& others, std::uint64_t y) {
    if (others.run) {
      char* row = p.cells.data() + (y - 1) * p.width;
      for (std::uint64_t c = others.first; c <= others.last; ++c) row[c - 1] = static_cast<char>(row[c - 1] ^ ('H' ^ 'T'));
      return;
    }
    for (const std::uint64_t c : others.coins) flip(p, c, y);
  }
  static Coins flipped(const Coins& p, std::initializer_list<std::pair<std::uint64_t, std::uint64_t>> coins) {
    Coins q = p;
    for (const auto& [x, y] : coins) flip(q, x, y);
    return q;
  }
  static Coins product_move(const Coins& p, std::uint64_t x, const OtherCoins& across, std::uint64_t y,
                            const OtherCoins& down) {
    Coins q = p;
    const auto flip_row = [&](std::uint64_t r) {
      flip(q, x, r);
      flip_in_row(q, across, r);
    };
    flip_row(y);
    down.each(flip_row);
    return q;
  }

  Shape shape_;
  CoinRule columns_;
  std::optional<CoinRule> rows_;
  bool corners_ = false;
};

// ---------------------------------------------------------------------------
// Reading terms.

constexpr std::string_view kRuleWords =
    "ruler, mockturtles, turningturtles, twins, moebius, a rule of your own turn{0}{0,1}{0,3} (each {…} a set of "
    "coins a move may turn, by distance to the left of the rightmost), two of these for a product, or acrostictwins";

CoinRule read_rule(const TermReader& term, const ExprArg& arg) {
  if (arg.kind == ExprArg::Kind::word) {
    if (auto rule = CoinRule::named(arg.text)) return *rule;
  }
  if (arg.kind == ExprArg::Kind::call && arg.text.substr(0, arg.text.find_first_of("({ \t\r\n")) == "turn") {
    if (arg.groups.size() > kMostSets) {
      term.fail("coins: a rule of at most " + std::to_string(kMostSets) + " sets", arg.groups[kMostSets].column);
    }
    std::vector<std::vector<std::uint64_t>> sets;
    for (const ExprGroup& group : arg.groups) {
      for (const ExprArg& offset : group.args) {
        if ((offset.kind == ExprArg::Kind::integer && offset.integer > kMostOffset) ||
            (offset.kind == ExprArg::Kind::range && offset.range_high > kMostOffset)) {
          term.fail("coins: a distance of at most " + std::to_string(kMostOffset) + " coins", offset.column);
        }
      }
      std::vector<std::uint64_t> set = term.integers(group, "the coins a move turns (distances)");
      set.push_back(0);  // the rightmost coin, which every move turns
      std::sort(set.begin(), set.end());
      set.erase(std::unique(set.begin(), set.end()), set.end());
      sets.push_back(std::move(set));
    }
    std::uint64_t offsets = 0;
    for (const auto& set : sets) offsets += set.size();
    if (offsets > 4096) term.fail("coins: a rule of at most 4096 coins in all its sets", arg.column);
    return CoinRule::user(std::move(sets));
  }
  term.fail("coins: unknown rule '" + excerpt(arg.text, 40) + "' (one of: " + std::string(kRuleWords) + ")", arg.column);
}

// A row of H and T: each letter checked, the column of the first bad one named.
std::string read_row(const TermReader& term, std::string_view row, std::size_t column) {
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (row[i] != 'H' && row[i] != 'T') {
      term.fail("coins: '" + std::string(1, row[i]) + "' is not a coin: write H (heads) or T (tails)", column + i);
    }
  }
  return std::string(row);
}

Coins read_board(const TermReader& term, const ExprArg& arg, const CoinRule& columns, const CoinRule* rows) {
  if (arg.kind != ExprArg::Kind::word) {
    term.fail("coins: a board is rows of H (heads) and T (tails) joined by '/', such as HT/TH, not '" +
                  excerpt(arg.text, 40) + "'",
              arg.column);
  }
  std::string_view text = arg.text;
  if (!text.empty() && text.back() == '/') text.remove_suffix(1);  // HTH/: one row
  Coins board;
  std::size_t start = 0;
  std::uint64_t row_count = 0;
  while (true) {
    const std::size_t end = std::min(text.find('/', start), text.size());
    const std::string_view row = text.substr(start, end - start);
    ++row_count;
    if (row.empty()) term.fail("coins: row " + std::to_string(row_count) + " of the board is empty", arg.column + start);
    if (row_count == 1) {
      board.width = row.size();
    } else if (row.size() != board.width) {
      const auto coins = [](std::size_t n) { return std::to_string(n) + (n == 1 ? " coin" : " coins"); };
      term.fail("coins: row " + std::to_string(row_count) + " has " + coins(row.size()) + ", the first row " +
                    std::to_string(board.width) + ": every row of a board has as many coins",
                arg.column + start);
    }
    const std::uint64_t most_width = columns.most_coins_on_a_side();
    const std::uint64_t most_height = rows ? rows->most_coins_on_a_side() : kMostBoardSide;
    if (board.width > most_width || row_count > most_height || board.cells.size() + row.size() > kMostBoardCells) {
      term.fail("coins: the board is too large: at most " + std::to_string(most_width) + " columns, " +
                    std::to_string(most_height) + " rows and " + std::to_string(kMostBoardCells) + " coins",
                arg.column + start);
    }
    board.cells += read_row(term, row, arg.column + start);
    if (end == text.size()) break;
    start = end + 1;
  }
  return board;
}

Coins read_coin_row(const TermReader& term, const ExprArg& arg, const CoinRule& rule) {
  if (arg.kind != ExprArg::Kind::word || arg.text.find('/') != std::string::npos) {
    term.fail("coins: a row is H (heads) and T (tails), left to right, such as THHTH, or the places of its heads "
              "such as 2,3,5; not '" + excerpt(arg.text, 40) + "'",
              arg.column);
  }
  if (arg.text.size() > rule.most_coins()) {
    term.fail("coins: a row of " + std::to_string(arg.text.size()) + " coins is longer than " + rule.text() +
                  " takes (" + std::to_string(rule.most_coins()) + ")",
              arg.column);
  }
  Coins row;
  row.cells = read_row(term, arg.text, arg.column);
  row.width = row.cells.size();
  return row;
}

// The positions of a term: one component per row or board; a list of numbers
// is one row given by the places of its heads.
Position read_positions(const TermReader& term, const CoinTurning& game) {
  const auto adapter = GameAdapter<CoinTurning>::for_ruleset(game, game.name());
  const ExprGroup& group = term.positions();
  std::vector<ComponentPtr> parts;
  const bool places = group.args.front().kind == ExprArg::Kind::integer || group.args.front().kind == ExprArg::Kind::range;
  if (places && game.shape() == Shape::row) {
    for (const ExprArg& place : group.args) {
      if ((place.kind == ExprArg::Kind::integer || place.kind == ExprArg::Kind::range) && place.integer == 0) {
        term.fail("coins: coins are numbered from 1 at the left; there is no coin 0", place.column);
      }
    }
    const std::vector<std::uint64_t> heads = term.integers(group, "the places of the heads");
    std::uint64_t width = 0;
    for (const std::uint64_t place : heads) width = std::max(width, place);
    if (width > game.columns().most_coins()) {
      term.fail("coins: a head on coin " + std::to_string(width) + " is beyond the longest row " +
                    game.columns().text() + " takes (" + std::to_string(game.columns().most_coins()) + " coins)",
                group.column);
    }
    Coins row{width, std::string(width, 'T')};
    for (const std::uint64_t place : heads) row.cells[place - 1] = 'H';
    return adapter->position(row);
  }
  for (const ExprArg& arg : group.args) {
    const Coins coins = game.shape() == Shape::row
                            ? read_coin_row(term, arg, game.columns())
                            : read_board(term, arg, game.columns(), game.rows() ? &*game.rows() : nullptr);
    const Position one = adapter->position(coins);
    parts.insert(parts.end(), one.components().begin(), one.components().end());
  }
  return Position(std::move(parts));
}

// Samples for the conformance suite: small rows and boards of every form.
std::string random_cells(std::mt19937_64& random, std::uint64_t count) {
  std::string out;
  for (std::uint64_t i = 0; i < count; ++i) out += (random() % 2 == 0) ? 'H' : 'T';
  return out;
}

std::string random_board(std::mt19937_64& random, std::uint64_t width, std::uint64_t height) {
  std::string out;
  for (std::uint64_t y = 0; y < height; ++y) out += (y ? "/" : "") + random_cells(random, width);
  return out;
}

}  // namespace

RulesetSpec coins_ruleset() {
  RulesetSpec spec;
  spec.name = "coins";
  const std::string row = " (a row: H heads, T tails, left to right; or the places of the heads: coins(ruler)(2,3,5))";
  spec.help = {
      {"coins(ruler)(THHTH)", "Ruler: turn any run of consecutive coins, the rightmost heads to tails" + row},
      {"coins(mockturtles)(THHTH)", "Mock Turtles: turn one, two or three coins, the rightmost heads to tails"},
      {"coins(turningturtles)(THHTH)", "Turning Turtles: turn one or two coins, the rightmost heads to tails (Nim)"},
      {"coins(twins)(THHTH)", "Twins: turn exactly two coins, the rightmost heads to tails"},
      {"coins(moebius)(THHTH)", "Moebius: turn one to five coins, the rightmost heads to tails (rows up to 128 coins)"},
      {"coins(turn{0}{0,1}{0,3})(THHTH)",
       "a rule of your own: each {…} is a set of coins a move may turn, by distance to the left of the rightmost (0)"},
      {"coins(ruler,mockturtles)(HT/TH)",
       "the product of two rules on a board (rows joined by '/'): a move of the first on columns times one of the "
       "second on rows (Lenstra: nim multiplication)"},
      {"coins(acrostictwins)(HT/TH)", "Acrostic Twins: turn two coins of one row or one column"},
  };
  spec.position = [](const TermReader& term) {
    term.expect_parameters(1);
    const ExprGroup& rule_group = term.parameter(0);
    if (rule_group.args.empty() || rule_group.args.size() > 2) {
      term.fail("coins: give one rule, or two for a product: coins(ruler)(THHTH), coins(ruler,twins)(HT/TH)",
                rule_group.column);
    }
    const ExprArg& first = rule_group.args[0];
    if (first.kind == ExprArg::Kind::word && first.text == "acrostictwins") {
      if (rule_group.args.size() != 1) term.fail("coins: acrostictwins is a game of its own, not a factor", first.column);
      return read_positions(term, CoinTurning(Shape::acrostic_twins, *CoinRule::named("twins"), std::nullopt, false));
    }
    CoinRule columns = read_rule(term, first);
    if (rule_group.args.size() == 1) return read_positions(term, CoinTurning(Shape::row, std::move(columns), std::nullopt, false));
    CoinRule rows = read_rule(term, rule_group.args[1]);
    return read_positions(term, CoinTurning(Shape::product, std::move(columns), std::move(rows), false));
  };
  spec.samples = [](SampleRequest& request) {
    auto& random = request.random;
    const std::vector<std::string> rows = {"ruler", "mockturtles", "turningturtles", "twins", "moebius",
                                           "turn{0}{0,1}{0,3}", "turn{}{2}{1,2}", "turn{0..2}{0,4}"};
    const std::vector<std::string> products = {"ruler,mockturtles", "twins,ruler", "turningturtles,turn{1}{2}",
                                               "moebius,twins"};
    std::vector<std::string> out;
    for (std::size_t i = 0; i < request.count; ++i) {
      if (i % 4 == 3) {
        const std::string board = random_board(random, 1 + random() % 3, 1 + random() % 3);
        out.push_back(i % 8 == 7 ? "coins(acrostictwins)(" + board + ")"
                                 : "coins(" + products[random() % products.size()] + ")(" + board + ")");
      } else {
        const std::string& rule = rows[random() % rows.size()];
        const std::uint64_t length = 1 + random() % (rule == "moebius" ? 6 : 9);
        out.push_back("coins(" + rule + ")(" + random_cells(random, length) + ")");
      }
    }
    return out;
  };
  return spec;
}

RulesetSpec corners_ruleset() {
  RulesetSpec spec{
      .name = "corners",
      .help = {{"corners(HT/TH)",
                "Turning Corners: turn the four corners of a rectangle, the one furthest right and down heads to "
                "tails (rows joined by '/'; Twins × Twins)"}},
      .parameters = 0};
  spec.position = [](const TermReader& term) {
    return read_positions(term, CoinTurning(Shape::product, *CoinRule::named("twins"), CoinRule::named("twins"), true));
  };
  spec.samples = [](SampleRequest& request) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < request.count; ++i) {
      out.push_back("corners(" + random_board(request.random, 1 + request.random() % 4, 1 + request.random() % 4) + ")");
    }
    return out;
  };
  return spec;
}

}  // namespace grundy
