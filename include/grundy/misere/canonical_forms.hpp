// Misère canonical forms of impartial games (Conway, On Numbers and Games,
// ch. 12; Siegel, "Combinatorial Game Theory", ch. V): the arithmetic of games
// under the misère convention (the last player to move loses).
//
// Two games G and H are misère-equal when G + X and H + X have the same misère
// outcome for every game X. Every game equals a unique simplest game, its
// canonical form (Conway): the game whose options are canonical and of which
// no option is reversible. The one simplification (Grundy and Smith, proven
// complete by Conway): if every option of H is an option of G and every other
// option of G has H among its own options, then G = H — provided, when H is 0,
// that G is a misère N-position (the proviso: 0 is an N-position, and {*2},
// whose options all reach 0, is a P-position).
//
// The table stores each canonical game once (hash-consed by its set of
// options), so equality of games is equality of their GameId. Sums, mates and
// the properties CGSuite reports are computed on it; the genus is in
// genus.hpp, the tame/restive/… classification in classification.hpp, the
// notation (`*[2#0]`) in notation.hpp.
//
// Sizes: the number of canonical games grows quickly with their birthday
// (day 4 already has 22 of them, day 5 over four million: Conway), so the
// table has a memory bound; past it a computation throws LimitError, and the
// callers fall back to other methods.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace grundy::misere {

// A canonical misère game in one CanonicalForms table. 0 is the empty game.
using GameId = std::uint32_t;

class CanonicalForms {
 public:
  // `memory_bytes`: bound on the table (0: none); `poll` is called every few
  // thousand new games (a stop requested of a Context throws from it).
  explicit CanonicalForms(std::size_t memory_bytes = 0, std::function<void()> poll = {});

  static constexpr GameId kZero = 0;

  // ---- making games ----
  // The nim heap *n (n options: *0 … *(n-1)). LimitError for heaps past the bound.
  [[nodiscard]] GameId nim_heap(std::uint64_t size);
  // The canonical form of the game whose options are these canonical games.
  [[nodiscard]] GameId game(std::vector<GameId> options);
  // G + H: the canonical form of {G' + H, G + H'}.
  [[nodiscard]] GameId sum(GameId g, GameId h);
  // Conway's mate: mate(0) = *, otherwise {mate(G')}.
  [[nodiscard]] GameId mate(GameId g);

  // ---- reading games ----
  // Options of a canonical game, ordered by birthday, then GameId.
  [[nodiscard]] const std::vector<GameId>& options(GameId g) const { return games_[g].options; }
  [[nodiscard]] std::uint32_t birthday(GameId g) const { return games_[g].birthday; }
  // G+: the normal-play nim-value (mex of the options' G+).
  [[nodiscard]] Nimber normal_value(GameId g) const { return games_[g].normal_value; }
  // G-: the misère nim-value (1 for 0, otherwise the mex of the options' G-);
  // 0 exactly for the misère P-positions.
  [[nodiscard]] Nimber misere_value(GameId g) const { return games_[g].misere_value; }
  [[nodiscard]] bool is_p_position(GameId g) const { return games_[g].misere_value == 0; }
  [[nodiscard]] bool has_option(GameId g, GameId option) const;

  // G is the nim heap *b, b its birthday.
  [[nodiscard]] bool is_nim_heap(GameId g);
  // CGSuite's parity: G is odd when G = H + * for one of its options H (then
  // b(G) = b(H) + 1), even otherwise; G and G + * are one even and one odd.
  [[nodiscard]] bool is_even(GameId g);
  // G if G is even, otherwise the option H with H + * = G.
  [[nodiscard]] GameId even_part(GameId g);
  // The game H of smaller birthday with H + *n = G, if there is one (it is
  // then an option of G, by the simplification rule: no option of H can equal
  // G). Misère games cancel (Conway), so H is unique.
  [[nodiscard]] std::optional<GameId> younger_minus_nim_heap(GameId g, std::uint64_t n);
  // The game H with H + *n = G, of any birthday, if there is one (what
  // CGSuite prints as G[-n]: {*2} = H + *2 for H = {0, *2#, *2# + *}, born two
  // days after {*2}, not an option of it). LimitError past a bound of work.
  [[nodiscard]] std::optional<GameId> minus_nim_heap(GameId g, std::uint64_t n);

  // CGSuite's canonical order (MisereCanonicalGameOps): the even parts
  // compared by birthday, number of options, G+, G-, then their options in
  // this order, lexicographically; of a pair G, G + *, the even one first.
  [[nodiscard]] bool precedes(GameId a, GameId b);
  // The options in that order (what CGSuite lists as Options).
  [[nodiscard]] const std::vector<GameId>& ordered_options(GameId g);

  [[nodiscard]] std::size_t size() const noexcept { return games_.size(); }
  [[nodiscard]] std::size_t memory_bytes() const noexcept { return bytes_; }

 private:
  struct Record {
    std::vector<GameId> options;
    std::uint32_t birthday = 0;
    Nimber normal_value = 0;
    Nimber misere_value = 1;
  };
  struct OptionsHash {
    std::size_t operator()(const std::vector<GameId>& options) const noexcept;
  };
  struct Lazy {
    std::int8_t even = -1;  // -1 not computed
    GameId even_part = 0;
    bool ordered = false;
    std::vector<GameId> ordered_options;
  };

  [[nodiscard]] bool birthday_order(GameId a, GameId b) const;
  [[nodiscard]] std::optional<GameId> find(const std::vector<GameId>& options) const;
  [[nodiscard]] std::optional<GameId> reduction(const std::vector<GameId>& options) const;
  GameId add_record(std::vector<GameId> options);
  void charge(std::size_t bytes);

  std::size_t memory_bound_ = 0;
  std::size_t bytes_ = 0;
  std::function<void()> poll_;
  std::vector<Record> games_;
  std::vector<Lazy> lazy_;
  std::unordered_map<std::vector<GameId>, GameId, OptionsHash> by_options_;
  std::unordered_map<std::uint64_t, GameId> sums_;
  std::unordered_map<GameId, GameId> mates_;
  std::vector<GameId> nim_heaps_;
};

}  // namespace grundy::misere
