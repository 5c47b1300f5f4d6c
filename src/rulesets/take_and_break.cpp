// The take-and-break rulesets: any octal or hexadecimal code written as the
// rule (0.77(…), .6(…), 0x0.F7(…)) and the classic games by name. The rule and
// its engines are src/take_and_break/.
#include <random>
#include <string>
#include <vector>

#include "grundy/take_and_break/take_and_break.hpp"
#include "rulesets/heap_ruleset.hpp"
#include "rulesets/samples.hpp"
#include "rulesets/builtin_specs.hpp"

namespace grundy {
namespace {

RulesetSpec named_game(std::string name, std::string syntax, std::string description) {
  return rulesets_detail::heap_ruleset(
      name, "", {std::move(syntax), std::move(description)}, [name] { return make_take_and_break(name); }, 24);
}

}  // namespace

RulesetSpec take_and_break_code_ruleset() {
  RulesetSpec spec{
      .name = "code",
      .accepts_codes = true,
      .help = {{"0.77(heaps…), .6(…), 4.3(…), 0x0.F7(…)", "octal and hexadecimal (prefix 0x) take-and-break codes"}},
      .parameters = 0};
  spec.heap_rule = [](const TermReader& term) {
    return term.guarded([&] { return make_take_and_break(term.name()); });
  };
  // Hexadecimal codes have more moves a heap: smaller heaps keep the
  // definition's valuation within milliseconds.
  spec.samples = rulesets_detail::heap_samples_in_turn(
      {"0.77", "0.07", "0.6", "4.3", "0.137", "0.4", "0.51", "0x0.8", "0x0.F7", "0.31"},
      [](const std::string& code) -> std::uint64_t { return code.rfind("0x", 0) == 0 ? 12 : 22; });
  return spec;
}

RulesetSpec kayles_ruleset() { return named_game("kayles", "kayles(heaps…)", "Kayles, the octal game .77"); }
RulesetSpec dawsons_kayles_ruleset() {
  return named_game("dawson", "dawson(heaps…)",
                    "Dawson's Kayles, the octal game .07; Dawson's chess with n pawns is dawson(n+1)");
}
RulesetSpec officers_ruleset() { return named_game("officers", "officers(heaps…)", "Officers, the octal game .6"); }
RulesetSpec treblecross_ruleset() {
  return named_game("treblecross", "treblecross(heaps…)",
                    "the octal game .007; Treblecross on a strip of n cells is treblecross(n+2)");
}
RulesetSpec grundys_game_ruleset() {
  return named_game("grundy", "grundy(heaps…)", "Grundy's game: split a heap into two unequal heaps");
}

}  // namespace grundy
