// `grundy boards`: the multi-board cases format (see parse_board_cases) answered
// case by case — "Yes" when the xor of the boards' values is non-zero (the first
// player wins), else "No" — or, with json, the full analysis: every board's
// value, the xor, and winning moves.
#pragma once

#include <cstddef>
#include <istream>
#include <ostream>
#include <string>

#include "grundy/core/context.hpp"

namespace grundy::placement {

struct BoardsOptions {
  std::string game = "blocks2x2";  // blocks2x2 or cram
  bool json = false;
  std::size_t moves_listed = 20;   // json: winning moves listed per case
};

// Throws InputError (file:line:column) on bad input or an unknown game. The
// context carries the memory bound, threads, progress and cancellation.
void run_boards(std::istream& in, const std::string& file, const BoardsOptions& options, std::ostream& out,
                Context& context);

}  // namespace grundy::placement
