// Impartial NoGo, nogo(..X./O...): a board of points written row by row (rows
// joined by '/'): '.' an empty point, X and O stones, '#' not a point of the
// board (MCGS's border). A move places a stone of either colour — either
// player may play either colour — on an empty point, and is illegal when it
// leaves a group of stones without a liberty: its own (suicide) or one of the
// other colour's (a capture). The conventions of MCGS's [impartial nogo] and
// [impartial nogo_1xn] games (ualberta-mueller-group/MCGS, src/nogo.cpp's
// nogo_rule::is_legal; values in docs/MCGS-results.html and input/impartial/,
// which tests/data holds). NoGo is due to the 2011 Combinatorial Game Theory
// Workshop at BIRS; its split into independent regions to Yi-Chang Shan's
// thesis (National Chiao Tung University, 2013), which MCGS follows.
//
// Why the split below is sound (docs/expressions.md repeats it):
// - A placement that is illegal stays illegal for good. It is illegal for
//   colour c at p when {p} with the c groups beside it has no liberty but p,
//   or when a group of the other colour beside p has p as its only liberty.
//   Such a group can never grow (a stone joins a group only on one of its
//   liberties, and its only one is p), and p's other neighbours are stones or
//   off the board already, which they stay.
// - So a point where neither colour may play stays empty for ever: every group
//   beside it keeps that liberty and can never be taken nor be suicided into
//   ("immortal", written x and o), and the point is written '_' (a point left
//   empty for good, a liberty of whatever is placed beside it) or '#' when no
//   playable point is beside it.
// - Whether a placement at p is legal depends only on the groups beside p and
//   whether each has a liberty besides p. So two playable points interact only
//   when they are neighbours or share a mortal group beside them; the classes
//   of playable points under that relation are independent games, each kept
//   with its mortal groups whole, the immortal stones and '_' points beside
//   it, everything else off the board ('#'). A region with no playable point
//   has no move and is dropped.
// - In a single row a run of one stone colour plays as one stone (its
//   liberties are its two ends): runs are written once. Every part is stored
//   once under the least of its eight symmetric images, each with the colours
//   as they are and exchanged.
// Values by outcome questions (G + *n, the Lemoine–Viennot search of
// core/outcome_engine.hpp) over these parts.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/game_adapter.hpp"
#include "rulesets/builtin_specs.hpp"
#include "rulesets/letter_board.hpp"
#include "rulesets/nogo_row.hpp"

namespace grundy {
// (A namespace of its own: the unity build puts rulesets side by side.)
namespace impartial_nogo {
namespace {

using Board = rulesets_detail::LetterBoard;

bool is_stone(char s) { return s == 'X' || s == 'O' || s == 'x' || s == 'o'; }
bool is_immortal_stone(char s) { return s == 'x' || s == 'o'; }
// X for X and x, O for O and o.
char colour_of(char stone) { return static_cast<char>(std::toupper(static_cast<unsigned char>(stone))); }
// A liberty: an empty point, playable or left empty for good.
bool is_liberty(char s) { return s == '.' || s == '_'; }
char exchanged(char s) {
  switch (s) {
    case 'X': return 'O';
    case 'O': return 'X';
    case 'x': return 'o';
    case 'o': return 'x';
    default: return s;
  }
}

// The orthogonal neighbours of square i that are on the board (not '#').
template <class F>
void for_each_neighbour(const Board& b, std::size_t i, F&& f) {
  rulesets_detail::for_each_orthogonal_neighbour(b, i, [&](std::size_t j) {
    if (b.cells[j] != '#') f(j);
  });
}

// The groups of a board: orthogonally connected stones of one colour, each with
// its number of liberties and whether it is immortal (holds an immortal stone
// or has a point left empty for good beside it).
struct Groups {
  static constexpr int kNone = -1;
  std::vector<int> of;  // per square: its group, or kNone
  std::vector<int> liberties;
  std::vector<bool> immortal;
  std::vector<std::size_t> stones;  // group g's stones: stones[first[g] .. first[g + 1])
  std::vector<std::size_t> first;

  explicit Groups(const Board& b) : of(b.cells.size(), kNone) {
    std::vector<int> counted(b.cells.size(), kNone);  // the group a liberty was counted for
    for (std::size_t start = 0; start < b.cells.size(); ++start) {
      if (!is_stone(b.cells[start]) || of[start] != kNone) continue;
      const int id = static_cast<int>(first.size());
      const char colour = colour_of(b.cells[start]);
      first.push_back(stones.size());
      liberties.push_back(0);
      immortal.push_back(false);
      stones.push_back(start);
      of[start] = id;
      // The group's stones are appended as they are found: a breadth-first walk.
      for (std::size_t k = first.back(); k < stones.size(); ++k) {
        const std::size_t i = stones[k];
        if (is_immortal_stone(b.cells[i])) immortal.back() = true;
        for_each_neighbour(b, i, [&](std::size_t j) {
          const char s = b.cells[j];
          if (is_liberty(s)) {
            // A point left empty for good is a liberty for ever.
            if (s == '_') immortal.back() = true;
            if (counted[j] != id) {
              counted[j] = id;
              ++liberties.back();
            }
          } else if (is_stone(s) && colour_of(s) == colour && of[j] == kNone) {
            of[j] = id;
            stones.push_back(j);
          }
        });
      }
    }
    first.push_back(stones.size());
  }

  [[nodiscard]] std::size_t count() const noexcept { return liberties.size(); }
  template <class F>
  void for_each_stone(std::size_t group, F&& f) const {
    for (std::size_t k = first[group]; k < first[group + 1]; ++k) f(stones[k]);
  }

  // Whether a group beside an empty point p keeps a liberty when p is
  // filled: p is one of its liberties, so it needs a second, or immortality.
  [[nodiscard]] bool alive_beside(int group) const {
    return immortal[static_cast<std::size_t>(group)] || liberties[static_cast<std::size_t>(group)] >= 2;
  }
};

// Whether a stone of `colour` ('X' or 'O') may be placed on the empty point p.
bool legal(const Board& b, const Groups& groups, std::size_t p, char colour) {
  bool own_alive = false;
  bool takes = false;
  for_each_neighbour(b, p, [&](std::size_t j) {
    const char s = b.cells[j];
    if (is_liberty(s)) {
      own_alive = true;
    } else if (is_stone(s)) {
      const int g = groups.of[j];
      const bool alive = groups.alive_beside(g);
      if (colour_of(s) == colour) {
        own_alive = own_alive || alive;
      } else if (!alive) {
        takes = true;
      }
    }
  });
  return own_alive && !takes;
}

// The first group of a board with no liberty (and no immortal stone), as the
// index of one of its stones; cells.size() when every group has one.
std::size_t group_without_liberty(const Board& b) {
  const Groups groups(b);
  for (std::size_t g = 0; g < groups.count(); ++g) {
    if (!groups.immortal[g] && groups.liberties[g] == 0) return groups.stones[groups.first[g]];
  }
  return b.cells.size();
}

// A single row with each run of one letter other than '.' written once.
void merge_runs(Board& b) {
  if (b.rows != 1) return;
  std::string merged;
  for (const char s : b.cells) {
    if (s != '.' && !merged.empty() && merged.back() == s) continue;
    merged += s;
  }
  b.cells = std::move(merged);
  b.cols = static_cast<int>(b.cells.size());
}

struct ImpartialNoGo {
  using Position = Board;

  std::size_t hash(const Board& b) const { return b.hash(); }
  std::string describe(const Board& b) const { return b.text(); }

  // The independent regions (the file's head says why), each cropped.
  void components(const Board& board, std::vector<Board>& out) const {
    Board b = board;
    const std::size_t n = b.cells.size();
    const Groups groups(b);
    std::vector<bool> playable(n, false);
    for (std::size_t p = 0; p < n; ++p) {
      if (b.cells[p] == '.') playable[p] = legal(b, groups, p, 'X') || legal(b, groups, p, 'O');
    }
    // Points nobody may ever play: the groups beside them are immortal.
    std::vector<bool> immortal = groups.immortal;
    for (std::size_t p = 0; p < n; ++p) {
      if (b.cells[p] != '.' || playable[p]) continue;
      bool beside_playable = false;
      for_each_neighbour(b, p, [&](std::size_t j) {
        if (groups.of[j] != Groups::kNone) immortal[static_cast<std::size_t>(groups.of[j])] = true;
        beside_playable = beside_playable || playable[j];
      });
      b.cells[p] = beside_playable ? '_' : '#';
    }
    for (std::size_t g = 0; g < groups.count(); ++g) {
      if (!immortal[g]) continue;
      groups.for_each_stone(g, [&](std::size_t i) {
        b.cells[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(b.cells[i])));
      });
    }
    // Playable points joined when neighbours or beside one mortal group.
    std::vector<std::size_t> root(n);
    std::iota(root.begin(), root.end(), std::size_t{0});
    const auto find = [&](std::size_t i) {
      while (root[i] != i) i = root[i] = root[root[i]];
      return i;
    };
    const auto join = [&](std::size_t i, std::size_t j) { root[find(i)] = find(j); };
    std::vector<std::size_t> first_point(groups.count(), n);
    for (std::size_t p = 0; p < n; ++p) {
      if (!playable[p]) continue;
      for_each_neighbour(b, p, [&](std::size_t j) {
        if (playable[j]) join(p, j);
        const int g = groups.of[j];
        if (g == Groups::kNone || immortal[static_cast<std::size_t>(g)]) return;
        std::size_t& first = first_point[static_cast<std::size_t>(g)];
        if (first == n) first = p; else join(p, first);
      });
    }
    // Each class with what it keeps beside it.
    std::vector<int> class_of_root(n, -1);
    std::vector<std::vector<std::size_t>> kept;
    std::vector<int> stamp(n, -1);  // the class a square was kept for
    std::vector<int> group_stamp(groups.count(), -1);
    const auto keep = [&](int cls, std::size_t i) {
      if (stamp[i] == cls) return;
      stamp[i] = cls;
      kept[static_cast<std::size_t>(cls)].push_back(i);
    };
    for (std::size_t p = 0; p < n; ++p) {
      if (!playable[p]) continue;
      int& cls = class_of_root[find(p)];
      if (cls < 0) {
        cls = static_cast<int>(kept.size());
        kept.emplace_back();
      }
      const int here = cls;
      keep(here, p);
      for_each_neighbour(b, p, [&](std::size_t j) {
        const char s = b.cells[j];
        if (s == '_' || is_immortal_stone(s)) {
          keep(here, j);
        } else if (is_stone(s)) {
          const auto g = static_cast<std::size_t>(groups.of[j]);
          if (group_stamp[g] == here) return;
          group_stamp[g] = here;
          groups.for_each_stone(g, [&](std::size_t i) { keep(here, i); });
        }
      });
    }
    for (const std::vector<std::size_t>& squares : kept) {
      Board part = rulesets_detail::cropped(b.cols, b.cells, squares, '#');
      merge_runs(part);
      out.push_back(std::move(part));
    }
  }

  // Every legal placement, point by point, X before O: f(r, c, colour, board
  // after) returns false to stop.
  template <class F>
  static void for_each_placement(const Board& b, F&& f) {
    const Groups groups(b);
    for (std::size_t p = 0; p < b.cells.size(); ++p) {
      if (b.cells[p] != '.') continue;
      for (const char colour : {'X', 'O'}) {
        if (!legal(b, groups, p, colour)) continue;
        Board after = b;
        after.cells[p] = colour;
        if (!f(static_cast<int>(p) / b.cols, static_cast<int>(p) % b.cols, colour, std::move(after))) return;
      }
    }
  }

  template <class Visit>
  void for_each_move(const Board& b, Visit&& visit) const {
    for_each_placement(b, [&](int, int, char, Board&& after) { return visit(std::move(after)); });
  }
  void moves(const Board& b, std::vector<Board>& out) const {
    for_each_move(b, [&](Board&& q) {
      out.push_back(std::move(q));
      return true;
    });
  }

  // The placement that leaves `to`, in the coordinates of `from` as printed.
  std::string describe_move(const Board& from, const Board& to) const {
    std::string words = "place a stone";
    for_each_placement(from, [&](int r, int c, char colour, Board&& after) {
      if (after != to) return true;
      words = std::string("place an ") + colour + " at row " + std::to_string(r + 1) + ", column " +
              std::to_string(c + 1);
      return false;
    });
    return words;
  }

  Board canonical(const Board& b) const { return rulesets_detail::least_image(b, exchanged); }

  // One row by the one-row search (nogo_row.hpp: the definition over 8-byte
  // parts, 1×22 in 25 s where outcome questions took minutes on 1×20); its
  // parts never longer than 29 points, or the outcome search answers.
  std::optional<Nimber> closed_form(const Board& b) const {
    if (b.rows != 1) return std::nullopt;
    return rows_.value(b.cells);
  }
  // The run's Context polls the one-row search, bounds its table and may
  // keep it in a file (PartTableOptions).
  void watch(std::function<void()> poll, std::size_t memory_bytes, const FamilySettings& families) const {
    (void)rows_.watch(std::move(poll), memory_bytes, families);
  }
  // Each copy of the game (each run) has a table of its own.
  mutable nogo_row::RowValues rows_;

  // A region's size for the outcome search (outcome_engine.hpp): its empty
  // points, each a move at most once.
  int part_size(const Board& b) const { return static_cast<int>(std::count(b.cells.begin(), b.cells.end(), '.')); }
};

// The board of a term, refused when a group has no liberty (no legal game
// reaches it).
Board read_board(const TermReader& term) {
  Board b = rulesets_detail::read_letter_board(term, "NoGo", "XO.#xo_", "nogo(..X./O...)", rulesets_detail::kMostLetterBoardSquares);
  if (const std::size_t i = group_without_liberty(b); i < b.cells.size()) {
    const std::size_t r = i / static_cast<std::size_t>(b.cols);
    const std::size_t c = i % static_cast<std::size_t>(b.cols);
    term.fail(std::string("the ") + b.cells[i] + " group at row " + std::to_string(r + 1) + ", column " +
                  std::to_string(c + 1) + " of this NoGo board has no liberty, which the rules never allow",
              term.positions().args.front().column + r * (static_cast<std::size_t>(b.cols) + 1) + c);
  }
  return b;
}

}  // namespace
}  // namespace impartial_nogo

RulesetSpec nogo_ruleset() {
  using namespace impartial_nogo;
  RulesetSpec spec{.name = "nogo",
                   .help = {{"nogo(..X./O...)",
                             "impartial NoGo: either player places a stone of either colour on an empty point, never "
                             "leaving a group without a liberty (rows joined by '/', '.' empty, '#' off the board)"}},
                   .parameters = 0};
  spec.position = [](const TermReader& term) {
    return GameAdapter<ImpartialNoGo>::make(ImpartialNoGo{}, "nogo", SolverChoice::normal_play, Sharing::by_name)
        ->position(read_board(term));
  };
  // Boards of up to three rows, some points taken by legal placements.
  // The census's boards: the empty board.
  spec.board = [](unsigned rows, unsigned cols) {
    std::string squares;
    for (unsigned r = 0; r < rows; ++r) {
      if (r > 0) squares += '/';
      squares += std::string(cols, '.');
    }
    return "nogo(" + squares + ")";
  };
  spec.samples = [](SampleRequest& request) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < request.count; ++i) {
      Board b;
      b.rows = static_cast<int>(1 + request.random() % 3);
      b.cols = static_cast<int>(1 + request.random() % (b.rows == 1 ? 9 : 4));
      b.cells.assign(static_cast<std::size_t>(b.rows * b.cols), '.');
      const std::size_t placements = request.random() % (b.cells.size() / 2 + 1);
      for (std::size_t k = 0; k < placements; ++k) {
        std::vector<Board> options;
        ImpartialNoGo{}.moves(b, options);
        if (options.empty()) break;
        b = options[request.random() % options.size()];
      }
      out.push_back("nogo(" + b.text() + ")");
    }
    return out;
  };
  return spec;
}

}  // namespace grundy
