#include "grundy/take_and_break/cpu_features.hpp"

namespace grundy::take_and_break {

CpuFeatures detect_cpu_features() noexcept {
  CpuFeatures f;
#if defined(__x86_64__) && defined(__GNUC__)
  // libgcc's table reports AVX2 only when XCR0 shows the OS saving the YMM
  // state, and an AVX-512 feature only when it saves the opmask and ZMM state.
  __builtin_cpu_init();
  f.popcnt = __builtin_cpu_supports("popcnt") != 0;
  f.avx2 = __builtin_cpu_supports("avx2") != 0;
  f.bmi1 = __builtin_cpu_supports("bmi") != 0;
  f.avx512f = __builtin_cpu_supports("avx512f") != 0;
  f.avx512bw = __builtin_cpu_supports("avx512bw") != 0;
  f.avx512vbmi = __builtin_cpu_supports("avx512vbmi") != 0;
  f.avx512vbmi2 = __builtin_cpu_supports("avx512vbmi2") != 0;
#endif
  return f;
}

const CpuFeatures& cpu_features() noexcept {
  static const CpuFeatures features = detect_cpu_features();
  return features;
}

}  // namespace grundy::take_and_break
