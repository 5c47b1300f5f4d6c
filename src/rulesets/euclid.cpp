// Euclid's game, euclid(a,b) (Cole and Davie, 1969): a move subtracts a
// positive multiple of the smaller number from the larger, never below zero;
// a pair with a zero has no move (a pair of equal numbers moves to (a, 0)).
//
// The value, for any pair up to 2^63, comes from Nivasch's formula
// (G. Nivasch, "The Sprague-Grundy function of the game Euclid", Discrete
// Mathematics 306 (2006) 2798-2800): g(x, y) = ⌊|y/x − x/y|⌋. Read with care:
// Nivasch's Euclid keeps both numbers positive and ends at (d, d), d the gcd,
// where this game ends one move later, at (d, 0) — and the two games' values
// differ (g(2, 3) is 0 here, 1 there: a brute force over all pairs up to 300
// shows 499 differences below 60). What carries over is the game graph:
// write y/x (x ≤ y) as the continued fraction [q1; q2, …, qn]. A move lowers
// q1 to any of q1 − 1, …, 1, or drops it ([q2; …, qn], the pair reversed); in
// this game the last quotient alone may also go down to 0 (the pair (d, 0)),
// in Nivasch's only to 1 (the pair (d, d)). So raising the last quotient by 1
// is an isomorphism of the two games: euclid(x, y) plays as Nivasch's
// [q1; …, q(n−1), qn + 1], and its value is Nivasch's formula there.
//
// The formula is evaluated without big numbers: for t = [p1; p2, …] ≥ 1,
// ⌊t − 1/t⌋ = p1 − 1 + [frac(t) ≥ 1/t] and frac(t) = 1/[p2; …], so the test
// is [p2; …] ≤ [p1; p2; …], decided by comparing partial quotients (the
// continued fractions' order). About 90 divisions for 64-bit numbers.
//
// A pair (1, 10^18) has 10^18 options, so options are listed lazily and the
// moves to a value come from the formula: along the options (x, r + j·x),
// j = q − 1 … 0, the values are j − 1 + c_j with c_j ∈ {0, 1} nondecreasing
// in j, so only j = t and j = t + 1 (and the reversal, j = 0) can have value t.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grundy/core/capabilities.hpp"
#include "grundy/search/game_adapter.hpp"
#include "rulesets/builtin_specs.hpp"

namespace grundy {
namespace {

// The largest number a pair may hold: 2^63, so that every sum the game's
// printing and the formula's steps form stays within 64 bits.
constexpr std::uint64_t kLargestNumber = std::uint64_t{1} << 63;

// The partial quotients of large/small (0 < small ≤ large): at most 92 for
// 64-bit numbers (consecutive Fibonacci numbers are the longest).
struct ContinuedFraction {
  std::array<std::uint64_t, 96> quotients{};
  std::size_t size = 0;

  static ContinuedFraction of(std::uint64_t small, std::uint64_t large) {
    ContinuedFraction f;
    while (small != 0) {
      f.quotients[f.size++] = large / small;
      const std::uint64_t rest = large % small;
      large = small;
      small = rest;
    }
    return f;
  }

  // [q2; q3, …] of [q1; q2, …] (size >= 1).
  [[nodiscard]] ContinuedFraction without_first() const {
    ContinuedFraction rest;
    for (std::size_t i = 1; i < size; ++i) rest.quotients[rest.size++] = quotients[i];
    return rest;
  }

  [[nodiscard]] std::span<const std::uint64_t> all() const { return {quotients.data(), size}; }
  [[nodiscard]] std::span<const std::uint64_t> tail() const { return all().subspan(1); }

  [[nodiscard]] std::string text() const {
    std::string out = "[";
    constexpr std::size_t kShown = 12;
    for (std::size_t i = 0; i < size; ++i) {
      if (i == kShown && size > kShown + 1) {
        out += ", … (" + std::to_string(size - kShown - 1) + " more), " + std::to_string(quotients[size - 1]);
        break;
      }
      out += (i == 0 ? "" : i == 1 ? "; " : ", ") + std::to_string(quotients[i]);
    }
    return out + "]";
  }
};

// The order of two continued fractions by their partial quotients: the first
// place they differ decides, a larger quotient making the number larger in the
// even places (0, 2, …) and smaller in the odd ones; a fraction that has ended
// reads as ∞ in the next place. -1, 0, 1 for a < b, a = b, a > b.
int compare(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b) {
  for (std::size_t i = 0;; ++i) {
    const bool a_ended = i >= a.size();
    const bool b_ended = i >= b.size();
    if (a_ended && b_ended) return 0;
    int sign = 0;
    if (a_ended) {
      sign = 1;
    } else if (b_ended) {
      sign = -1;
    } else if (a[i] != b[i]) {
      sign = a[i] > b[i] ? 1 : -1;
    } else {
      continue;
    }
    return i % 2 == 0 ? sign : -sign;
  }
}

// Nivasch's position that plays as (small, large): the last quotient raised.
ContinuedFraction nivasch_image(std::uint64_t small, std::uint64_t large) {
  ContinuedFraction f = ContinuedFraction::of(small, large);
  ++f.quotients[f.size - 1];  // at most 2^63 + 1
  return f;
}

// Whether ⌊t − 1/t⌋ takes the larger of its two candidates: frac(t) ≥ 1/t.
bool fraction_reaches_inverse(const ContinuedFraction& t) { return compare(t.tail(), t.all()) <= 0; }

Nimber euclid_value(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t small = std::min(a, b);
  const std::uint64_t large = std::max(a, b);
  if (small == 0) return 0;
  const ContinuedFraction t = nivasch_image(small, large);
  return t.quotients[0] - 1 + (fraction_reaches_inverse(t) ? 1 : 0);
}

// p/q of a continued fraction when both fit in 64 bits (for explanations).
std::optional<std::pair<std::uint64_t, std::uint64_t>> fraction_value(const ContinuedFraction& f) {
  std::uint64_t p = 1, p_before = 0, q = 0, q_before = 1;
  for (std::size_t i = 0; i < f.size; ++i) {
    std::uint64_t p_next = 0;
    std::uint64_t q_next = 0;
    if (__builtin_mul_overflow(f.quotients[i], p, &p_next) || __builtin_add_overflow(p_next, p_before, &p_next) ||
        __builtin_mul_overflow(f.quotients[i], q, &q_next) || __builtin_add_overflow(q_next, q_before, &q_next)) {
      return std::nullopt;
    }
    p_before = p;
    q_before = q;
    p = p_next;
    q = q_next;
  }
  return std::pair{p, q};
}

struct Pair {
  std::uint64_t a = 0;
  std::uint64_t b = 0;
  bool operator==(const Pair&) const = default;
};

class EuclidsGame {
 public:
  using Position = Pair;

  // Every option, lazily: from the larger number (the second of an equal
  // pair), 1, 2, … times the smaller.
  template <class Visit>
  void for_each_move(const Pair& p, Visit&& visit) const {
    const std::uint64_t small = std::min(p.a, p.b);
    if (small == 0) return;
    const std::uint64_t large = std::max(p.a, p.b);
    const std::uint64_t most = large / small;
    for (std::uint64_t k = 1; k <= most; ++k) {
      if (!visit(after(p, k))) return;
    }
  }

  void moves(const Pair& p, std::vector<Pair>& out) const {
    for_each_move(p, [&](const Pair& q) {
      out.push_back(q);
      return true;
    });
  }

  std::optional<Nimber> closed_form(const Pair& p) const { return euclid_value(p.a, p.b); }

  // At most three options have a given value (see the header).
  std::uint64_t moves_to_value(const Pair& p, Nimber target, std::size_t limit, std::vector<Pair>& out) const {
    const std::uint64_t small = std::min(p.a, p.b);
    if (small == 0) return 0;
    const std::uint64_t most = std::max(p.a, p.b) / small;
    // The candidates k = most − j for j = target + 1, target, and k = most (j = 0).
    std::vector<std::uint64_t> ks;
    for (const std::uint64_t j : {target + 1, target}) {
      if (j >= 1 && j < most && j >= target) ks.push_back(most - j);
    }
    ks.push_back(most);
    std::uint64_t total = 0;
    for (const std::uint64_t k : ks) {
      const Pair q = after(p, k);
      if (euclid_value(q.a, q.b) != target) continue;
      ++total;
      if (out.size() < limit) out.push_back(q);
    }
    return total;
  }

  std::optional<TheoremApplication> theorem(const Pair& p) const {
    const std::uint64_t small = std::min(p.a, p.b);
    const std::uint64_t large = std::max(p.a, p.b);
    if (small == 0) return std::nullopt;  // no move: the definition says it all
    TheoremApplication t;
    t.theorem = "Nivasch's formula (Discrete Mathematics 306, 2006)";
    t.statement =
        "in Nivasch's Euclid, which stops at (d, d), g(x, y) = ⌊|y/x − x/y|⌋; this game stops one move later, at "
        "(d, 0), and plays exactly as Nivasch's position whose continued fraction has its last partial quotient "
        "raised by 1";
    const ContinuedFraction f = ContinuedFraction::of(small, large);
    const ContinuedFraction image = nivasch_image(small, large);
    t.steps.push_back(std::to_string(large) + "/" + std::to_string(small) + " = " + f.text());
    std::string as = "as Nivasch's position: t = " + image.text();
    if (const auto value = fraction_value(image)) {
      as += " = " + std::to_string(value->first) + "/" + std::to_string(value->second) + ", the pair (" +
            std::to_string(value->second) + ", " + std::to_string(value->first) + ")";
    }
    t.steps.push_back(as);
    const bool reaches = fraction_reaches_inverse(image);
    const Nimber g = euclid_value(p.a, p.b);
    if (image.size == 1) {
      t.steps.push_back("t is a whole number, so ⌊t − 1/t⌋ = t − 1 = " + std::to_string(g));
    } else {
      const ContinuedFraction rest = image.without_first();
      t.steps.push_back("t = " + std::to_string(image.quotients[0]) + " + 1/" + rest.text() + ", and 1/" +
                        rest.text() + (reaches ? " ≥ 1/t" : " < 1/t") + ", so ⌊t − 1/t⌋ = " +
                        std::to_string(image.quotients[0]) + (reaches ? "" : " − 1 = " + std::to_string(g)));
    }
    t.conclusion = "so g = " + std::to_string(g) + (g == 0 ? ": the player to move loses" : ": the player to move wins");
    return t;
  }

  std::string describe(const Pair& p) const { return std::to_string(p.a) + "," + std::to_string(p.b); }

  std::string describe_move(const Pair& from, const Pair& to) const {
    const std::uint64_t small = std::min(from.a, from.b);
    const std::uint64_t large = std::max(from.a, from.b);
    const std::uint64_t after_large = from.a <= from.b ? to.b : to.a;
    return "subtract " + std::to_string((large - after_large) / small) + " × " + std::to_string(small) + " from " +
           std::to_string(large);
  }

  std::size_t hash(const Pair& p) const { return std::hash<std::uint64_t>{}(p.a * 0x9E3779B97F4A7C15ULL ^ p.b); }

 private:
  // The pair after subtracting k times the smaller from the larger (the
  // second of an equal pair), in the pair's own order.
  static Pair after(const Pair& p, std::uint64_t k) {
    if (p.a <= p.b) return Pair{p.a, p.b - k * p.a};
    return Pair{p.a - k * p.b, p.b};
  }
};

}  // namespace

RulesetSpec euclid_ruleset() {
  RulesetSpec spec{
      .name = "euclid",
      .help = {{"euclid(a,b)",
                "Euclid's game: subtract a positive multiple of the smaller number from the larger, never below 0 "
                "(one component; numbers up to 2^63)"}},
      .parameters = 0};
  spec.position = [](const TermReader& term) {
    const ExprGroup& group = term.positions();
    term.expect_arguments(group, 2);
    Pair pair;
    for (std::size_t i = 0; i < 2; ++i) {
      const ExprArg& arg = group.args[i];
      const std::uint64_t n = term.integer(arg, "a number of Euclid's game");
      if (n > kLargestNumber) {
        term.fail("euclid: " + arg.text + " is larger than 2^63 = " + std::to_string(kLargestNumber) +
                      ", the largest number Euclid's game takes",
                  arg.column);
      }
      (i == 0 ? pair.a : pair.b) = n;
    }
    return GameAdapter<EuclidsGame>::for_ruleset(EuclidsGame{}, "euclid")
        ->position(pair);
  };
  spec.samples = [](SampleRequest& request) {
    std::vector<std::string> out;
    std::uniform_int_distribution<std::uint64_t> number(0, 40);
    for (std::size_t i = 0; i < request.count; ++i) {
      std::uint64_t a = number(request.random);
      std::uint64_t b = number(request.random);
      if (i % 5 == 0) b = a * (1 + i % 4);  // multiples: the moves to (a, 0)
      out.push_back("euclid(" + std::to_string(a) + "," + std::to_string(b) + ")");
    }
    return out;
  };
  return spec;
}

}  // namespace grundy
