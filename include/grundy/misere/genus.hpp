// The genus of an impartial game (Conway, On Numbers and Games, ch. 12):
// g^{g0 g1 g2 …}, where g = G+ is the normal-play nim-value and
// g_n = G-(G + 2 + … + 2) is the misère nim-value of G plus n copies of *2.
// The sequence g0, g1, … is eventually of period 2, so it is written up to the
// point where it starts repeating its last two terms: 0 has genus 0^{120}
// (g0 = 1, then 2, 0, 2, 0, …), * has 1^{031}, *n (n >= 2) has n^{n, n^2, n, …}.
//
// The genus depends only on the genera of the options (Conway): g is the mex of
// the options' g; g0 is the mex of their g0 (1 for a game with no option); and
// for n >= 1, g_n is the least value that is none of the options' g_n nor g_{n-1}
// nor g_{n-1} xor 1 (the moves in a *2 go to *1 and 0, and G + 2_{n-1} + * is
// what G + 2_{n-1} becomes after them). tests/misere_genus_test.cpp holds this
// rule to the definition, computed with canonical sums.
//
// Tame genera (those of nim heaps, and of every game that behaves like one in
// sums of such games): the "fickle" 0^1 and 1^0, and the "firm" g^g (g >= 2),
// 0^0 and 1^1. A sum of tame games has the tame genus whose g is the xor of
// theirs, fickle exactly when every part is fickle; its misère outcome is P
// exactly when g0 = 0 (Bouton's misère rule, generalized by Conway).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grundy/misere/canonical_forms.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy::misere {

struct Genus {
  Nimber normal = 0;            // g = G+
  std::vector<Nimber> misere;   // g0 … g_{k-1} (k >= 2); g_n = g_{n-2} beyond

  [[nodiscard]] Nimber at(std::size_t n) const;
  [[nodiscard]] Nimber misere_value() const { return misere.front(); }
  // The tame genus this is, if any: fickle (0^1, 1^0) or firm (g^g, 0^0, 1^1).
  enum class Tameness { none, fickle, firm };
  [[nodiscard]] Tameness tameness() const;

  friend bool operator==(const Genus&, const Genus&) = default;
};

// 0^{120}, the genus of the game with no move.
[[nodiscard]] Genus genus_of_zero();
// From the genera of the options (at least one).
[[nodiscard]] Genus genus_from_options(std::span<const Genus> options);
// The tame genus with this g, fickle or firm (fickle needs g <= 1).
[[nodiscard]] Genus tame_genus(Nimber normal, bool fickle);
// The genus of a sum of games of tame genus: nullopt if one of them is not tame.
[[nodiscard]] std::optional<Genus> tame_sum(std::span<const Genus> parts);

// The genus of every game of one table, computed once each.
class Genera {
 public:
  explicit Genera(CanonicalForms& forms) : forms_(forms) {}
  [[nodiscard]] const Genus& of(GameId g);

 private:
  CanonicalForms& forms_;
  std::vector<std::optional<Genus>> cache_;
};

}  // namespace grundy::misere
