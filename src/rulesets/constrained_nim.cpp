#include "grundy/rulesets/constrained_nim.hpp"

#include <algorithm>
#include <memory>
#include <optional>

#include "grundy/core/heap_game_rule.hpp"
#include "grundy/core/input_error.hpp"
#include "rulesets/builtin_specs.hpp"
#include "core/heap_rule_helpers.hpp"
#include "rulesets/samples.hpp"

namespace grundy {
namespace {

// Proof of g(x) = floor((x mod P) / L), P = L + R, by induction on x. Write
// x = qP + r with 0 <= r < P and w = floor(r / L); the options are x - s for
// s in [L, R], s <= x.
// - Every v < w is an option's value: take y = qP + r' with r' = max(vL, r - R).
//   Then vL <= r' <= vL + L - 1 (since r - R <= P - 1 - R = L - 1), so g(y) = v
//   by induction; and s = r - r' = min(r - vL, R) lies in
//   [L, R] because r - vL >= (w - v)L >= L.
// - No option has value w: such a y = q'P + r' has r' in [wL, wL + L). If q' = q
//   then s = r - r' < L; if q' < q then s >= P + r - r' > P - L = R.
// So g(x) = mex = w. The period P holds from x = 0 (preperiod 0).
//
// Written on the game model (heap_game_rule.hpp): a heap game whose optional
// hooks are the theorem — closed_form, theorem, proven_pattern — and the
// moves to a value counted from it at any heap size.
class ConstrainedNim {
 public:
  using Position = std::uint64_t;

  ConstrainedNim(std::uint64_t low, std::uint64_t high) : low_(low), high_(high) {
    // L + R may exceed 64 bits; then every heap is below the period and x mod P = x.
    if (high <= UINT64_MAX - low) period_ = low + high;
  }

  std::string text() const { return "lr(" + std::to_string(low_) + "," + std::to_string(high_) + ")"; }

  std::optional<Nimber> closed_form(std::uint64_t heap) const { return residue(heap) / low_; }

  std::optional<TheoremApplication> theorem(std::uint64_t heap) const {
    TheoremApplication t;
    t.theorem = "the [L,R]-Nim theorem";
    t.statement = "a heap x of [L,R]-Nim (take between L and R) has g(x) = floor((x mod (L + R)) / L)";
    const std::string x = std::to_string(heap);
    const std::string l = std::to_string(low_);
    const Nimber g = residue(heap) / low_;
    if (period_) {
      t.steps.push_back("L = " + l + ", R = " + std::to_string(high_) + ", L + R = " + std::to_string(*period_));
      t.steps.push_back("x mod (L + R) = " + x + " mod " + std::to_string(*period_) + " = " + std::to_string(residue(heap)));
    } else {
      t.steps.push_back("L + R is beyond 64 bits, so x mod (L + R) = x = " + x);
    }
    t.steps.push_back("floor(" + std::to_string(residue(heap)) + " / " + l + ") = " + std::to_string(g));
    t.conclusion = "so g(" + text() + "(" + x + ")) = " + std::to_string(g);
    return t;
  }

  // Takes of L, L + 1, …, min(heap, R): the heaps left, largest first (lazily:
  // R may be 10^18).
  template <class Visit>
  void for_each_move(std::uint64_t heap, Visit&& visit) const {
    if (heap < low_) return;
    const std::uint64_t most = std::min(heap, high_);
    for (std::uint64_t taken = low_;; ++taken) {
      if (!visit(heap - taken) || taken == most) return;
    }
  }
  void moves(std::uint64_t heap, std::vector<std::uint64_t>& out) const { append_heap_moves(*this, heap, out); }

  // Options are the heaps y in [heap - min(heap, R), heap - L]; those of value t have
  // residue y mod P in [tL, tL + L - 1] (clipped to P - 1). Counted per period, listed
  // from the largest y (the smallest take) down by jumping between residue blocks.
  std::uint64_t moves_to_value(std::uint64_t heap, Nimber target, std::size_t limit,
                               std::vector<std::uint64_t>& out) const {
    std::uint64_t total = 0;
    if (heap < low_) return total;
    const std::uint64_t top = heap - low_;
    const std::uint64_t bottom = heap - std::min(heap, high_);
    // Residues of value `target`: [first, last].
    if (target > (UINT64_MAX - (low_ - 1)) / low_) return total;  // target * L + L - 1 overflows
    const std::uint64_t first = target * low_;
    std::uint64_t last = first + (low_ - 1);
    if (period_) {
      if (first >= *period_) return total;
      last = std::min(last, *period_ - 1);
    }
    total = count_up_to(top, first, last) - (bottom == 0 ? 0 : count_up_to(bottom - 1, first, last));
    std::uint64_t y = top;
    std::size_t listed = 0;
    while (listed < limit) {
      const std::uint64_t r = residue(y);
      std::uint64_t step = 0;
      if (r >= first && r <= last) {
        out.push_back(y);
        ++listed;
        step = 1;
      } else if (r > last) {
        step = r - last;  // down to residue `last` in this period
      } else {
        // r < first: down to residue `last` of the previous period (there is one:
        // an absent period means y = r and no smaller y has the residue).
        if (!period_) break;
        step = r + 1 + (*period_ - 1 - last);
      }
      if (y < bottom + step) break;
      y -= step;
    }
    return total;
  }

  // The options of value t are the y in [bottom, top] with y mod P in
  // [tL, tL + L - 1]: one run of y per period, so one run of takes each. Runs
  // are listed from the smallest take (largest y) down, and counted exactly.
  std::optional<TakeRangeList> take_ranges_to_value(std::uint64_t heap, Nimber target, std::size_t limit) const {
    TakeRangeList out;
    if (heap < low_) return out;
    const std::uint64_t top = heap - low_;
    const std::uint64_t bottom = heap - std::min(heap, high_);
    if (target > (UINT64_MAX - (low_ - 1)) / low_) return out;
    const std::uint64_t first = target * low_;
    std::uint64_t last = first + (low_ - 1);
    if (!period_) {
      // Every heap is below L + R: y itself is the residue.
      if (first > top || last < bottom) return out;
      out.total = 1;
      if (limit > 0) out.listed.push_back({heap - std::min(last, top), heap - std::max(first, bottom)});
      return out;
    }
    const std::uint64_t p = *period_;
    if (first >= p) return out;
    last = std::min(last, p - 1);
    // Periods k with [kP + first, kP + last] meeting [bottom, top].
    const std::uint64_t k_high = top < first ? 0 : (top - first) / p;
    if (top < first) return out;
    const std::uint64_t k_low = bottom <= last ? 0 : (bottom - last - 1) / p + 1;
    if (k_low > k_high) return out;
    out.total = k_high - k_low + 1;
    for (std::uint64_t k = k_high; out.listed.size() < limit; --k) {
      const std::uint64_t base = k * p;  // base + first <= top for k <= k_high
      const std::uint64_t y_low = std::max(base + first, bottom);
      const std::uint64_t y_high = top - base >= last ? base + last : top;
      out.listed.push_back({heap - y_high, heap - y_low});
      if (k == k_low) break;
    }
    return out;
  }

  // The whole sequence, proven by the induction above.
  std::optional<Periodicity> proven_pattern() const {
    if (period_) {
      return rulesets_detail::proven_pattern(Periodicity::Kind::periodic, 0, *period_, 0,
                                             "g(x) = floor((x mod (L+R)) / L) for [L,R]-Nim (induction on x)");
    }
    // L + R beyond 64 bits: for every representable heap g(x) = floor(x / L).
    return rulesets_detail::proven_pattern(Periodicity::Kind::arithmetic, 0, low_, 1,
                                           "g(x) = floor(x / L) for all 64-bit heaps, since L + R exceeds them");
  }

 private:
  std::uint64_t residue(std::uint64_t x) const { return period_ ? x % *period_ : x; }

  // Number of y in [0, z] with y mod P in [first, last].
  std::uint64_t count_up_to(std::uint64_t z, std::uint64_t first, std::uint64_t last) const {
    const std::uint64_t width = last - first + 1;
    if (!period_) return z < first ? 0 : std::min(z, last) - first + 1;
    const std::uint64_t full = z / *period_;
    const std::uint64_t r = z % *period_;
    const std::uint64_t partial = r < first ? 0 : std::min(r, last) - first + 1;
    return full * width + partial;  // <= z + 1, no overflow
  }

  std::uint64_t low_;
  std::uint64_t high_;
  std::optional<std::uint64_t> period_;
};

}  // namespace

HeapRulePtr make_constrained_nim(std::uint64_t low, std::uint64_t high) {
  if (low == 0) throw InputError("lr(L,R) needs L >= 1: a move must take at least one stone");
  if (low > high) {
    throw InputError("lr(L,R) needs L <= R, got L = " + std::to_string(low) + " and R = " + std::to_string(high));
  }
  ConstrainedNim game(low, high);
  std::string text = game.text();
  return HeapGameRule<ConstrainedNim>::make(std::move(game), std::move(text));
}

RulesetSpec constrained_nim_ruleset() {
  RulesetSpec spec{
      .name = "lr", .help = {{"lr(L,R)(heaps…)", "[L,R]-constrained Nim: take between L and R"}}, .parameters = 1};
  spec.heap_rule = [](const TermReader& term) {
    const ExprGroup& g = term.parameter(0);
    term.expect_arguments(g, 2);
    const std::uint64_t low = term.integer(g.args[0], "L");
    const std::uint64_t high = term.integer(g.args[1], "R");
    return term.guarded([&] { return make_constrained_nim(low, high); });
  };
  spec.samples = [](SampleRequest& request) {
    auto& random = request.random;
    const std::size_t count = request.count;
    std::vector<std::string> out;
    std::uniform_int_distribution<std::uint64_t> low(1, 4);
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint64_t l = low(random);
      const std::uint64_t r = l + low(random) - 1;
      const std::string rule = "lr(" + std::to_string(l) + "," + std::to_string(r) + ")";
      out.push_back(rulesets_detail::heap_samples(rule, 40, random, 1).front());
    }
    return out;
  };
  return spec;
}

}  // namespace grundy
