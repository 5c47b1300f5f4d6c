// Boards and multi-board input: the same bytes read as a board file (rows of
// 0/1), as a board written inline (rows joined by '/', or RxC), and as the
// multi-board cases of `grundy boards`. A board that reads prints back to
// itself in both forms; small ones are valued (Cram and 2x2 blocks, with their
// legal moves), and cases of small boards are answered as `grundy boards --json`
// does, under the time bound of fuzz_support.hpp.
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "grundy/placement/board.hpp"
#include "grundy/interfaces/boards_command.hpp"
#include "grundy/placement/moves.hpp"
#include "grundy/placement/rule.hpp"
#include "grundy/search/placement_solver.hpp"

namespace {

using namespace grundy;
using namespace grundy::placement;

// Boards with at most this many free cells are valued: a search of them takes
// well under a millisecond, whatever their shape.
constexpr std::size_t kValuedFreeCells = 14;

std::size_t free_cells(const Board& board) {
  std::size_t n = 0;
  for (std::uint8_t cell : board.free) n += cell;
  return n;
}

void check_board(const Board& board) {
  if (board.rows == 0 || board.cols == 0 || board.free.size() != board.rows * board.cols ||
      board.free.size() > kMaxBoardCells) {
    fuzz::fail("a board was read with an impossible shape", board_to_inline(board));
  }
  const std::string inline_text = board_to_inline(board);
  try {
    if (parse_inline_board(inline_text) != board) fuzz::fail("inline board reads back differently", inline_text);
    if (parse_board_rows(board_to_text(board), "again") != board) fuzz::fail("board text reads back differently", inline_text);
  } catch (const InputError& error) {
    fuzz::fail("a printed board does not read back", inline_text + ": " + error.what());
  }
  if (free_cells(board) > kValuedFreeCells) return;
  for (const Rule& rule : {cram_rule(), blocks2x2_rule()}) {
    PlacementSolver solver(rule);
    solver.set_memory_limit(std::size_t{8} << 20);
    const Nimber g = solver.value(board);
    // The definition: g is the mex of the options' values.
    std::uint64_t seen = 0;
    for (const PlacementMove& move : legal_moves(rule, board)) {
      const Nimber option = solver.value(move.after);
      if (option < 64) seen |= std::uint64_t{1} << option;
      if (option == g) fuzz::fail("a board has an option of its own value", inline_text);
    }
    if (g >= 64 || (~seen & ((std::uint64_t{1} << g) - 1)) != 0) {
      fuzz::fail("a board's value is not the mex of its options", inline_text);
    }
  }
}

template <class F>
void refused_or(F&& read) {
  try {
    read();
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  refused_or([&] { check_board(parse_board_rows(text, "fuzz.board")); });
  refused_or([&] { check_board(parse_inline_board(text, SourceLocation{"", 0, 1})); });
  std::vector<BoardCase> cases;
  refused_or([&] {
    std::istringstream in{std::string(text)};
    cases = parse_board_cases(in, "fuzz.cases");
  });
  std::size_t valued = 0;
  for (const BoardCase& one : cases) {
    for (const Board& board : one.boards) {
      if (free_cells(board) > kValuedFreeCells) return 0;
      valued += board.free.size();
    }
  }
  if (cases.empty() || valued > 4096) return 0;
  for (const char* game : {"cram", "blocks2x2"}) {
    const auto context = fuzz::bounded_context();
    std::istringstream in{std::string(text)};
    std::ostringstream out;
    try {
      run_boards(in, "fuzz.cases", BoardsOptions{game, true, 3}, out, *context);
    } catch (const Cancelled&) {
    } catch (const InputError& error) {
      fuzz::fail("cases that parsed were refused", error.what());
    }
  }
  return 0;
}
