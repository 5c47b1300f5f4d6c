// Impartial Clobber, clobber(XO.X/OXOX): stones X and O on a board written
// row by row (rows joined by '/', '.' an empty square). A move takes a stone
// onto an orthogonally adjacent stone of the other colour, which is removed;
// the square the stone left is empty. Either player may move a stone of
// either colour: the impartial variant of Clobber (Albert, Grossman,
// Nowakowski and Wolfe, "An introduction to Clobber", Integers 5 (2005)),
// with the conventions of MCGS's [impartial clobber] and
// [impartial clobber_1xn] games (ualberta-mueller-group/MCGS,
// docs/MCGS-results.html and input/impartial/; tests/data holds their values).
//
// Parts: a stone only ever moves onto a neighbouring stone, so the groups of
// orthogonally connected stones never meet again and are independent games;
// a position's value is the nim-sum of its groups' (Sprague–Grundy). A group
// of one colour has no move and is worth 0: it is dropped, so the position
// left when no move remains is the empty game. Symmetry: a group plays the
// same under the board's eight symmetries and with the colours exchanged
// (either player moves either colour), so it is stored once, under its least
// image. Valued by the part search over 8-byte parts (clobber_grid.hpp holds
// the rules over keys) where a group's box has at most 28 squares, else by
// outcome questions (G + *n, the Lemoine–Viennot search of
// search/outcome_engine.hpp) over these parts: the engines of the search
// layer, chosen by what the game declares (engine_choice.hpp).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grundy/search/game_adapter.hpp"
#include "rulesets/builtin_specs.hpp"
#include "rulesets/clobber_grid.hpp"
#include "rulesets/letter_board.hpp"

namespace grundy {
// (A namespace of its own: the unity build puts rulesets side by side.)
namespace impartial_clobber {
namespace {

// A board cropped to its stones: 'X', 'O' or '.'.
using Board = rulesets_detail::LetterBoard;
using rulesets_detail::kStepCol;
using rulesets_detail::kStepRow;

char other_colour(char stone) { return stone == 'X' ? 'O' : 'X'; }
char exchanged(char square) { return square == '.' ? '.' : other_colour(square); }

// Whether some stone of the board has a neighbour of the other colour.
bool has_move(const Board& b) {
  for (int r = 0; r < b.rows; ++r) {
    for (int c = 0; c < b.cols; ++c) {
      const char s = b.at(r, c);
      if (s == '.') continue;
      if ((c + 1 < b.cols && b.at(r, c + 1) == other_colour(s)) || (r + 1 < b.rows && b.at(r + 1, c) == other_colour(s))) {
        return true;
      }
    }
  }
  return false;
}

struct ImpartialClobber {
  using Position = Board;

  // A board's letters beyond the Board itself (past the string's own buffer
  // of 15): the engines' tables and stacks count them against --memory.
  std::size_t owned_bytes(const Board& b) const { return b.cells.capacity() > 15 ? b.cells.capacity() + 1 : 0; }

  std::size_t hash(const Board& b) const { return b.hash(); }
  std::string describe(const Board& b) const { return b.text(); }

  // The groups of orthogonally connected stones that have a move, each
  // cropped to its own box.
  void components(const Board& b, std::vector<Board>& out) const {
    for (const std::vector<std::size_t>& group : rulesets_detail::connected_groups(b, '.')) {
      Board part = rulesets_detail::cropped(b.cols, b.cells, group, '.');
      if (has_move(part)) out.push_back(std::move(part));
    }
  }

  // Every capture, row by row: f(r, c, r2, c2, board after) for the stone at
  // (r, c) moved onto the stone of the other colour at (r2, c2); f returns
  // false to stop.
  template <class F>
  static void for_each_capture(const Board& b, F&& f) {
    std::vector<std::size_t> stones;
    for (int r = 0; r < b.rows; ++r) {
      for (int c = 0; c < b.cols; ++c) {
        const char s = b.at(r, c);
        if (s == '.') continue;
        for (int d = 0; d < 4; ++d) {
          const int r2 = r + kStepRow[d];
          const int c2 = c + kStepCol[d];
          if (r2 < 0 || r2 >= b.rows || c2 < 0 || c2 >= b.cols || b.at(r2, c2) != other_colour(s)) continue;
          std::string after = b.cells;
          after[static_cast<std::size_t>(r2 * b.cols + c2)] = s;
          after[static_cast<std::size_t>(r * b.cols + c)] = '.';
          stones.clear();
          for (std::size_t i = 0; i < after.size(); ++i)
            if (after[i] != '.') stones.push_back(i);
          if (!f(r, c, r2, c2, rulesets_detail::cropped(b.cols, after, stones, '.'))) return;
        }
      }
    }
  }

  template <class Visit>
  void for_each_move(const Board& b, Visit&& visit) const {
    for_each_capture(b, [&](int, int, int, int, Board&& after) { return visit(std::move(after)); });
  }
  void moves(const Board& b, std::vector<Board>& out) const {
    for_each_move(b, [&](Board&& q) {
      out.push_back(std::move(q));
      return true;
    });
  }

  // The first capture that leaves `to`, in the coordinates of `from` as printed.
  std::string describe_move(const Board& from, const Board& to) const {
    std::string words = "move a stone onto a neighbour of the other colour";
    for_each_capture(from, [&](int r, int c, int r2, int c2, Board&& after) {
      if (after != to) return true;
      const char s = from.at(r, c);
      words = std::string("move the ") + s + " at row " + std::to_string(r + 1) + ", column " + std::to_string(c + 1) +
              " onto the " + other_colour(s) + " at row " + std::to_string(r2 + 1) + ", column " +
              std::to_string(c2 + 1);
      return false;
    });
    return words;
  }

  // The least of the sixteen images: eight symmetries of the board, each with
  // the colours as they are and exchanged.
  Board canonical(const Board& b) const { return rulesets_detail::least_image(b, exchanged); }

  // What the engines read (engine_choice.hpp): a group within 28 squares
  // packs into an 8-byte key (clobber_grid.hpp), so the part search values
  // it and writes its certificate; a larger one is valued by outcome
  // questions, whose options' groups go back to the part search.
  using PackedParts = clobber_grid::GroupRules;
  using PackedBoard = Board;
  template <class Visit>
  bool packed(const Board& b, Visit&& visit) const {
    visit(b);
    return true;
  }

  // A group's size for the outcome search (outcome_engine.hpp): its stones,
  // one fewer after every move.
  int part_size(const Board& b) const {
    return static_cast<int>(b.cells.size()) - static_cast<int>(std::count(b.cells.begin(), b.cells.end(), '.'));
  }
};

}  // namespace
}  // namespace impartial_clobber

RulesetSpec clobber_ruleset() {
  using namespace impartial_clobber;
  RulesetSpec spec{.name = "clobber",
                   .help = {{"clobber(XO.X/OXOX)",
                             "impartial Clobber: either player moves a stone of either colour onto an orthogonally "
                             "adjacent stone of the other colour, which is removed (rows joined by '/', '.' empty)"}},
                   .parameters = 0};
  spec.position = [](const TermReader& term) {
    return GameAdapter<ImpartialClobber>::for_ruleset(ImpartialClobber{}, "clobber")
        ->position(rulesets_detail::read_letter_board(term, "Clobber", "XO.", "clobber(XO.X/OXOX)", rulesets_detail::kMostLetterBoardSquares));
  };
  // The census's boards: the checkerboard, X in the top left corner.
  spec.board = [](unsigned rows, unsigned cols) {
    std::string squares;
    for (unsigned r = 0; r < rows; ++r) {
      if (r > 0) squares += '/';
      for (unsigned c = 0; c < cols; ++c) squares += (r + c) % 2 == 0 ? 'X' : 'O';
    }
    return "clobber(" + squares + ")";
  };
  spec.samples = [](SampleRequest& request) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < request.count; ++i) {
      const std::size_t rows = 1 + request.random() % 3;
      const std::size_t cols = 1 + request.random() % (rows == 1 ? 8 : 4);
      std::string text;
      for (std::size_t r = 0; r < rows; ++r) {
        if (r > 0) text += '/';
        for (std::size_t c = 0; c < cols; ++c) text += "XXO.O"[request.random() % 5];
      }
      out.push_back("clobber(" + text + ")");
    }
    return out;
  };
  return spec;
}

}  // namespace grundy
