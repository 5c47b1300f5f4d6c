// Canonical forms of Engine<N> (included at the end of engine.hpp): a part
// cropped to its bounding box and replaced by its least image under the rule's
// symmetries, so that every symmetric copy of a region shares one table entry;
// and the mirror strategy, which answers a region symmetric under a half turn
// or a reflection with no fixed cell (the second player copies every move).
#pragma once


namespace grundy::placement::detail {

template <std::size_t N>
Region<N> Engine<N>::crop_canonical(const Geometry<N>& g, const Bits<N>& part) {
  const BoundingBox b = bounding_box(g, part);
  if constexpr (N == 1) {
    if (b.height <= 8 && b.width <= 8) {
      return canonical_square(to_square(g, part, b.row, b.col, b.height, b.width), b.height, b.width);
    }
    if (rule_->symmetries.size() == 8) {
      return canonical_wide(to_box(g, part, b.row, b.col, b.height, b.width), b.height, b.width);
    }
  }
  crop_.clear();
  part.for_each([&](std::size_t i) { crop_.push_back(Cell{g.row_of[i] - b.row, g.col_of[i] - b.col}); });
  return canonical(crop_, b.height, b.width);
}

template <std::size_t N>
std::uint64_t Engine<N>::to_box(const Geometry<N>& g, const Bits<N>& part, int r0, int c0, int h, int w) {
  std::uint64_t x = 0;
  const std::uint64_t row = box::row_mask(w);
  for (int r = 0; r < h; ++r) x |= ((part.words[0] >> ((r0 + r) * g.width + c0)) & row) << (r * w);
  return x;
}

template <std::size_t N>
std::uint64_t Engine<N>::to_square(const Geometry<N>& g, const Bits<N>& part, int r0, int c0, int h, int w) {
  // Already stride 8: every column left of c0 is empty, so one shift crops.
  if (g.width == 8) return part.words[0] >> (8 * r0 + c0);
  std::uint64_t x = 0;
  const std::uint64_t row = (std::uint64_t{1} << w) - 1;
  for (int r = 0; r < h; ++r) {
    x |= ((part.words[0] >> ((r0 + r) * g.width + c0)) & row) << (8 * r);
  }
  return x;
}

template <std::size_t N>
Bits<N> Engine<N>::box_cells(int h, int w) {
  Bits<N> box;
  const int stride = (N == 1 && h <= 8 && w <= 8) ? 8 : w;
  for (int r = 0; r < h; ++r) {
    for (int c = 0; c < w; ++c) box.set(static_cast<std::size_t>(r * stride + c));
  }
  return box;
}

template <std::size_t N>
bool Engine<N>::mirror_strategy(const Geometry<N>& g, const Region<N>& region) const {
  if (region.asymmetric || (reductions_ & kMirrorStrategy) == 0) return false;
  const int h = region.height;
  const int w = region.width;
  for (int t : rule_->symmetries) {
    // The involutions among the 8 that map the box to itself: the two flips,
    // the half turn, and on square boxes the two diagonal reflections.
    if (t == 0 || !is_involution(t) || !maps_box_to_itself(t, h, w)) continue;
    if (!symmetric_under(region, t)) continue;
    bool collide = false;
    auto image = [&](std::size_t i) {
      int r = g.row_of[i];
      int c = g.col_of[i];
      int hh = h;
      int ww = w;
      apply_symmetry(t, r, c, hh, ww);
      return static_cast<std::size_t>(r * g.width + c);  // the geometry's stride
    };
    if (rule_->kind == RuleKind::place) {
      for (std::size_t s = 0; s < g.anchors.size() && !collide; ++s) {
        Bits<N> anchors = g.anchors[s];
        for (std::size_t off : g.offsets[s]) anchors &= region.cells.shr(off);
        anchors.for_each([&](std::size_t a) {
          Bits<N> cells;
          for (std::size_t off : g.offsets[s]) cells.set(a + off);
          for (std::size_t off : g.offsets[s]) collide = collide || cells.test(image(a + off));
        });
      }
    } else {
      region.cells.for_each([&](std::size_t v) {
        Bits<N> vertex;
        vertex.set(v);
        collide = collide || g.dilate(vertex, rule_->connectivity).test(image(v));
      });
    }
    if (!collide) return true;
  }
  return false;
}

template <std::size_t N>
bool Engine<N>::symmetric_under(const Region<N>& region, int t) const {
  const int h = region.height;
  const int w = region.width;
  if constexpr (N == 1) {
    if (h <= 8 && w <= 8) {
      const std::uint64_t x = region.cells.words[0];  // stride 8
      std::uint64_t y = x;
      if (t & 1) y = square::transpose(y);
      if (t & 2) y = square::flip_rows(y, h);
      if (t & 4) y = square::flip_cols(y, w);
      return x == y;
    }
  }
  bool same = true;
  region.cells.for_each([&](std::size_t i) {
    int r = static_cast<int>(i) / w;
    int c = static_cast<int>(i) % w;
    int hh = h;
    int ww = w;
    apply_symmetry(t, r, c, hh, ww);
    same = same && region.cells.test(static_cast<std::size_t>(r * w + c));
  });
  return same;
}

}  // namespace grundy::placement::detail
