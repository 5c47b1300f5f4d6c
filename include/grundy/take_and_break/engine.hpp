// Sequence engines: g(0), g(1), … of a take-and-break game, one heap after the
// other, each from the values before it.
//
//   naive   every option of every heap, marked in a bitset, then the mex. The
//           reference: O(n) per heap for games that split into two heaps.
//   sparse  the rare/common split (Gangolli–Plambeck, Flammenkamp): for a mask M
//           call a value v common when popcount(v & M) is odd, rare when it is
//           even. The xor of two commons is rare and the xor of a rare and a
//           common is common, so the common options of a split come only from
//           pairs with a rare part: when few positions are rare they are all
//           listed, and the rare options below the least missing common value are
//           found by a scan over the splits that usually stops early. Exact for
//           any mask; fast when rare positions are few.
//   automatic  sparse where it pays, naive otherwise (see
//           src/take_and_break/sparse_engine.hpp).
//
// Fast paths are declared, not sniffed: the sparse engine's vector kernels
// (AVX-512, or AVX2 on CPUs without it) run where EngineOptions allow them and
// the CPU has them (cpu_features.hpp), both known when the engine is made;
// elsewhere the portable code, which is their definition, runs and gives the
// same values.
//
// Values are stored as uint16 (2 bytes a heap: 10^9 heaps take 2 GB); a value
// that does not fit is a LimitError, never truncated.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/take_and_break/code.hpp"

namespace grundy::take_and_break {

using Value = std::uint16_t;

enum class EngineKind { automatic, naive, sparse };

[[nodiscard]] const char* to_string(EngineKind kind) noexcept;

// "best", "portable", "avx2", "avx512".
[[nodiscard]] const char* to_string(VectorKernelSet set) noexcept;
// The same words back (for --kernels and GRUNDY_KERNELS); InputError otherwise.
[[nodiscard]] VectorKernelSet parse_kernel_set(std::string_view text);
// The set `requested` resolves to on this CPU: best is the widest it runs; a
// named set the CPU lacks is an InputError naming the missing extension.
[[nodiscard]] VectorKernelSet resolve_kernel_set(VectorKernelSet requested);
// Whether this build has the kernels of `set` compiled in, whatever this CPU
// runs (portable and best: always; `grundy --version` names the others).
[[nodiscard]] bool kernel_set_compiled(VectorKernelSet set) noexcept;

// What the sparse machinery found; all zero for a naive engine.
struct SparseStats {
  std::uint64_t mask = 0;            // the current rare/common mask (0: none chosen)
  std::uint64_t rare_count = 0;      // positions n with g(n) rare under `mask`
  std::uint64_t last_rare = 0;       // the largest such n (valid when rare_count > 0)
  std::uint64_t mask_changes = 0;    // how often the mask was chosen anew
  std::uint64_t sparse_heaps = 0;    // heaps computed the sparse way
  std::uint64_t naive_heaps = 0;     // heaps computed the naive way
  // Heaps of blocks whose last rare parts were compared with candidates rather
  // than marked (AVX-512 VBMI; see docs/take_and_break.md), of them those whose
  // first candidates were all hit and that found c0 among more candidates in a
  // second round, those whose candidates were all hit in both rounds (the parts
  // marked after all), and rows completed because an option inside the block
  // took c0. For tests and benchmarks.
  std::uint64_t compared_heaps = 0;
  std::uint64_t compare_second_rounds = 0;
  std::uint64_t compare_fallbacks = 0;
  std::uint64_t compare_completions = 0;
  // Heaps of blocks whose c0 an option inside the block took, so that the rare
  // values from c0 up were looked for over all splits (rescan_512 or the
  // portable scan). For tests.
  std::uint64_t c0_rescans = 0;
};

class SequenceEngine {
 public:
  virtual ~SequenceEngine() = default;

  // Computes g(size()), g(size() + 1), … until size() == count.
  virtual void extend_to(std::uint64_t count) = 0;

  // Starts over from values known to be g(0..values.size()-1) (a checkpoint).
  virtual void restore(std::vector<Value> values) = 0;

  [[nodiscard]] const std::vector<Value>& values() const noexcept { return values_; }
  // Room for `count` values, so that a long run does not copy its table as it grows.
  void reserve(std::uint64_t count) { values_.reserve(count); }
  [[nodiscard]] std::uint64_t size() const noexcept { return values_.size(); }
  [[nodiscard]] virtual SparseStats sparse_stats() const { return {}; }
  [[nodiscard]] virtual EngineKind kind() const noexcept = 0;
  // The vector kernels this engine runs (portable for the naive engine).
  [[nodiscard]] virtual VectorKernelSet kernel_set() const noexcept { return VectorKernelSet::portable; }

  // Hands the computed values over (the engine is empty afterwards).
  [[nodiscard]] std::vector<Value> release() noexcept { return std::move(values_); }

  // Lends the table to its caller between two extensions, and takes it back
  // unchanged (reserved further at most): the engine keeps the rest of its
  // state, so a caller that keeps the values anyway (the heap-game adapter's
  // table of a run) holds them once, not twice. take_back refuses a table of
  // another length (std::logic_error): values appended or dropped meanwhile
  // would not be the engine's.
  [[nodiscard]] std::vector<Value> lend() noexcept {
    lent_size_ = values_.size();
    return std::move(values_);
  }
  void take_back(std::vector<Value> values);

 protected:
  std::vector<Value> values_;

 private:
  std::uint64_t lent_size_ = 0;
};

struct EngineOptions {
  EngineKind kind = EngineKind::automatic;
  // 1 or 2. With 2, a helper thread takes half of each heap's splits (naive, from
  // 16384 splits a heap) or half of each block of 64 heaps (sparse, from heap
  // 2048; see docs/take_and_break.md). Whether it is used is measured, block by
  // block of 1024 heaps, by wall-clock rate: on a machine whose second core is
  // busy it loses and stays off. Values are identical either way.
  unsigned threads = 1;
  // Allow the vector kernels where the CPU has them; false: portable code only
  // (tests run every set; values are identical either way).
  bool vector_kernels = true;
  // Which set (with vector_kernels): the best the CPU runs, or one by name
  // (make_engine refuses a set the CPU lacks with an InputError).
  VectorKernelSet kernels = VectorKernelSet::best;
};

// Throws InputError for threads outside 1..2, std::invalid_argument for a game
// the engines do not compute (they compute finite codes and Grundy's game).
[[nodiscard]] std::unique_ptr<SequenceEngine> make_engine(const GameCode& code, const EngineOptions& options = {});

}  // namespace grundy::take_and_break
