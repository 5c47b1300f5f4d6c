#include "grundy/rulesets/subtraction.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <utility>

#include "grundy/core/input_error.hpp"
#include "grundy/core/heap_game_rule.hpp"
#include "grundy/rulesets/nim.hpp"
#include "rulesets/builtin_specs.hpp"
#include "grundy/core/capabilities.hpp"
#include "core/heap_rule_helpers.hpp"
#include "rulesets/samples.hpp"

namespace grundy {
namespace {


// A sorted set as written in expressions, runs of five or more consecutive
// numbers as ranges ({1..6,9}; {1,2,3} stays as textbooks write it), so that
// sub{1..9999999} does not print 10^7 numbers.
std::string set_text(const std::vector<std::uint64_t>& set) {
  std::string out = "{";
  for (std::size_t i = 0; i < set.size();) {
    std::size_t j = i;
    while (j + 1 < set.size() && set[j + 1] == set[j] + 1) ++j;
    if (i) out += ",";
    if (j >= i + 4) {
      out += std::to_string(set[i]) + ".." + std::to_string(set[j]);
    } else {
      for (std::size_t k = i; k <= j; ++k) out += (k > i ? "," : "") + std::to_string(set[k]);
    }
    i = j + 1;
  }
  return out + "}";
}

// Sorted, deduplicated, non-empty and without 0, or InputError naming the rule.
std::vector<std::uint64_t> checked_set(std::vector<std::uint64_t> set, const std::string& what) {
  std::sort(set.begin(), set.end());
  set.erase(std::unique(set.begin(), set.end()), set.end());
  if (set.empty()) throw InputError(what + " needs at least one number");
  if (set.front() == 0) throw InputError(what + " cannot contain 0: taking nothing is not a move");
  return set;
}

// The misère value map: misère values of these games are the normal values with 0
// and 1 exchanged (each proof is by induction where the closed form is stated).
constexpr Nimber swap_zero_one(Nimber v) noexcept { return v <= 1 ? 1 - v : v; }

// ---------------------------------------------------------------------------
// Finite subtraction sets: periodicity proven by a repeated window.

// Bash (take 1 to m): g(x) = x mod (m + 1), by induction — from x the options
// are x - 1 .. x - m, whose values are the m residues other than x mod (m + 1).
TheoremApplication bash_theorem(const std::string& rule, std::uint64_t m, std::uint64_t heap, Nimber g) {
  TheoremApplication t;
  t.theorem = "Bash's theorem (take 1 to m)";
  t.statement = "a heap x has g(x) = x mod (m + 1): its options x - 1, …, x - m have every other residue";
  t.steps.push_back("m = " + std::to_string(m) + ", m + 1 = " + (m == UINT64_MAX ? std::string("2^64") : std::to_string(m + 1)));
  t.steps.push_back("x mod (m + 1) = " + std::to_string(heap) + " mod " +
                    (m == UINT64_MAX ? std::string("2^64") : std::to_string(m + 1)) + " = " + std::to_string(g));
  t.conclusion = "so g(" + rule + "(" + std::to_string(heap) + ")) = " + std::to_string(g);
  return t;
}

// sub(S) for a finite S: every take is at most max(S), so the window theorem
// proves the period from a table (heap_game_rule.hpp's max_take hook), and
// every heap's value, winning moves and table follow from it.
class FiniteSubtraction {
 public:
  using Position = std::uint64_t;
  explicit FiniteSubtraction(std::vector<std::uint64_t> set) : set_(std::move(set)) {}

  std::string text() const { return "sub" + set_text(set_); }

  template <class Visit>
  void for_each_move(std::uint64_t heap, Visit&& visit) const {
    for (const std::uint64_t s : set_)
      if (s > heap || !visit(heap - s)) return;
  }
  void moves(std::uint64_t heap, std::vector<std::uint64_t>& out) const { append_heap_moves(*this, heap, out); }

  std::uint64_t max_take() const { return set_.back(); }

  // Where the period's proof is refused, heaps below this are computed by the
  // definition (|S| options a heap, within the proof's work bound).
  std::uint64_t sequence_limit() const { return std::min<std::uint64_t>(10'000'000, kProofWorkLimit / set_.size()); }

  // sub{1..k} is Bash with m = k.
  std::optional<TheoremApplication> theorem(std::uint64_t heap) const {
    if (set_.front() != 1 || set_.back() != set_.size()) return std::nullopt;
    const std::uint64_t k = set_.back();
    return bash_theorem(text(), k, heap, k == UINT64_MAX ? heap : heap % (k + 1));
  }

 private:
  std::vector<std::uint64_t> set_;  // sorted, no 0
};

// ---------------------------------------------------------------------------
// Bash: S = {1..m}. The m heaps n-1..n-m hold every residue mod m+1 but n's, so by
// induction g(n) = n mod (m+1) (for n < m the options are all smaller heaps).
// Misère: g-(n) = swap01(n mod (m+1)) by the same induction, since swapping 0 and
// 1 maps "all residues but r" to "all residues but swap01(r)", and the terminal
// heap 0 is worth 1 = swap01(0).
// Bash, take 1..m: g(n) = n mod (m+1) by induction on n; misère, the same
// with 0 and 1 exchanged. Written on the game model (heap_game_rule.hpp).
class Bash {
 public:
  using Position = std::uint64_t;
  explicit Bash(std::uint64_t m) : m_(m) {}

  std::string text() const { return "bash(" + std::to_string(m_) + ")"; }

  std::optional<TheoremApplication> theorem(std::uint64_t heap) const { return bash_theorem(text(), m_, heap, at(heap)); }
  std::optional<Nimber> closed_form(std::uint64_t heap) const { return at(heap); }
  std::optional<Nimber> misere_closed_form(std::uint64_t heap) const { return swap_zero_one(at(heap)); }

  template <class Visit>
  void for_each_move(std::uint64_t heap, Visit&& visit) const {
    const std::uint64_t most = std::min(heap, m_);
    for (std::uint64_t s = 1; s <= most; ++s)
      if (!visit(heap - s)) return;
  }
  void moves(std::uint64_t heap, std::vector<std::uint64_t>& out) const { append_heap_moves(*this, heap, out); }

  // The only heap of value t among n-1..n-m is n - ((n - t) mod (m+1)), if t != g(n),
  // t <= m and it is not below 0.
  std::uint64_t moves_to_value(std::uint64_t heap, Nimber target, std::size_t limit, std::vector<std::uint64_t>& out) const {
    if (target == at(heap) || target > m_ || target > heap) return 0;
    // (heap - target) mod (m+1), with heap - target >= 0 here.
    const std::uint64_t taken = m_ == UINT64_MAX ? heap - target : (heap - target) % (m_ + 1);
    if (limit > 0) out.push_back(heap - taken);
    return 1;
  }

  std::optional<Periodicity> proven_pattern() const {
    return m_ == UINT64_MAX
               ? rulesets_detail::proven_pattern(Periodicity::Kind::arithmetic, 0, 1, 1, "g(n) = n: every smaller heap is an option")
               : rulesets_detail::proven_pattern(Periodicity::Kind::periodic, 0, m_ + 1, 0, "g(n) = n mod (m+1) (induction on n)");
  }
  std::optional<Periodicity> proven_misere_pattern() const {
    return m_ == UINT64_MAX
               ? rulesets_detail::proven_pattern(Periodicity::Kind::arithmetic, 2, 1, 1, "misère g(n) = n for n >= 2 (induction on n)")
               : rulesets_detail::proven_pattern(Periodicity::Kind::periodic, 0, m_ + 1, 0,
                                   "misère g(n) = n mod (m+1) with 0 and 1 exchanged (induction on n)");
  }

 private:
  Nimber at(std::uint64_t heap) const { return m_ == UINT64_MAX ? heap : heap % (m_ + 1); }

  std::uint64_t m_;
};

// ---------------------------------------------------------------------------
// Infinite sets with closed forms. Each gives g, the misère values, the
// pattern, and moves counted without enumerating them. (S = every positive
// number is Nim itself: nim.cpp.)

// The moves of sub(odd) and sub(even): takes of First, First + 2, First + 4, …
// (lazily: heaps reach 10^18; a take that leaves less than 2 is the last).
template <std::uint64_t First>
struct EveryOtherTake {
  using Position = std::uint64_t;

  template <class Visit>
  void for_each_move(std::uint64_t heap, Visit&& visit) const {
    for (std::uint64_t s = First; s <= heap; s += 2)
      if (!visit(heap - s) || heap - s < 2) return;
  }
  void moves(std::uint64_t heap, std::vector<std::uint64_t>& out) const { append_heap_moves(*this, heap, out); }
};

// S = odd numbers. Every option of n has the other parity, so by induction
// g(n) = n mod 2 (even heaps only reach odd ones, value 1; odd heaps reach even
// ones, value 0). Misère: g-(n) = (n + 1) mod 2 by the same induction (0 is worth 1).
struct OddSubtraction : EveryOtherTake<1> {
  std::optional<Nimber> closed_form(std::uint64_t heap) const { return heap % 2; }
  std::optional<Nimber> misere_closed_form(std::uint64_t heap) const { return (heap + 1) % 2; }

  // Every option has value (heap + 1) mod 2; there are ceil(heap / 2) of them.
  std::uint64_t moves_to_value(std::uint64_t heap, Nimber target, std::size_t limit, std::vector<std::uint64_t>& out) const {
    if (heap == 0 || target != (heap + 1) % 2) return 0;
    std::size_t listed = 0;
    for (std::uint64_t s = 1; s <= heap && listed < limit; s += 2, ++listed) {
      out.push_back(heap - s);
      if (heap - s < 2) break;
    }
    return heap / 2 + heap % 2;
  }

  std::optional<Periodicity> proven_pattern() const {
    return rulesets_detail::proven_pattern(Periodicity::Kind::periodic, 0, 2, 0, "g(n) = n mod 2 (moves change parity)");
  }
  std::optional<Periodicity> proven_misere_pattern() const {
    return rulesets_detail::proven_pattern(Periodicity::Kind::periodic, 0, 2, 0,
                             "misère g(n) = (n + 1) mod 2 (moves change parity; 0 is worth 1)");
  }
};

// S = even numbers >= 2. Moves keep the parity, and within a parity class heap n
// is a Nim heap of floor(n / 2) (heaps 0 and 1 are the empty ones): g(n) = floor(n/2).
// Misère: the same Nim heap in misère play, swap01(floor(n / 2)).
struct EvenSubtraction : EveryOtherTake<2> {
  std::optional<Nimber> closed_form(std::uint64_t heap) const { return heap / 2; }
  std::optional<Nimber> misere_closed_form(std::uint64_t heap) const { return swap_zero_one(heap / 2); }

  // The heap of the same parity with half target: heap mod 2 + 2·target, if smaller.
  std::uint64_t moves_to_value(std::uint64_t heap, Nimber target, std::size_t limit, std::vector<std::uint64_t>& out) const {
    if (target >= heap / 2) return 0;
    if (limit > 0) out.push_back(heap % 2 + 2 * target);
    return 1;
  }

  std::optional<Periodicity> proven_pattern() const {
    return rulesets_detail::proven_pattern(Periodicity::Kind::arithmetic, 0, 2, 1,
                             "g(n) = floor(n/2): each parity class is a Nim heap of floor(n/2)");
  }
  std::optional<Periodicity> proven_misere_pattern() const {
    return rulesets_detail::proven_pattern(Periodicity::Kind::arithmetic, 4, 2, 1,
                             "misère: each parity class is a misère Nim heap of floor(n/2)");
  }
};

// ---------------------------------------------------------------------------
// Infinite sets without a proven pattern: values by the definition, in the
// run's table (heap_game_rule.hpp), patterns only ever detected.

// S = all positive numbers except a finite set E. g(n) = mex of g over the heaps
// m < n except m = n - e (e in E). With count[v] = #{m < n : g(m) = v}, a value v is
// missing among the options iff all its occurrences are excluded heaps, so the mex
// is the least of: the least v never seen, and the excluded heaps' values v whose
// count equals their number among the excluded heaps. O(|E| log |E|) per heap —
// the sweep (extend_sequence), where the loop over the moves costs n a heap.
class AllButSubtraction {
 public:
  using Position = std::uint64_t;
  explicit AllButSubtraction(std::vector<std::uint64_t> excluded) : excluded_(std::move(excluded)) {}

  std::string text() const { return "sub(allbut" + set_text(excluded_) + ")"; }

  template <class Visit>
  void for_each_move(std::uint64_t heap, Visit&& visit) const {
    auto next_excluded = excluded_.begin();
    for (std::uint64_t s = 1; s <= heap; ++s) {
      while (next_excluded != excluded_.end() && *next_excluded < s) ++next_excluded;
      if (next_excluded != excluded_.end() && *next_excluded == s) continue;
      if (!visit(heap - s)) return;
    }
  }
  void moves(std::uint64_t heap, std::vector<std::uint64_t>& out) const { append_heap_moves(*this, heap, out); }

  void extend_sequence(std::vector<Nimber>& g, std::uint64_t last, Play play, Context& context) const {
    if (g.size() > last) return;
    std::vector<std::uint64_t> count;  // count[v] = heaps so far of value v
    const auto seen = [&](Nimber v) {
      if (count.size() <= v) count.resize(v + 1, 0);
      ++count[v];
    };
    for (const Nimber v : g) seen(v);
    Nimber never_seen = 0;  // least v with count[v] == 0
    const auto advance = [&] {
      while (never_seen < count.size() && count[never_seen] > 0) ++never_seen;
    };
    advance();
    g.reserve(last + 1);
    std::vector<Nimber> excluded_values;
    while (g.size() <= last) {
      const std::uint64_t n = g.size();
      excluded_values.clear();
      // A heap with no move: every take 1..n is excluded (E is sorted, without 0).
      const bool stuck = n < excluded_.size() + 1 && (n == 0 || excluded_[n - 1] == n);
      Nimber v = 0;
      if (stuck) {
        v = play == Play::misere ? 1 : 0;
      } else {
        for (const std::uint64_t e : excluded_) {
          if (e > n) break;
          excluded_values.push_back(g[n - e]);
        }
        std::sort(excluded_values.begin(), excluded_values.end());
        v = never_seen;
        for (std::size_t i = 0; i < excluded_values.size();) {
          std::size_t k = i;
          while (k < excluded_values.size() && excluded_values[k] == excluded_values[i]) ++k;
          const Nimber candidate = excluded_values[i];
          if (candidate < v && count[candidate] == k - i) v = candidate;
          i = k;
        }
      }
      context.charge(excluded_values.size() + 1);
      g.push_back(v);
      seen(v);
      advance();
    }
  }

 private:
  std::vector<std::uint64_t> excluded_;  // sorted, no 0
};

// S = Fibonacci numbers 1, 2, 3, 5, 8, ... (about 1.44 log2 n of them below n):
// the definition costs O(n log n).
class FibonacciSubtraction {
 public:
  using Position = std::uint64_t;

  FibonacciSubtraction() {
    std::uint64_t a = 1;
    std::uint64_t b = 2;
    fibonacci_.push_back(a);
    while (true) {
      fibonacci_.push_back(b);
      if (b > UINT64_MAX - a) break;
      const std::uint64_t c = a + b;
      a = b;
      b = c;
    }
  }

  template <class Visit>
  void for_each_move(std::uint64_t heap, Visit&& visit) const {
    for (const std::uint64_t s : fibonacci_) {
      if (s > heap || !visit(heap - s)) return;
    }
  }
  void moves(std::uint64_t heap, std::vector<std::uint64_t>& out) const { append_heap_moves(*this, heap, out); }

 private:
  std::vector<std::uint64_t> fibonacci_;
};

}  // namespace

HeapRulePtr make_subtraction(std::vector<std::uint64_t> set) {
  FiniteSubtraction game(checked_set(std::move(set), "a subtraction set"));
  std::string text = game.text();
  return HeapGameRule<FiniteSubtraction>::make(std::move(game), std::move(text));
}

HeapRulePtr make_bash(std::uint64_t m) {
  if (m == 0) throw InputError("bash(m) needs m >= 1: a move must take at least one stone");
  Bash game(m);
  std::string text = game.text();
  return HeapGameRule<Bash>::make(std::move(game), std::move(text));
}

HeapRulePtr make_subtraction_odd() { return HeapGameRule<OddSubtraction>::make({}, "sub(odd)"); }
HeapRulePtr make_subtraction_even() { return HeapGameRule<EvenSubtraction>::make({}, "sub(even)"); }
HeapRulePtr make_subtraction_all() { return make_nim_named("sub(all)"); }

HeapRulePtr make_subtraction_all_but(std::vector<std::uint64_t> excluded) {
  AllButSubtraction game(checked_set(std::move(excluded), "sub(allbut{...}) (for no exclusions write sub(all))"));
  std::string text = game.text();
  return HeapGameRule<AllButSubtraction>::make(std::move(game), std::move(text));
}

HeapRulePtr make_subtraction_fibonacci() { return HeapGameRule<FibonacciSubtraction>::make({}, "sub(fib)"); }

RulesetSpec subtraction_ruleset() {
  RulesetSpec spec{.name = "sub",
                   .help =
                       {
                           {"sub{1,3,4}(heaps…)", "subtraction game with a finite set; ranges allowed: sub{1..5}"},
                           {"sub(odd)(heaps…)", "take any odd number"},
                           {"sub(even)(heaps…)", "take any even number"},
                           {"sub(all)(heaps…)", "take any number (Nim on one heap)"},
                           {"sub(allbut{2,5})(heaps…)", "take any number except those listed"},
                           {"sub(fib)(heaps…)", "take a Fibonacci number (1, 2, 3, 5, 8, …)"},
                       },
                   .parameters = 1};
  spec.heap_rule = [](const TermReader& term) -> HeapRulePtr {
    const ExprGroup& group = term.parameter(0);
    if (group.open == '{') {
      auto set = term.integers(group, "the numbers of a subtraction set");
      return term.guarded([&] { return make_subtraction(std::move(set)); });
    }
    term.expect_arguments(group, 1);
    const ExprArg& arg = group.args[0];
    if (arg.kind == ExprArg::Kind::word) {
      if (arg.text == "odd") return make_subtraction_odd();
      if (arg.text == "all") return make_subtraction_all();
      if (arg.text == "even") return make_subtraction_even();
      if (arg.text == "fib" || arg.text == "fibonacci") return make_subtraction_fibonacci();
    }
    if (arg.kind == ExprArg::Kind::call && arg.text.rfind("allbut", 0) == 0 && arg.groups.size() == 1) {
      auto excluded = term.integers(arg.groups[0], "the excluded numbers");
      return term.guarded([&] { return make_subtraction_all_but(std::move(excluded)); });
    }
    term.fail("unknown subtraction set '" + arg.text +
                  "'; write sub{1,3,4}, sub(odd), sub(even), sub(all), sub(fib), sub(pow2), sub(squares) or "
                  "sub(allbut{2,5})",
              arg.column);
  };
  spec.samples = rulesets_detail::heap_samples_in_turn({"sub{1,3,4}", "sub{2,5,7}", "sub{1..3}", "sub(odd)", "sub(even)",
                                                        "sub(all)", "sub(fib)", "sub{3}", "sub(allbut{2,5})",
                                                        "sub{4,7,11}"},
                                                       40);
  return spec;
}

RulesetSpec bash_ruleset() {
  RulesetSpec spec{.name = "bash", .help = {{"bash(m)(heaps…)", "Bash: take 1 to m"}}, .parameters = 1};
  spec.heap_rule = [](const TermReader& term) {
    const std::uint64_t m = term.only_integer(term.parameter(0), "m");
    return term.guarded([&] { return make_bash(m); });
  };
  spec.samples = rulesets_detail::heap_samples_in_turn({"bash(1)", "bash(2)", "bash(3)", "bash(4)", "bash(5)"}, 30);
  return spec;
}

}  // namespace grundy
