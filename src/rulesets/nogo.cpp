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
// Valued by outcome questions (G + *n, the Lemoine–Viennot search of
// search/outcome_engine.hpp) over these parts, one row's parts by the part
// search (nogo_row.hpp): the engines of the search layer, chosen by what the
// game declares (engine_choice.hpp).
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "grundy/search/game_adapter.hpp"
#include "rulesets/builtin_specs.hpp"
#include "rulesets/letter_board.hpp"
#include "rulesets/nogo.hpp"
#include "rulesets/nogo_row.hpp"

namespace grundy {
// (A namespace of its own: the unity build puts rulesets side by side.)
namespace impartial_nogo {
namespace {

using Board = rulesets_detail::LetterBoard;

bool is_stone(char s) { return s == 'X' || s == 'O' || s == 'x' || s == 'o'; }
bool is_immortal_stone(char s) { return s == 'x' || s == 'o'; }
// X for X and x, O for O and o: the letters differ in the ASCII case bit
// alone (std::toupper, which reads the locale, was a twentieth of the time of
// a 3x5 board).
char colour_of(char stone) { return static_cast<char>(stone & ~0x20); }
// x for X and x, o for O and o.
char immortal_of(char stone) { return static_cast<char>(stone | 0x20); }
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

// A board framed by a border of '#': the neighbours of a square are the
// squares one step away in the padded rows, with no test of the board's edge
// nor a division to find the square's row (the neighbours are looked at for
// every point of every option searched).
struct PaddedBoard {
  std::size_t width = 0;  // the board's columns and the border's two
  std::string cells;      // row by row, the border's rows too

  void pad(const Board& b) {
    width = static_cast<std::size_t>(b.cols) + 2;
    cells.assign(width * (static_cast<std::size_t>(b.rows) + 2), '#');
    for (int r = 0; r < b.rows; ++r) {
      std::copy_n(b.cells.begin() + static_cast<std::ptrdiff_t>(b.index(r, 0)), b.cols,
                  cells.begin() + static_cast<std::ptrdiff_t>(square(r, 0)));
    }
  }
  // The padded square of the board's (r, c).
  [[nodiscard]] std::size_t square(int r, int c) const {
    return (static_cast<std::size_t>(r) + 1) * width + static_cast<std::size_t>(c) + 1;
  }
  // f(j) for the orthogonal neighbours j of square i that are on the board
  // (not '#').
  template <class F>
  void for_each_neighbour(std::size_t i, F&& f) const {
    for (const std::size_t j : {i - width, i + width, i - 1, i + 1}) {
      if (cells[j] != '#') f(j);
    }
  }
};

// The groups of a board: orthogonally connected stones of one colour, each with
// its number of liberties and whether it is immortal (holds an immortal stone
// or has a point left empty for good beside it). Its lists are kept from one
// board to the next (build): the search builds the groups of every option of
// every node, where allocating them anew was a seventh of the time (perf, 3x5).
struct Groups {
  static constexpr int kNone = -1;
  std::vector<int> of;  // per square: its group, or kNone
  std::vector<int> liberties;
  std::vector<std::uint8_t> immortal;
  std::vector<std::size_t> stones;  // group g's stones: stones[first[g] .. first[g + 1])
  std::vector<std::size_t> first;
  std::vector<int> counted;  // per square: the group a liberty was counted for

  Groups() = default;
  explicit Groups(const PaddedBoard& b) { build(b); }

  void build(const PaddedBoard& b) {
    of.assign(b.cells.size(), kNone);
    counted.assign(b.cells.size(), kNone);
    liberties.clear();
    immortal.clear();
    stones.clear();
    first.clear();
    for (std::size_t start = 0; start < b.cells.size(); ++start) {
      if (!is_stone(b.cells[start]) || of[start] != kNone) continue;
      const int id = static_cast<int>(first.size());
      const char colour = colour_of(b.cells[start]);
      first.push_back(stones.size());
      int group_liberties = 0;
      bool group_immortal = false;
      stones.push_back(start);
      of[start] = id;
      // The group's stones are appended as they are found: a breadth-first walk.
      for (std::size_t k = first.back(); k < stones.size(); ++k) {
        const std::size_t i = stones[k];
        if (is_immortal_stone(b.cells[i])) group_immortal = true;
        b.for_each_neighbour(i, [&](std::size_t j) {
          const char s = b.cells[j];
          if (is_liberty(s)) {
            // A point left empty for good is a liberty for ever.
            if (s == '_') group_immortal = true;
            if (counted[j] != id) {
              counted[j] = id;
              ++group_liberties;
            }
          } else if (is_stone(s) && colour_of(s) == colour && of[j] == kNone) {
            of[j] = id;
            stones.push_back(j);
          }
        });
      }
      liberties.push_back(group_liberties);
      immortal.push_back(group_immortal ? 1 : 0);
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
    return immortal[static_cast<std::size_t>(group)] != 0 || liberties[static_cast<std::size_t>(group)] >= 2;
  }
};

// The colours that may be placed on the empty point p, as bits: kX, kO. A
// colour may be placed when the stone keeps a liberty (an empty point beside
// it, or a group of its colour beside it that keeps one) and no group of the
// other colour beside p loses its last one. Both colours in one look at the
// neighbours.
constexpr unsigned kX = 1;
constexpr unsigned kO = 2;
unsigned legal_colours(const PaddedBoard& b, const Groups& groups, std::size_t p) {
  bool liberty = false;
  unsigned alive = 0;  // the colours of the groups beside p that keep a liberty
  unsigned dead = 0;   // the colours of the groups beside p that lose their last
  b.for_each_neighbour(p, [&](std::size_t j) {
    const char s = b.cells[j];
    if (is_liberty(s)) {
      liberty = true;
    } else if (is_stone(s)) {
      const unsigned colour = colour_of(s) == 'X' ? kX : kO;
      if (groups.alive_beside(groups.of[j])) alive |= colour; else dead |= colour;
    }
  });
  unsigned legal = 0;
  if ((liberty || (alive & kX) != 0) && (dead & kO) == 0) legal |= kX;
  if ((liberty || (alive & kO) != 0) && (dead & kX) == 0) legal |= kO;
  return legal;
}

// The first group of a board with no liberty (and no immortal stone), as the
// index of one of its stones; cells.size() when every group has one.
std::size_t group_without_liberty(const Board& b) {
  PaddedBoard padded;
  padded.pad(b);
  const Groups groups(padded);
  for (std::size_t g = 0; g < groups.count(); ++g) {
    if (groups.immortal[g] == 0 && groups.liberties[g] == 0) {
      const std::size_t i = groups.stones[groups.first[g]];
      return b.index(static_cast<int>(i / padded.width) - 1, static_cast<int>(i % padded.width) - 1);
    }
  }
  return b.cells.size();
}

// A single row with each run of one letter other than '.' written once
// (in place: no second string).
void merge_runs(Board& b) {
  if (b.rows != 1) return;
  std::size_t length = 0;
  for (const char s : b.cells) {
    if (s != '.' && length > 0 && b.cells[length - 1] == s) continue;
    b.cells[length++] = s;
  }
  b.cells.resize(length);
  b.cols = static_cast<int>(length);
}

// The split of components() on a board that fits in 64 bits with its border
// of '#' (2x8, 3x6 and 4x4 take 40, 40 and 36): every set of squares is a
// mask, the squares beside a set four shifts, a group a flood fill. The same
// steps as the split by lists below, which larger boards take; the lists'
// passes over the board with their bookkeeping were half the time of NoGo 3x5
// (perf).
class MaskSplit {
 public:
  using Mask = std::uint64_t;
  static constexpr std::size_t kMostSquares = 64;

  static bool fits(const Board& b) {
    return (static_cast<std::size_t>(b.rows) + 2) * (static_cast<std::size_t>(b.cols) + 2) <= kMostSquares;
  }

  // Whether an X and an O may be placed on (r, c) of b (which fits).
  void read_placements(const Board& b) {
    read(b);
    find_groups();
    placements_x_ = legal_x();
    placements_o_ = legal_o();
  }
  // The colours that may be placed on (r, c), as kX and kO bits (after
  // read_placements).
  [[nodiscard]] unsigned legal_colours(int r, int c) const {
    const unsigned q = square(r, c);
    return static_cast<unsigned>((placements_x_ >> q) & 1U) * kX | static_cast<unsigned>((placements_o_ >> q) & 1U) * kO;
  }

  // The parts of b (which fits), appended to out in the order of their first
  // playable point.
  void split(const Board& b, std::vector<Board>& out) {
    read(b);
    find_groups();
    const Mask playable = legal_x() | legal_o();
    // Points nobody may ever play: left empty for good beside a playable
    // point, off the board elsewhere; the groups beside them are immortal.
    const Mask unplayable = empty_ & ~playable;
    const Mask beside_playable = beside(playable);
    forever_ |= unplayable & beside_playable;
    off_ = unplayable & ~beside_playable;
    const Mask beside_unplayable = beside(unplayable);
    std::size_t mortal = 0;
    for (std::size_t g = 0; g < groups_; ++g) {
      if (immortal_[g] || (group_[g] & beside_unplayable) != 0) {
        immortal_stones_ |= group_[g];
      } else {
        mortal_[mortal] = group_[g];
        mortal_playable_[mortal] = beside(group_[g]) & playable;
        ++mortal;
      }
    }
    // Playable points joined when neighbours or beside one mortal group:
    // each class grown from its first point until it holds still.
    const Mask kept_beside = forever_ | immortal_stones_;
    for (Mask left = playable; left != 0;) {
      Mask cls = left & (~left + 1);
      for (;;) {
        Mask grown = cls | (beside(cls) & playable);
        for (std::size_t g = 0; g < mortal; ++g) {
          if ((mortal_playable_[g] & grown) != 0) grown |= mortal_playable_[g];
        }
        if (grown == cls) break;
        cls = grown;
      }
      left &= ~cls;
      // The class with what it keeps beside it: points left empty for good
      // and immortal stones beside it, and its mortal groups whole.
      const Mask beside_class = beside(cls);
      Mask kept = cls | (beside_class & kept_beside);
      for (std::size_t g = 0; g < mortal; ++g) {
        if ((mortal_[g] & beside_class) != 0) kept |= mortal_[g];
      }
      Board part = cropped(kept);
      merge_runs(part);
      out.push_back(std::move(part));
    }
  }

 private:
  [[nodiscard]] unsigned square(int r, int c) const {
    return (static_cast<unsigned>(r) + 1) * width_ + static_cast<unsigned>(c) + 1;
  }
  // The empty points where an X may be placed (a liberty beside it, or an X
  // group that keeps one, and no O group beside it that loses its last),
  // and where an O may.
  [[nodiscard]] Mask legal_x() const {
    return empty_ & (beside(empty_ | forever_) | beside(alive_x_)) & ~beside(dead_o_);
  }
  [[nodiscard]] Mask legal_o() const {
    return empty_ & (beside(empty_ | forever_) | beside(alive_o_)) & ~beside(dead_x_);
  }
  [[nodiscard]] Mask beside(Mask m) const { return ((m << 1) | (m >> 1) | (m << width_) | (m >> width_)) & on_; }

  void read(const Board& b) {
    width_ = static_cast<unsigned>(b.cols) + 2;
    on_ = x_ = o_ = immortal_stones_ = empty_ = forever_ = off_ = 0;
    for (int r = 0; r < b.rows; ++r) {
      for (int c = 0; c < b.cols; ++c) {
        const Mask bit = Mask{1} << square(r, c);
        switch (b.at(r, c)) {
          case 'X': x_ |= bit; break;
          case 'O': o_ |= bit; break;
          case 'x': x_ |= bit; immortal_stones_ |= bit; break;
          case 'o': o_ |= bit; immortal_stones_ |= bit; break;
          case '.': empty_ |= bit; break;
          case '_': forever_ |= bit; break;
          default: continue;  // '#'
        }
        on_ |= bit;
      }
    }
  }

  // The groups, each with whether it is immortal, and the unions of the
  // groups of each colour that keep a liberty when a point beside them is
  // filled (alive) and that do not (dead).
  void find_groups() {
    groups_ = 0;
    alive_x_ = alive_o_ = dead_x_ = dead_o_ = 0;
    const Mask liberties = empty_ | forever_;
    for (Mask stones = x_ | o_; stones != 0;) {
      const Mask seed = stones & (~stones + 1);
      const bool is_x = (seed & x_) != 0;
      const Mask colour = is_x ? x_ : o_;
      Mask group = seed;
      for (;;) {
        const Mask grown = group | (beside(group) & colour);
        if (grown == group) break;
        group = grown;
      }
      stones &= ~group;
      const Mask group_liberties = beside(group) & liberties;
      const bool immortal = (group & immortal_stones_) != 0 || (group_liberties & forever_) != 0;
      // (Two liberties or more: a bit set besides the lowest. std::popcount
      // is a library call without -mpopcnt.)
      const bool alive = immortal || (group_liberties & (group_liberties - 1)) != 0;
      (alive ? (is_x ? alive_x_ : alive_o_) : (is_x ? dead_x_ : dead_o_)) |= group;
      group_[groups_] = group;
      immortal_[groups_] = immortal;
      ++groups_;
    }
  }

  // The letter of square q once the split marked it.
  [[nodiscard]] char letter(unsigned q) const {
    const Mask bit = Mask{1} << q;
    if ((x_ & bit) != 0) return (immortal_stones_ & bit) != 0 ? 'x' : 'X';
    if ((o_ & bit) != 0) return (immortal_stones_ & bit) != 0 ? 'o' : 'O';
    if ((forever_ & bit) != 0) return '_';
    if ((empty_ & bit) != 0 && (off_ & bit) == 0) return '.';
    return '#';
  }

  // The squares `kept` cropped to their bounding box, every other square '#'.
  [[nodiscard]] Board cropped(Mask kept) const {
    unsigned top = kMostSquares, bottom = 0, left = kMostSquares, right = 0;
    for (Mask m = kept; m != 0; m &= m - 1) {
      const auto q = static_cast<unsigned>(std::countr_zero(m));
      top = std::min(top, q / width_);
      bottom = std::max(bottom, q / width_);
      left = std::min(left, q % width_);
      right = std::max(right, q % width_);
    }
    Board part;
    part.rows = static_cast<int>(bottom - top + 1);
    part.cols = static_cast<int>(right - left + 1);
    part.cells.assign(static_cast<std::size_t>(part.rows) * static_cast<std::size_t>(part.cols), '#');
    for (Mask m = kept; m != 0; m &= m - 1) {
      const auto q = static_cast<unsigned>(std::countr_zero(m));
      part.cells[part.index(static_cast<int>(q / width_ - top), static_cast<int>(q % width_ - left))] = letter(q);
    }
    return part;
  }

  unsigned width_ = 0;
  Mask on_ = 0;  // the points of the board (not '#')
  Mask x_ = 0, o_ = 0, immortal_stones_ = 0;
  Mask empty_ = 0, forever_ = 0;  // '.' and '_'
  Mask off_ = 0;                  // points the split takes off the board
  Mask alive_x_ = 0, alive_o_ = 0, dead_x_ = 0, dead_o_ = 0;
  Mask placements_x_ = 0, placements_o_ = 0;  // read_placements's
  std::size_t groups_ = 0;
  Mask group_[kMostSquares] = {};
  bool immortal_[kMostSquares] = {};
  Mask mortal_[kMostSquares] = {};
  Mask mortal_playable_[kMostSquares] = {};
};

// The lists components() works in, kept from one board to the next (it runs
// on every option of every node searched).
struct SplitLists {
  PaddedBoard marked;  // the board with its points left empty for good and its immortal stones marked
  Groups groups;
  std::vector<std::uint8_t> playable;
  std::vector<std::uint8_t> immortal;
  std::vector<std::size_t> root;
  std::vector<std::size_t> first_point;
  std::vector<int> class_of_root;
  std::vector<int> stamp;
  std::vector<int> group_stamp;
  std::vector<int> kept_class;  // kept square k is kept_square[k] of class kept_class[k]
  std::vector<std::size_t> kept_square;
  std::vector<std::size_t> class_start;
  std::vector<std::size_t> by_class;  // the kept squares, class by class
};

struct ImpartialNoGo {
  using Position = Board;

  // A board's letters beyond the Board itself (past the string's own buffer
  // of 15): the engines' tables and stacks count them against --memory.
  std::size_t owned_bytes(const Board& b) const { return b.cells.capacity() > 15 ? b.cells.capacity() + 1 : 0; }

  std::size_t hash(const Board& b) const { return b.hash(); }
  std::string describe(const Board& b) const { return b.text(); }

  // The independent regions (the file's head says why), each cropped.
  void components(const Board& board, std::vector<Board>& out) const {
    if (MaskSplit::fits(board)) {
      mask_split_.split(board, out);
      return;
    }
    SplitLists& w = split_;
    PaddedBoard& b = w.marked;
    b.pad(board);
    const std::size_t n = b.cells.size();
    Groups& groups = w.groups;
    groups.build(b);
    w.playable.assign(n, 0);
    for (std::size_t p = 0; p < n; ++p) {
      if (b.cells[p] == '.') w.playable[p] = legal_colours(b, groups, p) != 0 ? 1 : 0;
    }
    // Points nobody may ever play: the groups beside them are immortal.
    w.immortal.assign(groups.immortal.begin(), groups.immortal.end());
    for (std::size_t p = 0; p < n; ++p) {
      if (b.cells[p] != '.' || w.playable[p] != 0) continue;
      bool beside_playable = false;
      b.for_each_neighbour(p, [&](std::size_t j) {
        if (groups.of[j] != Groups::kNone) w.immortal[static_cast<std::size_t>(groups.of[j])] = 1;
        beside_playable = beside_playable || w.playable[j] != 0;
      });
      b.cells[p] = beside_playable ? '_' : '#';
    }
    for (std::size_t g = 0; g < groups.count(); ++g) {
      if (w.immortal[g] == 0) continue;
      groups.for_each_stone(g, [&](std::size_t i) { b.cells[i] = immortal_of(b.cells[i]); });
    }
    // Playable points joined when neighbours or beside one mortal group.
    w.root.resize(n);
    std::iota(w.root.begin(), w.root.end(), std::size_t{0});
    const auto find = [&](std::size_t i) {
      while (w.root[i] != i) i = w.root[i] = w.root[w.root[i]];
      return i;
    };
    const auto join = [&](std::size_t i, std::size_t j) { w.root[find(i)] = find(j); };
    w.first_point.assign(groups.count(), n);
    for (std::size_t p = 0; p < n; ++p) {
      if (w.playable[p] == 0) continue;
      b.for_each_neighbour(p, [&](std::size_t j) {
        if (w.playable[j] != 0) join(p, j);
        const int g = groups.of[j];
        if (g == Groups::kNone || w.immortal[static_cast<std::size_t>(g)] != 0) return;
        std::size_t& first = w.first_point[static_cast<std::size_t>(g)];
        if (first == n) first = p; else join(p, first);
      });
    }
    // Each class with what it keeps beside it: (class, square) pairs, then
    // sorted by class.
    w.class_of_root.assign(n, -1);
    w.stamp.assign(n, -1);  // the class a square was kept for
    w.group_stamp.assign(groups.count(), -1);
    w.kept_class.clear();
    w.kept_square.clear();
    int classes = 0;
    const auto keep = [&](int cls, std::size_t i) {
      if (w.stamp[i] == cls) return;
      w.stamp[i] = cls;
      w.kept_class.push_back(cls);
      w.kept_square.push_back(i);
    };
    for (std::size_t p = 0; p < n; ++p) {
      if (w.playable[p] == 0) continue;
      int& cls = w.class_of_root[find(p)];
      if (cls < 0) cls = classes++;
      const int here = cls;
      keep(here, p);
      b.for_each_neighbour(p, [&](std::size_t j) {
        const char s = b.cells[j];
        if (s == '_' || is_immortal_stone(s)) {
          keep(here, j);
        } else if (is_stone(s)) {
          const auto g = static_cast<std::size_t>(groups.of[j]);
          if (w.group_stamp[g] == here) return;
          w.group_stamp[g] = here;
          groups.for_each_stone(g, [&](std::size_t i) { keep(here, i); });
        }
      });
    }
    const auto class_count = static_cast<std::size_t>(classes);
    w.class_start.assign(class_count + 1, 0);
    for (const int cls : w.kept_class) ++w.class_start[static_cast<std::size_t>(cls) + 1];
    for (std::size_t c = 1; c <= class_count; ++c) w.class_start[c] += w.class_start[c - 1];
    w.by_class.resize(w.kept_square.size());
    for (std::size_t k = 0; k < w.kept_square.size(); ++k) {
      w.by_class[w.class_start[static_cast<std::size_t>(w.kept_class[k])]++] = w.kept_square[k];
    }
    // (class_start[c] is now the end of class c.)
    std::size_t begin = 0;
    for (std::size_t c = 0; c < class_count; ++c) {
      const std::size_t end = w.class_start[c];
      Board part = rulesets_detail::cropped(static_cast<int>(b.width), b.cells,
                                            std::span<const std::size_t>(w.by_class.data() + begin, end - begin), '#');
      merge_runs(part);
      out.push_back(std::move(part));
      begin = end;
    }
  }

  // Every legal placement of b, point by point, X before O: f(r, c, colour,
  // board after) returns false to stop. legal(r, c) gives the colours that
  // may go on the empty point (r, c), as kX and kO bits.
  template <class Legal, class F>
  static void visit_placements(const Board& b, Legal&& legal, F&& f) {
    for (int r = 0; r < b.rows; ++r) {
      for (int c = 0; c < b.cols; ++c) {
        const std::size_t p = b.index(r, c);
        if (b.cells[p] != '.') continue;
        const unsigned colours = legal(r, c);
        for (const char colour : {'X', 'O'}) {
          if ((colours & (colour == 'X' ? kX : kO)) == 0) continue;
          Board after = b;
          after.cells[p] = colour;
          if (!f(r, c, colour, std::move(after))) return;
        }
      }
    }
  }
  // Legality by masks (a board that fits in 64 bits with its border) and by
  // the groups' lists (every board): the same placements
  // (ImpartialNoGo.PlacementsByMasksAndByListsAgree). Each with state of its
  // own, on the stack: the visitor may value the options, which comes back here.
  template <class F>
  static void placements_by_masks(const Board& b, F&& f) {
    MaskSplit masks;
    masks.read_placements(b);
    visit_placements(b, [&](int r, int c) { return masks.legal_colours(r, c); }, f);
  }
  template <class F>
  static void placements_by_lists(const Board& b, F&& f) {
    PaddedBoard padded;
    padded.pad(b);
    const Groups groups(padded);
    visit_placements(b, [&](int r, int c) { return legal_colours(padded, groups, padded.square(r, c)); }, f);
  }
  // By masks where the board fits (a tenth of NoGo 3x5's time went to the
  // lists' groups), by lists elsewhere.
  template <class F>
  static void for_each_placement(const Board& b, F&& f) {
    if (MaskSplit::fits(b)) {
      placements_by_masks(b, f);
    } else {
      placements_by_lists(b, f);
    }
  }

  template <class Visit>
  void for_each_move(const Board& b, Visit&& visit) const {
    for_each_placement(b, [&](int, int, char, Board&& after) { return visit(std::move(after)); });
  }
  void moves(const Board& b, std::vector<Board>& out) const {
    for_each_placement(b, [&](int, int, char, Board&& after) {
      out.push_back(std::move(after));
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

  // What the engines read (engine_choice.hpp): one row packs into 8-byte
  // parts (nogo_row.hpp: the definition over them, 1×22 in 25 s where
  // outcome questions took minutes on 1×20), its parts never longer than 29
  // points, or the outcome search answers.
  using PackedParts = nogo_row::RowRules;
  using PackedBoard = std::string;
  template <class Visit>
  bool packed(const Board& b, Visit&& visit) const {
    if (b.rows != 1) return false;
    visit(b.cells);
    return true;
  }

  // Scratch space of components(), its lists and masks kept between calls
  // instead of allocated at each (they hold no value: a run's copy of the game
  // is one thread's, and the split calls nothing that comes back).
  mutable SplitLists split_;
  mutable MaskSplit mask_split_;

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

std::vector<std::string> placements(const rulesets_detail::LetterBoard& board, bool by_masks) {
  std::vector<std::string> out;
  const auto add = [&](int, int, char, Board&& after) {
    out.push_back(std::move(after.cells));
    return true;
  };
  if (by_masks) {
    ImpartialNoGo::placements_by_masks(board, add);
  } else {
    ImpartialNoGo::placements_by_lists(board, add);
  }
  return out;
}

}  // namespace impartial_nogo

RulesetSpec nogo_ruleset() {
  using namespace impartial_nogo;
  RulesetSpec spec{.name = "nogo",
                   .help = {{"nogo(..X./O...)",
                             "impartial NoGo: either player places a stone of either colour on an empty point, never "
                             "leaving a group without a liberty (rows joined by '/', '.' empty, '#' off the board)"}},
                   .parameters = 0};
  spec.position = [](const TermReader& term) {
    return GameAdapter<ImpartialNoGo>::for_ruleset(ImpartialNoGo{}, "nogo")
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
