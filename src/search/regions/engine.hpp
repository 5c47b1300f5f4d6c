// The bitboard search behind PlacementSolver (private to the library).
//
// A region is a connected set of live cells, laid out row-major in its bounding
// box (height x width <= 64*N bits). Solving one:
//   for each legal move: remove its cells, prune cells no move can use any more,
//   split what is left into connected parts, canonicalise each part (crop to its
//   bounding box, least image under the rule's symmetries), look it up or solve
//   it, xor the parts;  value = mex of those xors.
// Engine<N> works on N-word bitboards; a part that fits fewer words is handed to
// the smaller engine (Engines::part_value), so a big sparse board does not make
// its small parts pay for wide words. Recursion depth is at most the number of
// moves in a game (<= 1024 cells / smallest piece), which the call stack holds.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <optional>
#include <tuple>
#include <vector>

#include "grundy/core/input_error.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/search/bits.hpp"
#include "grundy/placement/rule.hpp"
#include "grundy/search/frame_stack.hpp"
#include "grundy/search/outcome_search.hpp"
#include "placement/least_image.hpp"
#include "region.hpp"
#include "region_reductions.hpp"
#include "region_table.hpp"
#include "table_file.hpp"

namespace grundy::placement::detail {

// Thrown by a write to a full table shared between threads (see Engine::Tables).
struct TablesFull {};


class Engines;

// Dominoes in both orientations and nothing else: Cram.
inline bool is_dominoes(const Rule& rule) {
  if (rule.kind != RuleKind::place || rule.shapes.size() != 2) return false;
  for (const Shape& s : rule.shapes) {
    if (s.cells.size() != 2) return false;
  }
  return rule.shapes[0].height != rule.shapes[1].height;
}

template <std::size_t N>
class Engine {
 public:
  static constexpr std::size_t kWords = N;

  // The tables of an engine: exact values and "G + *n is a win" masks. Two
  // engines (one a thread) may share them; then reads are optimistic (a
  // sequence number, even when no write is under way, read before and after:
  // no write to shared memory per read) and writes take a spin lock. Shared
  // tables do not grow (they are sized before the threads start): a full one
  // is flushed, as under a memory bound.
  struct Tables {
    RegionTable<Region<N>, std::uint16_t> values{kTableStart};
    RegionTable<Region<N>, std::uint64_t> wins{kWinsStart};
    std::atomic<std::uint64_t> sequence{0};
    std::atomic_flag writing = ATOMIC_FLAG_INIT;
    bool shared = false;
    std::atomic<bool>* full = nullptr;  // raised when a shared table has no room left
    std::size_t flushes = 0;            // tables emptied at the memory bound, by either thread
    // (region, heap) pairs some thread is searching now, by hash: the other
    // thread searches them last (ABDADA's deferral). A collision only changes
    // an order.
    static constexpr std::size_t kBusySlots = std::size_t{1} << 14;
    std::unique_ptr<std::atomic<std::uint64_t>[]> busy;
  };

  // The writers' spin lock of shared tables, held while it lives (nothing for
  // the tables of one thread).
  class WriteLock {
   public:
    explicit WriteLock(Tables& t) : t_(t.shared ? &t : nullptr) {
      if (t_ == nullptr) return;
      while (t_->writing.test_and_set(std::memory_order_acquire)) {
      }
    }
    ~WriteLock() {
      if (t_ != nullptr) t_->writing.clear(std::memory_order_release);
    }
    WriteLock(const WriteLock&) = delete;
    WriteLock& operator=(const WriteLock&) = delete;

   private:
    Tables* t_;
  };

  Engine(const Rule& rule, Engines& all, std::shared_ptr<Tables> tables = nullptr)
      : rule_(&rule),
        all_(&all),
        tables_(tables ? std::move(tables) : std::make_shared<Tables>()),
        geometries_((kSide + 1) * (kSide + 1)),
        pieces_from_centre_((kSide + 1) * (kSide + 1)) {}

  [[nodiscard]] const std::shared_ptr<Tables>& tables() const noexcept { return tables_; }

  // Before a second thread shares the tables: room for four times the entries
  // they hold (twice from 2^22; at least 2^16) if the memory bound allows it,
  // else one doubling if that fits (a shared table at the bound is flushed in
  // place when full).
  // `full` is raised when a shared table that may grow runs out of room: the
  // threads stop and this runs again.
  void share_tables(std::atomic<bool>* full) {
    auto make_room = [&](auto& table) {
      using Table = std::remove_reference_t<decltype(table)>;
      // 4x while small (few stops), 2x once large (the memory is real).
      const std::size_t size = table.size();
      const std::size_t wanted =
          std::max<std::size_t>(size < (std::size_t{1} << 22) ? 4 * size : 2 * size, std::size_t{1} << 16);
      std::size_t capacity = table.capacity();
      while (capacity * 3 < wanted * 4) capacity <<= 1;
      const std::size_t extra = Table::bytes_for(capacity) - table.memory_bytes();
      if (capacity > table.capacity() && (!bounded() || may_grow(extra))) {
        table.reserve(wanted);
      } else if (bounded() && (size + 1) * 4 > table.capacity() * 3 * 3 / 4 && may_grow(table.memory_bytes())) {
        table.reserve(2 * size + 1);  // near the bound: one doubling while it fits
      }
    };
    make_room(tables_->values);
    make_room(tables_->wins);
    tables_->busy = std::make_unique<std::atomic<std::uint64_t>[]>(Tables::kBusySlots);
    tables_->full = full;
    tables_->shared = true;
  }
  void unshare_tables() {
    tables_->shared = false;
    tables_->busy.reset();
  }

  // The least memory bound under which this engine's tables can exist and grow
  // once: both at their first size, plus one doubling of the larger.
  static std::size_t minimum_bytes() noexcept {
    const std::size_t values = ValueTable::bytes_for(kTableStart);
    const std::size_t wins = WinTable::bytes_for(kWinsStart);
    return 2 * values + wins;
  }

  // The geometry a region of an h x w box is laid out in. One word: boxes
  // within 8x8 use stride 8 (an h x 8 box whose columns from w on are never
  // free), so that cropping is one shift and the 8 symmetries are word
  // operations with no repacking; larger boxes use stride w.
  const Geometry<N>& geometry(int h, int w) {
    if constexpr (N == 1) {
      if (h <= 8 && w <= 8) w = 8;
    }
    auto& slot = geometries_[static_cast<std::size_t>(h) * (kSide + 1) + static_cast<std::size_t>(w)];
    if (!slot) slot = std::make_unique<Geometry<N>>(*rule_, h, w);
    return *slot;
  }

  // Every placement of a piece inside an h x w box (laid out in g, the box's
  // geometry), ordered by the distance of its cells from the middle of the box,
  // nearest first. The look-ahead walks the moves in this order: it stops at
  // the first option whose known value answers the node, and a move near the
  // middle splits the region into small parts, which are known (solved by
  // full mex or stored) more often than the one large part an edge move leaves.
  const std::vector<Bits<N>>& pieces_from_centre(const Geometry<N>& g, int h, int w) {
    auto& slot = pieces_from_centre_[static_cast<std::size_t>(h) * (kSide + 1) + static_cast<std::size_t>(w)];
    if (slot) return *slot;
    std::vector<std::pair<int, Bits<N>>> ranked;
    for (std::size_t s = 0; s < g.anchors.size(); ++s) {
      g.anchors[s].for_each([&](std::size_t a) {
        Bits<N> cells;
        int distance = 0;
        bool inside = true;
        for (std::size_t off : g.offsets[s]) {
          const std::size_t i = a + off;
          const int r = g.row_of[i];
          const int c = g.col_of[i];
          inside = inside && r < h && c < w;
          cells.set(i);
          distance += std::abs(2 * r - (h - 1)) + std::abs(2 * c - (w - 1));
        }
        if (inside) ranked.emplace_back(distance, cells);
      });
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    slot = std::make_unique<std::vector<Bits<N>>>();
    for (const auto& [distance, cells] : ranked) slot->push_back(cells);
    return *slot;
  }

  // The least image of a cropped cell list (cells within h x w) under the rule's symmetries.
  [[nodiscard]] Region<N> canonical(const std::vector<Cell>& cells, int h, int w) const {
    if constexpr (N == 1) {
      if (h <= 8 && w <= 8) {
        std::uint64_t x = 0;
        for (const Cell& cell : cells) x |= std::uint64_t{1} << (cell.row * 8 + cell.col);
        return canonical_square(x, h, w);
      }
    }
    // The least image has the least (height, width); images with other box
    // dimensions cannot win, so they are not built.
    int best_h = h;
    for (int t : rule_->symmetries) best_h = std::min(best_h, image_rows(t, h, w));
    LeastImage<Region<N>, RegionOrder> least;
    for (int t : rule_->symmetries) {
      if (image_rows(t, h, w) != best_h) continue;
      const int tw = image_rows(t, w, h);
      Region<N> image;
      image.height = static_cast<std::uint16_t>(best_h);
      image.width = static_cast<std::uint16_t>(tw);
      for (Cell cell : cells) {
        int hh = h;
        int ww = w;
        apply_symmetry(t, cell.row, cell.col, hh, ww);
        image.cells.set(static_cast<std::size_t>(cell.row * tw + cell.col));
      }
      least.consider(image);
    }
    return least.best();
  }

  // Regions in the order of canonical(): (height, width, cells).
  struct RegionOrder {
    int operator()(const Region<N>& a, const Region<N>& b) const noexcept {
      if (a.height != b.height) return a.height < b.height ? -1 : 1;
      if (a.width != b.width) return a.width < b.width ? -1 : 1;
      if (a.cells.less(b.cells)) return -1;
      return a.cells == b.cells ? 0 : 1;
    }
  };

  // The least image of a stride-8 box of at most 8x8, ordered by (height, width,
  // stride-8 word); returned in the usual stride-width layout. Also notes when
  // the least image is reached by one symmetry only (Region::asymmetric).
  [[nodiscard]] Region<N> canonical_square(std::uint64_t x, int h, int w) const {
    if (rule_->symmetries.size() == kBoxSymmetries) {
      // All eight (Cram, 2x2 blocks, Node Kayles): the least box is min x max,
      // so a non-square box needs only the four images in that orientation.
      // The lambdas inlined by hand as GCC inlined this before 48d00b5 (a
      // call of its own there: 5 % of a Cram search more).
      LeastImage<std::uint64_t> least;
      for_each_least_orientation(
          h, w, x, [](std::uint64_t y, int, int) __attribute__((always_inline)) { return square::transpose(y); },
          [&](int rows, int cols, std::uint64_t base) __attribute__((always_inline)) {
            const auto rows_flipped = [rows](std::uint64_t y) __attribute__((always_inline)) {
              return square::flip_rows(y, rows);
            };
            const auto cols_flipped = [cols](std::uint64_t y) __attribute__((always_inline)) {
              return square::flip_cols(y, cols);
            };
            for (const std::uint64_t image : four_flips(base, rows_flipped, cols_flipped)) least.consider(image);
          });
      return word_region(least.best(), std::min(h, w), std::max(h, w), least.ties());
    }
    // Ordered by (height, width, stride-8 word).
    struct Image {
      int height = 0;
      int width = 0;
      std::uint64_t cells = 0;
      auto operator<=>(const Image&) const = default;
    };
    LeastImage<Image> least;
    for (int t : rule_->symmetries) {
      Image image{h, w, x};
      if (t & 1) image = Image{w, h, square::transpose(x)};
      if (t & 2) image.cells = square::flip_rows(image.cells, image.height);
      if (t & 4) image.cells = square::flip_cols(image.cells, image.width);
      least.consider(image);
    }
    return word_region(least.best().cells, least.best().height, least.best().width, least.ties());
  }

  // A least image in one word (stride 8 within 8x8, stride w beyond: see
  // geometry()); `ties`, the other symmetries that reach it.
  static Region<N> word_region(std::uint64_t cells, int h, int w, int ties) {
    Region<N> r;
    r.height = static_cast<std::uint16_t>(h);
    r.width = static_cast<std::uint16_t>(w);
    r.cells.words[0] = cells;
    r.asymmetric = ties == 0;
    return r;
  }

  // The cells of `free` that some legal move still uses.
  [[nodiscard]] Bits<N> prune(const Geometry<N>& g, const Bits<N>& free) const {
    if (rule_->kind == RuleKind::node_kayles) return free;
    Bits<N> live;
    for (std::size_t s = 0; s < g.anchors.size(); ++s) {
      Bits<N> anchors = g.anchors[s];
      for (std::size_t off : g.offsets[s]) anchors &= free.shr(off);
      if (!anchors.any()) continue;
      for (std::size_t off : g.offsets[s]) live |= anchors.shl(off);
    }
    return live;
  }

  // Value of any set of free cells of an h x w box: the xor over its parts.
  Nimber value_of_cells(const Geometry<N>& g, const Bits<N>& free);
  // Whether (those cells + *heap) is a first-player win.
  bool cells_win(const Geometry<N>& g, const Bits<N>& free, Nimber heap);

  // Calls f(part) for each connected part of the live cells of `free`, after
  // the rule's reductions (region_reductions.hpp): parts with the same value as the
  // cells they come from.
  template <class F>
  void for_each_part(const Geometry<N>& g, const Bits<N>& free, F&& f) const {
    if (dominoes_ && (reductions_ & (kPendantTwins | kBridges | kDiagonalTwins)) != 0) {
      for_each_cram_part(g, reduce_pendants(g, free, reductions_), f);
      return;
    }
    Bits<N> rest = prune(g, free);
    if (rule_->kind == RuleKind::node_kayles && (reductions_ & kClosedTwins) != 0) {
      rest = reduce_closed_twins(g, rest, rule_->connectivity);
    }
    while (rest.any()) {
      Bits<N> part;
      part.set(rest.lowest());
      for (;;) {
        const Bits<N> grown = g.dilate(part, rule_->connectivity) & rest;
        if (grown == part) break;
        part = grown;
      }
      rest = rest.minus(part);
      f(part);
    }
  }

  // Cram, on cells already pendant-reduced (no isolated cell left): the parts
  // with the diagonal-twin edges cut; a part the cuts split off is reduced again
  // (its cells lost neighbours) and split again.
  template <class F>
  void for_each_cram_part(const Geometry<N>& g, const Bits<N>& cells, F& f) const {
    const Bits<N> cuts = (reductions_ & kDiagonalTwins) ? diagonal_twin_cuts(g, cells) : Bits<N>{};
    const Bits<N> go_right = g.not_last_col.minus(cuts);
    const Bits<N> go_left = go_right.shl(1);
    const std::size_t w = static_cast<std::size_t>(g.width);
    Bits<N> rest = cells;
    while (rest.any()) {
      Bits<N> part;
      part.set(rest.lowest());
      for (;;) {
        const Bits<N> grown =
            (part | (part & go_right).shl(1) | (part & go_left).shr(1) | part.shl(w) | part.shr(w)) & rest;
        if (grown == part) break;
        part = grown;
      }
      rest = rest.minus(part);
      if (cuts.any() && !(part == cells)) {
        const Bits<N> reduced = reduce_pendants(g, part, reductions_);
        if (reduced == part) {
          f(part);
        } else if (reduced.any()) {
          for_each_cram_part(g, reduced, f);
        }
      } else {
        f(part);
      }
    }
  }

  // The number of legal moves of a region.
  [[nodiscard]] std::size_t count_moves(const Geometry<N>& g, const Bits<N>& free) const {
    std::size_t moves = 0;
    if (rule_->kind == RuleKind::place) {
      for (std::size_t s = 0; s < g.anchors.size(); ++s) {
        Bits<N> anchors = g.anchors[s];
        for (std::size_t off : g.offsets[s]) anchors &= free.shr(off);
        moves += static_cast<std::size_t>(anchors.count());
      }
      return moves;
    }
    return static_cast<std::size_t>(free.count());
  }

  // Calls f(after) with the free cells left by each legal move of a region,
  // until f returns true; whether it did.
  template <class F>
  bool for_each_move_until(const Geometry<N>& g, const Bits<N>& free, F&& f) const {
    if (rule_->kind == RuleKind::place) {
      for (std::size_t s = 0; s < g.anchors.size(); ++s) {
        Bits<N> anchors = g.anchors[s];
        for (std::size_t off : g.offsets[s]) anchors &= free.shr(off);
        while (anchors.any()) {
          const std::size_t a = anchors.lowest();
          anchors.reset(a);
          charge_move(g);
          Bits<N> after = free;
          for (std::size_t off : g.offsets[s]) after.reset(a + off);
          if (f(after)) return true;
        }
      }
      return false;
    }
    Bits<N> vertices = free;
    while (vertices.any()) {
      const std::size_t v = vertices.lowest();
      vertices.reset(v);
      charge_move(g);
      Bits<N> vertex;
      vertex.set(v);
      if (f(free.minus(g.dilate(vertex, rule_->connectivity)))) return true;
    }
    return false;
  }

  // Calls f(after) with the free cells left by each legal move of a region.
  template <class F>
  void for_each_move(const Geometry<N>& g, const Bits<N>& free, F&& f) const {
    for_each_move_until(g, free, [&](const Bits<N>& after) {
      f(after);
      return false;
    });
  }

  // A part of an h x w box cropped to its own box and made canonical, in this
  // engine's width.
  Region<N> crop_canonical(const Geometry<N>& g, const Bits<N>& part);

  // The h x w sub-box at (r0, c0) of a one-word box, in stride w.
  static std::uint64_t to_box(const Geometry<N>& g, const Bits<N>& part, int r0, int c0, int h, int w);

  // The least image of a one-word box (stride w) that is not within 8x8, for a
  // rule with all 8 symmetries: the least box is min x max, and a box wider
  // than 8 is never square, so only the four flips of that orientation count.
  // Same order (height, width, word) and layout as canonical().
  [[nodiscard]] Region<N> canonical_wide(std::uint64_t x, int h, int w) const {
    LeastImage<std::uint64_t> least;
    int rows = h;
    int cols = w;
    for_each_least_orientation(
        h, w, x, [](std::uint64_t y, int hh, int ww) { return box::transpose(y, hh, ww); },
        [&](int image_h, int image_w, std::uint64_t base) {
          rows = image_h;
          cols = image_w;
          const auto rows_flipped = [&](std::uint64_t y) { return box::flip_rows(y, image_h, image_w); };
          const auto turned = [&](std::uint64_t y) { return box::half_turn(y, image_h, image_w); };
          for (const std::uint64_t image : four_flips(base, rows_flipped, turned)) least.consider(image);
        });
    return word_region(least.best(), rows, cols, least.ties());
  }

  // The h x w sub-box at (r0, c0) of a one-word box, in stride 8.
  static std::uint64_t to_square(const Geometry<N>& g, const Bits<N>& part, int r0, int c0, int h, int w);

  // Regions of at most this many cells are valued by full mex (solve); larger
  // ones by the outcome search (evaluate). A huge value means full mex only.
  void set_exact_cells(int cells) noexcept { exact_cells_ = cells; }

  // The requested-set search (requested_set.hpp): a node's exact value, or
  // kNotInSet when it is certain not to be in `requested` (values < 64).
  static constexpr Nimber kNotInSet = ~Nimber{0};
  Nimber in_set(const Region<N>& region, std::uint64_t requested);

  // Certificates (claims.hpp, docs/certificates.md versions 2 to 4): chosen
  // from what the value search keeps, exact values and the answers "not r"
  // of its win table, and asked again where that is not enough. (Keeping
  // every answer "not in R" while searching, as it did before, cost more
  // than it saved: Cram 5x7 1.07-1.20 s against 0.95-1.06 s, 5x8 the same.)
  // One thread only.
  struct Lacking {
    Region<N> region;
    std::uint64_t set;  // g(region) is none of the set's values
    // The options whose values prove it, by their numbers in the checker's
    // order (option_numbers; version 4 names them).
    std::vector<std::uint32_t> read;
  };
  struct Claims {
    std::vector<std::pair<Region<N>, Nimber>> exact;  // g(region) = value
    std::vector<Lacking> lacking;
  };
  // The claims that prove the values of `roots` (canonical regions) by the
  // checker's rule for version 4, chosen from what the search found (asked
  // again where it is missing); each root claimed exactly.
  Claims claims_for(const std::vector<Region<N>>& roots);
  // A canonical region as a certificate writes it: rows of 0 (free) and 1 joined by '/'.
  std::string region_text(const Region<N>& region);
  // The numbers of the options `afters` of `region` (the free cells each
  // move leaves) in the order of the checker's rules file for a region as
  // region_text writes it: the pieces by their cells in reading order, so
  // for Cram each cell's domino to the right, then the one below
  // (docs/certificates.md "Version 4").
  std::vector<std::uint32_t> option_numbers(const Region<N>& region, const std::vector<Bits<N>>& afters);
  // The canonical parts of a set of free cells of g's box (for_each_part, cropped).
  std::vector<Region<N>> parts_of(const Geometry<N>& g, const Bits<N>& free) {
    std::vector<Region<N>> out;
    for_each_part(g, free, [&](const Bits<N>& part) { out.push_back(crop_canonical(g, part)); });
    return out;
  }
  // in_set with every value requested; values of 64 and more by the outcome search.
  Nimber exact_value(const Region<N>& region);
  // The root's loop: r = 0, 1, ... asked of every option until none has r.
  Nimber value_by_aspiration(const Region<N>& region);
  // The value of a set of free cells if in `requested`, else (perhaps) kNotInSet.
  Nimber cells_value_in(const Geometry<N>& g, const Bits<N>& free, std::uint64_t requested);
  // Whether a set of free cells of an h x w box has value `target`.
  bool cells_have_value(const Geometry<N>& g, const Bits<N>& free, Nimber target);

  // Regions above the full-mex size: the requested-set search (default) or
  // the outcome search (Lemoine–Viennot).
  void set_requested_set(bool on) noexcept { requested_set_ = on; }
  [[nodiscard]] bool requested_set() const noexcept { return requested_set_; }
  void set_reductions(unsigned reductions) noexcept { reductions_ = reductions; }
  // A second thread's engine: the root's options are walked last first, so
  // that the two threads start the root's passes at opposite ends and meet in
  // the middle, each finding the other's answers in the shared tables.
  void set_root_reversed(bool reversed) noexcept { root_reversed_ = reversed; }

  // The value of a canonical region, by whichever search suits its size.
  Nimber evaluate(const Region<N>& region);

  // Is G + *heap a first-player win (G canonical)? A move in G leaves parts; all
  // but the largest are valued exactly (small ones by full mex) and folded into
  // the heap, so every question stays "one region plus a heap" and its answer
  // can be kept per region: the exact value once a P-position G + *n is found,
  // and otherwise a mask of the heaps n < 64 known to make G + *n a win.
  bool wins(const Region<N>& region, Nimber heap);

  // Value of a canonical region.
  Nimber solve(const Region<N>& region);

  // All tables of all engines together keep at most the Engines' memory limit:
  // when a table's next growth (a doubling) would pass it, that table is emptied
  // instead (a flush; its capacity stays, so the total never passes the bound). The search stays correct — values
  // on the recursion stack live in its frames, not in the table — and the parts
  // still needed are solved again. For these games the small regions near the
  // leaves are re-found quickly, so a flush costs time, not the answer; an LRU or
  // depth-preferred policy would need per-entry metadata the table does not keep.
  [[nodiscard]] std::size_t stored() const noexcept { return tables_->values.size(); }
  [[nodiscard]] std::size_t bytes() const noexcept {
    return tables_->values.memory_bytes() + tables_->wins.memory_bytes();
  }
  [[nodiscard]] std::size_t flushes() const noexcept { return tables_->flushes; }
  [[nodiscard]] std::size_t searched() const noexcept { return searched_; }
  [[nodiscard]] std::size_t visited() const noexcept { return visited_; }

  void save(TableWriter& out) const;

  // Empties both tables (after a table file was refused half-way).
  void clear_tables();

  // Reads one section that save wrote (after its word count): the empty
  // string, or what is wrong with it. The count is checked against the bytes
  // the file still holds before any room is made for it, and every entry
  // against what a stored region can be: a box of this engine's width, cells
  // inside it, a value no larger than its number of moves.
  std::string load(TableReader& in);

 private:
  static constexpr std::size_t kSide = Bits<N>::kCapacity;

  // The cells of an h x w box in its layout (see geometry()).
  static Bits<N> box_cells(int h, int w);

  // At least the number of legal moves of a region of `cells` cells (a move
  // places a piece in one of its orientations at a cell, or takes a vertex),
  // and so at least its nim-value (a mex of that many options).
  [[nodiscard]] std::size_t most_moves(int cells) const noexcept {
    const std::size_t orientations = rule_->kind == RuleKind::place ? rule_->shapes.size() : 1;
    return static_cast<std::size_t>(cells) * orientations;
  }

  // Tweedledum-Tweedledee: if a symmetry s of order 2 maps the region to itself
  // and no legal move M meets the cells s(M) needs (M and s(M) never collide),
  // the second player answers every M with s(M) and wins, so the value is 0. The
  // position after M, s(M) is symmetric again and has fewer moves, so the
  // condition holds there too. (Cram on even x even boards is the classic case.)
  bool mirror_strategy(const Geometry<N>& g, const Region<N>& region) const;

  bool symmetric_under(const Region<N>& region, int t) const;

  // The value if it needs no search: a single move left, or already stored.
  std::optional<Nimber> stored_value(const Region<N>& r) const {
    const int cells = r.cells.count();
    if (cells < 2 * rule_->min_piece_cells) return cells == 0 ? 0 : 1;
    return table_value(r);
  }

  // The value when it is cheap to have: a single move left, already stored, or
  // small enough for full mex.
  std::optional<Nimber> known(const Region<N>& r) {
    const int cells = r.cells.count();
    if (cells < 2 * rule_->min_piece_cells) return cells == 0 ? 0 : 1;
    if (cells <= exact_cells_) {
      SmallValue& slot = small_values_[RegionHash<N>{}(r) & (kSmallValues - 1)];
      if (slot.height == r.height && slot.width == r.width && slot.cells == r.cells) return slot.value;
      const auto stored = table_value(r);
      const Nimber v = stored ? *stored : solve(r);
      slot = SmallValue{r.cells, r.height, r.width, static_cast<std::uint16_t>(v)};
      return v;
    }
    if (const auto v = table_value(r)) return *v;
    return std::nullopt;
  }

  // known(), or 0 by the mirror strategy (remembered then): the values the
  // searches of a requested set and of aspiration windows take before
  // searching.
  std::optional<Nimber> known_or_mirrored(const Region<N>& r) {
    if (const auto v = known(r)) return v;
    if (mirror_strategy(geometry(r.height, r.width), r)) {
      remember(r, 0);
      return Nimber{0};
    }
    return std::nullopt;
  }

  // Parts small enough for full mex are over 40% of the look-ahead's table
  // reads (Cram 4x11: 29 of 67 million), and the value table (megabytes) mostly
  // misses the cache; their values also sit in this small direct-mapped copy
  // (256 KB for one-word regions, within the L2 cache), one per slot, the last
  // one read. Exact values, so never stale; private to the engine (each thread
  // its own), beside the memory bound like the busy marks.
  struct SmallValue {
    Bits<N> cells;
    std::uint16_t height = 0;  // 0: empty slot (no region has an empty box)
    std::uint16_t width = 0;
    std::uint16_t value = 0;
  };
  static constexpr std::size_t kSmallValues = std::size_t{1} << 14;
  std::unique_ptr<SmallValue[]> small_values_ = std::make_unique<SmallValue[]>(kSmallValues);

  [[gnu::always_inline]] std::optional<std::uint16_t> table_value(const Region<N>& r) const {
    return read(tables_->values, r);
  }
  [[gnu::always_inline]] std::uint64_t win_mask(const Region<N>& r) const { return read(tables_->wins, r).value_or(0); }

  // A table entry, or none; see Tables for the protocol when shared. Every
  // word of an entry is read atomically (region_table.hpp), so a read that
  // overlaps a write is no data race; the sequence number tells it to retry.
  // The single-thread read inlined where it is asked (the table's find
  // with it: Engine::known is a quarter of a Cram search), the shared one a
  // call: with both inlined GCC 12 made this a call of its own, 8 % more CPU
  // on Cram 5x8 (docs/performance.md).
  template <class Table>
  [[gnu::always_inline]] auto read(const Table& table, const Region<N>& r) const {
    if (!tables_->shared) [[likely]] return table.find(r);
    return read_shared(table, r);
  }
  template <class Table>
  [[gnu::noinline]] auto read_shared(const Table& table, const Region<N>& r) const {
    for (;;) {
      const std::uint64_t before = tables_->sequence.load(std::memory_order_acquire);
      if (before & 1U) continue;
      const auto got = table.find(r);
      std::atomic_thread_fence(std::memory_order_acquire);
      if (tables_->sequence.load(std::memory_order_relaxed) == before) return got;
    }
  }

  // Sets the entry of r to update(old entry or nullopt).
  template <class Table, class Update>
  void write(Table& table, const Region<N>& r, Update update) {
    if (!tables_->shared) {
      const bool grows = (table.size() + 1) * 4 > table.capacity() * 3;
      if (grows && !may_grow(table.memory_bytes())) {
        table.clear();
        ++tables_->flushes;
      }
      table.set(r, update(table.find(r)));
      return;
    }
    bool room = false;
    {
      const WriteLock lock(*tables_);
      const std::uint64_t s = tables_->sequence.load(std::memory_order_relaxed);
      tables_->sequence.store(s + 1, std::memory_order_relaxed);  // odd: readers retry
      std::atomic_thread_fence(std::memory_order_release);
      room = (table.size() + 1) * 4 <= table.capacity() * 3;
      if (!room && bounded() && !may_grow(table.memory_bytes())) {
        // At the memory bound: flushed in place, as with one thread.
        table.clear();
        ++tables_->flushes;
        room = true;
      }
      if (room) table.set(r, update(table.find(r)));
      tables_->sequence.store(s + 2, std::memory_order_release);
    }
    if (!room) {
      tables_->full->store(true, std::memory_order_relaxed);
      throw TablesFull{};
    }
  }

  void remember(const Region<N>& region, Nimber value) {
    if (value > 0xFFFF) throw LimitError("a nim-value above 65535 does not fit the placement table");
    write(tables_->values, region, [value](std::optional<std::uint16_t>) { return static_cast<std::uint16_t>(value); });
  }

  void remember_win(const Region<N>& region, std::uint64_t mask) {
    write(tables_->wins, region, [mask](std::optional<std::uint64_t> old) { return old.value_or(0) | mask; });
  }

  // The busy slot of (region, heap) when the tables are shared, else null.
  std::atomic<std::uint64_t>* busy_slot(const Region<N>& region, Nimber heap, std::uint64_t& key) const {
    if (!tables_->shared) return nullptr;
    key = (static_cast<std::uint64_t>(RegionHash<N>{}(region)) ^ (heap * 0x9E3779B97F4A7C15ULL)) | 1U;
    return &tables_->busy[(key >> 17) & (Tables::kBusySlots - 1)];
  }

  // Whether the other thread is searching this question now: (part, heap) in
  // the outcome search, (part, requested set) in the requested-set search.
  // Never on one thread.
  bool asked_elsewhere(const Region<N>& part, std::uint64_t question) const {
    std::uint64_t key = 0;
    const auto* slot = busy_slot(part, question, key);
    return slot != nullptr && slot->load(std::memory_order_relaxed) == key;
  }

  // Forwarded to Engines, defined after it (it is incomplete here): tick() for
  // a node, charge_move(g) for each move generated in the box g (Engines::charge).
  void tick();
  void charge_move(const Geometry<N>& g) const;
  bool may_grow(std::size_t bytes);
  bool bounded() const;

  using ValueTable = RegionTable<Region<N>, std::uint16_t>;
  using WinTable = RegionTable<Region<N>, std::uint64_t>;
  static constexpr std::size_t kTableStart = std::size_t{1} << 12;
  static constexpr std::size_t kWinsStart = std::size_t{1} << 10;

  const Rule* rule_;
  Engines* all_;
  std::shared_ptr<Tables> tables_;
  std::vector<std::unique_ptr<Geometry<N>>> geometries_;
  // Per box size (h, w): every placement of a piece inside the box, nearest
  // the middle first (see pieces_from_centre).
  std::vector<std::unique_ptr<std::vector<Bits<N>>>> pieces_from_centre_;
  int exact_cells_ = 0;
  // Cram (dominoes in both orientations): its own reductions and splitting.
  bool dominoes_ = is_dominoes(*rule_);
  unsigned reductions_ = kAllReductions;
  std::size_t searched_ = 0;
  std::size_t visited_ = 0;  // requested-set questions asked, table hits included
  std::vector<Cell> crop_;

  // claims.hpp: what is known of an option's value, and the choice of claims.
  struct ClaimOption;
  std::vector<ClaimOption> claim_options(const Region<N>& region);

  // Marks (region, heap) busy in the shared tables while this search runs.
  class BusyMark {
   public:
    BusyMark(const Engine& e, const Region<N>& region, Nimber heap) : slot_(e.busy_slot(region, heap, key_)) {
      if (slot_) slot_->store(key_, std::memory_order_relaxed);
    }
    ~BusyMark() {
      if (slot_) {
        std::uint64_t expected = key_;
        slot_->compare_exchange_strong(expected, 0, std::memory_order_relaxed);
      }
    }
    BusyMark(const BusyMark&) = delete;
    BusyMark& operator=(const BusyMark&) = delete;

   private:
    std::uint64_t key_ = 0;
    std::atomic<std::uint64_t>* slot_;
  };
  // The largest single value r a question asks for witnesses of first (an
  // option of value r) before the full sweep (in_set).
  static constexpr Nimber kWitnessFirstUpTo = 3;
  // One requested-set node's options: the unknown parts of every option (its
  // largest first), and per option where they are, the xor of its known parts
  // and its place in the order.
  struct SetOption {
    std::uint32_t first = 0;
    std::uint32_t count = 0;
    Nimber known_xor = 0;
    std::uint64_t order = 0;
    std::uint64_t ruled_out = 0;  // values this option is known not to have
    bool settled = false;         // its value is already counted
  };
  struct SetFrame {
    std::vector<Region<N>> parts;
    std::vector<std::uint32_t> deferred;  // options left for a second sweep (two threads)
    std::vector<SetOption> options;
  };
  std::uint32_t centre_rank(const Geometry<N>& g, const Region<N>& region, const Bits<N>& placed) const;
  Nimber fold_other_parts(SetFrame& f, SetOption& o);
  template <class Settled>
  bool gather_options(const Region<N>& region, SetFrame& f, Settled&& settled);
  bool requested_set_ = true;
  bool root_reversed_ = false;
  FrameStack<SetFrame> set_frames_;

  // The outcome search's questions to this engine (grundy/core/outcome_search.hpp).
  friend class OutcomeSearch<Engine>;
  using Part = Region<N>;
  using RawPart = Bits<N>;
  void list_moves(const Region<N>& region, ListedMoves<Bits<N>>& moves) {
    const Geometry<N>& g = geometry(region.height, region.width);
    for_each_move(g, region.cells, [&](const Bits<N>& after) {
      moves.begin_move();
      for_each_part(g, after, [&](const Bits<N>& part) { moves.add_part(part, part.count()); });
    });
  }
  Region<N> to_part(const Region<N>& parent, const Bits<N>& raw) {
    return crop_canonical(geometry(parent.height, parent.width), raw);
  }
  std::optional<Nimber> known_value(const Region<N>& part, int) const { return stored_value(part); }
  // A reply that restores a mirror position settles at once.
  std::optional<Nimber> sole_unknown_value(const Region<N>& part, int) {
    if (!mirror_strategy(geometry(part.height, part.width), part)) return std::nullopt;
    remember(part, 0);
    return Nimber{0};
  }
  Nimber value(const Region<N>& part, int) { return evaluate(part); }
  bool wins(const Region<N>& part, int, Nimber heap) { return wins(part, heap); }
  void remember_first_player_win(const Region<N>& part, Nimber heap) { remember_win(part, std::uint64_t{1} << heap); }
  void searching(const Region<N>&, Nimber) {
    ++searched_;
    tick();
  }
  BusyMark busy(const Region<N>& part, Nimber heap) const { return BusyMark(*this, part, heap); }
  OutcomeSearch<Engine> outcome_{*this};
};

// The four engines (64, 128, 256 and 1024-cell boxes) and the hand-over between them.
class Engines {
 public:
  explicit Engines(Rule rule) : rule_(std::move(rule)) {}
  // A second set of engines (another thread's) on the tables of `main`'s.
  Engines(Rule rule, Engines& main)
      : rule_(std::move(rule)),
        main_(&main),
        memory_limit_(main.memory_limit_),
        exact_cells_(main.exact_cells_),
        requested_set_(main.requested_set_),
        reductions_(main.reductions_) {}

  [[nodiscard]] const Rule& rule() const noexcept { return rule_; }

  template <std::size_t N>
  Engine<N>& get() {
    std::unique_ptr<Engine<N>>& slot = std::get<Slot<N>>(engines_).engine;
    if (!slot) {
      std::shared_ptr<typename Engine<N>::Tables> tables;
      if (main_ != nullptr) {
        if (auto& other = std::get<Slot<N>>(main_->engines_).engine) tables = other->tables();
      }
      slot = std::make_unique<Engine<N>>(rule_, *this, std::move(tables));
      slot->set_exact_cells(exact_cells_);
      slot->set_requested_set(requested_set_);
      slot->set_reductions(reductions_);
      slot->set_root_reversed(main_ != nullptr);
    }
    return *slot;
  }

  // A connected part given as a subset of an N-word box: crop, canonicalise in
  // the narrowest engine that holds it, solve.
  template <std::size_t N>
  Nimber part_value(const Geometry<N>& g, const Bits<N>& part) {
    return on_canonical(g, part, [](auto& engine, const auto& region) { return engine.evaluate(region); });
  }

  // Whether (part + *heap) is a first-player win: the outcome search on the
  // part's canonical form, without its value.
  template <std::size_t N>
  bool part_wins(const Geometry<N>& g, const Bits<N>& part, Nimber heap) {
    return on_canonical(g, part, [heap](auto& engine, const auto& region) { return engine.wins(region, heap); });
  }

  // f(engine, canonical region) in the narrowest engine that holds the part.
  template <std::size_t N, class F>
  auto on_canonical(const Geometry<N>& g, const Bits<N>& part, F&& f) {
    const BoundingBox box = bounding_box(g, part);
    const int min_r = box.row;
    const int min_c = box.col;
    const int h = box.height;
    const int w = box.width;
    if constexpr (N == 1) {
      if (h <= 8 && w <= 8) {
        Engine<1>& e = get<1>();
        return f(e, e.canonical_square(Engine<1>::to_square(g, part, min_r, min_c, h, w), h, w));
      }
      if (rule_.symmetries.size() == 8) {
        Engine<1>& e = get<1>();
        return f(e, e.canonical_wide(Engine<1>::to_box(g, part, min_r, min_c, h, w), h, w));
      }
    }
    cells_.clear();
    part.for_each([&](std::size_t i) { cells_.push_back(Cell{g.row_of[i] - min_r, g.col_of[i] - min_c}); });
    // canonical() reads cells_ before f recurses and overwrites it.
    const std::size_t area = static_cast<std::size_t>(h) * static_cast<std::size_t>(w);
    if (area <= 64) return f(get<1>(), get<1>().canonical(cells_, h, w));
    if (area <= 128) return f(get<2>(), get<2>().canonical(cells_, h, w));
    if (area <= 256) return f(get<4>(), get<4>().canonical(cells_, h, w));
    return f(get<16>(), get<16>().canonical(cells_, h, w));
  }

  void set_exact_cells(int cells) {
    exact_cells_ = cells;
    for_each_engine([&](auto& e) { e.set_exact_cells(cells); });
  }
  void set_requested_set(bool on) {
    requested_set_ = on;
    for_each_engine([&](auto& e) { e.set_requested_set(on); });
  }
  [[nodiscard]] bool requested_set() const noexcept { return requested_set_; }
  void set_reductions(unsigned reductions) {
    reductions_ = reductions;
    for_each_engine([&](auto& e) { e.set_reductions(reductions); });
  }
  [[nodiscard]] unsigned reductions() const noexcept { return reductions_; }

  // A bound on the bytes of all tables of all engines together; 0 = none.
  void set_memory_limit(std::size_t bytes) noexcept { memory_limit_ = bytes; }
  [[nodiscard]] std::size_t memory_limit() const noexcept { return memory_limit_; }

  // Whether a table of `bytes` may double: the total after it stays in the bound.
  // Summing four engines happens only when a table is about to grow (rarely).
  [[nodiscard]] bool may_grow(std::size_t bytes) {
    if (memory_limit_ == 0) return true;
    std::size_t total = 0;
    for_each_engine([&](auto& e) { total += e.bytes(); });
    return total + bytes <= memory_limit_;
  }

  // The search charges its work here: one unit a node, and for every move it
  // generates the cells of the move's box times the words of a board (splitting
  // the board left by a move into parts and making them canonical is linear in
  // both). The hook (clock, signals, saves) runs once kPollWork units have been
  // charged: about every 400 nodes of Cram 5x7 (20 moves in a 35-cell box of
  // one word), and every 25 moves of a 640-cell board of 16 words, whose nodes
  // (640 moves each) counted in nodes alone polled every 12 s (fuzz harness:
  // Node Kayles on the 8x80 king graph under ASan). One subtraction in the hot
  // path. The hook may throw to abandon the search: the tables hold only
  // finished values, so they stay exact, and every per-depth buffer is cleared
  // before its next use.
  static constexpr std::int64_t kPollWork = std::int64_t{1} << 18;
  void set_poll(std::function<void()> hook) { poll_ = std::move(hook); }
  [[nodiscard]] const std::function<void()>& poll() const noexcept { return poll_; }
  void charge(std::int64_t work) {
    countdown_ -= work;
    if (countdown_ > 0) return;
    countdown_ = kPollWork;
    if (poll_) poll_();
  }

  template <class F>
  void for_each_engine(F&& f) {
    if (auto& e = std::get<Slot<1>>(engines_).engine) f(*e);
    if (auto& e = std::get<Slot<2>>(engines_).engine) f(*e);
    if (auto& e = std::get<Slot<4>>(engines_).engine) f(*e);
    if (auto& e = std::get<Slot<16>>(engines_).engine) f(*e);
  }

 private:
  template <std::size_t N>
  struct Slot {
    std::unique_ptr<Engine<N>> engine;
  };

  Rule rule_;
  Engines* main_ = nullptr;
  std::tuple<Slot<1>, Slot<2>, Slot<4>, Slot<16>> engines_;
  std::vector<Cell> cells_;
  std::size_t memory_limit_ = 0;
  int exact_cells_ = 0;
  bool requested_set_ = true;
  unsigned reductions_ = kAllReductions;
  std::function<void()> poll_;
  std::int64_t countdown_ = kPollWork;
};

template <std::size_t N>
Nimber Engine<N>::value_of_cells(const Geometry<N>& g, const Bits<N>& free) {
  Nimber total = 0;
  for_each_part(g, free, [&](const Bits<N>& part) { total ^= all_->part_value(g, part); });
  return total;
}

template <std::size_t N>
bool Engine<N>::cells_win(const Geometry<N>& g, const Bits<N>& free, Nimber heap) {
  // Every part but the largest valued exactly and folded into the heap; the
  // largest by the outcome search.
  std::vector<Bits<N>> parts;
  for_each_part(g, free, [&](const Bits<N>& part) { parts.push_back(part); });
  if (parts.empty()) return heap != 0;
  std::size_t largest = 0;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (parts[i].count() > parts[largest].count()) largest = i;
  }
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i != largest) heap ^= all_->part_value(g, parts[i]);
  }
  return all_->part_wins(g, parts[largest], heap);
}

template <std::size_t N>
void Engine<N>::tick() {
  all_->charge(1);
}

template <std::size_t N>
void Engine<N>::charge_move(const Geometry<N>& g) const {
  all_->charge(std::int64_t{g.height} * g.width * static_cast<std::int64_t>(N));
}

template <std::size_t N>
bool Engine<N>::may_grow(std::size_t bytes) {
  return all_->may_grow(bytes);
}

template <std::size_t N>
bool Engine<N>::bounded() const {
  return all_->memory_limit() != 0;
}

}  // namespace grundy::placement::detail

#include "canonical_forms.hpp"
#include "engine_persistence.hpp"
#include "exact_search.hpp"
#include "requested_set.hpp"
#include "claims.hpp"
