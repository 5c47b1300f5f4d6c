// Placement games in the expression language: blocks2x2(8x8), cram(@board.txt),
// bars(3)(5x5), polyominoes(i3,v3)(6x6), nodekayles_grid(4x5),
// nodekayles_king(5x5), and boards written inline, cram(0110/0000). The last
// "(...)" group holds the board (RxC, @file, or rows of 0/1 joined by '/');
// groups before it are the rule's parameters. A board prints inline, so every
// position after a move parses back.
//
// nodekayles_path(n) is Node Kayles on a path of n vertices, which is exactly
// the octal game 0.137 (Dawson's chess) on a heap of n: choosing an end vertex
// removes 2 (1 when n = 1) and leaves one path; an inner vertex removes 3 and
// leaves up to two. So it is a heap rule, exact for any n, whose moves are told
// as vertices.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "rulesets/builtin_specs.hpp"
#include "grundy/core/capabilities.hpp"
#include "grundy/search/game_adapter.hpp"
#include "grundy/core/heap_game_rule.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/placement/board.hpp"
#include "grundy/placement/moves.hpp"
#include "grundy/placement/rule.hpp"
#include "grundy/take_and_break/take_and_break.hpp"
#include "core/heap_rule_helpers.hpp"
#include "rulesets/cram_grid.hpp"
#include "rulesets/heap_ruleset.hpp"
#include "rulesets/letter_board.hpp"
#include "rulesets/samples.hpp"

namespace grundy {
namespace {

using placement::Board;
using placement::Rule;

// The boards of one placement rule on the game model (game_adapter.hpp): a
// board the position, the rule's legal moves its moves, and the rule itself
// declared (placement_rule), so that the engine choice values its boards by
// the run's region search (search/placement_searches.hpp: one solver for the
// rule, shared by every board of it in the run, with the run's memory,
// threads, search and table file) and finds its winning moves by outcome
// questions ("is the board after this move worth `target`?" stops at the
// first winning reply: far faster than valuing every option). Cram's regions
// also pack into 8-byte keys (cram_grid.hpp): the part search writes its
// certificates.
class PlacementGame {
 public:
  using Position = Board;

  explicit PlacementGame(std::shared_ptr<const Rule> rule) : rule_(std::move(rule)) {}

  std::size_t hash(const Board& b) const {
    std::size_t h = b.rows * 1000003u + b.cols;
    for (const std::uint8_t cell : b.free) h = h * 31u + cell;
    return h;
  }
  std::string describe(const Board& b) const { return placement::board_to_inline(b); }
  std::string drawing(const Board& b) const { return placement::board_to_text(b); }
  // A symmetry of the rule that exchanges rows and columns (bit 1 of its
  // number, placement/rule.hpp) maps every move of the turned board to one of this.
  bool same_game_turned() const {
    return std::any_of(rule_->symmetries.begin(), rule_->symmetries.end(), [](int t) { return (t & 1) != 0; });
  }

  void moves(const Board& b, std::vector<Board>& out) const {
    for (placement::PlacementMove& m : placement::legal_moves(*rule_, b)) out.push_back(std::move(m.after));
  }
  // The rule's legal moves come with their words: two of them can leave one
  // board (Node Kayles on a king graph: neighbouring vertices of one closed
  // neighbourhood block the same cells), each told in its own.
  template <class Visit>
  void for_each_named_move(const Board& b, Visit&& visit) const {
    for (placement::PlacementMove& m : placement::legal_moves(*rule_, b))
      if (!visit(NamedMove<Board>{std::move(m.after), std::move(m.action)})) return;
  }

  // What the engines read (engine_choice.hpp).
  const Rule& placement_rule() const { return *rule_; }
  using PackedParts = cram_grid::RegionRules;
  using PackedBoard = rulesets_detail::LetterBoard;
  template <class Visit>
  bool packed(const Board& b, Visit&& visit) const {
    if (rule_->name != "cram") return false;
    rulesets_detail::LetterBoard letters{static_cast<int>(b.rows), static_cast<int>(b.cols), {}};
    for (const std::uint8_t free : b.free) letters.cells += free != 0 ? '0' : '1';
    visit(letters);
    return true;
  }

 private:
  std::shared_ptr<const Rule> rule_;
};

Board board_of(const TermReader& term) {
  const ExprGroup& g = term.positions();
  if (g.args.size() != 1) term.fail(term.name() + " takes one board, e.g. " + term.usage(), g.column);
  const ExprArg& a = g.args.front();
  const SourceLocation at{"", 0, a.column};
  if (a.kind == ExprArg::Kind::word) return placement::parse_inline_board(a.text, at);
  if (a.kind == ExprArg::Kind::path) return placement::read_board_file(term.path(a, "a board file"), term.file_poll());
  term.fail("expected a board: a size such as 8x8, rows such as 0110/0000, or a file @board.txt", a.column);
}

// A board of `rule`, printed under `head`: every board of one head shares the
// run's state (for_ruleset: Sharing::by_name).
Position board_position(const TermReader& term, Rule rule, std::string head) {
  Board board = board_of(term);
  const auto game = GameAdapter<PlacementGame>::for_ruleset(
      PlacementGame(std::make_shared<const Rule>(std::move(rule))), std::move(head));
  return game->position(std::move(board));
}

// Small boards with a few blocked cells, inline.
// Sample i: a random board of at most 16 cells with about one cell in five
// taken, under heads[i % heads.size()].
rulesets_detail::SampleMaker board_samples_in_turn(std::vector<std::string> heads) {
  return [heads = std::move(heads)](SampleRequest& request) {
    std::vector<std::string> out;
    constexpr std::size_t kMaxCells = 16;
    for (std::size_t i = 0; i < request.count; ++i) {
      const std::size_t rows = 1 + request.random() % 4;
      const std::size_t cols = 1 + request.random() % std::max<std::size_t>(1, std::min<std::size_t>(5, kMaxCells / rows));
      Board b = placement::empty_board(rows, cols);
      for (auto& cell : b.free) cell = request.random() % 5 != 0;
      out.push_back(heads[i % heads.size()] + "(" + placement::board_to_inline(b) + ")");
    }
    return out;
  };
}

RulesetSpec board_game(std::string name, std::string syntax, std::string description, Rule (*make)()) {
  RulesetSpec spec{.name = name, .help = {{std::move(syntax), std::move(description)}}, .parameters = 0};
  spec.position = [name, make](const TermReader& term) { return board_position(term, make(), name); };
  spec.samples = board_samples_in_turn({name});
  return spec;
}

// ---- nodekayles_path: the octal game 0.137 with moves told as vertices ----

// 0.137 itself (its moves, engines and period); only the words differ.
struct NodeKaylesPath : TakeAndBreakGame {
  NodeKaylesPath() : TakeAndBreakGame(take_and_break::parse_game_code("0.137")) {}

  // A move of 0.137 from a path of n vertices, as the vertex chosen: the
  // smaller part is taken to lie to its left.
  std::string describe_heap_move(std::uint64_t heap, const HeapMove& move) const {
    std::uint64_t vertex = 0;
    if (move.leaves.size() == 2) {
      vertex = move.leaves[1] + 2;
    } else if (move.leaves.size() == 1) {
      vertex = move.taken == 2 ? 1 : 2;
    } else {
      vertex = (move.taken + 1) / 2;
    }
    return "take vertex " + std::to_string(vertex) + " of the path of " + std::to_string(heap) +
           " (with its neighbours)";
  }
};

}  // namespace

RulesetSpec blocks2x2_ruleset() {
  return board_game("blocks2x2", "blocks2x2(8x8), blocks2x2(@board.txt)",
                    "place 2x2 blocks on free cells of a board (one component)", &placement::blocks2x2_rule);
}

RulesetSpec cram_ruleset() {
  return board_game("cram", "cram(7x7), cram(0110/0000)", "Cram: place dominoes in either orientation", &placement::cram_rule);
}

RulesetSpec node_kayles_grid_ruleset() {
  return board_game("nodekayles_grid", "nodekayles_grid(RxC)", "Node Kayles on a grid graph (free cells are vertices)",
                    [] { return placement::node_kayles_rule(placement::GraphFamily::grid); });
}

RulesetSpec node_kayles_king_ruleset() {
  return board_game("nodekayles_king", "nodekayles_king(RxC)", "Node Kayles on a king graph (8 neighbours)",
                    [] { return placement::node_kayles_rule(placement::GraphFamily::king); });
}

RulesetSpec bars_ruleset() {
  RulesetSpec spec{
      .name = "bars", .help = {{"bars(k)(RxC)", "place straight 1xk bars in either orientation"}}, .parameters = 1};
  spec.position = [](const TermReader& term) {
    const ExprGroup& g = term.parameter(0);
    const std::uint64_t length = term.only_integer(g, "the bar length");
    if (length < 1 || length > 32) term.fail("bars needs one length from 1 to 32, as in bars(3)(5x5)", g.column);
    return board_position(term, placement::bars_rule(static_cast<int>(length)),
                          "bars(" + std::to_string(length) + ")");
  };
  spec.samples = board_samples_in_turn({"bars(1)", "bars(2)", "bars(3)"});
  return spec;
}

RulesetSpec polyominoes_ruleset() {
  RulesetSpec spec{.name = "polyominoes",
                   .help = {{"polyominoes(i3,v3,…)(RxC)", "place any of the named polyominoes (docs/placement.md)"}},
                   .parameters = 1};
  spec.position = [](const TermReader& term) {
    const ExprGroup& g = term.parameter(0);
    std::vector<std::string> names;
    for (const ExprArg& a : g.args) {
      if (a.kind != ExprArg::Kind::word || !placement::is_polyomino_name(a.text)) {
        term.fail("unknown polyomino '" + a.text + "' (known: mono, domino, i3, v3, i4, o4, t4, s4, l4)", a.column);
      }
      names.push_back(a.text);
    }
    if (names.empty()) term.fail("polyominoes needs at least one piece", g.column);
    std::string head = "polyominoes(";
    for (std::size_t i = 0; i < names.size(); ++i) head += (i ? "," : "") + names[i];
    return board_position(term, placement::polyominoes_rule(names), head + ")");
  };
  spec.samples = board_samples_in_turn({"polyominoes(i3,v3)", "polyominoes(domino,o4)", "polyominoes(mono,l4)"});
  return spec;
}

RulesetSpec node_kayles_path_ruleset() {
  return rulesets_detail::heap_ruleset(
      "nodekayles_path", "",
      {"nodekayles_path(n)", "Node Kayles on a path of n vertices (the octal game 0.137, exact for any n)"},
      [] { return HeapGameRule<NodeKaylesPath>::make(NodeKaylesPath(), "nodekayles_path"); }, 20);
}

}  // namespace grundy
