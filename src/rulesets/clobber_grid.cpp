// Impartial Clobber by the definition over 8-byte parts (clobber_grid.hpp says
// what a part is and why the groups are independent).
#include "rulesets/clobber_grid.hpp"

#include "grundy/search/part_engine_definitions.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>

#include "grundy/core/input_error.hpp"
#include "placement/box_symmetries.hpp"
#include "placement/least_image.hpp"
#include "rulesets/box_bits.hpp"
#include "rulesets/even_bits.hpp"

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
using rulesets_detail::gather_even_bits;
using rulesets_detail::spread_to_even_bits;

// A part's squares as a key's 2-bit codes (X 01, O 10), each colour spread
// to the even bits and the O stones moved up one.
std::uint64_t codes_of(std::uint32_t x, std::uint32_t o) {
  return spread_to_even_bits(x) | (spread_to_even_bits(o) << 1);
}

// The codes with the colours exchanged (each code's two bits swapped).
std::uint64_t colours_exchanged(std::uint64_t codes) {
  constexpr std::uint64_t even = 0x5555555555555555ULL;
  return ((codes & even) << 1) | ((codes >> 1) & even);
}

// The tallest box of a key (h·h <= h·w <= kMostSquares), so the most rows of
// any part's group and the widest box whose group is transposed.
inline constexpr int kMostRows = 5;

// The rows of an h×w box (h at most kMostRows, what every key's box is:
// h·h <= h·w <= kMostSquares) in the reverse order, each `row` bits: the
// rows moved at once for each height, not one by one in a loop
// (box::flip_rows; inlined: 2.6 % of 3×7's samples as a call).
[[gnu::always_inline]] inline std::uint64_t rows_reversed(std::uint64_t x, int h, int row) {
  const std::uint64_t m = (std::uint64_t{1} << row) - 1;
  switch (h) {
    case 2:
      return (x >> row) | ((x & m) << row);
    case 3:
      return (x >> (2 * row)) | (x & (m << row)) | ((x & m) << (2 * row));
    case 4:
      return (x >> (3 * row)) | ((x >> row) & (m << row)) | ((x << row) & (m << (2 * row))) | ((x & m) << (3 * row));
    case 5:
      return (x >> (4 * row)) | ((x >> (2 * row)) & (m << row)) | (x & (m << (2 * row))) |
             ((x << (2 * row)) & (m << (3 * row))) | ((x & m) << (4 * row));
    default:
      return x;
  }
}

// The codes of n squares in the reverse order (the half turn), each code's
// two bits kept: box::half_turn's reversal of every bit but the last step,
// which exchanged the colours of an image whose exchange is considered anyway.
std::uint64_t half_turned(std::uint64_t codes, int n) {
  std::uint64_t x = __builtin_bswap64(codes);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  return x >> (64 - 2 * n);
}

// The least key of the four images of an h×w box that keep its shape (as it
// is, rows reversed, the half turn, both: columns reversed), each with the
// colours as they are and exchanged, on the codes as rows of 2w bits (rows
// reversed and the half turn move whole codes). (Spreading the stones once,
// not once an image, made Clobber 4×5 and 3×7 some 15 % faster. Inlined into
// the search's key of a group: 11 % of 3×7's samples as a call. The head is
// the same for all eight, above every image's codes: put on the least.)
[[gnu::always_inline]] inline std::uint64_t least_of_four(int h, int w, std::uint64_t codes) {
  const std::uint64_t head = static_cast<std::uint64_t>(h) << 61 | static_cast<std::uint64_t>(w) << 56;
  const int row = 2 * w;
  const auto rows_flipped = [&](std::uint64_t x) __attribute__((always_inline)) { return rows_reversed(x, h, row); };
  const auto turned = [&](std::uint64_t x) __attribute__((always_inline)) { return half_turned(x, h * w); };
  std::uint64_t best = ~std::uint64_t{0};
  for (const std::uint64_t image : placement::detail::four_flips(codes, rows_flipped, turned))
    best = std::min({best, image, colours_exchanged(image)});
  return head | best;
}

// The least key of a part's images (clobber_grid.hpp): the eight symmetries
// with the height at most the width (placement/least_image.hpp), each with
// the colours exchanged or not. The images are made by the word operations
// above, not square by square (walk_of): a group's key is made at every node
// of the search.
std::uint64_t key_of(const Grid& g) {
  return placement::detail::least_over_orientations<std::uint64_t>(
      g.h, g.w, g,
      [](const Grid& part, int h, int w) __attribute__((always_inline)) {
        return Grid{w, h, static_cast<std::uint32_t>(box::transpose(part.x, h, w)),
                    static_cast<std::uint32_t>(box::transpose(part.o, h, w))};
      },
      [](int h, int w, const Grid& part) __attribute__((always_inline)) {
        return least_of_four(h, w, codes_of(part.x, part.o));
      });
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

// kColumnCodes[h][v]: the bits c of a row v (at most kMostRows wide) as X
// codes of column c of an image h high, its transpose (code c·h).
constexpr auto kColumnCodes = [] {
  std::array<std::array<std::uint64_t, 1U << kMostRows>, kMostRows + 1> t{};
  for (int h = 1; h <= kMostRows; ++h)
    for (unsigned v = 0; v < (1U << kMostRows); ++v)
      for (int c = 0; c < kMostRows; ++c)
        if ((v >> c & 1U) != 0) t[static_cast<std::size_t>(h)][v] |= std::uint64_t{1} << (2 * c * h);
  return t;
}();

// kRowCodes[v]: a row of at most 8 squares, v its X (or O) stones, as X codes.
constexpr auto kRowCodes = [] {
  std::array<std::uint32_t, 256> t{};
  for (unsigned v = 0; v < 256; ++v)
    for (int c = 0; c < 8; ++c)
      if ((v >> c & 1U) != 0) t[v] |= std::uint32_t{1} << (2 * c);
  return t;
}();

// The key of the group `group` of an option of an h×w part (x and o already
// within it): key_of of the group cropped to its box, without building the
// cropped grid: the box found in one pass over its at most kMostRows rows,
// the codes cut a row at a time (kRowCodes), and the transposed image of a
// group at least as high as wide (at most 5×5) read from kColumnCodes a row
// at a time, not a stone at a time.
std::uint64_t group_key(int h, int w, std::uint32_t x, std::uint32_t o, std::uint32_t group) {
  const std::uint32_t row_bits = (std::uint32_t{1} << w) - 1;
  int r0 = -1;
  int r1 = 0;
  std::uint32_t columns = 0;
  for (int r = 0; r < h; ++r) {
    const std::uint32_t row = (group >> (r * w)) & row_bits;
    if (row == 0) continue;
    if (r0 < 0) r0 = r;
    r1 = r;
    columns |= row;
  }
  const int c0 = std::countr_zero(columns);
  const int cw = 32 - std::countl_zero(columns) - c0;
  const int ch = r1 - r0 + 1;
  const std::uint32_t cut = (std::uint32_t{1} << cw) - 1;
  std::uint64_t best = ~std::uint64_t{0};
  if (ch <= cw && cw <= 8) {
    // A row's codes read whole (kRowCodes), not spread from the cropped bits.
    std::uint64_t codes = 0;
    for (int k = 0; k < ch; ++k) {
      const int at = (r0 + k) * w + c0;
      const std::uint64_t row = kRowCodes[(x >> at) & cut] | kRowCodes[(o >> at) & cut] << 1;
      codes |= row << (2 * k * cw);
    }
    best = least_of_four(ch, cw, codes);
  } else if (ch <= cw) {
    std::uint32_t xc = 0;
    std::uint32_t oc = 0;
    for (int k = 0; k < ch; ++k) {
      const int at = (r0 + k) * w + c0;
      xc |= ((x >> at) & cut) << (k * cw);
      oc |= ((o >> at) & cut) << (k * cw);
    }
    best = least_of_four(ch, cw, codes_of(xc, oc));
  }
  if (ch >= cw) {
    const auto& column_codes = kColumnCodes[static_cast<std::size_t>(ch)];
    std::uint64_t codes = 0;
    for (int k = 0; k < ch; ++k) {
      const int at = (r0 + k) * w + c0;
      codes |= column_codes[(x >> at) & cut] << (2 * k);
      codes |= column_codes[(o >> at) & cut] << (2 * k + 1);
    }
    best = std::min(best, least_of_four(cw, ch, codes));
  }
  return best;
}

// The groups of the stones `left` of a connected part whose stone beside
// `neighbours` (at most four) was taken away, in the order of their least
// squares (the order a certificate's claims are chosen in); returns how many.
// Every group holds one of `neighbours`, so the groups are grown from them
// alone, side by side (independent chains, which the core runs together): two
// growths that meet are one, and when one growth is left, the rest of the
// stones is its group — a stone cut off alone is found in one step, not after
// growing over the whole part (3×7: a growth from every neighbour, one after
// the other, took a quarter of the options' time).
int groups_without(std::uint32_t left, std::uint32_t neighbours, int w, const BoxMasks& box, std::uint32_t (&groups)[4]) {
  if ((neighbours & (neighbours - 1)) == 0) {
    groups[0] = left;
    return 1;
  }
  // The masks in registers, not read again through `box` after each store
  // into `groups`.
  const std::uint32_t not_right = ~box.right;
  const std::uint32_t not_left = ~box.left;
  const auto grow = [&](std::uint32_t g) {
    // (Within `left`, so within the box.)
    return (g | ((g & not_right) << 1) | ((g & not_left) >> 1) | (g << w) | (g >> w)) & left;
  };
  const std::uint32_t rest_of_two = neighbours & (neighbours - 1);
  if ((rest_of_two & (rest_of_two - 1)) == 0) {
    // Two neighbours (most stones that split a part): straight-line code.
    std::uint32_t a = neighbours & ~rest_of_two;
    std::uint32_t b = rest_of_two;
    for (;;) {
      const std::uint32_t a_grown = grow(a);
      const std::uint32_t b_grown = grow(b);
      if ((a_grown & b_grown) != 0) {
        groups[0] = left;
        return 1;
      }
      if (a_grown == a) {
        b = left & ~a;
        break;
      }
      if (b_grown == b) {
        a = left & ~b;
        break;
      }
      a = a_grown;
      b = b_grown;
    }
    // a holds the least neighbour, but not always the least square.
    const bool a_first = (a & (~a + 1)) < (b & (~b + 1));
    groups[0] = a_first ? a : b;
    groups[1] = a_first ? b : a;
    return 2;
  }
  int count = 0;
  for (std::uint32_t seeds = neighbours; seeds != 0; seeds &= seeds - 1) groups[count++] = seeds & (~seeds + 1);
  unsigned live = (1U << count) - 1;
  unsigned growing = live;
  while ((growing & (growing - 1)) != 0) {
    for (int k = 0; k < count; ++k) {
      if ((growing >> k & 1U) == 0) continue;
      const std::uint32_t grown = grow(groups[k]);
      if (grown == groups[k]) growing &= ~(1U << k);
      groups[k] = grown;
    }
    for (int k = 0; k < count; ++k) {
      if ((live >> k & 1U) == 0) continue;
      for (int j = k + 1; j < count; ++j) {
        if ((live >> j & 1U) == 0 || (groups[k] & groups[j]) == 0) continue;
        groups[k] |= groups[j];
        live &= ~(1U << j);
        growing &= ~(1U << j);
      }
    }
  }
  if (growing != 0) {
    std::uint32_t rest = left;
    for (int k = 0; k < count; ++k)
      if ((live >> k & 1U) != 0 && (growing >> k & 1U) == 0) rest &= ~groups[k];
    groups[std::countr_zero(growing)] = rest;
  }
  int kept = 0;
  for (int k = 0; k < count; ++k) {
    if ((live >> k & 1U) == 0) continue;
    const std::uint32_t group = groups[k];
    int at = kept++;
    for (; at > 0 && std::countr_zero(groups[at - 1]) > std::countr_zero(group); --at) groups[at] = groups[at - 1];
    groups[at] = group;
  }
  return kept;
}

// Every option of a part: on_option(keys of its groups with a move, count),
// the options and each option's groups in the order of their squares (the
// order a certificate's claims are chosen in). The groups' squares are the
// same whichever neighbour the stone takes: found once a stone.
template <class F>
void options_of(std::uint64_t key, F&& on_option) {
  // Never a key (a key's height is at least 1, its top bits never all set).
  constexpr std::uint64_t kUnknown = 0;
  constexpr std::uint64_t kNoMove = ~std::uint64_t{0};
  const int h = static_cast<int>(key >> 61);
  const int w = static_cast<int>((key >> 56) & 31U);
  const std::uint64_t codes = key & ((std::uint64_t{1} << (2 * h * w)) - 1);
  const std::uint32_t x = gather_even_bits(codes);
  const std::uint32_t o = gather_even_bits(codes >> 1);
  const std::uint32_t stones = x | o;
  const BoxMasks& box = masks_of(h, w);
  std::uint64_t parts[kMostSquares];
  for (int colour = 0; colour < 2; ++colour) {
    const std::uint32_t own = colour == 0 ? x : o;
    const std::uint32_t other = colour == 0 ? o : x;
    std::uint32_t movers = own & beside(other, w, box);
    while (movers != 0) {
      const std::uint32_t from = movers & (~movers + 1);
      movers &= movers - 1;
      const std::uint32_t left = stones & ~from;
      const std::uint32_t neighbours = beside(from, w, box) & left;
      std::uint32_t groups[4];
      const int group_count = groups_without(left, neighbours, w, box, groups);
      // A group without the square taken is the same whichever it is: keyed
      // once a stone (the groups of a split, a stone with two targets).
      std::uint64_t apart_keys[4] = {kUnknown, kUnknown, kUnknown, kUnknown};
      std::uint32_t targets = neighbours & other;
      while (targets != 0) {
        const std::uint32_t to = targets & (~targets + 1);
        targets &= targets - 1;
        const std::uint32_t own_after = (own & ~from) | to;
        const std::uint32_t other_after = other & ~to;
        const std::uint32_t x_after = colour == 0 ? own_after : other_after;
        const std::uint32_t o_after = colour == 0 ? other_after : own_after;
        std::size_t count = 0;
        for (int k = 0; k < group_count; ++k) {
          const bool apart = (groups[k] & to) == 0;
          if (apart && apart_keys[k] != kUnknown) {
            if (apart_keys[k] != kNoMove) parts[count++] = apart_keys[k];
            continue;
          }
          const std::uint32_t gx = x_after & groups[k];
          const std::uint32_t go = o_after & groups[k];
          // One colour: no move, worth 0.
          const std::uint64_t part = (beside(gx, w, box) & go) == 0 ? kNoMove : group_key(h, w, gx, go, groups[k]);
          if (apart) apart_keys[k] = part;
          if (part != kNoMove) parts[count++] = part;
        }
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
  static constexpr const char* kCertificateGame = "clobber";
  static bool keys_of_board(const rulesets_detail::LetterBoard& board, std::vector<std::uint64_t>& keys) {
    return clobber_grid::keys_of_board(board, keys);
  }
  static std::string text_of(std::uint64_t key) { return clobber_grid::text_of(key); }
  static std::string too_large() {
    return "has a group spanning more than " + std::to_string(kMostSquares) + " squares";
  }
};

namespace {

// The least of the sixteen images of a part square by square (clobber_grid.hpp
// says which): the definition the search's keys are tested against.
std::uint64_t key_by_definition(const Grid& g) {
  std::uint64_t best = ~std::uint64_t{0};
  for (int transposed = 0; transposed < 2; ++transposed) {
    const int h = transposed != 0 ? g.w : g.h;
    const int w = transposed != 0 ? g.h : g.w;
    if (h > w) continue;
    for (int rows_flipped = 0; rows_flipped < 2; ++rows_flipped) {
      for (int columns_flipped = 0; columns_flipped < 2; ++columns_flipped) {
        for (int exchanged = 0; exchanged < 2; ++exchanged) {
          std::uint64_t key = static_cast<std::uint64_t>(h) << 61 | static_cast<std::uint64_t>(w) << 56;
          for (int r = 0; r < h; ++r) {
            for (int c = 0; c < w; ++c) {
              const int a = rows_flipped != 0 ? h - 1 - r : r;
              const int b = columns_flipped != 0 ? w - 1 - c : c;
              const int square = transposed != 0 ? b * g.w + a : a * g.w + b;
              const bool is_x = (g.x >> square & 1U) != 0;
              const bool is_o = (g.o >> square & 1U) != 0;
              const std::uint64_t code = !is_x && !is_o ? 0 : (is_x != (exchanged != 0)) ? 1 : 2;
              key |= code << (2 * (r * w + c));
            }
          }
          best = std::min(best, key);
        }
      }
    }
  }
  return best;
}

// The groups with a move of g by the definition, in the order of their least
// stones, each cropped and keyed by key_by_definition.
std::vector<std::uint64_t> group_keys_by_definition(const Grid& g) {
  const BoxMasks& box = masks_of(g.h, g.w);
  const std::uint32_t stones = g.x | g.o;
  std::vector<std::uint64_t> keys;
  for (std::uint32_t left = stones; left != 0;) {
    std::uint32_t group = left & (~left + 1);
    for (std::uint32_t grown = group;; group = grown) {
      grown = (group | beside(group, g.w, box)) & stones;
      if (grown == group) break;
    }
    left &= ~group;
    const std::uint32_t x = g.x & group;
    const std::uint32_t o = g.o & group;
    if ((beside(x, g.w, box) & o) == 0) continue;
    const rulesets_detail::Crop crop = rulesets_detail::crop_of(g.h, g.w, group);
    keys.push_back(key_by_definition(Grid{crop.h, crop.w, rulesets_detail::cropped(x, g.w, crop),
                                          rulesets_detail::cropped(o, g.w, crop)}));
  }
  return keys;
}

}  // namespace

std::vector<std::vector<std::uint64_t>> option_lists(const rulesets_detail::LetterBoard& board, bool fast) {
  std::vector<std::uint64_t> roots;
  if (fast) {
    if (!keys_of_board(board, roots)) return {};
  } else {
    if (board.rows * board.cols > static_cast<int>(kMostSquares)) return {};
    Grid g{board.rows, board.cols, 0, 0};
    for (std::size_t i = 0; i < board.cells.size(); ++i) {
      if (board.cells[i] == 'X') g.x |= std::uint32_t{1} << i;
      if (board.cells[i] == 'O') g.o |= std::uint32_t{1} << i;
    }
    roots = group_keys_by_definition(g);
  }
  std::vector<std::vector<std::uint64_t>> lists{roots};
  for (const std::uint64_t root : roots) {
    if (fast) {
      options_of(root, [&](const std::uint64_t* parts, std::size_t count) { lists.emplace_back(parts, parts + count); });
      continue;
    }
    // Every move in the order the search lists them: X's stones first, each
    // stone's targets in the order of their squares.
    const Grid g = grid_of(root);
    for (int colour = 0; colour < 2; ++colour) {
      for (int from = 0; from < g.h * g.w; ++from) {
        for (int to = 0; to < g.h * g.w; ++to) {
          const int row_from = from / g.w;
          const int row_to = to / g.w;
          const int col_from = from % g.w;
          const int col_to = to % g.w;
          if (std::abs(row_from - row_to) + std::abs(col_from - col_to) != 1) continue;
          const std::uint32_t own = colour == 0 ? g.x : g.o;
          const std::uint32_t other = colour == 0 ? g.o : g.x;
          if ((own >> from & 1U) == 0 || (other >> to & 1U) == 0) continue;
          Grid after = g;
          std::uint32_t& mine = colour == 0 ? after.x : after.o;
          std::uint32_t& theirs = colour == 0 ? after.o : after.x;
          mine = (mine & ~(std::uint32_t{1} << from)) | std::uint32_t{1} << to;
          theirs &= ~(std::uint32_t{1} << to);
          lists.push_back(group_keys_by_definition(after));
        }
      }
    }
  }
  return lists;
}

}  // namespace grundy::clobber_grid

namespace grundy::search {
template class PartEngine<clobber_grid::GroupRules, rulesets_detail::LetterBoard>;
}  // namespace grundy::search
