#include "grundy/core/descriptor_input.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include "grundy/core/output_file.hpp"

namespace grundy {
namespace {

constexpr int kWaitMilliseconds = 100;
constexpr std::size_t kChunk = std::size_t{1} << 16;

// One read(2) of at most SIZE bytes into OUT, waiting in slices with POLL
// between them; 0 at the end of the input.
std::size_t read_some(int descriptor, char* out, std::size_t size, std::string_view what,
                      const SourceLocation& where, const std::function<void()>& poll) {
  while (true) {
    if (poll) poll();
    pollfd ready{descriptor, POLLIN, 0};
    const int waited = ::poll(&ready, 1, kWaitMilliseconds);
    if (waited == 0 || (waited < 0 && errno == EINTR)) continue;
    // POLLHUP or POLLERR with nothing to read: read(2) reports the end or the error.
    const ssize_t got = ::read(descriptor, out, size);
    if (got >= 0) return static_cast<std::size_t>(got);
    if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
    throw InputError("cannot read the " + std::string(what) + " (" + std::strerror(errno) + ")", where);
  }
}

LimitError too_long(std::string_view what, const SourceLocation& where, std::size_t limit) {
  return LimitError("the " + std::string(what) + " is longer than " + byte_count_text(limit) +
                        ", the bound on an input (an endless input such as /dev/zero?)",
                    where);
}

// What a file of mode MODE is, when it is not what a reader takes; "" when it is.
std::string refusal(mode_t mode, InputKind kind) {
  if (S_ISREG(mode)) return "";
  if (S_ISDIR(mode)) return "is a directory";
  if (S_ISCHR(mode)) return "is a device (such as /dev/zero or a terminal), not a regular file";
  if (S_ISBLK(mode)) return "is a block device, not a regular file";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  if (S_ISFIFO(mode)) return kind == InputKind::regular_file ? "is a FIFO or a pipe, not a regular file" : "";
  return "is not a regular file";
}

}  // namespace

InputDescriptor::InputDescriptor(const std::string& path, std::string_view what, InputKind kind) {
  check_file_name(path, what);
  const SourceLocation where{path, 0, 0};
  const std::string the = "the " + std::string(what) + " ";
  // O_NONBLOCK: opening a FIFO for reading waits for a writer, uninterruptibly
  // here (the run blocks SIGINT outside its watcher thread); without waiting it
  // opens at once and the reads wait in slices that poll the run's stop.
  descriptor_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (descriptor_ < 0) {
    const int error = errno;
    struct stat link {};
    if (error == ENOENT && ::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode))
      throw InputError(the + "is a symbolic link to a file that does not exist", where);
    if (error == ENXIO) throw InputError(the + "is a socket or a device with nothing behind it", where);
    throw InputError("cannot open the " + std::string(what) + " (" + std::strerror(error) + ")", where);
  }
  struct stat st {};
  if (::fstat(descriptor_, &st) != 0) {
    const int error = errno;
    ::close(descriptor_);
    throw InputError("cannot open the " + std::string(what) + " (" + std::strerror(error) + ")", where);
  }
  if (const std::string wrong = refusal(st.st_mode, kind); !wrong.empty()) {
    ::close(descriptor_);
    throw InputError(the + wrong, where);
  }
}

InputDescriptor::~InputDescriptor() {
  if (descriptor_ >= 0) ::close(descriptor_);
}

std::string read_bounded_descriptor(int descriptor, std::string_view what, const SourceLocation& where,
                                    const std::function<void()>& poll, std::size_t limit) {
  // A regular file past the bound is refused from its size, before any read.
  struct stat st {};
  if (::fstat(descriptor, &st) == 0 && S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > limit)
    throw too_long(what, where, limit);
  std::string text;
  std::string chunk(std::min(kChunk, limit + 1), '\0');
  while (true) {
    const std::size_t got = read_some(descriptor, chunk.data(), chunk.size(), what, where, poll);
    if (got == 0) break;
    if (text.size() + got > limit) throw too_long(what, where, limit);
    // Grown by doubling up to the bound, never past it: an endless pipe costs
    // at most `limit` bytes (append alone could take twice that).
    if (text.size() + got > text.capacity())
      text.reserve(std::min(limit, std::max(2 * text.capacity(), text.size() + got)));
    text.append(chunk.data(), got);
  }
  return text;
}

DescriptorLines::DescriptorLines(int descriptor, std::string what, SourceLocation where,
                                 std::function<void()> poll, std::size_t limit)
    : descriptor_(descriptor), what_(std::move(what)), where_(std::move(where)), poll_(std::move(poll)),
      limit_(limit) {}

bool DescriptorLines::fill() {
  if (ended_) return false;
  if (start_ > 0) {
    buffer_.erase(0, start_);
    start_ = 0;
  }
  const std::size_t old = buffer_.size();
  buffer_.resize(old + kChunk);
  const std::size_t got = read_some(descriptor_, buffer_.data() + old, kChunk, what_, where_, poll_);
  buffer_.resize(old + got);
  if (got == 0) ended_ = true;
  return got > 0;
}

bool DescriptorLines::next(std::string& line) {
  std::size_t searched = start_;
  while (true) {
    const std::size_t end = buffer_.find('\n', searched);
    if (end != std::string::npos) {
      line.assign(buffer_, start_, end - start_);
      start_ = end + 1;
      return true;
    }
    if (buffer_.size() - start_ > limit_) throw too_long(what_, where_, limit_);
    searched = buffer_.size() - start_;  // relative: fill() moves the line to the front
    if (!fill()) {
      if (start_ == buffer_.size()) return false;
      line.assign(buffer_, start_, std::string::npos);
      start_ = buffer_.size();
      return true;
    }
    searched = start_ + searched;
  }
}

}  // namespace grundy
