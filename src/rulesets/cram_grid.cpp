// Cram by the definition over 8-byte parts (cram_grid.hpp says what a part is).
#include "rulesets/cram_grid.hpp"

#include "grundy/search/part_engine_definitions.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "grundy/core/input_error.hpp"
#include "placement/box_symmetries.hpp"
#include "placement/least_image.hpp"
#include "rulesets/box_bits.hpp"

namespace grundy::cram_grid {
namespace {

constexpr int kWidestKey = 31;  // the width's 5 bits

// A region as bits of its box: cell r·w + c is free when its bit is set.
struct Region {
  int h;
  int w;
  std::uint64_t free;
};

namespace box = placement::detail::box;

using BoxMasks = rulesets_detail::BoxMasks<std::uint64_t>;
using rulesets_detail::beside;

// The cells `region` of a box of width w, cropped to their own box.
Region cropped(int h, int w, std::uint64_t region) {
  const rulesets_detail::Crop crop = rulesets_detail::crop_of(h, w, region);
  return Region{crop.h, crop.w, rulesets_detail::cropped(region, w, crop)};
}

// The regions of two cells or more of the free cells `free` of an h×w box,
// each cropped: on_region(Region).
template <class F>
void for_each_region(int h, int w, const BoxMasks& box, std::uint64_t free, F&& on_region) {
  std::uint64_t left = free;
  while (left != 0) {
    std::uint64_t region = left & (~left + 1);
    for (;;) {
      const std::uint64_t grown = (region | beside(region, w, box)) & free;
      if (grown == region) break;
      region = grown;
    }
    left &= ~region;
    if (std::popcount(region) >= 2) on_region(cropped(h, w, region));
  }
}

// The least key of the four images of an h×w box that keep its shape (as it
// is, rows reversed, the half turn, both), h <= w.
std::uint64_t least_of_four(int h, int w, std::uint64_t free) {
  const std::uint64_t head = static_cast<std::uint64_t>(h) << 61 | static_cast<std::uint64_t>(w) << 56;
  const auto images = placement::detail::four_flips(
      free, [&](std::uint64_t x) { return box::flip_rows(x, h, w); }, [&](std::uint64_t x) { return box::half_turn(x, h, w); });
  return head | std::min({images[0], images[1], images[2], images[3]});
}

// The least key of a region's images: the eight symmetries with the height
// at most the width (placement/least_image.hpp); 0 when the region does not
// fit a key. The images are made by the word operations of box_symmetries.hpp,
// not square by square (walk_of): a region's keys are made for every option
// of a search.
std::uint64_t key_of(const Region& g) {
  if (g.h * g.w > static_cast<int>(kMostCells) || std::max(g.h, g.w) > kWidestKey) return 0;
  return placement::detail::least_over_orientations<std::uint64_t>(
      g.h, g.w, g.free, [](std::uint64_t x, int h, int w) { return box::transpose(x, h, w); },
      [](int h, int w, std::uint64_t free) { return least_of_four(h, w, free); });
}

Region grid_of(std::uint64_t key) {
  return Region{static_cast<int>(key >> 61), static_cast<int>((key >> 56) & 31U), key & ((std::uint64_t{1} << 56) - 1)};
}

std::string text_of(std::uint64_t key) {
  const Region g = grid_of(key);
  std::string text;
  for (int r = 0; r < g.h; ++r) {
    if (r > 0) text += '/';
    for (int c = 0; c < g.w; ++c) text += ((g.free >> (r * g.w + c)) & 1U) != 0 ? '0' : '1';
  }
  return text;
}

// Every option of a region: on_option(keys of its regions, count), for each
// domino (its left or top cell i, and i + 1 or i + w).
template <class F>
void options_of(std::uint64_t key, F&& on_option) {
  const Region g = grid_of(key);
  const BoxMasks box = rulesets_detail::box_masks<std::uint64_t>(g.h, g.w);
  std::uint64_t parts[kMostCells];
  const auto play = [&](std::uint64_t domino) {
    std::size_t count = 0;
    for_each_region(g.h, g.w, box, g.free & ~domino, [&](const Region& region) { parts[count++] = key_of(region); });
    on_option(static_cast<const std::uint64_t*>(parts), count);
  };
  // A key's region fits a key, and so does every region inside its box.
  std::uint64_t across = g.free & ~box.right & (g.free >> 1);
  while (across != 0) {
    const std::uint64_t cell = across & (~across + 1);
    across &= across - 1;
    play(cell | (cell << 1));
  }
  std::uint64_t down = g.free & (g.free >> g.w);
  while (down != 0) {
    const std::uint64_t cell = down & (~down + 1);
    down &= down - 1;
    play(cell | (cell << g.w));
  }
}

// The keys of a board's regions of two cells or more (false when one does
// not fit a key).
bool keys_of_board(const rulesets_detail::LetterBoard& board, std::vector<std::uint64_t>& keys) {
  for (const std::vector<std::size_t>& region : rulesets_detail::connected_groups(board, '1')) {
    if (region.size() < 2) continue;  // no move, worth 0
    const rulesets_detail::LetterBoard part = rulesets_detail::cropped(board.cols, board.cells, region, '1');
    if (part.cells.size() > kMostCells) return false;
    Region g{part.rows, part.cols, 0};
    for (std::size_t i = 0; i < part.cells.size(); ++i)
      if (part.cells[i] == '0') g.free |= std::uint64_t{1} << i;
    const std::uint64_t key = key_of(g);
    if (key == 0) return false;
    keys.push_back(key);
  }
  return true;
}

}  // namespace

struct RegionRules {
  template <class F>
  static void for_each_option(std::uint64_t key, F&& on_option) {
    options_of(key, on_option);
  }
  // A claim's cost: the region's cells.
  static std::size_t weight(std::uint64_t key) { return static_cast<std::size_t>(std::popcount(grid_of(key).free)); }
  static constexpr const char* kWhat = "Cram";
  static constexpr const char* kCertificateGame = "cram";
  static bool keys_of_board(const rulesets_detail::LetterBoard& board, std::vector<std::uint64_t>& keys) {
    return cram_grid::keys_of_board(board, keys);
  }
  static std::string text_of(std::uint64_t key) { return cram_grid::text_of(key); }
  static std::string too_large() {
    return "has a region whose box holds more than " + std::to_string(kMostCells) + " cells or is wider than " +
           std::to_string(kWidestKey);
  }
};

}  // namespace grundy::cram_grid

namespace grundy::search {
template class PartEngine<cram_grid::RegionRules, rulesets_detail::LetterBoard>;
}  // namespace grundy::search
