#include "grundy/rulesets/subtraction.hpp"

#include "grundy/core/periodicity_theorem.hpp"

#include <algorithm>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>

#include "grundy/core/heap_sequence.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/heap_game_rule.hpp"
#include "grundy/rulesets/nim.hpp"
#include "rulesets/builtin_specs.hpp"
#include "grundy/core/capabilities.hpp"
#include "core/heap_rule_helpers.hpp"
#include "rulesets/samples.hpp"

namespace grundy {
namespace {

using rulesets_detail::count_one;
using rulesets_detail::take;

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

// Values computed in search of a repeated window, and mex steps (values × |S|):
// a proof that needs more is refused, never guessed.
constexpr std::uint64_t kProofValueLimit = 100'000'000;
constexpr std::uint64_t kProofWorkLimit = 4'000'000'000;

struct ProvenSequence {
  std::vector<Nimber> prefix;  // g(0 .. preperiod + period - 1)
  Periodicity pattern;         // periodic, proven
};

// g for sub(S) (or its misère values: a heap with no move is worth 1) until the
// window theorem (grundy/core/periodicity_theorem.hpp with t = max(S), j = 1) proves
// a period; the table is checked after every doubling, so the work stays
// linear in the values computed.
ProvenSequence prove_periodic(const std::vector<std::uint64_t>& set, bool misere, const std::string& rule_text,
                              Context& context) {
  const std::uint64_t k = set.back();
  const std::uint64_t value_limit = std::min<std::uint64_t>(kProofValueLimit, kProofWorkLimit / set.size());
  const std::string play = misere ? "misère " : "";
  auto refuse = [&] {
    throw LimitError("the " + play + "period of " + rule_text + " is not proven within " +
                     std::to_string(value_limit) + " values (the window theorem needs a repeated window of length " +
                     std::to_string(k) + "); refusing rather than guessing");
  };
  // Values are mex of at most |S| options, so at most |S|: 16 bits hold them.
  if (set.size() >= 65535 || k >= value_limit / 2) refuse();

  std::vector<std::uint16_t> g;
  auto compute_through = [&](std::uint64_t last) {
    extend_heap_sequence(g, last, misere ? Play::misere : Play::normal, context, [&](std::uint64_t n, auto&& option) {
      for (const std::uint64_t s : set) {
        if (s > n) break;
        option(g[n - s]);
      }
    });
  };
  const MoveBounds bounds{k, 1};
  for (std::uint64_t size = std::max<std::uint64_t>(4 * k, 1024);; size *= 2) {
    if (size > value_limit) {
      compute_through(value_limit - 1);
    } else {
      compute_through(size - 1);
    }
    const Periodicity found = find_periodicity(bounds, true, std::span<const std::uint16_t>(g));
    if (found.proven()) {
      std::vector<Nimber> values(g.begin(), g.end());
      Periodicity least = least_pattern(values, found);
      least.proof = play + found.proof + "; least period " + std::to_string(least.period) + " and least preperiod " +
                    std::to_string(least.preperiod);
      ProvenSequence result;
      result.prefix.assign(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(least.preperiod + least.period));
      result.pattern = least;
      return result;
    }
    if (size >= value_limit) refuse();
  }
}

// Values 0..upto of a proven sequence, and its pattern.
SequenceReport report_from(const ProvenSequence& proven, std::uint64_t upto) {
  SequenceReport report;
  report.values.reserve(upto + 1);
  for (std::uint64_t n = 0; n <= upto; ++n) report.values.push_back(value_from_pattern(proven.prefix, proven.pattern, n));
  report.pattern = proven.pattern;
  return report;
}

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

class FiniteSubtractionRule final : public HeapRule {
 public:
  explicit FiniteSubtractionRule(std::vector<std::uint64_t> set) : set_(std::move(set)) {}

  std::string text() const override { return "sub" + set_text(set_); }

  Nimber value(Context& context, std::uint64_t heap) const override { return at(context, heap); }

  // sub{1..k} is Bash with m = k.
  std::optional<TheoremApplication> theorem(std::uint64_t heap) const override {
    if (set_.front() != 1 || set_.back() != set_.size()) return std::nullopt;
    const std::uint64_t k = set_.back();
    return bash_theorem(text(), k, heap, k == UINT64_MAX ? heap : heap % (k + 1));
  }

  void for_each_move(std::uint64_t heap, const std::function<bool(const HeapMove&)>& visit) const override {
    for (std::uint64_t s : set_) {
      if (s > heap || !visit(take(heap, s))) return;
    }
  }

  HeapMoveList moves_to_value(Context& context, std::uint64_t heap, Nimber target, std::size_t limit) const override {
    HeapMoveList result;
    for (std::uint64_t s : set_) {
      if (s > heap) break;
      if (at(context, heap - s) != target) continue;
      count_one(result.total);
      if (result.listed.size() < limit) result.listed.push_back(take(heap, s));
    }
    return result;
  }

  SequenceReport table(Context& context, std::uint64_t upto) const override {
    check_table_request(upto, text());
    if (const ProvenSequence* proven = sequence(context, false)) return report_from(*proven, upto);
    return HeapRule::table(context, upto);  // by the definition; a pattern there is only "detected"
  }

  SequenceReport misere_table(Context& context, std::uint64_t upto) const override {
    check_table_request(upto, text());
    if (const ProvenSequence* proven = sequence(context, true)) return report_from(*proven, upto);
    return HeapRule::misere_table(context, upto);
  }

 private:
  // From the proven pattern; if the proof was refused, small heaps by the definition.
  Nimber at(Context& context, std::uint64_t heap) const {
    if (const ProvenSequence* proven = sequence(context, false)) {
      return value_from_pattern(proven->prefix, proven->pattern, heap);
    }
    return definition_value(context, heap);
  }

  // Heaps answered by the definition when the period proof was refused.
  static constexpr std::uint64_t kUnprovenHeapLimit = 10'000'000;

  struct Proof {
    std::optional<ProvenSequence> sequence;
    std::optional<std::string> refusal;  // why the proof was refused (not retried)
  };

  // The proven sequence, computed once per play convention; nullptr if refused.
  const ProvenSequence* sequence(Context& context, bool misere) const {
    std::lock_guard lock(mutex_);
    Proof& proof = misere ? misere_ : normal_;
    if (!proof.sequence && !proof.refusal) {
      try {
        proof.sequence = prove_periodic(set_, misere, text(), context);
      } catch (const LimitError& refused) {
        proof.refusal = refused.message();
      }
    }
    return proof.sequence ? &*proof.sequence : nullptr;
  }

  Nimber definition_value(Context& context, std::uint64_t heap) const {
    std::lock_guard lock(mutex_);
    if (heap < definition_.size()) return definition_[heap];
    if (heap >= kUnprovenHeapLimit || heap > kProofWorkLimit / set_.size()) {
      throw LimitError(*normal_.refusal + "; without a proven period only heaps below " +
                       std::to_string(std::min(kUnprovenHeapLimit, kProofWorkLimit / set_.size())) +
                       " are computed");
    }
    const std::uint64_t size = std::max<std::uint64_t>({heap + 1, 2 * definition_.size(), 1024});
    extend_heap_sequence(definition_, size - 1, Play::normal, context, [&](std::uint64_t n, auto&& option) {
      for (const std::uint64_t s : set_) {
        if (s > n) break;
        option(definition_[n - s]);
      }
    });
    return definition_[heap];
  }

  std::vector<std::uint64_t> set_;
  mutable std::mutex mutex_;
  mutable Proof normal_;
  mutable Proof misere_;
  mutable std::vector<std::uint32_t> definition_;  // g(0..) by the definition, only after a refusal
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
      // A heap with no move: every take 1..n is excluded (E is sorted, without 0).
      const bool stuck = n < excluded_.size() + 1 && (n == 0 || excluded_[n - 1] == n);
      Nimber v = 0;
      if (stuck) {
        v = play == Play::misere ? 1 : 0;
      } else {
        excluded_values.clear();
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
  return std::make_shared<const FiniteSubtractionRule>(checked_set(std::move(set), "a subtraction set"));
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
