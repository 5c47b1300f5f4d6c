// `grundy pattern`'s input (include/grundy/interfaces/pattern_family.hpp): a family
// template and its --over ranges. The first line of the input is the ranges,
// the rest the template. Ranges parse into assignments (at most 1000 here) or
// are refused with a one-line InputError; a template is tabulated over them
// at a small bound under the harness's time bound, or refused likewise.
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "grundy/interfaces/pattern_family.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  using namespace grundy::pattern;
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  const std::string over = input.substr(0, newline);
  const std::string written = newline == std::string::npos ? std::string("sub{1,k}") : input.substr(newline + 1);
  FamilyRequest request;
  request.written = written;
  request.upto = 12;
  request.rows = 2;
  try {
    if (!over.empty()) {
      request.ranges = parse_ranges(over);
      const auto all = assignments(request.ranges, 1000);
      if (all.empty()) fuzz::fail("assignments without a refusal gave none", over);
      if (all.size() > 8) return 0;  // the tabulation below stays within the time bound
    }
    const auto context = fuzz::bounded_context();
    const Family family = tabulate_family(request, *context);
    if (family.members.empty()) fuzz::fail("a family without members", written);
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
  } catch (const Cancelled&) {
  }
  return 0;
}
