// The options of a one-row NoGo part by word operations: the part's letters
// as bit masks (one bit a point, ends included), every point's legality at
// once by shifts, and each option's parts' keys taken from the masks without a
// pass over letters. The same options, in the same order and with the same
// keys, as nogo_row.cpp's split over letters (its definition, which
// NoGoRow.OptionsByMasksAreTheOptionsByLetters holds equal on random rows);
// measured on 1×22: the listing of options took 81 % of the search as a pass
// over letters (190 ns an option), the pass over every point's letters
// repeated for every option.
//
// Letters (nogo_row.hpp): ends '#' (no liberty), '_' (a point left empty for
// good), 'x' and 'o' (immortal stones); inside '.', X, O (mortal). A key holds
// 2 bits a letter: ends # _ x o as 0 1 2 3 in bits 63–62 (left) and 61–60
// (right), inside . X O as 1 2 3, the first letter in the highest field.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "rulesets/even_bits.hpp"

namespace grundy::nogo_row {

// A row of at most 32 letters, bit p for letter p (0 and n-1 are ends).
struct RowMasks {
  std::uint32_t empty = 0;    // '.'
  std::uint32_t dead = 0;     // '_'
  std::uint32_t wall = 0;     // '#'
  std::uint32_t mortal_x = 0;  // X
  std::uint32_t mortal_o = 0;  // O
  std::uint32_t immortal_x = 0;  // x
  std::uint32_t immortal_o = 0;  // o
  unsigned n = 0;
};

namespace masks_detail {

using rulesets_detail::gather_even_bits;
using rulesets_detail::spread_to_even_bits;

// The 2-bit fields of x in reverse order (field 0 to field 31).
constexpr std::uint64_t reversed_fields(std::uint64_t x) {
  x = (x >> 32) | (x << 32);
  x = ((x >> 16) & 0x0000FFFF0000FFFFULL) | ((x & 0x0000FFFF0000FFFFULL) << 16);
  x = ((x >> 8) & 0x00FF00FF00FF00FFULL) | ((x & 0x00FF00FF00FF00FFULL) << 8);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  return x;
}

// The low 32 bits of x in reverse order.
constexpr std::uint32_t reversed_bits(std::uint32_t x) {
  x = (x >> 16) | (x << 16);
  x = ((x >> 8) & 0x00FF00FFU) | ((x & 0x00FF00FFU) << 8);
  x = ((x >> 4) & 0x0F0F0F0FU) | ((x & 0x0F0F0F0FU) << 4);
  x = ((x >> 2) & 0x33333333U) | ((x & 0x33333333U) << 2);
  x = ((x >> 1) & 0x55555555U) | ((x & 0x55555555U) << 1);
  return x;
}

constexpr std::uint32_t low_bits(unsigned count) { return count >= 32 ? ~0U : (1U << count) - 1; }

// Letter p removed `count` times: the letters past it move down.
constexpr std::uint32_t removed(std::uint32_t mask, unsigned p, unsigned count) {
  return (mask & low_bits(p)) | ((mask >> (p + count)) << p);
}

// The end code (# _ x o as 0 1 2 3) of end letter p.
inline std::uint64_t end_code(const RowMasks& m, unsigned p) {
  if ((m.dead >> p) & 1U) return 1;
  if ((m.immortal_x >> p) & 1U) return 2;
  if ((m.immortal_o >> p) & 1U) return 3;
  return 0;
}

// Where each colour may be placed (legal() of nogo_row.cpp, every point at
// once): the stone's group breathes (a liberty beside it, or a run of its
// colour beside it that is immortal or has its other end free), and no mortal
// run of the other colour beside it loses its last liberty. A run is one
// letter, so a neighbour's other liberty is the letter two away.
struct Legal {
  std::uint32_t x;
  std::uint32_t o;
};
inline Legal legal_points(const RowMasks& m) {
  const std::uint32_t liberty = m.empty | m.dead;
  const std::uint32_t free_beside = liberty << 1 | liberty >> 1;
  const std::uint32_t free_two_left = liberty << 2;
  const std::uint32_t free_two_right = liberty >> 2;
  const auto breathes = [&](std::uint32_t own_mortal, std::uint32_t own_immortal) {
    return free_beside | own_immortal << 1 | own_immortal >> 1 | (own_mortal << 1 & free_two_left) |
           (own_mortal >> 1 & free_two_right);
  };
  const auto captures = [&](std::uint32_t other_mortal) {
    return (other_mortal << 1 & ~free_two_left) | (other_mortal >> 1 & ~free_two_right);
  };
  return {m.empty & breathes(m.mortal_x, m.immortal_x) & ~captures(m.mortal_o),
          m.empty & breathes(m.mortal_o, m.immortal_o) & ~captures(m.mortal_x)};
}

}  // namespace masks_detail

// A part's key: the least of its four images, read forward and backward (the
// row reversed), each with the colours as they are and exchanged — which
// flips the low bit of every field whose high bit is set (x <-> o, X <-> O).
constexpr std::uint64_t least_key(std::uint64_t forward, std::uint64_t backward) {
  const auto exchanged = [](std::uint64_t k) -> std::uint64_t { return k ^ ((k >> 1) & 0x5555555555555555ULL); };
  return std::min(std::min(forward, backward), std::min(exchanged(forward), exchanged(backward)));
}

// The masks of a key's letters.
inline RowMasks masks_of_key(std::uint64_t key) {
  using namespace masks_detail;
  const std::uint64_t inside_bits = key & ((std::uint64_t{1} << 60) - 1);
  const auto inside = static_cast<unsigned>((std::bit_width(inside_bits) + 1) / 2);
  // Field f holds letter inside-f (the first letter in the highest field).
  const auto letters_of = [&](std::uint64_t bits) {
    return inside == 0 ? 0U : reversed_bits(gather_even_bits(bits)) >> (31 - inside);
  };
  const std::uint32_t high = letters_of(inside_bits >> 1);
  const std::uint32_t low = letters_of(inside_bits);
  RowMasks m;
  m.n = inside + 2;
  m.empty = low & ~high;
  m.mortal_x = high & ~low;
  m.mortal_o = high & low;
  const auto set_end = [&](std::uint64_t code, unsigned p) {
    const std::uint32_t bit = 1U << p;
    (code == 0 ? m.wall : code == 1 ? m.dead : code == 2 ? m.immortal_x : m.immortal_o) |= bit;
  };
  set_end(key >> 62, 0);
  set_end((key >> 60) & 3U, m.n - 1);
  return m;
}

// The parts of a row given as masks whose dead points and immortal stones are
// marked: on_part(key) for each part with an empty point, left to right; a key
// 0 for a part longer than `longest`.
template <class F>
void parts_of_masks(const RowMasks& m, std::size_t longest, F&& on_part) {
  using namespace masks_detail;
  const std::uint32_t ends = m.wall | m.dead | m.immortal_x | m.immortal_o;
  const std::uint32_t stones = m.mortal_x | m.mortal_o;
  // Bit j: letters j and j+1 are mortal stones of both colours (a cut).
  const std::uint32_t cuts = (m.mortal_x & m.mortal_o >> 1) | (m.mortal_o & m.mortal_x >> 1);
  const std::uint32_t high = stones;                 // X 10, O 11
  const std::uint32_t low = m.empty | m.mortal_o;    // . 01
  unsigned start = 0;
  std::uint64_t left = end_code(m, 0);
  while (start + 1 < m.n) {
    const std::uint32_t past = ~low_bits(start + 1);
    const unsigned end = static_cast<unsigned>(std::countr_zero(ends & past));
    const std::uint32_t cut = cuts & past;
    const unsigned cut_at = cut == 0 ? 32U : static_cast<unsigned>(std::countr_zero(cut));
    // The inside [from, to), its right end, and where the next part starts.
    const unsigned from = start + 1;
    unsigned to = 0;
    std::uint64_t right = 0;
    std::uint64_t next_left = 0;
    unsigned next_start = 0;
    if (end < cut_at) {
      to = end;
      right = end_code(m, end);
      next_left = right;
      next_start = end;
    } else {
      to = cut_at + 1;
      next_start = cut_at;
    }
    const unsigned length = to - from;
    if (((m.empty >> from) & low_bits(length)) != 0) {
      if (length > longest) {
        on_part(std::uint64_t{0});
      } else {
        // A stone beside an end makes it '#' (nogo_row.hpp).
        const std::uint64_t left_code = ((stones >> from) & 1U) != 0 ? 0 : left;
        const std::uint64_t right_code = ((stones >> (to - 1)) & 1U) != 0 ? 0 : right;
        // Letter `from` in field 0: the key read backward; forward reverses it.
        const std::uint64_t backward_inside = spread_to_even_bits((high >> from) & low_bits(length)) << 1 |
                                              spread_to_even_bits((low >> from) & low_bits(length));
        const std::uint64_t forward_inside = length == 0 ? 0 : reversed_fields(backward_inside) >> (64 - 2 * length);
        const std::uint64_t forward = forward_inside | left_code << 62 | right_code << 60;
        const std::uint64_t backward = backward_inside | right_code << 62 | left_code << 60;
        on_part(least_key(forward, backward));
      }
    }
    start = next_start;
    left = next_left;
  }
}

// Every option of the part `key`, in the order of the letters' search (points
// left to right, X before O): on_option(parts, count), the parts' keys.
template <class F>
void options_by_masks(std::uint64_t key, std::size_t longest, F&& on_option) {
  using namespace masks_detail;
  const RowMasks part = masks_of_key(key);
  const Legal legal = legal_points(part);
  std::uint64_t parts[34];
  for (std::uint32_t points = legal.x | legal.o; points != 0; points &= points - 1) {
    const auto p = static_cast<unsigned>(std::countr_zero(points));
    const std::uint32_t bit = 1U << p;
    for (int colour = 0; colour < 2; ++colour) {
      if (((colour == 0 ? legal.x : legal.o) & bit) == 0) continue;
      RowMasks after = part;
      after.empty &= ~bit;
      std::uint32_t& own_mortal = colour == 0 ? after.mortal_x : after.mortal_o;
      std::uint32_t& own_immortal = colour == 0 ? after.immortal_x : after.immortal_o;
      own_mortal |= bit;
      // A run of one colour is one letter: the stone joins the runs beside it.
      const std::uint32_t own = own_mortal | own_immortal;
      const bool joins_left = ((own >> (p - 1)) & 1U) != 0;
      const bool joins_right = ((own >> (p + 1)) & 1U) != 0;
      unsigned drop = 0;
      if (joins_left && joins_right) {
        // The three letters become the left one, immortal when either side was.
        if (((own_immortal >> (p + 1)) & 1U) != 0) {
          own_mortal &= ~(1U << (p - 1));
          own_immortal |= 1U << (p - 1);
        }
        drop = 2;
      } else if (joins_left || joins_right) {
        drop = 1;  // the letter beside it stands for the run, as it is
      }
      if (drop != 0) {
        for (std::uint32_t* mask : {&after.empty, &after.dead, &after.wall, &after.mortal_x, &after.mortal_o,
                                    &after.immortal_x, &after.immortal_o}) {
          *mask = removed(*mask, p, drop);
        }
        after.n -= drop;
      }
      // Points nobody may play any more stay empty for good, and stones beside
      // them are immortal (nogo.cpp's proof; one pass, as the letters' split).
      const Legal now = legal_points(after);
      const std::uint32_t dead = after.empty & ~(now.x | now.o);
      after.empty &= ~dead;
      after.dead |= dead;
      const std::uint32_t beside_dead = after.dead << 1 | after.dead >> 1;
      after.immortal_x |= after.mortal_x & beside_dead;
      after.mortal_x &= ~beside_dead;
      after.immortal_o |= after.mortal_o & beside_dead;
      after.mortal_o &= ~beside_dead;
      std::size_t count = 0;
      parts_of_masks(after, longest, [&](std::uint64_t part_key) { parts[count++] = part_key; });
      on_option(static_cast<const std::uint64_t*>(parts), count);
    }
  }
}

}  // namespace grundy::nogo_row
