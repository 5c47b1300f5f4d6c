#include "grundy/input_file.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "grundy/descriptor_input.hpp"
#include "grundy/input_error.hpp"
#include "grundy/output_file.hpp"

namespace grundy {

std::ifstream open_input_file(const std::string& path, std::string_view what) {
  check_file_name(path, what);
  const SourceLocation where{path, 0, 0};
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw InputError("cannot open the " + std::string(what) + " (" + std::strerror(errno) + ")", where);
  // A directory opens as a stream on Linux and fails only when read.
  if (S_ISDIR(st.st_mode)) throw InputError("the " + std::string(what) + " is a directory", where);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot open the " + std::string(what) + " (" + std::strerror(errno) + ")", where);
  return in;
}

std::string read_bounded(std::istream& in, std::string_view what, const SourceLocation& where,
                         const std::function<void()>& poll, std::size_t limit) {
  std::string text;
  std::string chunk(std::size_t{1} << 16, '\0');
  while (in) {
    if (poll) poll();
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const auto got = static_cast<std::size_t>(in.gcount());
    if (text.size() + got > limit) {
      throw LimitError("the " + std::string(what) + " is longer than " + std::to_string(limit >> 20) +
                           " MiB, the bound on an input (an endless input such as /dev/zero?)",
                       where);
    }
    text.append(chunk.data(), got);
  }
  if (in.bad()) throw InputError("cannot read the " + std::string(what), where);
  return text;
}

std::string read_input_file(const std::string& path, std::string_view what, const std::function<void()>& poll) {
  // Through the descriptor: a FIFO or a device that makes the read wait still honours Ctrl-C.
  const InputDescriptor file(path, what);
  return read_bounded_descriptor(file.get(), what, SourceLocation{path, 0, 0}, poll);
}

}  // namespace grundy
