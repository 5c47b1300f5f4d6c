// Sprouts (Conway and Paterson, 1967): spots on the plane; a move draws a line
// from a spot to a spot (or to itself) that crosses no line, and puts a new
// spot on it; no spot may have more than three line ends. The player who
// cannot move loses. The drawing as the literature writes it, its moves and
// its lands: sprouts_drawing.hpp; the notation: docs/sprouts.md.
//
// On the model (game.hpp): a position is the canonical text of its drawing;
// its parts are its lands (independent games: their nim-values xor), each
// canonical already, of a size the outcome search reads (its lives, which
// every move lowers: a life at each end of the line, one back for the new
// spot, and the reductions drop only lives no line can use). The engines do the rest: the outcome search of
// Lemoine and Viennot (g(G) = n exactly when G + *n is lost) over lands, the
// definition for small ones, misère play by the misère searches of sums.
#include <algorithm>
#include <string>
#include <vector>

#include "grundy/core/input_error.hpp"
#include "grundy/rulesets/ruleset_spec.hpp"
#include "grundy/search/game_adapter.hpp"
#include "rulesets/sprouts_drawing.hpp"
#include "rulesets/sprouts_spots_notation.hpp"

namespace grundy {
namespace sprouts {
namespace {

struct Sprouts {
  using Position = std::string;  // text(drawing): canonical lands, then '!'

  std::string describe(const std::string& position) const { return position; }

  // The lands of a canonical text: each ends with ']'.
  void components(const std::string& position, std::vector<std::string>& out) const {
    std::size_t begin = 0;
    for (std::size_t i = 0; i < position.size(); ++i) {
      if (position[i] != ']') continue;
      out.push_back(position.substr(begin, i + 1 - begin) + '!');
      begin = i + 1;
    }
  }
  std::string canonical(const std::string& land) const { return land; }

  // The lives of a canonical text: '0', '1', '2' give 3, 2, 1, and a letter,
  // written twice, one.
  int part_size(const std::string& position) const {
    int twice = 0;
    for (const char c : position) {
      if (c >= '0' && c <= '2') twice += 2 * (3 - (c - '0'));
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) twice += 1;
    }
    return twice / 2;
  }

  // Each option once: many lines give the same position (the start's spots
  // are alike), and the engines value an option a listing gives.
  void moves(const std::string& position, std::vector<std::string>& out) const {
    const std::size_t first = out.size();
    for_each_option(parse(position, 1), [&](Drawing&& option) { out.push_back(text(option)); });
    std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
    out.erase(std::unique(out.begin() + static_cast<std::ptrdiff_t>(first), out.end()), out.end());
  }
};

}  // namespace
}  // namespace sprouts

RulesetSpec sprouts_ruleset() {
  RulesetSpec spec{
      .name = "sprouts",
      .help = {{"sprouts(7)", "Sprouts from 7 spots: draw a line from a spot to a spot (or itself) crossing no line, "
                              "and put a new spot on it; at most three line ends at a spot"},
               {"sprouts(0.1a1a.}]!)", "a Sprouts position in Glop's notation (docs/sprouts.md)"},
               {"sprouts(0*5.1a1a)", "a Sprouts position in SPOTS' spelling: '.' between boundaries, '|' between regions, "
                                     "'+' between lands, 0*N for N spots with no line"}},
      .parameters = 0};
  spec.position = [](const TermReader& term) {
    const ExprGroup& g = term.positions();
    term.expect_arguments(g, 1);
    const ExprArg& a = g.args.front();
    sprouts::Drawing drawing;
    if (a.kind == ExprArg::Kind::integer) {
      if (a.integer > sprouts::kMostStartSpots)
        term.fail("a Sprouts start of at most " + std::to_string(sprouts::kMostStartSpots) + " spots, not " + a.text,
                  a.column);
      drawing = sprouts::start(a.integer);
    } else if (a.kind == ExprArg::Kind::word && sprouts::spots_spelling(a.text)) {
      // SPOTS' spelling (0*7, 0*18.1a1a): read as Glop's, errors at the
      // user's columns.
      std::vector<std::size_t> columns;
      std::string glop;
      try {
        glop = sprouts::glop_from_spots(a.text, a.column, columns);
        drawing = sprouts::parse(glop, 0);
      } catch (const InputError& e) {
        const std::size_t at = e.where().column;
        term.fail(e.message(), glop.empty() ? at : columns[std::min(at, columns.size() - 1)]);
      }
    } else if (a.kind == ExprArg::Kind::word) {
      try {
        drawing = sprouts::parse(a.text, a.column);
      } catch (const InputError& e) {
        term.fail(e.message(), e.where().column);
      }
    } else {
      term.fail("expected a number of spots (sprouts(7)) or a position in Glop's notation (sprouts(0.0.}]!)) or "
                "SPOTS' (sprouts(0*2))",
                a.column);
    }
    std::string position;
    try {
      position = sprouts::text(drawing);
    } catch (const InputError& e) {
      term.fail(e.message(), a.column);
    }
    return GameAdapter<sprouts::Sprouts>::for_ruleset(sprouts::Sprouts{}, "sprouts")->position(position);
  };
  // Starts of 0 to 2 spots: every ruleset's samples go through the misère
  // oracles of the default suite, where 3 spots cost 1.7 s a test (measured);
  // sprouts_test.cpp holds larger positions to an oracle of its own.
  spec.samples = [](SampleRequest& request) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < request.count; ++i) out.push_back("sprouts(" + std::to_string(request.random() % 3) + ")");
    return out;
  };
  return spec;
}

}  // namespace grundy
