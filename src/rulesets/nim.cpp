// Nim: take any number of tokens from one heap. g(n) = n (Bouton).
#include "grundy/rulesets/nim.hpp"

#include <memory>

#include "rulesets/builtin_specs.hpp"
#include "grundy/core/heap_game_rule.hpp"
#include "core/heap_rule_helpers.hpp"
#include "rulesets/heap_ruleset.hpp"

namespace grundy {
namespace {

// Written on the game model (heap_game_rule.hpp): every smaller heap is an
// option, so g(n) = n, and the heaps are Nim heaps to misère sums as well.
struct Nim {
  using Position = std::uint64_t;
  std::string pattern_proof;  // how the rule's name states the theorem

  std::optional<Nimber> closed_form(std::uint64_t heap) const { return heap; }
  // Misère single heap: g-(0) = 1 (no move: the player to move has won), g-(1) = mex{1} = 0,
  // and for n >= 2 the options hold 0 = g-(1), 1 = g-(0) and 2..n-1 (induction), so g-(n) = n.
  std::optional<Nimber> misere_closed_form(std::uint64_t heap) const { return heap <= 1 ? 1 - heap : heap; }
  std::uint64_t nim_heap(std::uint64_t heap) const { return heap; }

  // Takes of 1, 2, …, heap (lazily: heaps reach 10^18).
  template <class Visit>
  void for_each_move(std::uint64_t heap, Visit&& visit) const {
    for (std::uint64_t taken = 1; taken <= heap; ++taken)
      if (!visit(heap - taken)) return;
  }
  void moves(std::uint64_t heap, std::vector<std::uint64_t>& out) const { append_heap_moves(*this, heap, out); }

  // Every smaller heap is one move away and no other value is: one move iff target < heap.
  std::uint64_t moves_to_value(std::uint64_t heap, Nimber target, std::size_t limit, std::vector<std::uint64_t>& out) const {
    if (target >= heap) return 0;
    if (limit > 0) out.push_back(target);
    return 1;
  }

  std::optional<Periodicity> proven_pattern() const {
    return rulesets_detail::proven_pattern(Periodicity::Kind::arithmetic, 0, 1, 1, pattern_proof);
  }
  std::optional<Periodicity> proven_misere_pattern() const {
    return rulesets_detail::proven_pattern(Periodicity::Kind::arithmetic, 2, 1, 1,
                                           "misère g(0) = 1, g(1) = 0, g(n) = n for n >= 2 (induction on n)");
  }
};

}  // namespace

HeapRulePtr make_nim() { return HeapGameRule<Nim>::make(Nim{"g(n) = n"}, "nim"); }

// sub(all), take any number, is Nim under another name.
HeapRulePtr make_nim_named(std::string text) {
  return HeapGameRule<Nim>::make(Nim{"g(n) = n: this is Nim"}, std::move(text));
}

RulesetSpec nim_ruleset() {
  return rulesets_detail::heap_ruleset("nim", "", {"nim(heaps…)", "Nim: take any number from one heap (Bouton)"},
                                       make_nim, 12);
}

}  // namespace grundy
