#include "grundy/input_file.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <iterator>

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

std::string read_input_file(const std::string& path, std::string_view what) {
  std::ifstream in = open_input_file(path, what);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw InputError("cannot read the " + std::string(what), SourceLocation{path, 0, 0});
  return text;
}

}  // namespace grundy
