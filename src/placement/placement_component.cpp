#include "grundy/placement/placement_component.hpp"

#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>

#include "grundy/input_error.hpp"
#include "grundy/placement/moves.hpp"
#include "grundy/placement/search_session.hpp"
#include "grundy/placement/solver.hpp"

namespace grundy {

namespace {

constexpr std::string_view kNames[] = {"blocks2x2",       "cram",           "bars",           "polyominoes",
                                       "nodekayles_grid", "nodekayles_king", "nodekayles_path"};

SourceLocation at(std::size_t column) { return SourceLocation{"", 0, column}; }

// The parameter groups: every group but the last.
std::size_t parameter_groups(const ExprTerm& term) {
  if (term.groups.empty() || term.groups.back().open != '(') {
    throw InputError(term.head + " needs a board in its last (...) group, e.g. " + term.head + "(8x8)",
                     at(term.column));
  }
  return term.groups.size() - 1;
}

void expect_parameters(const ExprTerm& term, std::size_t wanted, const char* example) {
  const std::size_t have = parameter_groups(term);
  if (have != wanted) {
    throw InputError(term.head + (wanted == 0 ? " takes no parameters" : " takes one parameter group, as in ") +
                         (wanted == 0 ? std::string() : std::string(example)),
                     at(have > wanted ? term.groups[wanted].column : term.column));
  }
}

// The solver of an open SearchSession (shared by the components of one rule,
// with the session's memory bound, table file and progress), or a plain one.
std::shared_ptr<placement::PlacementSolver> solver_for(placement::Rule rule) {
  if (placement::SearchSession* session = placement::SearchSession::current()) return session->solver_for(rule);
  return std::make_shared<placement::PlacementSolver>(std::move(rule));
}

// The game and its board, solved once and on demand.
class PlacementComponent final : public Component {
 public:
  PlacementComponent(std::string text, placement::Rule rule, placement::Board board)
      : text_(std::move(text)), board_(std::move(board)), solver_(solver_for(std::move(rule))) {}

  [[nodiscard]] std::string text() const override { return text_; }

  [[nodiscard]] Nimber value() const override {
    if (!value_) value_ = solver_->value(board_);
    return *value_;
  }

  // Move::result holds the board after the move as rows of 0/1 (the board-file
  // format), since a board has no inline expression syntax.
  [[nodiscard]] MoveList moves_to_value(Nimber target, std::size_t limit) const override {
    MoveList list;
    for (placement::PlacementMove& m : placement::legal_moves(solver_->rule(), board_)) {
      if (!solver_->has_value(m.after, target)) continue;
      if (list.total != UINT64_MAX) ++list.total;
      if (list.listed.size() < limit) list.listed.push_back(Move{m.action, placement::board_to_text(m.after)});
    }
    return list;
  }

 private:
  std::string text_;
  placement::Board board_;
  std::shared_ptr<placement::PlacementSolver> solver_;
  mutable std::optional<Nimber> value_;
};

}  // namespace

bool is_placement_game_name(std::string_view name) {
  for (std::string_view n : kNames) {
    if (n == name) return true;
  }
  return false;
}

namespace placement {

Rule rule_of_term(const ExprTerm& term) {
  const std::string& h = term.head;
  if (h == "blocks2x2" || h == "cram" || h.starts_with("nodekayles_")) {
    expect_parameters(term, 0, "");
    if (h == "blocks2x2") return blocks2x2_rule();
    if (h == "cram") return cram_rule();
    if (h == "nodekayles_king") return node_kayles_rule(GraphFamily::king);
    if (h == "nodekayles_grid" || h == "nodekayles_path") return node_kayles_rule(GraphFamily::grid);
  }
  if (h == "bars") {
    expect_parameters(term, 1, "bars(3)(5x5)");
    const ExprGroup& g = term.groups.front();
    if (g.args.size() != 1 || g.args[0].kind != ExprArg::Kind::integer || g.args[0].integer < 1 ||
        g.args[0].integer > 32) {
      throw InputError("bars needs one length from 1 to 32, as in bars(3)(5x5)", at(g.column));
    }
    return bars_rule(static_cast<int>(g.args[0].integer));
  }
  if (h == "polyominoes") {
    expect_parameters(term, 1, "polyominoes(i3,v3)(6x6)");
    const ExprGroup& g = term.groups.front();
    std::vector<std::string> names;
    for (const ExprArg& a : g.args) {
      if (a.kind != ExprArg::Kind::word || !is_polyomino_name(a.text)) {
        throw InputError("unknown polyomino '" + a.text + "' (known: mono, domino, i3, v3, i4, o4, t4, s4, l4)",
                         at(a.column));
      }
      names.push_back(a.text);
    }
    if (names.empty()) throw InputError("polyominoes needs at least one piece", at(g.column));
    return polyominoes_rule(names);
  }
  throw InputError("'" + h + "' is not a placement game", at(term.column));
}

Board board_of_term(const ExprTerm& term) {
  parameter_groups(term);
  const ExprGroup& g = term.groups.back();
  if (g.args.size() != 1) throw InputError(term.head + " takes one board, e.g. " + term.head + "(8x8)", at(g.column));
  const ExprArg& a = g.args.front();
  if (term.head == "nodekayles_path") {
    if (a.kind != ExprArg::Kind::integer) throw InputError("a path is given by its vertex count", at(a.column));
    return empty_board(1, static_cast<std::size_t>(std::min<std::uint64_t>(a.integer, kMaxBoardCells + 1)), at(a.column));
  }
  if (a.kind == ExprArg::Kind::word) return parse_board_size(a.text, at(a.column));
  if (a.kind == ExprArg::Kind::path) return read_board_file(a.text);
  throw InputError("expected a board: a size such as 8x8 or a file @board.txt", at(a.column));
}

}  // namespace placement

ComponentPtr make_placement_component(const ExprTerm& term) {
  placement::Rule rule = placement::rule_of_term(term);
  placement::Board board = placement::board_of_term(term);
  return std::make_unique<PlacementComponent>(term.text, std::move(rule), std::move(board));
}

}  // namespace grundy
