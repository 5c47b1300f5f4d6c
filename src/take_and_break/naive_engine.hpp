// The naive engine: every option of every heap marked in a bitset, then the mex.
// It is the reference the others are tested against, and the sparse engine
// (which derives from it) computes with it the heaps it does not compute the
// sparse way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "grundy/take_and_break/engine.hpp"
#include "helper_thread.hpp"
#include "marks.hpp"
#include "shape.hpp"

namespace grundy::take_and_break::detail {

// Splits worth handing half of to the helper (measured: below this the hand-over
// costs more than the half it saves).
inline constexpr std::uint64_t kParallelPairs = 16384;

// Throws the LimitError for g(n) > 65535.
[[noreturn]] void value_overflow(std::uint64_t n);

class NaiveEngine : public SequenceEngine {
 public:
  NaiveEngine(const GameCode& code, unsigned threads);

  void extend_to(std::uint64_t count) override;
  void restore(std::vector<Value> values) override;
  EngineKind kind() const noexcept override { return EngineKind::naive; }

 protected:
  // The values so far are below `width` (a power of two): sizes the marks, and
  // lays the S2 rows out anew.
  virtual void set_width(std::size_t width);

  // Three-heap moves (hexadecimal bit 8). The reference engine lists every
  // triple, O(m^2) per heap. The others keep S2(x) = {g(b) ^ g(x - b)}, the
  // values of the two-part splits of x, as one bitset row per x; the three-part
  // splits of m are then g(a) ^ S2(m - a) over a, O(m · width/64) per heap (the
  // same options: every triple lists each of its parts as a). Rows cost
  // width/8 bytes a heap; past kS2Bytes the engine goes back to the triples.
  static constexpr std::uint64_t kS2Bytes = std::uint64_t{1} << 30;
  // S2 of the heap just pushed.
  void append_s2_row();

  // Appends g, widening the table's width if it needs to (once a heap: inline).
  void push(std::uint64_t g) {
    if (g > std::numeric_limits<Value>::max()) value_overflow(values_.size());
    if (g >= width_) {
      std::size_t width = width_;
      while (g >= width) width *= 2;
      set_width(width);
    }
    values_.push_back(static_cast<Value>(g));
  }

  // g(n) from all its options.
  std::uint64_t compute_naive(std::uint64_t n);

  Shape shape_;
  std::size_t width_ = 64;  // a power of two above every value so far
  Marks marks_;
  Marks helper_marks_;
  std::unique_ptr<Helper> helper_;
  HelperChoice choice_;
  bool use_s2_ = false;            // three-heap options from S2 rows (not in the reference engine)
  std::vector<std::uint64_t> s2_;  // row x: S2(x), width_/64 words
};

}  // namespace grundy::take_and_break::detail
