#include "grundy/interfaces/boards_command.hpp"

#include <nlohmann/json.hpp>

#include "grundy/core/input_error.hpp"
#include "grundy/placement/board.hpp"
#include "grundy/placement/moves.hpp"
#include "grundy/placement/rule.hpp"
#include "grundy/search/placement_searches.hpp"
#include "grundy/search/placement_solver.hpp"

namespace grundy::placement {

static void answer(const BoardCases& cases, const Rule& rule, PlacementSolver& solver,
                   const BoardsOptions& options, std::ostream& out);

void run_boards(std::istream& in, const std::string& file, const BoardsOptions& options, std::ostream& out,
                Context& context) {
  Rule rule;
  if (options.game == "blocks2x2") {
    rule = blocks2x2_rule();
  } else if (options.game == "cram") {
    rule = cram_rule();
  } else {
    throw InputError("unknown game '" + options.game + "' (blocks2x2 or cram)");
  }
  // Parse everything first: bad input is reported before any long search.
  // Either judge layout (a count line before each case, or one board a case).
  const BoardCases cases = read_board_cases(in, file, [&context] { context.poll(); });
  // The run's solver for the rule: the context's memory bound, threads, progress and cancellation.
  const auto searches = PlacementSearches::of(context);
  const std::shared_ptr<PlacementSolver> owned = searches->solver_for(rule);
  PlacementSolver& solver = *owned;
  searches->with_polling(solver, context, [&] { answer(cases, rule, solver, options, out); return 0; });
}

void answer(const BoardCases& read, const Rule& rule, PlacementSolver& solver, const BoardsOptions& options,
            std::ostream& out) {
  const std::vector<BoardCase>& cases = read.cases;

  nlohmann::json report = nlohmann::json::array();
  for (const BoardCase& one : cases) {
    std::vector<Nimber> values;
    Nimber total = 0;
    for (const Board& b : one.boards) {
      values.push_back(solver.value(b));
      total ^= values.back();
    }
    if (!options.json) {
      out << (total != 0 ? "Yes" : "No") << '\n';
      continue;
    }
    nlohmann::json boards = nlohmann::json::array();
    for (std::size_t i = 0; i < one.boards.size(); ++i) {
      boards.push_back({{"rows", one.boards[i].rows}, {"cols", one.boards[i].cols}, {"value", values[i]}});
    }
    // A winning move turns one board of value v into one of value v xor total
    // (which may exceed v: a placement game's options can have larger values).
    nlohmann::json wins = nlohmann::json::array();
    std::uint64_t win_count = 0;
    if (total != 0) {
      for (std::size_t i = 0; i < one.boards.size(); ++i) {
        const Nimber target = values[i] ^ total;
        for (PlacementMove& m : legal_moves(rule, one.boards[i])) {
          if (solver.value(m.after) != target) continue;
          ++win_count;
          if (wins.size() < options.moves_listed) {
            wins.push_back({{"board", i + 1}, {"action", m.action}, {"board_after", board_to_text(m.after)}});
          }
        }
      }
    }
    report.push_back({{"line", one.line},
                      {"boards", boards},
                      {"xor", total},
                      {"answer", total != 0 ? "Yes" : "No"},
                      {"winning_moves", wins},
                      {"winning_move_count", win_count}});
  }
  if (options.json) {
    out << nlohmann::json{{"game", rule.name},
                          {"layout", read.layout == BoardCasesLayout::counted ? "count line" : "one board a case"},
                          {"cases", report},
                          {"stored_positions", solver.stored_positions()},
                          {"table_flushes", solver.table_flushes()}}
               .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
        << '\n';
  }
}

}  // namespace grundy::placement
