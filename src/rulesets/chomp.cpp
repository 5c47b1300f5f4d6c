// Chomp and poset games: a finite partially ordered set with (usually) a
// poisoned least element; a move picks an element x that is left and removes
// every y ≥ x; the poisoned element is never taken, and whoever cannot move
// (only the poison left) loses — normal play (Gale 1974; Winning Ways, ch. 18;
// Siegel, Combinatorial Game Theory, §I.3).
//
//   chomp(3x5)          a board of 3 rows and 5 columns; the poisoned square
//                       is the top-left one, and taking (i,j) eats every
//                       square (i',j') with i' ≥ i and j' ≥ j
//   chomp(5,3,3,1)      a Young diagram by its row lengths (a block of R equal
//                       rows of C squares may be written RxC: chomp(5,2x3,1))
//   divisors(60)        the divisor game: the divisors of 60 under
//                       divisibility; taking d removes every multiple of d;
//                       1 is poisoned. divisors(30,4): what divides 30 or 4
//   poset(@FILE)        any finite poset from a file, one relation a<b a line
//                       (docs/graph-format.md); a least element, if there is
//                       one, is poisoned. poset(@FILE,x,y): only what lies
//                       below x or y is left
//
// Values: by search (the generic Solver through GameAdapter), with the proven
// closed forms first:
//  - one row or one column of n squares is a Nim heap of n - 1, and an L (a
//    row of a and a column of h) is two heaps, a - 1 and h - 1: a move on the
//    arm never touches the leg;
//  - two rows a ≥ b (and, transposed, two columns): Sun's formula (below);
//  - a chain of k takeable elements (a poset game) is a Nim heap of k.
// Who wins where the value is out of reach (`outcome`): a poset with a
// greatest element other than the poison — a rectangle, divisors(n) — is a
// first-player win by strategy stealing (if taking the greatest element alone
// lost, the winning answer to it was available at the start, and takes the
// greatest element with it). A square n×n (n ≥ 2) is won by taking the
// square (2,2) and then answering each move on one arm of the L by the same
// move on the other (Gale 1974): that is the only winning move, since every
// other move leaves a position from which (2,2) reaches the symmetric L.
//
// Positions: a Young diagram is its blocks of equal rows (so 10^18 rows of 3
// is one block); a poset position is the poset it came from and the bitset of
// the elements left (at most 64 elements), split into the connected parts of
// what is left (independent games). tests/chomp_test.cpp holds every closed
// form and the searches to oracles written from the definition.
#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <limits>
#include <memory>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/core/saturating.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/search/game_adapter.hpp"
#include "grundy/terms/graph_term.hpp"
#include "grundy/core/hash.hpp"
#include "grundy/core/input_error.hpp"
#include "core/heap_rule_helpers.hpp"
#include "rulesets/builtin_specs.hpp"

namespace grundy {
namespace {


__extension__ using Wide = unsigned __int128;

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

// The most positions a value is searched over: the search of 2^21 Young
// diagrams (12 × 12 boards hold 2.7·10^6, 11 × 11 hold 7·10^5) takes seconds
// (docs/performance.md); beyond it the value is refused, and who wins is
// answered where a theorem knows.
constexpr std::uint64_t kSearchBound = std::uint64_t{1} << 21;

// C(n, k), or anything above `cap` as cap + 1.
std::uint64_t binomial_capped(std::uint64_t n, std::uint64_t k, std::uint64_t cap) {
  k = std::min(k, n - k);
  Wide c = 1;
  for (std::uint64_t i = 1; i <= k; ++i) {
    c = c * (n - k + i) / i;  // exact: C(n - k + i, i) at every step
    if (c > cap) return cap + 1;
  }
  return static_cast<std::uint64_t>(c);
}

// The diagrams inside a board of h rows and w columns, C(h + w, h), or
// anything above kSearchBound as kSearchBound + 1. h + w past 2^64 - 1 is
// past the bound at once: saturated to 2^64 - 1, C(n, min(h, w)) would read
// C(2^64 - 1, 2^64 - 1) = 1, and the 2^64 - 1 square went to the search
// (gigabytes of options listed, deaf to --memory and Ctrl-C).
std::uint64_t diagrams_inside(std::uint64_t h, std::uint64_t w) {
  if (h > kMax - w) return kSearchBound + 1;
  return binomial_capped(h + w, std::min(h, w), kSearchBound);
}

// ===================== Young diagrams =====================

// `rows` equal rows of `length` squares.
struct Block {
  std::uint64_t rows = 0;
  std::uint64_t length = 0;
  bool operator==(const Block&) const = default;
  auto operator<=>(const Block&) const = default;
};
// Blocks from the top (the poisoned square's row) down, lengths strictly decreasing.
using Diagram = std::vector<Block>;

std::uint64_t height(const Diagram& d) {
  std::uint64_t h = 0;
  for (const Block& b : d) h += b.rows;  // checked against overflow when read
  return h;
}
std::uint64_t width(const Diagram& d) { return d.front().length; }
std::uint64_t squares(const Diagram& d) {
  std::uint64_t n = 0;
  for (const Block& b : d) n = saturating_add(n, saturating_mul(b.rows, b.length));
  return n;
}
bool rectangle(const Diagram& d) { return d.size() == 1; }

// Merges blocks of equal length, drops empty ones.
Diagram normalized(const std::vector<Block>& blocks) {
  Diagram out;
  for (const Block& b : blocks) {
    if (b.rows == 0 || b.length == 0) continue;
    if (!out.empty() && out.back().length == b.length) out.back().rows += b.rows;
    else out.push_back(b);
  }
  return out;
}

// The diagram mirrored in its diagonal: column c becomes row c. A block of
// length L below which the next block has length L' gives L - L' columns of
// height (the rows down to this block).
Diagram transposed(const Diagram& d) {
  Diagram out;
  std::uint64_t rows_so_far = 0;
  std::vector<Block> columns;
  for (std::size_t k = 0; k < d.size(); ++k) {
    rows_so_far += d[k].rows;
    const std::uint64_t next = k + 1 < d.size() ? d[k + 1].length : 0;
    columns.push_back({d[k].length - next, rows_so_far});
  }
  std::reverse(columns.begin(), columns.end());  // longest (the first column) first
  return normalized(columns);
}

// Eats square (row, column) (from 0) and every square below and right of it.
Diagram eaten(const Diagram& d, std::uint64_t row, std::uint64_t column) {
  std::vector<Block> out;
  std::uint64_t start = 0;
  for (const Block& b : d) {
    const std::uint64_t end = start + b.rows;
    if (end <= row) {
      out.push_back(b);
    } else if (start >= row) {
      out.push_back({b.rows, std::min(b.length, column)});
    } else {
      out.push_back({row - start, b.length});
      out.push_back({end - row, std::min(b.length, column)});
    }
    start = end;
  }
  return normalized(out);
}

// Sun's formula for two-rowed Chomp [a, b], a ≥ b ≥ 1 (X. Sun, "The
// Sprague–Grundy function for Chomp", Temple University, 2002, gives a complete
// formula for two-rowed positions): with d = a - b and m = ⌊b/2⌋,
//   d = 1:              0 (the P-positions [b + 1, b], Winning Ways ch. 18)
//   d even:             ⌊(3b - 1)/2⌋ + d
//   d = 2k + 1 ≥ 3:     3k when k ≤ m, otherwise 2k + m.
// This is the statement as checked here against the definition (every a ≤ 600
// in tests/chomp_test.cpp, all a ≤ 2000 in its Long test); nothing beyond it
// is assumed. nullopt when the value passes 2^64 - 1.
std::optional<Nimber> two_row_value(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t d = a - b;
  const std::uint64_t m = b / 2;
  if (d == 1) return 0;
  Wide g = 0;
  if (d % 2 == 0) {
    g = static_cast<Wide>(b) + (b - 1) / 2 + d;
  } else {
    const std::uint64_t k = (d - 1) / 2;
    g = k <= m ? static_cast<Wide>(3) * k : static_cast<Wide>(2) * k + m;
  }
  if (g > kMax) return std::nullopt;
  return static_cast<Nimber>(g);
}

// A diagram of two rows as (a, b); of two columns, transposed.
std::optional<std::pair<std::uint64_t, std::uint64_t>> two_rows(const Diagram& d) {
  const std::uint64_t h = height(d);
  if (h == 2) return std::pair{width(d), d.size() == 1 ? width(d) : d[1].length};
  if (width(d) == 2 && h > 2) {
    // Two columns: the first of height h, the second of the rows of length 2.
    return std::pair{h, d.front().length == 2 ? d.front().rows : 0};
  }
  return std::nullopt;
}

struct Chomp {
  using Position = Diagram;

  std::size_t hash(const Diagram& d) const {
    std::uint64_t h = d.size();
    for (const Block& b : d) h = mix_hash(mix_hash(h ^ b.rows) ^ b.length);
    return static_cast<std::size_t>(h);
  }

  // Rows top down: a lone row as its length, equal rows as RxC.
  std::string describe(const Diagram& d) const {
    std::string out;
    for (const Block& b : d) {
      if (!out.empty()) out += ',';
      out += b.rows == 1 && d.size() > 1 ? std::to_string(b.length)
                                         : std::to_string(b.rows) + "x" + std::to_string(b.length);
    }
    return out;
  }

  // Every square but the poisoned one, row by row (lazily: a board of 10^18
  // squares lists as many options).
  template <class Visit>
  void for_each_move(const Diagram& d, Visit&& visit) const {
    std::uint64_t row = 0;
    for (const Block& b : d) {
      for (std::uint64_t r = 0; r < b.rows; ++r, ++row) {
        for (std::uint64_t c = row == 0 ? 1 : 0; c < b.length; ++c) {
          if (!visit(eaten(d, row, c))) return;
        }
      }
    }
  }
  void moves(const Diagram& d, std::vector<Diagram>& out) const {
    for_each_move(d, [&](Diagram&& q) {
      out.push_back(std::move(q));
      return true;
    });
  }

  std::string describe_move(const Diagram& from, const Diagram& to) const {
    // The square eaten is the top-left corner of what went: the first row
    // that changed, at the length it kept.
    std::uint64_t row = 0;
    std::size_t i = 0;
    std::size_t j = 0;
    std::uint64_t left_i = from.empty() ? 0 : from[0].rows;
    std::uint64_t left_j = to.empty() ? 0 : to[0].rows;
    while (i < from.size()) {
      const std::uint64_t now = j < to.size() ? to[j].length : 0;
      if (now != from[i].length) {
        return "eat the square at row " + std::to_string(row + 1) + ", column " + std::to_string(now + 1) +
               " and every square below and right of it";
      }
      const std::uint64_t step = std::min(left_i, j < to.size() ? left_j : left_i);
      row += step;
      left_i -= step;
      left_j -= step;
      if (left_i == 0 && ++i < from.size()) left_i = from[i].rows;
      if (left_j == 0 && ++j < to.size()) left_j = to[j].rows;
    }
    return "eat a square";
  }

  // A diagram and its transpose are the same game.
  Diagram canonical(const Diagram& d) const {
    Diagram t = transposed(d);
    return t < d ? t : d;
  }

  std::optional<Nimber> closed_form(const Diagram& d) const {
    const std::uint64_t h = height(d);
    const std::uint64_t w = width(d);
    if (h == 1) return w - 1;
    if (w == 1) return h - 1;
    if (d.size() == 2 && d[0].rows == 1 && d[1].length == 1) return (w - 1) ^ (h - 1);  // an L: two Nim heaps
    if (const auto ab = two_rows(d)) {
      if (auto g = two_row_value(ab->first, ab->second)) return g;
      throw LimitError("chomp(" + describe(d) + "): the value passes 2^64 - 1");
    }
    // Every position reached is a diagram inside this one, at most C(h + w, h) of them.
    const std::uint64_t inside = diagrams_inside(h, w);
    if (inside > kSearchBound) {
      throw LimitError("chomp(" + excerpt(describe(d)) + "): the value is searched over the diagrams inside the board, " +
                       "and a board of " + std::to_string(h) + " rows and " + std::to_string(w) +
                       " columns holds more than 2^21 of them; who wins is known for a rectangle (strategy stealing)");
    }
    return std::nullopt;
  }

  std::optional<Outcome> outcome(const Diagram& d) const {
    if (rectangle(d)) return squares(d) > 1 ? Outcome::N : Outcome::P;
    return std::nullopt;
  }

  // A square's only winning move, by Gale's mirror argument (see the header);
  // elsewhere no theorem: the options are valued by the definition.
  std::optional<std::uint64_t> moves_to_value(const Diagram& d, Nimber target, std::size_t limit,
                                              std::vector<Diagram>& out) const {
    if (rectangle(d) && d[0].rows == d[0].length && d[0].rows >= 2 && target == 0) {
      if (limit > 0) out.push_back(eaten(d, 1, 1));
      return 1;
    }
    // A line and an L are Nim heaps (the arm a - 1, the leg h - 1; a line is
    // an L with one of them 0): the moves to `target` are the heap moves,
    // at most one on each, found at once at any size (chomp(15,28x1) is past
    // the search, and its move is immediate). Eating (0, c), c ≥ 1, leaves
    // an arm of c - 1; eating (r, 0), r ≥ 1, a leg of r - 1; an L has no
    // other square.
    if (const std::uint64_t h = height(d), w = width(d);
        h == 1 || w == 1 || (d.size() == 2 && d[0].rows == 1 && d[1].length == 1)) {
      const std::uint64_t arm = w - 1;
      const std::uint64_t leg = h - 1;
      std::uint64_t count = 0;
      const auto take = [&](std::uint64_t row, std::uint64_t column) {
        if (count++ < limit) out.push_back(eaten(d, row, column));
      };
      if (const std::uint64_t left = target ^ leg; left < arm) take(0, left + 1);
      if (const std::uint64_t left = target ^ arm; left < leg) take(left + 1, 0);
      return count;
    }
    // Past the search, valuing each option by the definition would search
    // most of them as far as the board itself (3x1000: its first options are
    // rectangles 3 by c, each up to 2^21 diagrams): refused at once, the
    // outcome standing by strategy stealing where it is a rectangle.
    const std::uint64_t h = height(d);
    const std::uint64_t w = width(d);
    if (diagrams_inside(h, w) > kSearchBound) {
      throw LimitError("chomp(" + excerpt(describe(d)) + "): its winning moves are not searched past 2^21 diagrams" +
                       (rectangle(d) ? std::string("; strategy stealing says the first player wins, not how") : std::string()));
    }
    return std::nullopt;
  }

  std::optional<TheoremApplication> theorem(const Diagram& d) const {
    const std::uint64_t h = height(d);
    const std::uint64_t w = width(d);
    TheoremApplication t;
    const auto said = [](Nimber g) {
      return "so g = " + std::to_string(g) + (g == 0 ? ": the player to move loses" : ": the player to move wins");
    };
    if (h == 1 || w == 1) {
      const std::uint64_t n = h == 1 ? w : h;
      t.theorem = "Chomp on one row or column";
      t.statement = "n squares in a line are a Nim heap of n - 1 (every square but the poisoned one can be eaten, with "
                    "those beyond it)";
      t.steps.push_back(std::to_string(n) + " squares: a heap of " + std::to_string(n - 1));
      t.conclusion = said(n - 1);
      return t;
    }
    if (d.size() == 2 && d[0].rows == 1 && d[1].length == 1) {
      t.theorem = "Chomp on an L";
      t.statement = "a row of a squares with a column of h squares below its poisoned corner is two Nim heaps, a - 1 "
                    "and h - 1: a move on the arm never touches the leg";
      t.steps.push_back("the arm: " + std::to_string(w - 1) + ", the leg: " + std::to_string(h - 1));
      t.conclusion = said((w - 1) ^ (h - 1));
      return t;
    }
    if (const auto ab = two_rows(d)) {
      const auto [a, b] = *ab;
      const auto g = two_row_value(a, b);
      if (!g) return std::nullopt;
      t.theorem = "Sun's formula for two-rowed Chomp (2002)";
      t.statement = "for rows a ≥ b ≥ 1, with d = a - b and m = ⌊b/2⌋: g = 0 if d = 1; ⌊(3b - 1)/2⌋ + d if d is even; "
                    "3k if d = 2k + 1 ≥ 3 and k ≤ m, else 2k + m";
      if (h != 2) t.steps.push_back("two columns: the same as two rows, transposed");
      t.steps.push_back("a = " + std::to_string(a) + ", b = " + std::to_string(b) + ", d = " + std::to_string(a - b) +
                        ", m = " + std::to_string(b / 2));
      t.conclusion = said(*g);
      return t;
    }
    if (rectangle(d) && d[0].rows == d[0].length) {
      t.theorem = "Gale's mirror strategy for square Chomp (1974)";
      t.statement = "eat the square (2,2), leaving an L of two equal arms, then answer every move on one arm by the "
                    "same move on the other; every other first move loses, since (2,2) then answers it";
      t.steps.push_back("winning move: eat the square at row 2, column 2, leaving " + std::to_string(h) +
                        " squares down and " + std::to_string(w) + " across");
      t.conclusion = "so the first player wins";
      return t;
    }
    // A rectangle within the search is valued by the definition, which explain
    // shows; beyond it, strategy stealing still says who wins.
    if (rectangle(d) && diagrams_inside(h, w) > kSearchBound) {
      t.theorem = "strategy stealing (Gale 1974)";
      t.statement = "if eating the bottom-right square alone lost, the winning answer to it would be a winning first "
                    "move, since it eats that square too: so the first player wins a rectangle, by a move the "
                    "argument does not name";
      t.conclusion = "so the first player wins";
      return t;
    }
    return std::nullopt;
  }
};

// ===================== Poset games =====================

// A finite poset of at most 64 elements, by the up-set of each.
struct Poset {
  std::vector<std::string> names;
  std::vector<std::uint64_t> up;       // up[x]: the elements y ≥ x, x among them
  std::vector<std::uint64_t> down;     // down[x]: the elements y ≤ x
  std::vector<std::uint64_t> name_hash;
  std::optional<std::uint32_t> poison;  // the least element, never taken (none: every element may be)
  std::string path;                     // poset(@FILE): the file; empty: the divisor game
  std::uint64_t all = 0;                // every element that may be taken
  bool divisors = false;                // names are numbers under divisibility
  bool searchable = false;              // every position of it within the search bound
};

// A position: the poset it came from and the elements left (never the poison).
struct PosetPosition {
  std::shared_ptr<const Poset> poset;
  std::uint64_t left = 0;

  // The same game: the same elements by name, in the same order, under the
  // same relations (the position read back from its text is a new poset
  // object of the same file, or the divisors of fewer numbers).
  bool operator==(const PosetPosition& other) const {
    if (poset == other.poset) return left == other.left;
    if (std::popcount(left) != std::popcount(other.left) || poset->divisors != other.poset->divisors) return false;
    std::vector<std::uint32_t> mine;
    std::vector<std::uint32_t> theirs;
    for (std::uint64_t m = left; m; m &= m - 1) mine.push_back(static_cast<std::uint32_t>(std::countr_zero(m)));
    for (std::uint64_t m = other.left; m; m &= m - 1) theirs.push_back(static_cast<std::uint32_t>(std::countr_zero(m)));
    for (std::size_t i = 0; i < mine.size(); ++i)
      if (poset->names[mine[i]] != other.poset->names[theirs[i]]) return false;
    for (std::size_t i = 0; i < mine.size(); ++i) {
      for (std::size_t j = 0; j < mine.size(); ++j) {
        const bool a = (poset->up[mine[i]] >> mine[j]) & 1U;
        const bool b = (other.poset->up[theirs[i]] >> theirs[j]) & 1U;
        if (a != b) return false;
      }
    }
    return true;
  }
};

// The maximal elements of `set` (what generates it as a down-set).
std::uint64_t maximal(const Poset& poset, std::uint64_t set) {
  std::uint64_t out = 0;
  for (std::uint64_t m = set; m; m &= m - 1) {
    const int x = std::countr_zero(m);
    if ((poset.up[x] & set) == (std::uint64_t{1} << x)) out |= std::uint64_t{1} << x;
  }
  return out;
}

// The least-numbered element of the non-empty `set` with nothing of `set`
// below it (a poset has no cycle, so there is one).
int minimal_element(const Poset& poset, std::uint64_t set) {
  for (std::uint64_t m = set; m; m &= m - 1) {
    const int y = std::countr_zero(m);
    if ((poset.down[y] & set) == (std::uint64_t{1} << y)) return y;
  }
  return std::countr_zero(set);
}

// The number of down-sets of `set` is at most the product over a partition of
// it into chains of (chain length + 1) (a down-set meets a chain in a prefix).
// Chains taken greedily: any partition gives a bound.
std::uint64_t down_sets_bound(const Poset& poset, std::uint64_t set) {
  std::uint64_t bound = 1;
  std::uint64_t rest = set;
  while (rest) {
    // A chain up from a minimal element left: each step to an element above.
    int x = minimal_element(poset, rest);
    std::uint64_t length = 0;
    while (true) {
      rest &= ~(std::uint64_t{1} << x);
      ++length;
      const std::uint64_t above = poset.up[x] & rest;
      if (!above) break;
      // The next element of the chain: one covering x (minimal among those above).
      x = minimal_element(poset, above);
    }
    bound = saturating_mul(bound, length + 1);
  }
  return bound;
}

struct PosetGame {
  using Position = PosetPosition;

  std::size_t hash(const Position& p) const {
    std::uint64_t h = 0;
    for (std::uint64_t m = p.left; m; m &= m - 1) h += p.poset->name_hash[std::countr_zero(m)];
    return static_cast<std::size_t>(mix_hash(h));
  }

  // The connected parts of what is left (elements comparable to one another,
  // step by step): independent games.
  void components(const Position& p, std::vector<Position>& out) const {
    std::uint64_t rest = p.left;
    while (rest) {
      std::uint64_t part = rest & (~rest + 1);
      std::uint64_t grown = 0;
      while (grown != part) {
        grown = part;
        for (std::uint64_t m = part; m; m &= m - 1) {
          const int x = std::countr_zero(m);
          part |= (p.poset->up[x] | p.poset->down[x]) & rest;
        }
      }
      out.push_back(Position{p.poset, part});
      rest &= ~part;
    }
  }

  // The elements that generate what is left, or the whole poset's spelling.
  std::string describe(const Position& p) const {
    const Poset& poset = *p.poset;
    std::string out;
    if (!poset.divisors) {
      out = file_argument(poset.path);
      if (p.left == poset.all) return out;
    }
    for (std::uint64_t m = maximal(poset, p.left); m; m &= m - 1) {
      if (!out.empty()) out += ',';
      out += poset.names[std::countr_zero(m)];
    }
    return out;
  }


  void moves(const Position& p, std::vector<Position>& out) const {
    for (std::uint64_t m = p.left; m; m &= m - 1) out.push_back(Position{p.poset, p.left & ~p.poset->up[std::countr_zero(m)]});
  }

  std::string describe_move(const Position& from, const Position& to) const {
    // The element taken: the least of what went.
    const std::uint64_t gone = from.left & ~to.left;
    for (std::uint64_t m = gone; m; m &= m - 1) {
      const int x = std::countr_zero(m);
      if ((from.poset->down[x] & gone) == (std::uint64_t{1} << x)) {
        const std::uint64_t with = std::popcount(gone) - 1;
        const std::string what = from.poset->divisors ? "its multiples" : "the elements above it";
        return "take " + from.poset->names[x] +
               (with == 0 ? std::string() : " and " + what + " (" + std::to_string(with) + ")");
      }
    }
    return "take an element";
  }

  std::optional<Nimber> closed_form(const Position& p) const {
    const Poset& poset = *p.poset;
    // A chain of k: a Nim heap of k.
    const std::uint64_t k = static_cast<std::uint64_t>(std::popcount(p.left));
    bool chain = true;
    for (std::uint64_t m = p.left; m && chain; m &= m - 1) {
      const int x = std::countr_zero(m);
      chain = ((poset.up[x] | poset.down[x]) & p.left) == p.left;
    }
    if (chain) return k;
    if (!poset.searchable && down_sets_bound(poset, p.left) > kSearchBound) {
      throw LimitError(std::string(poset.divisors ? "divisors(" : "poset(") + excerpt(describe(p)) +
                       "): the value is searched over the positions below it, and its chains allow more than 2^21 of " +
                       "them; who wins is known when it has a greatest element (strategy stealing)");
    }
    return std::nullopt;
  }

  // Strategy stealing: one maximal element (a greatest) that may be taken.
  std::optional<Outcome> outcome(const Position& p) const {
    if (p.left == 0) return Outcome::P;
    if (std::popcount(maximal(*p.poset, p.left)) == 1) return Outcome::N;
    return std::nullopt;
  }

  std::optional<TheoremApplication> theorem(const Position& p) const {
    const Poset& poset = *p.poset;
    const std::uint64_t k = static_cast<std::uint64_t>(std::popcount(p.left));
    TheoremApplication t;
    if (closed_form_chain(p)) {
      t.theorem = "a chain is a Nim heap";
      t.statement = "k elements in a chain, each above the last: taking one removes it and all above it, leaving any "
                    "shorter chain";
      t.steps.push_back(std::to_string(k) + " elements in a chain");
      t.conclusion = "so g = " + std::to_string(k) + ": the player to move wins";
      return t;
    }
    const std::uint64_t top = maximal(poset, p.left);
    if (std::popcount(top) == 1 && !poset.searchable && down_sets_bound(poset, p.left) > kSearchBound) {
      t.theorem = "strategy stealing";
      t.statement = "with a greatest element, if taking it alone lost, the winning answer to it would have been a "
                    "winning first move (it takes the greatest element too): the first player wins, by a move the "
                    "argument does not name";
      t.steps.push_back("the greatest element: " + poset.names[std::countr_zero(top)]);
      t.conclusion = "so the first player wins";
      return t;
    }
    return std::nullopt;
  }

  static bool closed_form_chain(const Position& p) {
    for (std::uint64_t m = p.left; m; m &= m - 1) {
      const int x = std::countr_zero(m);
      if (((p.poset->up[x] | p.poset->down[x]) & p.left) != p.left) return false;
    }
    return true;
  }
};

// The poset's derived parts: down-sets, name hashes, what may be taken, and
// whether every position of it is within the search bound.
std::shared_ptr<const Poset> finished(Poset poset) {
  const std::size_t n = poset.names.size();
  poset.down.assign(n, 0);
  for (std::size_t x = 0; x < n; ++x)
    for (std::uint64_t m = poset.up[x]; m; m &= m - 1) poset.down[std::countr_zero(m)] |= std::uint64_t{1} << x;
  poset.name_hash.clear();
  for (const std::string& name : poset.names) poset.name_hash.push_back(mix_hash(std::hash<std::string>{}(name)));
  // The least element, if there is one, is poisoned.
  const std::uint64_t everything = n == 64 ? kMax : (std::uint64_t{1} << n) - 1;
  poset.poison.reset();
  for (std::size_t x = 0; x < n; ++x)
    if (poset.up[x] == everything) poset.poison = static_cast<std::uint32_t>(x);
  poset.all = everything & ~(poset.poison ? std::uint64_t{1} << *poset.poison : 0);
  poset.searchable = down_sets_bound(poset, poset.all) <= kSearchBound;
  return std::make_shared<const Poset>(std::move(poset));
}

// ---- the divisor game ----

std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  return static_cast<std::uint64_t>(static_cast<Wide>(a) * b % m);
}
std::uint64_t pow_mod(std::uint64_t a, std::uint64_t e, std::uint64_t m) {
  std::uint64_t r = 1;
  for (a %= m; e; e >>= 1, a = mul_mod(a, a, m))
    if (e & 1U) r = mul_mod(r, a, m);
  return r;
}
// Miller–Rabin with the first twelve primes as bases: exact for every n < 3.3·10^24
// (Sorenson and Webster 2015), so for every 64-bit n.
bool is_prime(std::uint64_t n) {
  if (n < 2) return false;
  for (std::uint64_t p : {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}) {
    if (n % p == 0) return n == p;
  }
  std::uint64_t d = n - 1;
  int s = 0;
  while (d % 2 == 0) d /= 2, ++s;
  for (std::uint64_t a : {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}) {
    std::uint64_t x = pow_mod(a, d, n);
    if (x == 1 || x == n - 1) continue;
    bool composite = true;
    for (int r = 1; r < s && composite; ++r) {
      x = mul_mod(x, x, n);
      composite = x != n - 1;
    }
    if (composite) return false;
  }
  return true;
}
// A nontrivial factor of an odd composite n (Pollard's rho, Brent's cycle finding).
std::uint64_t rho_factor(std::uint64_t n) {
  for (std::uint64_t c = 1;; ++c) {
    std::uint64_t x = 2;
    std::uint64_t y = 2;
    std::uint64_t d = 1;
    const auto f = [&](std::uint64_t v) { return (mul_mod(v, v, n) + c) % n; };
    while (d == 1) {
      x = f(x);
      y = f(f(y));
      d = std::gcd(x > y ? x - y : y - x, n);
    }
    if (d != n) return d;
  }
}
void factor_into(std::uint64_t n, std::vector<std::uint64_t>& primes) {
  if (n == 1) return;
  for (std::uint64_t p = 2; p < 1000 && p * p <= n; ++p) {
    while (n % p == 0) {
      primes.push_back(p);
      n /= p;
    }
  }
  if (n == 1) return;
  if (is_prime(n)) {
    primes.push_back(n);
    return;
  }
  const std::uint64_t d = rho_factor(n);
  factor_into(d, primes);
  factor_into(n / d, primes);
}

// Every divisor of n, ascending; more than `cap` of them: nullopt.
std::optional<std::vector<std::uint64_t>> divisors_of(std::uint64_t n, std::size_t cap) {
  std::vector<std::uint64_t> primes;
  factor_into(n, primes);
  std::sort(primes.begin(), primes.end());
  std::vector<std::uint64_t> out{1};
  for (std::size_t i = 0; i < primes.size();) {
    std::size_t j = i;
    while (j < primes.size() && primes[j] == primes[i]) ++j;
    const std::size_t before = out.size();
    std::uint64_t power = 1;
    for (std::size_t e = i; e < j; ++e) {
      power *= primes[i];
      for (std::size_t k = 0; k < before; ++k) out.push_back(out[k] * power);
      if (out.size() > cap) return std::nullopt;
    }
    i = j;
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::shared_ptr<const Poset> divisor_poset(const TermReader& term) {
  std::vector<std::uint64_t> elements;
  std::uint64_t count = 0;
  for (const ExprArg& arg : term.positions().args) {
    const std::uint64_t n = term.integer(arg, "a number of the divisor game");
    if (n == 0) term.fail("the divisor game is played on the divisors of a positive number, not 0", arg.column);
    const auto divisors = divisors_of(n, 64);
    if (!divisors) {
      throw LimitError("the divisor game is searched on at most 64 divisors, and " + std::to_string(n) +
                           " has more; for one number the first player wins (strategy stealing: it is the greatest)",
                       SourceLocation{"", 0, arg.column});
    }
    elements.insert(elements.end(), divisors->begin(), divisors->end());
    count = elements.size();
  }
  std::sort(elements.begin(), elements.end());
  elements.erase(std::unique(elements.begin(), elements.end()), elements.end());
  if (elements.size() > 64) {
    throw LimitError("the divisor game is searched on at most 64 divisors; these numbers have " +
                         std::to_string(elements.size()) + " together",
                     SourceLocation{"", 0, term.positions().column});
  }
  (void)count;
  Poset poset;
  poset.divisors = true;
  for (std::uint64_t e : elements) poset.names.push_back(std::to_string(e));
  poset.up.assign(elements.size(), 0);
  for (std::size_t x = 0; x < elements.size(); ++x)
    for (std::size_t y = x; y < elements.size(); ++y)
      if (elements[y] % elements[x] == 0) poset.up[x] |= std::uint64_t{1} << y;
  return finished(std::move(poset));
}

// ---- poset(@FILE) ----

// The poset of a file of relations a<b: its transitive closure, refused with
// the place of a relation on a cycle when there is one (then it is no order).
std::shared_ptr<const Poset> file_poset(const TermReader& term, const ExprArg& arg) {
  const GraphReading reading{GraphForm::order, 64,
                             [](std::size_t n) {
                               return "poset games are searched on at most 64 elements; this poset has " +
                                      std::to_string(n) + " or more";
                             }};
  const std::shared_ptr<const GraphTerm> graph = term.graph_file(arg, reading);
  return term.read_once<const Poset>("poset " + graph->path, [&] {
    const std::size_t n = graph->names.size();
    // Reachability by repeated relaxation (64 elements at most).
    std::vector<std::uint64_t> above(n, 0);
    for (const GraphTerm::Edge& e : graph->edges) above[e.from] |= std::uint64_t{1} << e.to;
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t x = 0; x < n; ++x) {
        std::uint64_t grown = above[x];
        for (std::uint64_t m = above[x]; m; m &= m - 1) grown |= above[std::countr_zero(m)];
        if (grown != above[x]) {
          above[x] = grown;
          changed = true;
        }
      }
    }
    for (const GraphTerm::Edge& e : graph->edges) {
      if (e.from == e.to || ((above[e.to] >> e.from) & 1U)) {
        throw InputError("the relation " + graph->names[e.from] + "<" + graph->names[e.to] +
                             " lies on a cycle (" + graph->names[e.to] + " is already below " + graph->names[e.from] +
                             "): not a partial order",
                         graph->place(e));
      }
    }
    Poset poset;
    poset.names = graph->names;
    poset.path = graph->path;
    for (std::size_t x = 0; x < n; ++x) poset.up.push_back(above[x] | (std::uint64_t{1} << x));
    return finished(std::move(poset));
  });
}

// The down-set generated by the elements a term names after the file.
std::uint64_t named_down_set(const TermReader& term, const Poset& poset, const std::vector<ExprArg>& args) {
  std::uint64_t left = 0;
  for (const ExprArg& arg : args) {
    if (arg.kind == ExprArg::Kind::path || arg.kind == ExprArg::Kind::call || arg.kind == ExprArg::Kind::range)
      term.fail("an element is named by its name in the poset file, not '" + excerpt(arg.text) + "'", arg.column);
    const auto it = std::find(poset.names.begin(), poset.names.end(), arg.text);
    if (it == poset.names.end()) term.fail("the poset " + poset.path + " has no element '" + excerpt(arg.text) + "'", arg.column);
    left |= poset.down[static_cast<std::size_t>(it - poset.names.begin())];
  }
  return left & poset.all;
}

// ---- reading a board ----

// "3x5": 3 rows of 5; "7": one row of 7.
Block read_block(const TermReader& term, const ExprArg& arg) {
  const auto number = [&](std::string_view digits, std::string_view what) {
    if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      term.fail("expected a row length or a block RxC (R rows of C squares), not '" + excerpt(arg.text) + "'", arg.column);
    std::uint64_t v = 0;
    for (char c : digits) {
      const auto digit = static_cast<std::uint64_t>(c - '0');
      if (v > (kMax - digit) / 10) {
        term.fail("the " + std::string(what) + " in '" + excerpt(arg.text) + "' does not fit in 64 bits", arg.column);
      }
      v = v * 10 + digit;
    }
    return v;
  };
  if (arg.kind == ExprArg::Kind::integer) return Block{1, arg.integer};
  if (arg.kind != ExprArg::Kind::word) {
    term.fail("expected a row length or a block RxC (R rows of C squares), not '" + excerpt(arg.text) + "'", arg.column);
  }
  const std::size_t x = arg.text.find_first_of("xX");
  if (x == std::string::npos) number("", "");
  return Block{number(std::string_view(arg.text).substr(0, x), "number of rows"),
               number(std::string_view(arg.text).substr(x + 1), "number of columns")};
}

Diagram read_board(const TermReader& term) {
  std::vector<Block> blocks;
  std::uint64_t rows = 0;
  for (const ExprArg& arg : term.positions().args) {
    const Block b = read_block(term, arg);
    if (b.rows == 0 || b.length == 0) term.fail("a board has no empty rows or columns: '" + excerpt(arg.text) + "'", arg.column);
    if (!blocks.empty() && b.length > blocks.back().length) {
      term.fail("row lengths must not increase down the board (a Young diagram): " + std::to_string(b.length) +
                    " below " + std::to_string(blocks.back().length),
                arg.column);
    }
    if (rows > kMax - b.rows) term.fail("the board has more than 2^64 - 1 rows", arg.column);
    rows += b.rows;
    blocks.push_back(b);
  }
  return normalized(blocks);
}

// ---- samples for the conformance suite ----

std::string random_poset_file(SampleRequest& request) {
  const std::string path = request.file("poset-sample.txt");
  std::ofstream out(path);
  out << "# a random poset of 8 elements for the conformance suite\n";
  const std::vector<std::string> names = {"bottom", "a", "b", "c", "d", "e", "f", "g"};
  for (std::size_t y = 1; y < names.size(); ++y) {
    out << "bottom < " << names[y] << "\n";
    for (std::size_t x = 1; x < y; ++x)
      if (request.random() % 4 == 0) out << names[x] << "<" << names[y] << "\n";
  }
  return path;
}

}  // namespace

RulesetSpec chomp_ruleset() {
  RulesetSpec spec{.name = "chomp",
                   .help = {{"chomp(3x5)",
                             "Chomp: R rows of C squares, the top-left one poisoned; a move eats a square and all "
                             "below and right of it (one component)"},
                            {"chomp(5,3,3,1)", "Chomp on a Young diagram by its row lengths (RxC: R equal rows of C)"}},
                   .parameters = 0};
  spec.position = [](const TermReader& term) {
    return GameAdapter<Chomp>::for_ruleset(Chomp{}, "chomp")->position(read_board(term));
  };
  spec.samples = [](SampleRequest& request) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < request.count; ++i) {
      if (i % 3 == 0) {
        out.push_back("chomp(" + std::to_string(1 + request.random() % 4) + "x" + std::to_string(1 + request.random() % 5) + ")");
        continue;
      }
      std::string rows;
      std::uint64_t length = 2 + request.random() % 4;
      for (std::uint64_t r = 0, n = 1 + request.random() % 4; r < n && length > 0; ++r) {
        rows += (rows.empty() ? "" : ",") + std::to_string(length);
        length -= request.random() % 2;
      }
      out.push_back("chomp(" + rows + ")");
    }
    return out;
  };
  return spec;
}

RulesetSpec divisors_ruleset() {
  RulesetSpec spec{.name = "divisors",
                   .help = {{"divisors(60)",
                             "the divisor game: take a divisor d > 1 and every multiple of d; 1 is poisoned "
                             "(divisors(30,4): what divides 30 or 4; one component)"}},
                   .parameters = 0};
  spec.position = [](const TermReader& term) {
    auto poset = divisor_poset(term);
    const std::uint64_t all = poset->all;
    return GameAdapter<PosetGame>::for_ruleset(PosetGame{}, "divisors")
        ->position(PosetPosition{std::move(poset), all});
  };
  spec.samples = [](SampleRequest& request) {
    std::vector<std::string> out;
    const std::vector<std::uint64_t> numbers = {12, 18, 30, 36, 60, 64, 72, 90, 210, 9, 1};
    for (std::size_t i = 0; i < request.count; ++i) {
      std::string text = std::to_string(numbers[request.random() % numbers.size()]);
      if (i % 3 == 1) text += "," + std::to_string(numbers[request.random() % numbers.size()]);
      out.push_back("divisors(" + text + ")");
    }
    return out;
  };
  return spec;
}

RulesetSpec poset_ruleset() {
  RulesetSpec spec{
      .name = "poset",
      .help = {{"poset(@file)",
                "a poset game on a file of relations a<b (docs/graph-format.md): take x and all above "
                "it; a least element is poisoned"},
               {"poset(@file,x,y)", "the same, with only the elements below x or y left (how positions print)"}},
      .parameters = 0};
  spec.position = [](const TermReader& term) {
    const ExprGroup& group = term.positions();
    if (group.args.front().kind != ExprArg::Kind::path) {
      term.fail("a poset game names its file first: poset(@file) or poset(@file,x,y)", group.args.front().column);
    }
    auto poset = file_poset(term, group.args.front());
    const std::vector<ExprArg> named(group.args.begin() + 1, group.args.end());
    const std::uint64_t left = named.empty() ? poset->all : named_down_set(term, *poset, named);
    return GameAdapter<PosetGame>::for_ruleset(PosetGame{}, "poset")
        ->position(PosetPosition{std::move(poset), left});
  };
  spec.samples = [](SampleRequest& request) {
    const std::string path = random_poset_file(request);
    std::vector<std::string> out;
    const std::vector<std::string> names = {"a", "b", "c", "d", "e", "f", "g"};
    for (std::size_t i = 0; i < request.count; ++i) {
      if (i % 2 == 0) {
        out.push_back("poset(@" + path + ")");
        continue;
      }
      out.push_back("poset(@" + path + "," + names[request.random() % names.size()] + "," +
                    names[request.random() % names.size()] + ")");
    }
    return out;
  };
  return spec;
}

}  // namespace grundy
