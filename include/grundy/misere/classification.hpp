// Conway's classification of misère games by how they behave in sums (On
// Numbers and Games, ch. 12), with the refinements CGSuite reports
// (MisereCanonicalGame: IsTame, IsRestive, IsRestless, IsTameable, …).
//
// From the pair (g, g0) of the genus a game's kind of genus is tame (g = g0, or
// both are 0 or 1), restive (g <= 1 < g0), restless (g0 <= 1 < g) or wild. On
// canonical forms:
//  * nim heap: *n itself;
//  * hereditarily tame ("tame"): a tame genus, every option a nim heap or tame;
//  * reversibly tame: a tame genus, every option generally tame except ones
//    that reverse through generally tame games of the same g and of the same g0,
//    and the generally tame options alone give the same mex for g and g0;
//  * tameable: tame in any company of tame games (options tameable, reversing
//    through tameable games, or tame);
//  * hereditarily restive ("restive"): a restive genus, every option tame;
//    reversibly restive the same with restive-reversible options; restless:
//    a restless genus, every option generally tame;
//  * wild: everything else.
// Generally tame = nim heap, hereditarily or reversibly tame; generally
// restive = hereditarily or reversibly restive. Half-tame: not generally tame,
// but G + G is, of genus 0^0.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "grundy/misere/canonical_forms.hpp"
#include "grundy/misere/genus.hpp"

namespace grundy::misere {

enum class Phylum : std::uint8_t {
  nim_heap,
  hereditarily_tame,
  reversibly_tame,
  tameable,
  hereditarily_restive,
  reversibly_restive,
  restless,
  wild,
};

[[nodiscard]] const char* to_string(Phylum phylum) noexcept;

[[nodiscard]] constexpr bool generally_tame(Phylum p) noexcept {
  return p == Phylum::nim_heap || p == Phylum::hereditarily_tame || p == Phylum::reversibly_tame;
}
[[nodiscard]] constexpr bool tameable(Phylum p) noexcept { return generally_tame(p) || p == Phylum::tameable; }
[[nodiscard]] constexpr bool generally_restive(Phylum p) noexcept {
  return p == Phylum::hereditarily_restive || p == Phylum::reversibly_restive;
}

// The phylum of every game of one table, computed once each.
class Classification {
 public:
  explicit Classification(CanonicalForms& forms) : forms_(forms) {}
  [[nodiscard]] Phylum of(GameId g);
  // Not generally tame, while G + G is, with g = g0 = 0.
  [[nodiscard]] bool half_tame(GameId g);

 private:
  Phylum compute(GameId g);
  CanonicalForms& forms_;
  std::vector<std::int8_t> cache_;  // -1: not computed
};

// Everything CGSuite's MisereCanonicalGame reports about one canonical game,
// gathered for the CLI, Python and the tests.
struct MisereFacts {
  std::string form;           // "*[2#0]"
  std::uint32_t birthday = 0;
  Genus genus;
  std::string genus_text;     // CGSuite's: "1^2", "2" for a nim heap, "2^1420"
  Nimber normal_value = 0;    // G+
  Nimber misere_value = 0;    // G-
  bool p_position = false;    // misère outcome P
  Phylum phylum = Phylum::wild;
  bool tame = false;          // hereditarily (CGSuite's IsTame)
  bool generally_tame = false;
  bool tameable = false;
  bool restive = false;       // hereditarily (IsRestive)
  bool generally_restive = false;
  bool restless = false;
  bool half_tame = false;
  bool nim_heap = false;
  bool even = false;
  bool introverted = false;   // a part of each of its options: only 0 and * (Conway)
  std::string mate;
  std::vector<std::string> options;  // in CGSuite's order
};

// The facts as JSON, as `grundy misere --json` prints them and grundy.misere
// returns them (one writer for both).
[[nodiscard]] nlohmann::json facts_json(const MisereFacts& facts);

[[nodiscard]] MisereFacts misere_facts(CanonicalForms& forms, Genera& genera, Classification& classification,
                                       GameId g);

// CGSuite's genus text: "2" for a nim heap, g^g0 for tame and restive games
// ("0^0", "1^2"), the whole sequence otherwise ("2^1420"); values from 10 in
// parentheses with commas ("0^(10,12)").
[[nodiscard]] std::string genus_notation(const Genus& genus, Phylum phylum);

}  // namespace grundy::misere
