// Impartial Clobber by the definition over 8-byte parts (clobber_grid.hpp says
// what a part is and why the groups are independent).
#include "rulesets/clobber_grid.hpp"

#include "rulesets/part_values.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "grundy/core/input_error.hpp"
#include "placement/box_symmetries.hpp"
#include "rulesets/box_bits.hpp"

namespace grundy::clobber_grid {
namespace {

namespace box = placement::detail::box;

// A part as bits: square r·w + c of the box, X stones in x, O stones in o.
struct Grid {
  int h = 0;
  int w = 0;
  std::uint32_t x = 0;
  std::uint32_t o = 0;
};

using BoxMasks = rulesets_detail::BoxMasks<std::uint32_t>;

// The masks of every box of at most 28 squares, made once (looked up for
// every option).
const BoxMasks& masks_of(int h, int w) {
  static const auto table = [] {
    std::array<std::array<BoxMasks, kMostSquares + 1>, kMostSquares + 1> t{};
    for (int hh = 1; hh <= static_cast<int>(kMostSquares); ++hh)
      for (int ww = 1; hh * ww <= static_cast<int>(kMostSquares); ++ww)
        t[static_cast<std::size_t>(hh)][static_cast<std::size_t>(ww)] = rulesets_detail::box_masks<std::uint32_t>(hh, ww);
    return t;
  }();
  return table[static_cast<std::size_t>(h)][static_cast<std::size_t>(w)];
}

using rulesets_detail::beside;

// The part of the squares `group` of g (x and o already within it), cropped.
Grid cropped(const Grid& g, std::uint32_t group) {
  const rulesets_detail::Crop crop = rulesets_detail::crop_of(g.h, g.w, group);
  return Grid{crop.h, crop.w, rulesets_detail::cropped(g.x, g.w, crop), rulesets_detail::cropped(g.o, g.w, crop)};
}

// The groups of g with a move, each cropped: on_group(Grid).
template <class F>
void for_each_group(const Grid& g, F&& on_group) {
  const BoxMasks& box = masks_of(g.h, g.w);
  const std::uint32_t stones = g.x | g.o;
  std::uint32_t left = stones;
  while (left != 0) {
    std::uint32_t group = left & (~left + 1);
    for (;;) {
      const std::uint32_t grown = (group | beside(group, g.w, box)) & stones;
      if (grown == group) break;
      group = grown;
    }
    left &= ~group;
    Grid part{g.h, g.w, g.x & group, g.o & group};
    if ((beside(part.x, g.w, box) & part.o) == 0) continue;  // one colour: no move, worth 0
    on_group(cropped(part, group));
  }
}

// Bit i of v at bit 2i.
std::uint64_t spread(std::uint32_t v) {
  std::uint64_t s = v;
  s = (s | (s << 16)) & 0x0000FFFF0000FFFFULL;
  s = (s | (s << 8)) & 0x00FF00FF00FF00FFULL;
  s = (s | (s << 4)) & 0x0F0F0F0F0F0F0F0FULL;
  s = (s | (s << 2)) & 0x3333333333333333ULL;
  s = (s | (s << 1)) & 0x5555555555555555ULL;
  return s;
}

// A part's squares as a key's 2-bit codes (X 01, O 10), each colour spread
// to the even bits and the O stones moved up one.
std::uint64_t codes_of(std::uint32_t x, std::uint32_t o) { return spread(x) | (spread(o) << 1); }

// The codes with the colours exchanged (each code's two bits swapped).
std::uint64_t colours_exchanged(std::uint64_t codes) {
  constexpr std::uint64_t even = 0x5555555555555555ULL;
  return ((codes & even) << 1) | ((codes >> 1) & even);
}

// The least key of the four images of an h×w box that keep its shape (as it
// is, rows reversed, the half turn, both: columns reversed), each with the
// colours as they are and exchanged; the word operations of the placement
// search's boxes (box_symmetries.hpp), on the codes as rows of 2w bits: rows
// reversed move whole codes, and the half turn reverses every code's two bits
// too, which only exchanges the colours of an image whose exchange is
// considered anyway. (Spreading the stones once, not once an image, made
// Clobber 4×5 and 3×7 some 15 % faster.)
std::uint64_t least_of_four(int h, int w, std::uint64_t codes) {
  const std::uint64_t head = static_cast<std::uint64_t>(h) << 61 | static_cast<std::uint64_t>(w) << 56;
  const int row = 2 * w;
  const std::uint64_t turned = box::half_turn(codes, h, row);
  std::uint64_t best = ~std::uint64_t{0};
  for (const std::uint64_t image : {codes, box::flip_rows(codes, h, row), turned, box::flip_rows(turned, h, row)})
    best = std::min({best, head | image, head | colours_exchanged(image)});
  return best;
}

// The least key of a part's images (clobber_grid.hpp): the eight symmetries
// with the height at most the width, each with the colours exchanged or not.
std::uint64_t key_of(const Grid& g) {
  std::uint64_t best = ~std::uint64_t{0};
  if (g.h <= g.w) best = least_of_four(g.h, g.w, codes_of(g.x, g.o));
  if (g.h >= g.w) {
    const auto x = static_cast<std::uint32_t>(box::transpose(g.x, g.h, g.w));
    const auto o = static_cast<std::uint32_t>(box::transpose(g.o, g.h, g.w));
    best = std::min(best, least_of_four(g.w, g.h, codes_of(x, o)));
  }
  return best;
}

Grid grid_of(std::uint64_t key) {
  Grid g;
  g.h = static_cast<int>(key >> 61);
  g.w = static_cast<int>((key >> 56) & 31U);
  for (int i = 0; i < g.h * g.w; ++i) {
    const auto code = static_cast<unsigned>((key >> (2 * i)) & 3U);
    if (code == 1) g.x |= std::uint32_t{1} << i;
    if (code == 2) g.o |= std::uint32_t{1} << i;
  }
  return g;
}

std::string text_of(std::uint64_t key) {
  const Grid g = grid_of(key);
  std::string text;
  for (int r = 0; r < g.h; ++r) {
    if (r > 0) text += '/';
    for (int c = 0; c < g.w; ++c) {
      const std::uint32_t bit = std::uint32_t{1} << (r * g.w + c);
      text += (g.x & bit) != 0 ? 'X' : (g.o & bit) != 0 ? 'O' : '.';
    }
  }
  return text;
}

// Every option of a part: on_option(keys of its groups with a move, count).
template <class F>
void options_of(std::uint64_t key, F&& on_option) {
  const Grid g = grid_of(key);
  const BoxMasks& box = masks_of(g.h, g.w);
  std::uint64_t parts[kMostSquares];
  for (int colour = 0; colour < 2; ++colour) {
    const std::uint32_t own = colour == 0 ? g.x : g.o;
    const std::uint32_t other = colour == 0 ? g.o : g.x;
    std::uint32_t movers = own & beside(other, g.w, box);
    while (movers != 0) {
      const int i = std::countr_zero(movers);
      movers &= movers - 1;
      const std::uint32_t from = std::uint32_t{1} << i;
      std::uint32_t targets = beside(from, g.w, box) & other;
      while (targets != 0) {
        const std::uint32_t to = targets & (~targets + 1);
        targets &= targets - 1;
        Grid after = g;
        std::uint32_t& mine = colour == 0 ? after.x : after.o;
        std::uint32_t& theirs = colour == 0 ? after.o : after.x;
        mine = (mine & ~from) | to;
        theirs &= ~to;
        std::size_t count = 0;
        for_each_group(after, [&](const Grid& part) { parts[count++] = key_of(part); });
        on_option(static_cast<const std::uint64_t*>(parts), count);
      }
    }
  }
}

// The keys of a board's groups with a move (false when one is too large).
bool keys_of_board(const rulesets_detail::LetterBoard& board, std::vector<std::uint64_t>& keys) {
  for (const std::vector<std::size_t>& group : rulesets_detail::connected_groups(board, '.')) {
    const rulesets_detail::LetterBoard part = rulesets_detail::cropped(board.cols, board.cells, group, '.');
    const bool one_colour = part.cells.find(board.cells[group.front()] == 'X' ? 'O' : 'X') == std::string::npos;
    if (one_colour) continue;  // no move, worth 0
    if (part.cells.size() > kMostSquares) return false;
    // Of two colours and connected: some stone is beside one of the other colour.
    Grid g{part.rows, part.cols, 0, 0};
    for (std::size_t i = 0; i < part.cells.size(); ++i) {
      if (part.cells[i] == 'X') g.x |= std::uint32_t{1} << i;
      if (part.cells[i] == 'O') g.o |= std::uint32_t{1} << i;
    }
    keys.push_back(key_of(g));
  }
  return true;
}

}  // namespace

struct GroupRules {
  template <class F>
  static void for_each_option(std::uint64_t key, F&& on_option) {
    options_of(key, on_option);
  }
  // A claim's cost: the part's stones.
  static std::size_t weight(std::uint64_t key) {
    const Grid g = grid_of(key);
    return static_cast<std::size_t>(std::popcount(g.x | g.o));
  }
  static constexpr const char* kWhat = "Clobber";
  static bool keys_of_board(const rulesets_detail::LetterBoard& board, std::vector<std::uint64_t>& keys) {
    return clobber_grid::keys_of_board(board, keys);
  }
  static std::string text_of(std::uint64_t key) { return clobber_grid::text_of(key); }
  static std::string too_large() {
    return "has a group spanning more than " + std::to_string(kMostSquares) + " squares";
  }
};

}  // namespace grundy::clobber_grid

namespace grundy::rulesets_detail {
template class PartValues<clobber_grid::GroupRules, LetterBoard>;
}  // namespace grundy::rulesets_detail
