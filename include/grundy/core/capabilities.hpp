// Optional capabilities of a component: interfaces a component class derives
// from, besides Component, when its ruleset knows more than values and options.
// Each is declared by the ruleset that has it and asked for in one place (the
// analysis, the table command), never guessed from a name or a shape.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <typeinfo>
#include <utility>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/lacking_claim.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/position.hpp"
#include "grundy/core/sequence.hpp"
#include "grundy/core/value.hpp"

namespace grundy {

// The component is exactly a Nim heap of this size, so misère sums of such
// components follow Bouton's misère rule (analysis.cpp).
class NimHeapEquivalent {
 public:
  virtual ~NimHeapEquivalent() = default;
  [[nodiscard]] virtual std::uint64_t nim_heap() const = 0;
};

// A theorem decides who wins even where the nim-value is out of reach (Moore's
// Nim_k by binary digit sums, Wythoff's game by the Beatty pairs). Used when the
// component stands alone; its options_to_value(…, 0, …) lists the winning moves.
class OutcomeWithoutValue {
 public:
  virtual ~OutcomeWithoutValue() = default;
  [[nodiscard]] virtual Outcome outcome(Context& context) const = 0;
};

// One heap alone in misère play (the last player to move loses): its misère
// value g⁻, 0 exactly for the P-positions, and the options of misère value 0.
// Misère values do not add over sums.
class MisereHeap {
 public:
  virtual ~MisereHeap() = default;
  [[nodiscard]] virtual Nimber misere_value(Context& context) const = 0;
  [[nodiscard]] virtual OptionList misere_options_to_zero(Context& context, std::size_t limit) const = 0;
};

// A board game whose position people read best drawn: rows of 0 (free) and
// 1 (blocked), one line per row.
class DrawnAsBoard {
 public:
  virtual ~DrawnAsBoard() = default;
  [[nodiscard]] virtual std::string drawing() const = 0;
  // True when the board turned a quarter (rows and columns exchanged) is the
  // same game: the rule's pieces are the same set turned (a census computes
  // one of r×c and c×r).
  [[nodiscard]] virtual bool same_game_turned() const { return false; }
};

// The component's value is the generalized Sprague–Grundy function γ of a game
// whose graph has cycles (loopy_labelling.hpp), and it knows its counter c: the
// analysis answers an opponent's move that raised such a component by the
// reversal rule (to a follower of the old value with a smaller counter), which
// is what makes a win arrive in finitely many moves.
// A component valued by an engine of the run (the search layer's choice,
// engine_choice.hpp): which engine answers it — "part search", "region
// search", "outcome search (Lemoine–Viennot)", "definition" — for explain and
// --json.
class ValuedByEngine {
 public:
  virtual ~ValuedByEngine() = default;
  [[nodiscard]] virtual std::string engine(Context& context) const = 0;
};

// A component whose engine writes certificates (the part search, for a game
// whose parts pack into keys): the game a certificate of it names, and the
// roots and claims of one certificate of several such components at once
// (docs/certificates.md; analysis/certificate.hpp writes the text).
struct CertificateParts {
  std::string game;                                    // as the certificate names it: "clobber"
  std::vector<std::pair<std::string, Nimber>> roots;   // each component's term, as it prints, and its value
  std::vector<std::pair<std::string, Nimber>> claims;  // parts and their values, sorted by text
  // Version 2 on: parts and the values they have not, sorted by text.
  std::vector<LackingClaim> lacking;
  int version = 1;
  std::uint64_t parts_valued = 0;                      // parts in the engine's table at the end
  std::uint64_t parts_loaded = 0;                      // of them, read from the run's table file
};
class CertifiedByEngine {
 public:
  virtual ~CertifiedByEngine() = default;
  // The game a certificate of this component names; "" where its engine
  // writes none for it (a NoGo board of two rows, a part too large for a key).
  [[nodiscard]] virtual std::string certificate_game() const = 0;
  // The roots and claims of one certificate of `components` (this one and
  // others of its game, in order), valued by the run's engine. LimitError
  // where a part does not fit the engine's keys.
  [[nodiscard]] virtual CertificateParts certify(const std::vector<const Component*>& components,
                                                 Context& context) const = 0;
};

class LoopyCounter {
 public:
  virtual ~LoopyCounter() = default;
  // c of this position: set for a finite value in a graph with cycles; nullopt
  // for ∞, and when the component's graph has no cycle (every play ends anyway).
  [[nodiscard]] virtual std::optional<std::uint64_t> counter(Context& context) const = 0;
};

// A game on two piles whose rows are additively periodic by a theorem: for a
// fixed smaller pile a, g(a, b + p) = g(a, b) + s from some b on (Wythoff's
// game: Dress, Flammenkamp and Pink 1999, computed in wythoff::Rows). The
// pattern of row `pile`, proven, or nullopt beyond the rows it can compute.
// `grundy pattern` reports it as proven where otherwise it only observes rows.
class AdditivelyPeriodicRows {
 public:
  virtual ~AdditivelyPeriodicRows() = default;
  [[nodiscard]] virtual std::optional<Periodicity> row_pattern(Context& context, std::uint64_t pile) const = 0;
};

// A theorem decides this component outright — its value, or at least who
// wins — and `grundy explain` shows it applied: its name and statement, then
// the computation for this position line by line (Moore's Nim_k: binary digit
// sums mod k + 1; Staircase Nim: the xor of the odd steps; [L,R]-Nim:
// floor((x mod (L + R)) / L); Bash: x mod (m + 1)).
struct TheoremApplication {
  std::string theorem;             // "Moore's theorem (Nim_k, 1910)"
  std::string statement;           // what it says, in one sentence
  std::vector<std::string> steps;  // applied to this position
  std::string conclusion;          // "so g = 3", "so the first player wins"
};
class DecidedByTheorem {
 public:
  virtual ~DecidedByTheorem() = default;
  // Nothing when no theorem applies to this particular position.
  [[nodiscard]] virtual std::optional<TheoremApplication> theorem(Context& context) const = 0;
};

// Moves that each take t tokens from one heap (subtraction games, [L,R]-Nim):
// the moves to a value grouped as runs of consecutive t, so a heap with
// billions of winning moves reads as a few ranges ("take 3..7, 13..17").
struct TakeRange {
  std::uint64_t first = 0;  // tokens taken, inclusive
  std::uint64_t last = 0;
};
struct TakeRangeList {
  std::vector<TakeRange> listed;  // the first ranges, by increasing take
  std::uint64_t total = 0;        // every range (saturating)
};
class TakeRanges {
 public:
  virtual ~TakeRanges() = default;
  // Nothing when this component's moves are not all single takes.
  [[nodiscard]] virtual std::optional<TakeRangeList> take_ranges_to_value(Context& context, Nimber target,
                                                                          std::size_t limit) const = 0;
};

// The capability C of a component, or nullptr.
template <class C>
[[nodiscard]] const C* capability(const Component& component) noexcept {
  return dynamic_cast<const C*>(&component);
}

// The same question put to many components in a row (every part of a sum):
// the answer of the last class seen is kept. A dynamic_cast, above all to an
// interface the class lacks, walks the class's bases comparing type names
// (libstdc++: strcmp); on 10^5 Nim heaps that was 11% of `grundy value`'s
// time (perf, 2026-11-26), and sums are mostly of one class. Within one
// most-derived class a base sits at one fixed offset, so the pointer is the
// component's address plus the offset dynamic_cast found the first time.
template <class C>
class CapabilityLookup {
 public:
  [[nodiscard]] const C* operator()(const Component& component) noexcept {
    const std::type_info* type = &typeid(component);
    if (type != type_) {
      const C* found = dynamic_cast<const C*>(&component);
      type_ = type;
      present_ = found != nullptr;
      if (present_) offset_ = reinterpret_cast<const char*>(found) - reinterpret_cast<const char*>(&component);
      return found;
    }
    if (!present_) return nullptr;
    return reinterpret_cast<const C*>(reinterpret_cast<const char*>(&component) + offset_);
  }

 private:
  const std::type_info* type_ = nullptr;
  bool present_ = false;
  std::ptrdiff_t offset_ = 0;
};

}  // namespace grundy
