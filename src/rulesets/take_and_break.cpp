// The take-and-break rulesets: any octal or hexadecimal code written as the
// rule (0.77(…), .6(…), 0x0.F7(…)) and the classic games by name. The rule and
// its engines are src/take_and_break/.
#include <random>
#include <string>
#include <vector>

#include "grundy/take_and_break/take_and_break.hpp"
#include "core/heap_rule_helpers.hpp"
#include "rulesets/builtin_specs.hpp"

namespace grundy {
namespace {

// Small heaps of a game, for the conformance suite.
std::vector<std::string> samples_of(const std::string& rule, std::uint64_t max_heap, std::mt19937_64& random,
                                    std::size_t count) {
  return rulesets_detail::heap_samples(rule, max_heap, random, count);
}

RulesetSpec named_game(std::string name, std::string syntax, std::string description) {
  RulesetSpec spec;
  spec.name = name;
  spec.help = {{std::move(syntax), std::move(description)}};
  spec.heap_rule = [name](const TermReader& term) {
    term.expect_parameters(0);
    return make_take_and_break(name);
  };
  spec.samples = [name](SampleRequest& request) { return samples_of(name, 24, request.random, request.count); };
  return spec;
}

}  // namespace

RulesetSpec take_and_break_code_ruleset() {
  RulesetSpec spec;
  spec.name = "code";
  spec.accepts_codes = true;
  spec.help = {{"0.77(heaps…), .6(…), 4.3(…), 0x0.F7(…)", "octal and hexadecimal (prefix 0x) take-and-break codes"}};
  spec.heap_rule = [](const TermReader& term) {
    term.expect_parameters(0);
    return term.guarded([&] { return make_take_and_break(term.name()); });
  };
  spec.samples = [](SampleRequest& request) {
    auto& random = request.random;
    const std::size_t count = request.count;
    const std::vector<std::string> codes = {"0.77", "0.07", "0.6", "4.3", "0.137", "0.4", "0.51", "0x0.8", "0x0.F7", "0.31"};
    std::vector<std::string> out;
    for (std::size_t i = 0; i < count; ++i) {
      const std::string& code = codes[i % codes.size()];
      out.push_back(samples_of(code, code.rfind("0x", 0) == 0 ? 12 : 22, random, 1).front());
    }
    return out;
  };
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
