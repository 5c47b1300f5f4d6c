#include "grundy/misere/quotient_checkpoint.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include "grundy/core/input_error.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/core/output_file.hpp"
#include "grundy/core/checksum.hpp"

namespace grundy::misere {
namespace {

constexpr char kMagic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'M', 'Q'};
constexpr std::uint32_t kVersion = 1;

template <class T>
void put(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

[[noreturn]] void corrupt(const std::string& path, const std::string& what) {
  throw InputError("quotient checkpoint " + path + " is corrupt (" + what +
                   "); refusing to resume from it: delete it to start over");
}

class Reader {
 public:
  Reader(const std::string& bytes, const std::string& path) : bytes_(bytes), path_(path) {}
  template <class T>
  T get(const char* what) {
    T value{};
    if (at_ + sizeof value > bytes_.size()) corrupt(path_, std::string("truncated in the ") + what);
    std::memcpy(&value, bytes_.data() + at_, sizeof value);
    at_ += sizeof value;
    return value;
  }
  std::string bytes(std::size_t count, const char* what) {
    if (count > bytes_.size() - at_) corrupt(path_, std::string("truncated in the ") + what);
    std::string out = bytes_.substr(at_, count);
    at_ += count;
    return out;
  }
  [[nodiscard]] std::size_t left() const noexcept { return bytes_.size() - at_; }

 private:
  const std::string& bytes_;
  const std::string& path_;
  std::size_t at_ = 0;
};

}  // namespace

void check_quotient_checkpoint_path(const std::string& path) { (void)prepare_output_file(path, "checkpoint"); }

void write_quotient_checkpoint(const std::string& path, const QuotientCheckpoint& checkpoint) {
  const MisereQuotient& q = checkpoint.quotient;
  std::string data;
  data.append(kMagic, sizeof kMagic);
  put(data, kVersion);
  put(data, static_cast<std::uint32_t>(checkpoint.rule.size()));
  data += checkpoint.rule;
  put(data, static_cast<std::uint32_t>(q.size()));
  put(data, static_cast<std::uint32_t>(q.monoid.generator_count()));
  for (const std::vector<Element>& action : q.monoid.actions()) {
    data.append(reinterpret_cast<const char*>(action.data()), action.size() * sizeof(Element));
  }
  for (bool p : q.p_portion) data.push_back(p ? 1 : 0);
  put(data, static_cast<std::uint64_t>(q.pretending.size()));
  data.append(reinterpret_cast<const char*>(q.pretending.data()), q.pretending.size() * sizeof(Element));
  put(data, static_cast<std::uint64_t>(checkpoint.expansion_heaps.size()));
  for (std::uint64_t h : checkpoint.expansion_heaps) put(data, h);
  const std::uint64_t check = word_checksum(data);
  put(data, check);
  const OutputFile file = prepare_output_file(path, "checkpoint");
  write_output_file(file, "checkpoint", [&](std::FILE* f) { write_bytes(f, data.data(), data.size()); });
}

std::optional<QuotientCheckpoint> read_quotient_checkpoint(const std::string& path,
                                                           const std::function<void()>& poll) {
  check_file_name(path, "checkpoint");
  struct stat st {};
  // A missing file (or a dangling link, whose target the first save makes) is a fresh start.
  if (::stat(path.c_str(), &st) != 0 && errno == ENOENT) return std::nullopt;
  // One reader for every file (input_file.hpp): a regular file only (a FIFO
  // with no writer, /dev/zero and a directory are refused at once), at most
  // kQuotientFileLimit bytes, Ctrl-C heard while it reads.
  const std::string all = read_input_file(path, "checkpoint", poll, kQuotientFileLimit, InputKind::regular_file);
  if (all.size() < sizeof kMagic || std::memcmp(all.data(), kMagic, sizeof kMagic) != 0) {
    throw InputError("checkpoint " + path + " is not a grundy quotient checkpoint");
  }
  if (all.size() < sizeof kMagic + 8) corrupt(path, "truncated in the header");
  const std::string body = all.substr(0, all.size() - 8);
  std::uint64_t stored = 0;
  std::memcpy(&stored, all.data() + body.size(), sizeof stored);
  if (stored != word_checksum(body)) corrupt(path, "checksum mismatch");
  Reader r(body, path);
  (void)r.bytes(sizeof kMagic, "header");
  const auto version = r.get<std::uint32_t>("header");
  if (version != kVersion) corrupt(path, "unknown version " + std::to_string(version));
  const auto length = r.get<std::uint32_t>("header");
  if (length > 4096) corrupt(path, "rule length " + std::to_string(length));
  QuotientCheckpoint cp;
  cp.rule = r.bytes(length, "rule");
  const auto size = r.get<std::uint32_t>("quotient");
  const auto generators = r.get<std::uint32_t>("quotient");
  // G actions of 4 bytes and one byte of P per element.
  if (size == 0 || static_cast<std::uint64_t>(size) * (std::uint64_t{generators} * 4 + 1) > r.left()) {
    corrupt(path, "quotient size");
  }
  std::vector<std::vector<Element>> actions(generators, std::vector<Element>(size));
  for (auto& action : actions) {
    for (Element& x : action) {
      x = r.get<Element>("actions");
      if (x >= size) corrupt(path, "an action out of range");
    }
  }
  std::vector<bool> p(size);
  for (std::uint32_t x = 0; x < size; ++x) p[x] = r.get<char>("P-portion") != 0;
  const auto heaps = r.get<std::uint64_t>("pretending function");
  if (heaps == 0 || heaps > r.left() / sizeof(Element)) corrupt(path, "pretending function length");
  std::vector<Element> phi(heaps);
  for (Element& x : phi) {
    x = r.get<Element>("pretending function");
    if (x >= size) corrupt(path, "a class out of range");
  }
  const auto expansions = r.get<std::uint64_t>("expansion heaps");
  if (expansions > r.left() / 8) corrupt(path, "expansion heaps");
  for (std::uint64_t i = 0; i < expansions; ++i) cp.expansion_heaps.push_back(r.get<std::uint64_t>("expansion heaps"));
  if (r.left() != 0) corrupt(path, "trailing bytes");
  try {
    cp.quotient.monoid = generators == 0 ? CommutativeMonoid() : CommutativeMonoid(std::move(actions));
  } catch (const std::logic_error& e) {
    corrupt(path, e.what());
  }
  if (cp.quotient.monoid.size() != size) corrupt(path, "quotient size");
  // Small enough to check every product: a monoid, commutative and associative.
  if (size <= 512 && !cp.quotient.monoid.verify()) corrupt(path, "its actions are not a commutative monoid's");
  cp.quotient.p_portion = std::move(p);
  cp.quotient.pretending = std::move(phi);
  return cp;
}

}  // namespace grundy::misere
