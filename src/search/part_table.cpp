// The table of the searches over 8-byte parts, in memory or in a mapped file
// (part_table.hpp says why the file is always a whole table).
#include "grundy/search/part_table.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <limits>
#include <new>
#include <utility>
#include <vector>

#include "grundy/core/input_error.hpp"
#include "grundy/core/memory_bound.hpp"
#include "grundy/core/memory_budget.hpp"

namespace grundy::search {
namespace {

constexpr std::size_t kHeaderBytes = 4096;
constexpr std::size_t kFirstCapacity = std::size_t{1} << 12;
// A file slot: its key (u64), its value and its check byte.
constexpr std::size_t kFileSlotBytes = sizeof(std::uint64_t) + 2;

std::string header_text(const std::string& what, std::size_t capacity) {
  return "grundy-part-table 2\ngame " + what + "\ncapacity " + std::to_string(capacity) + "\n";
}

std::size_t file_bytes(std::size_t capacity) { return kHeaderBytes + capacity * kFileSlotBytes; }


// "past the memory bound of 64 MiB (--memory)", naming the bound the user set
// for the run, and what the other tables of the run hold of it.
std::string past_the_bound(std::size_t limit, std::size_t run_bound) {
  std::string text = "past the memory bound of " + bytes_text(run_bound == 0 ? limit : run_bound) + " (--memory)";
  if (run_bound > limit) text += ", of which the run's other tables hold " + bytes_text(run_bound - limit);
  return text;
}

std::string system_error(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}

// Zeroed memory of the kernel's, on huge pages where it gives them: a lookup
// in a table past the caches is a cache miss and, on 4 KB pages, a miss of
// the TLB too (this machine gives huge pages on request only; Clobber 3×8,
// an 870 MB table: 72 s on 4 KB pages, 54 s on huge pages; docs/performance.md).
void* zeroed_pages(std::size_t bytes) {
  void* memory = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE) && !defined(__EMSCRIPTEN__)
  if (bytes >= (std::size_t{2} << 20)) ::madvise(memory, bytes, MADV_HUGEPAGE);
#endif
  return memory;
}

// Calls visit(s) for every slot whose key the file holds on the disk: a hole
// of a sparse file reads as zeros, free slots, and is skipped unread (a
// header claiming 2^30 slots over holes was read whole: 8.5 GB and 91 s for
// a 0.1 s position, issue 56). Where the file system cannot say
// (SEEK_DATA refused), every slot.
template <class Visit>
void for_each_written_slot(int fd, std::size_t capacity, Visit&& visit) {
  const off_t keys_begin = static_cast<off_t>(kHeaderBytes);
  const off_t keys_end = keys_begin + static_cast<off_t>(capacity * sizeof(std::uint64_t));
  off_t at = keys_begin;
#if !defined(SEEK_DATA) || defined(__EMSCRIPTEN__)
  (void)fd;
  (void)keys_end;
  (void)at;
  for (std::size_t s = 0; s < capacity; ++s) visit(s);
#else
  while (at < keys_end) {
    off_t data = ::lseek(fd, at, SEEK_DATA);
    if (data < 0) {
      if (errno == ENXIO) return;  // no data past `at`
      for (std::size_t s = static_cast<std::size_t>(at - keys_begin) / sizeof(std::uint64_t); s < capacity; ++s)
        visit(s);
      return;
    }
    if (data >= keys_end) return;
    off_t hole = ::lseek(fd, data, SEEK_HOLE);
    if (hole < 0 || hole > keys_end) hole = keys_end;
    const auto first = static_cast<std::size_t>((std::max(data, keys_begin) - keys_begin) / 8);
    const auto last = static_cast<std::size_t>((hole - keys_begin + 7) / 8);
    for (std::size_t s = first; s < last && s < capacity; ++s) visit(s);
    at = hole;
  }
#endif
}

}  // namespace

PartTable::~PartTable() { release(arrays_); }

PartTable::Arrays PartTable::allocate(std::size_t capacity, const std::string& file) const {
  Arrays a;
  if (file.empty()) {
    a.keys = static_cast<std::uint64_t*>(zeroed_pages(capacity * sizeof(std::uint64_t)));
    try {
      a.values = static_cast<std::uint8_t*>(zeroed_pages(capacity));
    } catch (...) {
      ::munmap(a.keys, capacity * sizeof(std::uint64_t));
      throw;
    }
    a.capacity = capacity;
    return a;
  }
  const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw InputError(system_error("cannot make the table file", file));
  const std::size_t bytes = file_bytes(capacity);
  // The disk's room taken now: a mapped page written past a full disk would
  // be a SIGBUS, not an error. A file that cannot be a table is removed at
  // once (a full disk kept a .grow file twice the table's size, issue 56).
  if (const int failed = ::posix_fallocate(fd, 0, static_cast<off_t>(bytes)); failed != 0) {
    ::close(fd);
    ::unlink(file.c_str());
    errno = failed;
    throw LimitError(system_error("no room for " + std::to_string(bytes >> 20) + " MB of the table file", file));
  }
  try {
    a = map_file(fd, capacity, file);
  } catch (...) {
    ::close(fd);
    ::unlink(file.c_str());
    throw;
  }
  ::close(fd);
  const std::string header = header_text(what_, capacity);
  std::memcpy(a.mapping, header.data(), header.size());
  return a;
}

PartTable::Arrays PartTable::map_file(int fd, std::size_t capacity, const std::string& file) const {
  const std::size_t bytes = file_bytes(capacity);
  void* mapping = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (mapping == MAP_FAILED) throw LimitError(system_error("cannot map the table file", file));
  Arrays a;
  a.mapping = mapping;
  a.mapped_bytes = bytes;
  a.keys = reinterpret_cast<std::uint64_t*>(static_cast<char*>(mapping) + kHeaderBytes);
  a.values = reinterpret_cast<std::uint8_t*>(a.keys + capacity);
  a.checks = a.values + capacity;
  return a;
}

bool PartTable::whole(const Arrays& a, std::size_t capacity, std::size_t s) noexcept {
  const std::uint64_t key = a.keys[s];
  if (a.checks != nullptr && a.checks[s] != check_of(key, a.values[s])) return false;
  for (std::size_t t = slot_of(key, capacity); t != s; t = (t + 1) & (capacity - 1))
    if (a.keys[t] == 0) return false;
  return true;
}

void PartTable::adopt(Arrays& arrays, std::size_t capacity) noexcept {
  release(arrays_);
  arrays_ = arrays;
  keys_ = arrays.keys;
  values_ = arrays.values;
  checks_ = arrays.checks;
  capacity_ = capacity;
}

void PartTable::release(Arrays& arrays) const noexcept {
  if (arrays.mapping != nullptr) {
    ::munmap(arrays.mapping, arrays.mapped_bytes);
  } else if (arrays.keys != nullptr) {
    ::munmap(arrays.keys, arrays.capacity * sizeof(std::uint64_t));
    ::munmap(arrays.values, arrays.capacity);
  }
  arrays = Arrays{};
}

void PartTable::rehash_into(Arrays& arrays, std::size_t capacity, const std::vector<bool>* dropped) const noexcept {
  for (std::size_t s = 0; s < capacity_; ++s) {
    if (keys_[s] == 0 || (dropped != nullptr && (*dropped)[s])) continue;
    std::size_t t = slot_of(keys_[s], capacity);
    while (arrays.keys[t] != 0) t = (t + 1) & (capacity - 1);
    arrays.values[t] = values_[s];
    if (arrays.checks != nullptr) arrays.checks[t] = check_of(keys_[s], values_[s]);
    arrays.keys[t] = keys_[s];
  }
}

// In memory the arrays grow where they are (mremap: the old pages kept, only
// the new half fresh from the kernel) and the parts move within them: the
// kernel's zeroing of every new page was 5–7 % of a search past the caches
// (perf, Clobber 3×7: clear_page_erms), and a new table beside the old one
// zeroed the old one's size twice over. The move is hashbrown's rehash in
// place over linear probing: every old part starts pending; a pending part
// goes to the first slot on its new probe path that is free, pending (the two
// are swapped and the one brought back is placed next) or its own. A probe
// path then crosses only placed parts, which stay where they are: every part
// is found from its new home. False (nothing changed) when the kernel cannot
// grow the arrays.
bool PartTable::grow_in_place(std::size_t capacity) noexcept {
#if defined(__EMSCRIPTEN__)
  (void)capacity;
  return false;  // the web page's memory has no mremap
#else
  const std::size_t old_capacity = capacity_;
  std::vector<std::uint64_t> pending;
  try {
    pending.assign((old_capacity + 63) / 64, 0);
  } catch (const std::bad_alloc&) {
    return false;
  }
  void* keys = ::mremap(keys_, old_capacity * sizeof(std::uint64_t), capacity * sizeof(std::uint64_t), MREMAP_MAYMOVE);
  if (keys == MAP_FAILED) return false;
  void* values = ::mremap(values_, old_capacity, capacity, MREMAP_MAYMOVE);
  if (values == MAP_FAILED) {
    // Shrinking back is done where the mapping is; were it refused, the
    // larger mapping serves (its first half is the table) and only its
    // second half stays mapped at the end.
    void* back = ::mremap(keys, capacity * sizeof(std::uint64_t), old_capacity * sizeof(std::uint64_t), 0);
    keys_ = static_cast<std::uint64_t*>(back == MAP_FAILED ? keys : back);
    arrays_.keys = keys_;
    return false;
  }
#if defined(MADV_HUGEPAGE)
  ::madvise(keys, capacity * sizeof(std::uint64_t), MADV_HUGEPAGE);
  ::madvise(values, capacity, MADV_HUGEPAGE);
#endif
  keys_ = static_cast<std::uint64_t*>(keys);
  values_ = static_cast<std::uint8_t*>(values);
  arrays_.keys = keys_;
  arrays_.values = values_;
  arrays_.capacity = capacity;
  capacity_ = capacity;
  for (std::size_t s = 0; s < old_capacity; ++s) {
    if (keys_[s] != 0) pending[s >> 6] |= std::uint64_t{1} << (s & 63);
  }
  const auto is_pending = [&](std::size_t s) { return s < old_capacity && ((pending[s >> 6] >> (s & 63)) & 1U) != 0; };
  const auto placed = [&](std::size_t s) { pending[s >> 6] &= ~(std::uint64_t{1} << (s & 63)); };
  for (std::size_t i = 0; i < old_capacity; ++i) {
    while (is_pending(i)) {
      std::size_t t = slot_of(keys_[i], capacity);
      while (t != i && keys_[t] != 0 && !is_pending(t)) t = (t + 1) & (capacity - 1);
      if (t == i) {
        placed(i);
      } else if (keys_[t] == 0) {
        values_[t] = values_[i];
        keys_[t] = keys_[i];
        keys_[i] = 0;
        placed(i);
      } else {
        std::swap(keys_[i], keys_[t]);
        std::swap(values_[i], values_[t]);
        placed(t);
      }
    }
  }
  return true;
#endif
}

void PartTable::grow() {
  const std::size_t capacity = capacity_ == 0 ? kFirstCapacity : capacity_ * 2;
  // The old table and the new one live together while it moves.
  const std::size_t slot_bytes = path_.empty() ? sizeof(std::uint64_t) + 1 : kFileSlotBytes;
  const std::size_t bytes = (capacity + capacity_) * slot_bytes;
  if (memory_limit_ != 0 && bytes > memory_limit_)
    throw LimitError("the " + what_ + " table of " + std::to_string(size_) + " parts would need " +
                     bytes_text(bytes) + ", " + past_the_bound(memory_limit_, run_bound_));
  if (path_.empty() && capacity_ != 0 && grow_in_place(capacity)) return;
  rewrite(capacity, nullptr);
}

// The table moved into a new one of `capacity` slots (the slots `dropped`
// marks left out): in memory, or in the file through FILE.grow renamed over
// it when whole, so that the file is always one whole table.
void PartTable::rewrite(std::size_t capacity, const std::vector<bool>* dropped) {
  const std::string next = path_.empty() ? "" : path_ + ".grow";
  Arrays arrays = allocate(capacity, next);
  rehash_into(arrays, capacity, dropped);
  if (!path_.empty()) {
    // On the disk before it replaces the old file: then a crash of the
    // machine, too, leaves one whole table.
    ::msync(arrays.mapping, arrays.mapped_bytes, MS_SYNC);
    if (std::rename(next.c_str(), path_.c_str()) != 0) {
      const std::string error = system_error("cannot replace the table file", path_);
      release(arrays);
      ::unlink(next.c_str());
      throw LimitError(error);
    }
  }
  adopt(arrays, capacity);
  if (dropped != nullptr) {
    size_ = 0;
    for (std::size_t s = 0; s < capacity_; ++s) size_ += keys_[s] != 0 ? 1 : 0;
  }
}

PartTable::Loaded PartTable::use_file(const std::string& path) {
  if (size_ != 0) throw LimitError("the " + what_ + " table is given a file after parts were stored");
  // A growth's new file, left by a run killed while it grew (the old file is
  // the whole table): the owner of the table removes it.
  ::unlink((path + ".grow").c_str());
  std::error_code ignored;
  if (!std::filesystem::exists(path, ignored)) {
    path_ = path;
    release(arrays_);
    capacity_ = 0;
    keys_ = nullptr;
    values_ = nullptr;
    checks_ = nullptr;
    grow();  // makes the file (through a new file renamed, as every growth)
    return {};
  }
  const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) throw InputError(system_error("cannot open the table file", path));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat status {};
  char header[kHeaderBytes] = {};
  const bool read_whole = ::fstat(fd, &status) == 0 && S_ISREG(status.st_mode) &&
                          status.st_size >= static_cast<off_t>(kHeaderBytes) &&
                          ::pread(fd, header, kHeaderBytes, 0) == static_cast<ssize_t>(kHeaderBytes);
  const std::string head(header, ::strnlen(header, kHeaderBytes));
  if (read_whole && head.rfind("grundy-part-table 1\n", 0) == 0) {
    throw InputError(path + ": a table file of an older grundy, whose slots carry no check (grundy-part-table 1): " +
                     "remove it, and its parts are valued again");
  }
  const std::string expected_start = "grundy-part-table 2\ngame " + what_ + "\ncapacity ";
  std::size_t capacity = 0;
  bool valid = read_whole && head.rfind(expected_start, 0) == 0;
  if (valid) {
    const std::string number = head.substr(expected_start.size());
    valid = !number.empty() && number.size() <= 13 && number.back() == '\n' &&
            number.find_first_not_of("0123456789\n") == std::string::npos;
    // At most 2^40 slots, and what this machine's sizes can address (a
    // 32-bit build, the web page's, maps far less).
    const std::uint64_t slots = valid ? std::stoull(number) : 0;
    valid = valid && slots >= kFirstCapacity && (slots & (slots - 1)) == 0 && slots <= (std::uint64_t{1} << 40) &&
            slots <= (std::numeric_limits<std::size_t>::max() - kHeaderBytes) / kFileSlotBytes;
    if (valid) capacity = static_cast<std::size_t>(slots);
    valid = valid && head == header_text(what_, capacity) &&
            static_cast<std::uint64_t>(status.st_size) == static_cast<std::uint64_t>(file_bytes(capacity));
  }
  if (!valid) {
    throw InputError(path + ": not a table file of the " + what_ + " search (grundy-part-table 2, game " + what_ +
                     ", a capacity and its slots)");
  }
  // The header against the bound and the machine before anything is mapped.
  const std::size_t bytes = file_bytes(capacity);
  if (memory_limit_ != 0 && bytes > memory_limit_) {
    throw LimitError("the table file " + path + " holds " + bytes_text(bytes) + ", " +
                     past_the_bound(memory_limit_, run_bound_));
  }
  // A table file larger than the machine would be read from the disk at
  // every lookup (a header claiming 2^30 slots took 8.5 GB and 91 s for a
  // 0.1 s position, issue 56): refused before it is mapped.
  if (const std::uint64_t machine = physical_memory_bytes(); bytes > machine) {
    throw LimitError("the table file " + path + " holds " + bytes_text(bytes) + ", more than this machine's memory (" +
                     bytes_text(static_cast<std::size_t>(machine)) + ")");
  }
  Arrays arrays = map_file(fd, capacity, path);
  // Every slot verified once, as the file is read: a slot whose check or
  // probe path fails is dropped, and the table rewritten without it.
  std::vector<bool> dropped;
  std::size_t count = 0;
  std::size_t bad = 0;
  for_each_written_slot(fd, capacity, [&](std::size_t s) {
    if (arrays.keys[s] == 0) return;
    if (whole(arrays, capacity, s)) {
      ++count;
      return;
    }
    if (dropped.empty()) dropped.assign(capacity, false);
    dropped[s] = true;
    ++bad;
  });
  if (4 * count > 3 * capacity) {
    release(arrays);
    throw InputError(path + ": a table file fuller than any the search writes (" + std::to_string(count) + " parts in " +
                     std::to_string(capacity) + " slots): damaged");
  }
  adopt(arrays, capacity);
  size_ = count;
  path_ = path;
  if (bad != 0) rewrite(capacity, &dropped);
  return {count, bad};
}

}  // namespace grundy::search
