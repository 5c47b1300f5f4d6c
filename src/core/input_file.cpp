#include "grundy/core/input_file.hpp"

#include "grundy/core/descriptor_input.hpp"
#include "grundy/core/input_error.hpp"

namespace grundy {

void check_input_file(const std::string& path, std::string_view what, InputKind kind) {
  const InputDescriptor checked(path, what, kind);
}

std::ifstream open_input_file(const std::string& path, std::string_view what, InputKind kind) {
  // The checks on a descriptor opened without waiting; the stream is opened
  // only on what passed them (a regular file never blocks its open).
  check_input_file(path, what, kind);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot open the " + std::string(what), SourceLocation{path, 0, 0});
  return in;
}

std::string byte_count_text(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
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
      throw LimitError("the " + std::string(what) + " is longer than " + byte_count_text(limit) +
                           ", the bound on an input (an endless input such as /dev/zero?)",
                       where);
    }
    text.append(chunk.data(), got);
  }
  if (in.bad()) throw InputError("cannot read the " + std::string(what), where);
  return text;
}

std::string read_input_file(const std::string& path, std::string_view what, const std::function<void()>& poll,
                            std::size_t limit, InputKind kind) {
  // Through the descriptor: a FIFO or a device that makes the read wait still honours Ctrl-C.
  const InputDescriptor file(path, what, kind);
  return read_bounded_descriptor(file.get(), what, SourceLocation{path, 0, 0}, poll, limit);
}

}  // namespace grundy
