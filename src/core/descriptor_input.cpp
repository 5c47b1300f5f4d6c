#include "grundy/descriptor_input.hpp"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

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
  return LimitError("the " + std::string(what) + " is longer than " + std::to_string(limit >> 20) +
                        " MiB, the bound on an input (an endless input such as /dev/zero?)",
                    where);
}

}  // namespace

InputDescriptor::InputDescriptor(const std::string& path, std::string_view what) {
  // The checks and messages of open_input_file (a directory, a missing file…).
  { std::ifstream checked = open_input_file(path, what); }
  descriptor_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor_ < 0)
    throw InputError("cannot open the " + std::string(what) + " (" + std::strerror(errno) + ")",
                     SourceLocation{path, 0, 0});
}

InputDescriptor::~InputDescriptor() {
  if (descriptor_ >= 0) ::close(descriptor_);
}

std::string read_bounded_descriptor(int descriptor, std::string_view what, const SourceLocation& where,
                                    const std::function<void()>& poll, std::size_t limit) {
  std::string text;
  std::string chunk(kChunk, '\0');
  while (true) {
    const std::size_t got = read_some(descriptor, chunk.data(), chunk.size(), what, where, poll);
    if (got == 0) break;
    if (text.size() + got > limit) throw too_long(what, where, limit);
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
