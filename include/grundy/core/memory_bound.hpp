// The machine's memory, and the bound a search gets when the user names none.
#pragma once

#include <cstdint>

namespace grundy {

// Physical memory in bytes (sysconf); 4 GiB when the system does not say.
[[nodiscard]] std::uint64_t physical_memory_bytes() noexcept;

// The default bound of a search whose memory grows with what it meets (a
// Python game's table of values): half of physical memory. A search without a
// bound ended in the kernel's OOM killer instead of an error (a Python rule
// with no base case grew to 16 GB; Euclid's game from (10^6, 10^6 + 1) was
// killed at 24 GB, taking the user's notebook with it). Half leaves room for
// the interpreter, the user's own objects and the rest of the machine, and the
// search's accounting stays within 1.25x of what it counts (measured in
// python/tests/test_memory_bound.py).
[[nodiscard]] std::uint64_t default_memory_bound() noexcept;

}  // namespace grundy
