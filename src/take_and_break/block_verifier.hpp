// The verifier of a distributed take-and-break run: given the table g(0..)
// with speculated values (sparse_engine.hpp, "Speculation"), checks a block of
// heaps independently of the others.
//
// A speculated g(n) = c is the least common value that no option of n has
// (exact, given g(0..n-1): every common option has a rare part, and the
// speculator listed them all). So g(n) = c exactly when every rare value below
// c is an option of n, and otherwise g(n) is the least rare value that is not:
// the check looks for those values among the single moves and the splits of n
// (the scan of the sparse engine, with the same vector kernels) and usually
// finds them all in the first few hundred splits. It needs the whole table
// behind the block (the splits reach every part), never the speculator's state.
//
// A heap found wrong is only reported: the values after it were speculated
// from a wrong table, so the run goes back to it (distributed_run.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/take_and_break/code.hpp"
#include "grundy/take_and_break/engine.hpp"
#include "shape.hpp"
#include "vector_kernels.hpp"

namespace grundy::take_and_break::detail {

class BlockVerifier {
 public:
  BlockVerifier(const GameCode& code, VectorKernels kernels);

  // The table: g(0..size-1), the last values speculated. The run appends
  // blocks and cuts it back after a failure.
  [[nodiscard]] std::vector<Value>& table() noexcept { return table_; }

  struct Failure {
    std::uint64_t heap = 0;  // the first heap of the block whose speculated value is wrong
    Value value = 0;         // its value, given that the heaps before it are right
  };

  // Checks the heaps [start, start + count) of the table (all in it) under
  // the rare/common mask `mask` the speculator used; the first wrong one, if any.
  [[nodiscard]] std::optional<Failure> verify(std::uint64_t start, std::uint64_t count, std::uint64_t mask);

 private:
  // Whether every rare value below g(n) is an option of n; if not, the least
  // one that is not (in *missing).
  bool check(std::uint64_t n, std::uint64_t mask, std::uint64_t* missing);
  void fit(std::size_t width);

  Shape shape_;
  VectorKernels kernels_;
  std::vector<Value> table_;
  std::uint64_t scanned_ = 0;         // table_[0..scanned_) went into largest_
  Value largest_ = 0;
  std::size_t width_ = 0;             // a power of two above every value checked so far
  std::vector<std::uint8_t> want_;    // 2·width bytes, all zero between heaps
  std::vector<std::uint8_t> row_;     // the scan marks what it finds here (unused otherwise)
};

}  // namespace grundy::take_and_break::detail
