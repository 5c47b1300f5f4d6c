#include "block_verifier.hpp"

#include <algorithm>
#include <bit>

#include "portable_kernels.hpp"

namespace grundy::take_and_break::detail {

BlockVerifier::BlockVerifier(const GameCode& code, VectorKernels kernels) : shape_(code), kernels_(kernels) {
  fit(64);
}

void BlockVerifier::fit(std::size_t width) {
  if (width <= width_) return;
  width_ = width;
  // Options are below the width; rows and `want` have room for the 64-byte
  // reads of the kernels past that.
  want_.assign(2 * width_ + 64, 0);
  row_.assign(2 * width_ + 64, 0);
}

std::optional<BlockVerifier::Failure> BlockVerifier::verify(std::uint64_t start, std::uint64_t count,
                                                            std::uint64_t mask) {
  // Every value a split can have is below the least power of two above the
  // table's values so far.
  // table's values so far (kept as the table grows; a cut table keeps it,
  // which only makes the width larger than it needs to be).
  scanned_ = std::min<std::uint64_t>(scanned_, table_.size());
  for (; scanned_ < start + count; ++scanned_) largest_ = std::max(largest_, table_[scanned_]);
  fit(std::bit_ceil(static_cast<std::size_t>(largest_) + 1));
  for (std::uint64_t n = start; n < start + count; ++n) {
    std::uint64_t missing = 0;
    if (!check(n, mask, &missing)) return Failure{n, static_cast<Value>(missing)};
  }
  return std::nullopt;
}

bool BlockVerifier::check(std::uint64_t n, std::uint64_t mask, std::uint64_t* missing) {
  const Value* g = table_.data();
  const std::uint64_t c = g[n];
  std::uint8_t* want = want_.data();
  std::uint64_t needed = 0;
  for (std::uint64_t v = 0; v < c; ++v) {
    const bool rare = (std::popcount(v & mask) & 1) == 0;
    want[v] = rare ? 1 : 0;
    needed += rare ? 1 : 0;
  }
  auto found = [&](std::uint64_t x) {
    if (x < c && want[x]) {
      want[x] = 0;
      --needed;
    }
  };
  for (std::uint64_t k : shape_.whole) {
    if (n == k) found(0);
  }
  for (std::uint64_t k : shape_.single) {
    if (n > k) found(g[n - k]);
  }
  const bool simd = kernels_.scan && width_ <= 512;
  for (std::size_t i = 0; needed > 0 && i < shape_.pair.size(); ++i) {
    const std::uint64_t k = shape_.pair[i];
    if (n < k + 2) continue;
    const std::uint64_t m = n - k;
    const std::uint64_t last = shape_.unequal ? (m - 1) / 2 : m / 2;
    if (simd) {
      std::uint64_t bits[8] = {};
      for (std::uint64_t v = 0; v < std::min<std::uint64_t>(c, 512); ++v)
        bits[v >> 6] |= std::uint64_t{want[v]} << (v & 63);
      if (kernels_.set == VectorKernelSet::avx512) {
        avx512::scan_512(g, m, 1, last, bits, want, row_.data(), needed);
      } else {
        avx2::scan(g, m, 1, last, bits, want, row_.data(), needed);
      }
    } else {
      portable::scan(g, m, 1, last, want, row_.data(), needed);
    }
  }
  if (needed == 0) return true;
  std::uint64_t v = 0;
  while (!want[v]) ++v;
  *missing = v;
  std::fill(want, want + c, std::uint8_t{0});
  return false;
}

}  // namespace grundy::take_and_break::detail
