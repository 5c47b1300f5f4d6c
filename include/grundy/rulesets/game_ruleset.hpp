// A user's game (GameAdapter) as a ruleset of a Registry of the user's own,
// so that its positions parse from text and print back:
//
//   grundy::Registry registry = grundy::Registry::builtin();
//   registry.add(grundy::game_ruleset(game, [](const grundy::TermReader& term) { … }));
//   registry.parse("mygrundy(9) + nim(2)");
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "grundy/search/game_adapter.hpp"
#include "grundy/rulesets/ruleset_spec.hpp"

namespace grundy {

// name(text) parses with `parse` (given the term, which holds the position
// group) into the position of `adapter`'s game.
template <ImpartialGame G>
[[nodiscard]] RulesetSpec game_ruleset(std::shared_ptr<const GameAdapter<G>> adapter,
                                       std::function<typename G::Position(const TermReader&)> parse,
                                       std::string description = "a game of the user's own") {
  RulesetSpec spec;
  spec.name = adapter->name();
  spec.help = {{adapter->name() + "(position)", std::move(description)}};
  spec.position = [adapter, parse = std::move(parse)](const TermReader& term) { return adapter->position(parse(term)); };
  return spec;
}

}  // namespace grundy
