// Part table files (`--table FILE` of the part search, part_table.hpp), damaged
// as a disk or a user might: a real table of a NoGo row or a Clobber board is
// made once, and each input is a list of changes to its bytes (5 bytes a
// change: an offset, little-endian u32 taken modulo the file's size, and a
// nonzero xor). The first byte picks the game (bit 1) and whether the run
// certifies (bit 0). Held (issue 56):
//   - one change, anywhere: the value is the clean run's (every one-byte
//     change is seen by a slot's check, or refused with the header);
//   - any changes, certifying: a certificate the checker accepts proves the
//     clean value (what the CLI says is proven is true);
//   - any changes: a refusal is a one-line InputError, never a crash.
// Several changes may forge a slot (a value and its check changed alike):
// no check sees that, and only the certificate's proof is held then.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "certificate_check.hpp"
#include "fuzz_support.hpp"
#include "grundy/analysis/certificate.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/search/table_store.hpp"

namespace {

using namespace grundy;

struct Clean {
  const char* position;
  std::string path;
  std::string bytes;
  Nimber value = 0;
};

// As fuzz::bounded_context, with the table file as the run's one persistence.
std::unique_ptr<Context> context_with_table(const std::string& path) {
  ContextOptions options;
  options.memory_bytes = std::size_t{32} << 20;
  options.threads = 1;
  options.families.set(search::TableOptions{path, 60});
  auto context = std::make_unique<Context>(options);
  Context* raw = context.get();
  context->set_poll_hook([raw] {
    if (raw->seconds() > fuzz::kSecondsPerInput) raw->request_stop();
  });
  return context;
}

Clean make_clean(const char* position, const std::string& path) {
  Clean clean{position, path, {}, 0};
  std::remove(path.c_str());
  {
    const std::unique_ptr<Context> context = context_with_table(path);
    clean.value = Registry::builtin().parse(position).value(*context).nimber();
  }
  std::ifstream in(path, std::ios::binary);
  clean.bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (clean.bytes.size() <= 4096) fuzz::fail("the clean table was not made", path);
  return clean;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return -1;
  static const fuzz::ScratchFile scratch;
  static const Clean nogo = make_clean("nogo(.........)", scratch.path() + ".nogo");
  static const Clean clobber = make_clean("clobber(XOXO/OXOX)", scratch.path() + ".clobber");
  const bool certifying = (data[0] & 1) != 0;
  const Clean& clean = (data[0] & 2) != 0 ? clobber : nogo;
  std::string bytes = clean.bytes;
  std::size_t changes = 0;
  for (std::size_t at = 1; at + 5 <= size && changes < 64; at += 5, ++changes) {
    const std::uint32_t offset = data[at] | (data[at + 1] << 8U) | (data[at + 2] << 16U) |
                                 (static_cast<std::uint32_t>(data[at + 3]) << 24U);
    const auto change = static_cast<std::uint8_t>(data[at + 4] == 0 ? 1 : data[at + 4]);
    bytes[offset % bytes.size()] = static_cast<char>(static_cast<std::uint8_t>(bytes[offset % bytes.size()]) ^ change);
  }
  scratch.write(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  const Position position = Registry::builtin().parse(clean.position);
  try {
    const std::unique_ptr<Context> context = context_with_table(scratch.path());
    if (!certifying) {
      const Nimber value = position.value(*context).nimber();
      if (changes <= 1 && value != clean.value)
        fuzz::fail("one changed byte of a table changed the value", clean.position);
      return 0;
    }
    const Certificate certificate = certify(position, *context);
    const grundy_check::CheckResult checked = grundy_check::check_certificate_text(certificate.text);
    if (!checked.valid) {
      if (changes <= 1) fuzz::fail("one changed byte of a table made a certificate the checker refuses", checked.message);
      return 0;
    }
    const Nimber proven = checked.total();
    if (proven != clean.value || certificate.value != clean.value)
      fuzz::fail("a proven certificate from a damaged table proves another value", clean.position);
  } catch (const Cancelled&) {
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
  }
  return 0;
}
