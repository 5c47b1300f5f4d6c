// The vector kernels of the sparse engine's blocks (sparse_blocks.cpp), each an
// optional fast path of an operation whose definition is the portable code
// (portable_kernels.hpp, and marking every rare part for the comparisons):
// same results, fewer cycles. Two sets: AVX-512 (vector_kernels.cpp) and AVX2
// (avx2_kernels.cpp), for the many x86-64 CPUs without AVX-512. Which set an
// engine runs is decided once, in make_engine, from its options and the CPU
// (VectorKernels), and kept.
//
// Compiled with per-function target attributes, not -mavx512* or -mavx2: the
// rest of the library stays baseline x86-64, and these run only where the CPU
// has them. Each is a call from the engine (a function with another target
// cannot be inlined into it), made once a lane or a scan, not once a split.
#pragma once

#include <cstddef>
#include <cstdint>

#include "grundy/take_and_break/cpu_features.hpp"
#include "grundy/take_and_break/engine.hpp"

namespace grundy::take_and_break::detail {

struct VectorKernels {
  // Which set runs the kernels below (portable: none does).
  VectorKernelSet set = VectorKernelSet::portable;
  // lane_c0, the scan and split_has. AVX-512: F and BW, VBMI2, POPCNT;
  // AVX2: AVX2, POPCNT, BMI1.
  bool scan = false;
  // find_candidates and compare_candidates (AVX-512 also open_values and
  // compare_slots, the second round of candidates: these and VBMI; AVX2 marks
  // the parts of a lane whose first candidates were all hit instead).
  bool compare = false;
};

// The widest set this build has that `cpu` can run (none off x86-64 or GCC).
[[nodiscard]] VectorKernelSet best_kernel_set(const CpuFeatures& cpu) noexcept;
// Whether `cpu` runs `set` (portable: always); if not, the extension it lacks.
[[nodiscard]] const char* missing_extension(const CpuFeatures& cpu, VectorKernelSet set) noexcept;
// The kernels of a set the CPU runs (see resolve_kernel_set).
[[nodiscard]] VectorKernels vector_kernels_of(VectorKernelSet set) noexcept;

namespace avx512 {

// ---- The scan (VectorKernels::scan) ----

// c0 of a lane: the least value v with bit v of `common` set and row[v] clear
// (row holds 0 or 1 a byte). The values below c0 with neither (rare, not
// marked) get want[v] = 1 (the bytes from c0 to the end of its 64 get 0) and,
// below 512, their bit in `bits`; `needed` counts them all. Portable:
// portable::lane_c0.
std::uint64_t lane_c0(const std::uint8_t* row, const std::uint64_t* common, std::uint8_t* want, std::uint64_t* bits,
                      std::uint64_t& needed);

// For tables whose values are below 512: looks up the splits (a, m - a) from
// `a` up to `last` in the set of wanted values until `needed` reaches 0. `bits`
// holds the flags of `want` (below 512) on entry; a value found is counted off
// `needed`, cleared from `want` and marked in `row`. Returns the first split
// not looked at. Portable: portable::scan.
std::uint64_t scan_512(const Value* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                       const std::uint64_t* bits, std::uint8_t* want, std::uint8_t* row, std::uint64_t& needed);

// Whether some split (a, m - a) with 1 <= a <= count (count < 64) has the value
// c (equal halves allowed). Portable: portable::split_has.
bool split_has(const Value* g, std::uint64_t m, std::uint64_t count, unsigned c);

// ---- The comparisons (VectorKernels::compare) ----
//
// The rare parts of a block beyond the first few hundred are compared with each
// lane's candidates (its least unmarked common values) instead of marked; the
// definition, marking them all, is what the engine does without these.

// Candidates a lane in the first round.
inline constexpr int kCandidates = 12;

// The kCandidates least values v with bit v of `common` set and row[v] clear
// (the row always has such values below `end`), into value[i * 64] and their
// low bytes into cand[i * 64].
void find_candidates(const std::uint8_t* row, const std::uint64_t* common, std::uint64_t end, std::uint16_t* value,
                     std::uint8_t* cand);

// For every part p in parts[0..count) and lane t < lanes, x = g(p) xor
// g(base + t - p), an option value of lane t: acc[i * 64 + t] becomes 0 when x
// equals candidate i of lane t (cand[i * 64 + t]), else stays nonzero. Values
// are compared by their low byte: the caller ensures that every x and every
// candidate below the table's width is a common value below 512, and that the
// mask has bit 8 (or the width is at most 256), so the low byte tells them apart.
void compare_candidates(const Value* g, std::uint64_t base, const std::uint64_t* parts, std::size_t count,
                        unsigned lanes, const std::uint8_t* cand, std::uint8_t* acc);

// The `count` least values v >= from with bit v of `common` set and row[v]
// clear, into found[0..count) (room for count + 96). Rows are read up to `end`
// (a multiple of 64); values missing there are given as `end`.
void open_values(const std::uint8_t* row, const std::uint64_t* common, std::uint64_t from, unsigned count,
                 std::uint64_t end, std::uint16_t* found);

// The second round's comparison (and compare_candidates's): slot s (of 64)
// takes the option of lane pick[s] / 2 and compares it with byte s of each of
// the `vectors` candidate vectors cand[u * 64 ...]; acc as in
// compare_candidates, by slot. `vectors` is 1, 2, 3, 4, 6 or kCandidates.
void compare_slots(unsigned vectors, const Value* g, std::uint64_t base, const std::uint64_t* parts,
                   std::size_t count, unsigned lanes, const std::uint8_t* pick, const std::uint8_t* cand,
                   std::uint8_t* acc);

}  // namespace avx512

// The AVX2 kernels (avx2_kernels.cpp): the same contracts as the AVX-512 ones
// of the same names, with 256-bit vectors and no mask registers, byte
// permutes across lanes or compress instructions.
namespace avx2 {

// As avx512::lane_c0 (rows read 32 bytes at a time, the wanted bytes expanded
// from the bit mask with a byte shuffle).
std::uint64_t lane_c0(const std::uint8_t* row, const std::uint64_t* common, std::uint8_t* want, std::uint64_t* bits,
                      std::uint64_t& needed);

// As avx512::scan_512. The 512-bit set of wanted values takes two 256-bit
// registers, and a value's bit is looked up with vpermd in both (8 splits an
// instruction pair). Needs values below 512 (the width at most 512).
std::uint64_t scan(const Value* g, std::uint64_t m, std::uint64_t a, std::uint64_t last, const std::uint64_t* bits,
                   std::uint8_t* want, std::uint8_t* row, std::uint64_t& needed);

// As scan, over the 8-bit form of the values (packed_values.hpp): low[i] and
// high[-i] are the packed g(a + i) and g(m - a - i) for a + i <= last, and
// `packed_set` (256 bits) holds the packed forms of the wanted values, rare
// under a mask whose lowest bit is `bit`. 32 splits a vector, looked up with
// in-lane byte shuffles; a hit is checked against g (a common split value may
// share a wanted value's packed form). `low_common` (or null) is 0xFF where
// g(a + i) is common and 0 where rare, for a scan whose parts m - a - i are
// all common: the splits with a rare part a + i (common values) are skipped.
std::uint64_t scan_packed(const Value* g, const std::uint8_t* low, const std::uint8_t* high, std::uint64_t m,
                          std::uint64_t a, std::uint64_t last, const std::uint64_t* packed_set, unsigned bit,
                          std::uint8_t* want, std::uint8_t* row, std::uint64_t& needed,
                          const std::uint8_t* low_common = nullptr);

// As avx512::split_has.
bool split_has(const Value* g, std::uint64_t m, std::uint64_t count, unsigned c);

// As avx512::find_candidates.
void find_candidates(const std::uint8_t* row, const std::uint64_t* common, std::uint64_t end, std::uint16_t* value,
                     std::uint8_t* cand);

// As avx512::compare_candidates (32 lanes a pass: 12 candidate vectors and
// their accumulators fill the 16 YMM registers).
void compare_candidates(const Value* g, std::uint64_t base, const std::uint64_t* parts, std::size_t count,
                        unsigned lanes, const std::uint8_t* cand, std::uint8_t* acc);

}  // namespace avx2
}  // namespace grundy::take_and_break::detail
