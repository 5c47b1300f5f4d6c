#include "grundy/core/memory_bound.hpp"

#include <unistd.h>

namespace grundy {

std::uint64_t physical_memory_bytes() noexcept {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page = ::sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return std::uint64_t{1} << 32;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
}

std::uint64_t default_memory_bound() noexcept { return physical_memory_bytes() / 2; }

}  // namespace grundy
