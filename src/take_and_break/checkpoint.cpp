#include "grundy/take_and_break/checkpoint.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include "grundy/core/checksum.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/core/output_file.hpp"

namespace grundy::take_and_break {
namespace {

constexpr char kMagic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'C', 'K'};
constexpr std::uint32_t kVersion = 1;

// The checksum of a checkpoint: grundy/core/checksum.hpp's word checksum (8 bytes a
// step: speed matters for 2 GB of values).
using Checksum = WordChecksum;

struct FileCloser {
  void operator()(std::FILE* f) const noexcept { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

[[noreturn]] void io_error(const std::string& what, const std::string& path) {
  throw InputError("checkpoint " + path + ": " + what + " (" + std::strerror(errno) + ")");
}

[[noreturn]] void corrupt(const std::string& path, const std::string& what) {
  throw InputError("checkpoint " + path + " is corrupt (" + what +
                   "); refusing to resume from it: delete it to start over");
}

}  // namespace

void write_checkpoint(const std::string& path, const std::string& rule, const std::vector<Value>& values) {
  write_checkpoint(path, rule, values.data(), values.size());
}

void write_checkpoint(const std::string& path, const std::string& rule, const Value* values, std::uint64_t count) {
  const OutputFile file = prepare_output_file(path, "checkpoint");
  write_output_file(file, "checkpoint", [&](std::FILE* f) {
    Checksum sum;
    auto put = [&](const void* data, std::size_t size) {
      write_bytes(f, data, size);
      sum.add(data, size);
    };
    put(kMagic, sizeof kMagic);
    put(&kVersion, sizeof kVersion);
    const auto length = static_cast<std::uint32_t>(rule.size());
    put(&length, sizeof length);
    put(rule.data(), rule.size());
    put(&count, sizeof count);
    write_bytes(f, values, count * sizeof(Value));
    sum.add_words(values, count * sizeof(Value));
    const std::uint64_t check = sum.value();
    write_bytes(f, &check, sizeof check);
  });
}

std::uint64_t checkpoint_checksum(std::string_view bytes) { return word_checksum(bytes); }

std::optional<Checkpoint> read_checkpoint(const std::string& path) {
  std::error_code ec;
  check_file_name(path, "checkpoint");
  if (!std::filesystem::exists(path, ec)) return std::nullopt;
  // One reader's checks (input_file.hpp): a regular file only, so that a FIFO
  // with no writer or /dev/zero is refused at once instead of blocking the
  // open or the read.
  check_input_file(path, "checkpoint", InputKind::regular_file);
  File f(std::fopen(path.c_str(), "rb"));
  if (!f) io_error("cannot open", path);
  const std::uint64_t file_size = std::filesystem::file_size(path, ec);
  Checksum sum;
  auto get = [&](void* data, std::size_t size, const char* what) {
    if (std::fread(data, 1, size, f.get()) != size) corrupt(path, std::string("truncated in the ") + what);
    sum.add(data, size);
  };
  char magic[8];
  get(magic, sizeof magic, "header");
  if (std::memcmp(magic, kMagic, sizeof magic) != 0) {
    throw InputError("checkpoint " + path + " is not a grundy take-and-break checkpoint");
  }
  std::uint32_t version = 0;
  get(&version, sizeof version, "header");
  if (version != kVersion) corrupt(path, "unknown version " + std::to_string(version));
  std::uint32_t length = 0;
  get(&length, sizeof length, "header");
  if (length > 4096) corrupt(path, "rule length " + std::to_string(length));
  Checkpoint cp;
  cp.rule.resize(length);
  get(cp.rule.data(), length, "rule");
  std::uint64_t count = 0;
  get(&count, sizeof count, "header");
  const std::uint64_t expected = 8 + 4 + 4 + length + 8 + count * sizeof(Value) + 8;
  if (count > (std::uint64_t{1} << 40) || expected != file_size) {
    corrupt(path, "its size " + std::to_string(file_size) + " does not match " + std::to_string(count) + " values");
  }
  cp.values.resize(count);
  if (count != 0 && std::fread(cp.values.data(), sizeof(Value), count, f.get()) != count) {
    corrupt(path, "truncated in the values");
  }
  sum.add_words(cp.values.data(), cp.values.size() * sizeof(Value));
  std::uint64_t check = 0;
  if (std::fread(&check, sizeof check, 1, f.get()) != 1) corrupt(path, "truncated before the checksum");
  if (check != sum.value()) corrupt(path, "checksum mismatch");
  return cp;
}

std::optional<ResumedCheckpoint> resume_checkpoint(const std::string& path, const std::string& rule,
                                                   std::uint64_t upto) {
  if (path.empty()) return std::nullopt;
  std::optional<Checkpoint> cp = read_checkpoint(path);
  if (!cp) return std::nullopt;
  if (cp->rule != rule) {
    throw InputError("checkpoint " + path + " is for " + cp->rule + ", not " + rule +
                     ": use another file, or delete it to start over");
  }
  ResumedCheckpoint resumed{std::move(cp->values), 0};
  resumed.held = resumed.values.size();
  if (resumed.values.size() > upto + 1) resumed.values.resize(upto + 1);
  return resumed;
}

}  // namespace grundy::take_and_break
