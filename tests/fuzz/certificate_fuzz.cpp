// `grundy check`'s reader and prover (check/, docs/certificates.md): any bytes
// are refused with a line and a message or accepted; accepted ones must prove
// every root they name. Never a crash, never a hang.
#include <cstdint>
#include <string>

#include "certificate_check.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const grundy_check::CheckResult result = grundy_check::check_certificate_text(input);
  if (result.valid) {
    if (result.roots.empty()) grundy::fuzz::fail("a certificate accepted without a root", input);
    if (!result.message.empty()) grundy::fuzz::fail("a certificate accepted with a message", input);
  } else if (result.message.empty()) {
    grundy::fuzz::fail("a certificate refused without a message", input);
  }
  return 0;
}
