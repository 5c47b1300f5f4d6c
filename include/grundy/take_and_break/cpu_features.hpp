// The instruction-set extensions of this CPU that the sequence engines' vector
// kernels use, detected once a process. An engine made with
// EngineOptions::vector_kernels runs a kernel only where the CPU has everything
// that kernel needs; otherwise the portable code, which is the kernel's
// definition, runs and gives the same values.
#pragma once

namespace grundy::take_and_break {

struct CpuFeatures {
  bool popcnt = false;
  bool avx2 = false;         // 256-bit integer vectors (the kernels of CPUs without AVX-512)
  bool bmi1 = false;         // tzcnt, blsr: walking the bits of a mask
  bool avx512f = false;
  bool avx512bw = false;     // 16-bit lanes: vpermw, vpsrlvw, byte/word masks
  bool avx512vbmi = false;   // vpermt2b: picks the low bytes of 16-bit options
  bool avx512vbmi2 = false;  // vpcompressw: hits and open values into buffers
};

// Asks the CPU (and whether the OS saves the AVX-512 registers; it must, or the
// AVX-512 features read false). All false off x86-64 or without GCC's builtins.
[[nodiscard]] CpuFeatures detect_cpu_features() noexcept;

// detect_cpu_features(), computed at the first call and kept.
[[nodiscard]] const CpuFeatures& cpu_features() noexcept;

}  // namespace grundy::take_and_break
