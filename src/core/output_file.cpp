#include "grundy/core/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

#include "grundy/core/input_error.hpp"

namespace grundy {
namespace {

// Thrown by write_bytes; carries errno to write_output_file, which owns the message.
struct WriteFailure {
  int error;
};

std::string reason(int error) { return std::strerror(error); }

[[noreturn]] void refuse(std::string_view what, const std::string& path, const std::string& why) {
  throw InputError(std::string(what) + " " + path + ": " + why);
}

}  // namespace

void check_file_name(std::string_view path, std::string_view what) {
  if (path.find('\0') != std::string_view::npos)
    throw InputError(std::string(what) + " name contains a NUL byte, which no file name can hold");
  if (path.empty()) throw InputError(std::string(what) + " name is empty");
}

OutputFile prepare_output_file(const std::string& path, std::string_view what) {
  check_file_name(path, what);
  OutputFile file{path, path, false};
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    // Follow the link, link by link, to the file it names — also when that
    // file does not exist yet (a dangling link): the file is made there and the
    // link survives. (weakly_canonical stops at a dangling link and names the
    // link itself, which the rename would then replace.)
    std::filesystem::path at = path;
    for (int depth = 0;; ++depth) {
      if (depth == 40) refuse(what, path, "cannot follow the symbolic link (too many levels of links)");
      if (::lstat(at.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) break;
      std::error_code ec;
      const std::filesystem::path next = std::filesystem::read_symlink(at, ec);
      if (ec) refuse(what, path, "cannot follow the symbolic link (" + ec.message() + ")");
      at = next.is_absolute() ? next : at.parent_path() / next;
    }
    file.target = at.lexically_normal().string();
  }
  if (::stat(file.target.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) refuse(what, path, "is a directory");
    if (!S_ISREG(st.st_mode)) {
      file.in_place = true;
      if (::access(file.target.c_str(), W_OK) != 0) refuse(what, path, "cannot be written (" + reason(errno) + ")");
      return file;
    }
    // Renaming over a read-only file would silently replace it: refuse instead.
    // The mode bits, not access(): for root access() allows every write.
    if ((st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 || ::access(file.target.c_str(), W_OK) != 0)
      refuse(what, path, "is read-only; make it writable or name another file");
  } else if (errno != ENOENT) {
    refuse(what, path, "cannot be used (" + reason(errno) + ")");
  }
  std::filesystem::path parent = std::filesystem::path(file.target).parent_path();
  if (parent.empty()) parent = ".";
  if (::stat(parent.c_str(), &st) != 0) refuse(what, path, "its directory " + parent.string() + " does not exist");
  if (!S_ISDIR(st.st_mode)) refuse(what, path, parent.string() + " is not a directory");
  if (::access(parent.c_str(), W_OK | X_OK) != 0)
    refuse(what, path, "its directory " + parent.string() + " is not writable (" + reason(errno) + ")");
  return file;
}

void write_bytes(std::FILE* file, const void* data, std::size_t size) {
  if (size != 0 && std::fwrite(data, 1, size, file) != size) throw WriteFailure{errno ? errno : EIO};
}

void write_output_file(const OutputFile& file, std::string_view what,
                       const std::function<void(std::FILE*)>& write) {
  const std::string destination = file.in_place ? file.target : file.target + ".tmp";
  auto fail = [&](int error) {
    if (!file.in_place) ::unlink(destination.c_str());
    refuse(what, file.path, "cannot be written (" + reason(error) + ")");
  };
  // O_NOFOLLOW on the temporary: a link planted at NAME.tmp is not followed.
  const int flags = file.in_place ? O_WRONLY | O_CLOEXEC : O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW;
  const int fd = ::open(destination.c_str(), flags, 0666);
  if (fd < 0) {
    const int error = errno;
    if (file.in_place) refuse(what, file.path, "cannot be opened (" + reason(error) + ")");
    refuse(what, file.path, "cannot create " + destination + " (" + reason(error) + ")");
  }
  std::FILE* stream = ::fdopen(fd, "wb");
  if (!stream) {
    const int error = errno;
    ::close(fd);
    fail(error);
  }
  int error = 0;
  try {
    write(stream);
  } catch (const WriteFailure& failure) {
    error = failure.error;
  } catch (...) {
    std::fclose(stream);
    if (!file.in_place) ::unlink(destination.c_str());
    throw;
  }
  // A full disk often shows only here: buffered data is written at flush/fsync.
  if (error == 0 && std::fflush(stream) != 0) error = errno;
  if (error == 0 && !file.in_place && ::fsync(fd) != 0) error = errno;
  if (std::fclose(stream) != 0 && error == 0) error = errno;
  if (error != 0) fail(error);
  if (!file.in_place && std::rename(destination.c_str(), file.target.c_str()) != 0) fail(errno);
}

}  // namespace grundy
