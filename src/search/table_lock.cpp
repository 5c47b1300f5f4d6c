#include "table_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "grundy/core/input_error.hpp"

namespace grundy::search {
namespace {

#if !defined(__EMSCRIPTEN__)
// The process number the lock file holds ("" if none).
std::string owner_of(int fd) {
  char text[32] = {};
  const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
  std::string pid(text, n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
  if (pid.find_first_not_of("0123456789") != std::string::npos) return {};
  return pid;
}
#endif

}  // namespace

TableLock::TableLock(const std::string& table, const std::string& flag) : path_(table + ".lock") {
#if defined(__EMSCRIPTEN__)
  (void)flag;  // the web page's files are its own: no other process
#else
  // A few rounds at most: each is lost only to an owner that let go (and
  // removed the file) between our open and our lock.
  for (int round = 0; round < 8; ++round) {
    const int fd = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) throw InputError(flag + " " + table + ": cannot make its lock file " + path_ + ": " + std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      const std::string owner = error == EWOULDBLOCK ? owner_of(fd) : std::string();
      ::close(fd);
      if (error == EWOULDBLOCK && owner == std::to_string(::getpid())) throw HeldByThisProcess{};
      std::string message = flag + " " + table + ": ";
      message += error == EWOULDBLOCK ? "in use by another grundy run" +
                                            (owner.empty() ? std::string() : " (process " + owner + ")") +
                                            "; wait until it ends, or give another file"
                                      : std::string("cannot lock ") + path_ + ": " + std::strerror(error);
      throw InputError(message);
    }
    struct stat held {};
    struct stat named {};
    if (::fstat(fd, &held) == 0 && ::stat(path_.c_str(), &named) == 0 && held.st_dev == named.st_dev &&
        held.st_ino == named.st_ino) {
      const std::string pid = std::to_string(::getpid()) + "\n";
      if (::ftruncate(fd, 0) == 0) {
        const ssize_t written = ::pwrite(fd, pid.data(), pid.size(), 0);
        (void)written;  // the number is for messages only: a lock without it still locks
      }
      fd_ = fd;
      return;
    }
    ::close(fd);  // removed by its owner meanwhile: lock the new one
  }
  throw InputError(flag + " " + table + ": its lock file " + path_ + " keeps changing: another run is starting on it");
#endif
}

TableLock::~TableLock() {
  if (fd_ < 0) return;
  // Removed while still held, so that no one locks a file about to go.
  ::unlink(path_.c_str());
  ::close(fd_);
}

}  // namespace grundy::search
