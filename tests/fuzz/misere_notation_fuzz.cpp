// CGSuite's misère notation (include/grundy/misere/notation.hpp): any text is
// a game — whose printed form reads back as the same game — or a one-line
// InputError with its column. Both notations: CGSuite's input (*[[2],0],
// sums) and what grundy and CGSuite print (*[2#0], *2#, &12;, subscripts).
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "grundy/misere/canonical_forms.hpp"
#include "grundy/misere/notation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  using namespace grundy::misere;
  const std::string text(reinterpret_cast<const char*>(data), size);
  // A memory bound like the other harnesses' (16 MB; the CLI gives the forms
  // 1 GB): without one, *[42940] built every heap below it (n²/2 options,
  // 2 GB, 250 s; found by the long run).
  CanonicalForms forms(std::size_t{16} << 20);
  GameId game{};
  try {
    game = parse_notation(text, forms);
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
    return 0;
  }
  // Forms past the printer's bound are described, not written: nothing to read back.
  std::optional<std::string> printed;
  try {
    printed = notation(forms, game, 100'000);
  } catch (const LimitError& error) {
    // Printing looks for a heap subscript (G = H + *n) by sums, which may pass
    // the memory bound the parse kept to (*2[#1##&138;]): refused like any
    // other bound, as the CLI does (exit 2).
    fuzz::check_refusal(error);
    return 0;
  }
  if (!printed) return 0;
  try {
    if (parse_notation(*printed, forms) != game) fuzz::fail("a printed form reads back as another game", *printed);
  } catch (const InputError& error) {
    fuzz::fail("a printed form is refused", *printed + ": " + error.what());
  }
  return 0;
}
