// Saved misère quotients (include/grundy/misere/quotient_checkpoint.hpp:
// `grundy quotient --checkpoint FILE`, `grundy value --quotient FILE`). The
// first byte picks how the rest is used: even, the file as found on disk;
// odd, the file without its checksum, which the harness appends so that
// inputs reach the checks behind it. Either the file is read (a quotient
// whose actions are a monoid's) or refused with a one-line InputError.
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "grundy/misere/quotient_checkpoint.hpp"
#include "grundy/take_and_break/checkpoint.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  if (size == 0) return -1;
  static const fuzz::ScratchFile scratch;
  std::string bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  if (data[0] & 1) {
    const std::uint64_t check = take_and_break::checkpoint_checksum(bytes);
    bytes.append(reinterpret_cast<const char*>(&check), sizeof check);
  }
  scratch.write(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  try {
    const auto saved = misere::read_quotient_checkpoint(scratch.path());
    if (!saved) fuzz::fail("an existing saved quotient was read as absent", scratch.path());
    if (saved->quotient.size() == 0) fuzz::fail("a saved quotient of no element was read", scratch.path());
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
  }
  return 0;
}
