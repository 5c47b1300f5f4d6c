// The Sprouts reader and printer (docs/sprouts.md): any text between the
// parentheses of sprouts(...), in Glop's notation or SPOTS' spelling, is a
// position, or a one-line InputError with its column. A position's printed form is its canonical text: read back, it
// prints the same (a fixed point, or the engines' tables would hold one game
// under two keys); the options of a small land read back the same way and
// have fewer lives (a move takes a life at each end of the line and gives
// the new spot one; reductions only drop lives no line can use).
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "grundy/core/context.hpp"
#include "grundy/core/position.hpp"
#include "grundy/language/registry.hpp"

namespace {

using namespace grundy;

// The lives a text shows: '0', '1', '2' are spots of 3, 2, 1 lives, a letter
// (written twice) one.
std::size_t twice_lives(std::string_view text) {
  std::size_t twice = 0;
  for (const char c : text) {
    if (c >= '0' && c <= '2') twice += 2 * static_cast<std::size_t>(3 - (c - '0'));
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) twice += 1;
  }
  return twice;
}

// What a land's text holds between sprouts( and its closing parenthesis.
std::string_view inside(std::string_view term) {
  const std::size_t open = term.find('(');
  const std::size_t close = term.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open)
    grundy::fuzz::fail("a Sprouts land prints without its parentheses", term);
  return term.substr(open + 1, close - open - 1);
}

// A printed position read back and printed again.
std::string reprinted(const Registry& registry, const std::string& printed) {
  try {
    return registry.parse(printed, fuzz::bounded_parse()).text();
  } catch (const InputError& error) {
    fuzz::fail("a printed Sprouts position is refused", printed + ": " + error.what());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // Only the position between the parentheses: other terms are the
  // expression harness's.
  if (text.find_first_of("(),@\" \t\n") != std::string_view::npos) return -1;
  const Registry& registry = Registry::builtin();
  Position position;
  try {
    position = registry.parse("sprouts(" + std::string(text) + ")", fuzz::bounded_parse());
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
    return 0;
  }
  const std::string printed = position.text();
  if (reprinted(registry, printed) != printed) fuzz::fail("a printed Sprouts position prints otherwise", printed);
  const auto context = fuzz::bounded_context();
  for (std::size_t i = 0; i < position.size(); ++i) {
    const ComponentPtr& land = position.component(i);
    const std::string land_text = land->text();
    // Small lands only: a land of n lives has up to about n^2 2^k options.
    if (inside(land_text).size() > 40) continue;
    const std::size_t lives = twice_lives(inside(land_text));
    try {
      land->for_each_option(*context, [&](ComponentOption&& option) {
        const std::string after = option.after.text();
        if (reprinted(registry, after) != after) fuzz::fail("an option prints otherwise when read back", after);
        std::size_t after_lives = 0;
        for (std::size_t k = 0; k < option.after.size(); ++k) after_lives += twice_lives(inside(option.after.component(k)->text()));
        if (after_lives + 2 > lives) fuzz::fail("a move that does not take a life", land_text + " -> " + after);
        return true;
      });
    } catch (const InputError& error) {
      fuzz::check_refusal(error);  // a limit of the drawing (more than 26 letters of a kind)
    } catch (const Cancelled&) {
      return 0;  // the time bound (fuzz_support.hpp)
    }
  }
  return 0;
}
