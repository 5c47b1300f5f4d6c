// The build the tests run in — release, AddressSanitizer or ThreadSanitizer
// (scripts/sanitize.sh) — and what that changes in how much a test tries.
#pragma once

#include <algorithm>

namespace test_build {

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GRUNDY_TESTS_UNDER_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define GRUNDY_TESTS_UNDER_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(GRUNDY_TESTS_UNDER_ASAN)
#define GRUNDY_TESTS_UNDER_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__) && !defined(GRUNDY_TESTS_UNDER_TSAN)
#define GRUNDY_TESTS_UNDER_TSAN 1
#endif

#ifdef GRUNDY_TESTS_UNDER_ASAN
inline constexpr bool kUnderAddressSanitizer = true;
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif
#ifdef GRUNDY_TESTS_UNDER_TSAN
inline constexpr bool kUnderThreadSanitizer = true;
#else
inline constexpr bool kUnderThreadSanitizer = false;
#endif

// How many random trials a randomized test runs: all of them in the release
// suite, the first quarter (the same seed, so the same trials) under a
// sanitizer. The sanitizer run looks for memory and threading errors on every
// path the trials take, and a quarter of them reach each path the whole set
// does; the agreement with the oracle is the release suite's to establish,
// with every trial. Under ASan each trial costs 5-10 times its release time:
// the four largest random tests took 400 of the ASan run's 1540 s of test time
// (2026-11-27), the largest part of CI's time.
constexpr int trials(int release) {
  return kUnderAddressSanitizer || kUnderThreadSanitizer ? std::max(1, release / 4) : release;
}

}  // namespace test_build
