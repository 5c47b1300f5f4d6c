// Heap rules (`grundy table RULE`) and take-and-break codes: any text is a rule
// whose text() parses back to the same rule, or a one-line InputError. A rule
// that parses is then asked what `grundy table` and `grundy value` ask of it on
// small heaps (values, moves, their words, moves to a value, the table and its
// pattern, the misère table) and for the values of two huge heaps, which must
// be refused or answered within the time bound (fuzz_support.hpp) — a huge heap
// that runs on without polling is the unbounded work issue 14 item 7 refuses.
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "grundy/terms/expression.hpp"
#include "grundy/core/heap_rule.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/take_and_break/code.hpp"

namespace {

using namespace grundy;

// A code read directly, as `grundy table 0.77` does before the registry: its
// normal form is a code that reads back to itself.
void check_code(std::string_view text) {
  take_and_break::GameCode code;
  try {
    code = take_and_break::parse_game_code(text);
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
    return;
  }
  const std::string normal = code.normal_form();
  try {
    if (take_and_break::parse_game_code(normal).normal_form() != normal) fuzz::fail("code normal form moves", normal);
  } catch (const InputError& error) {
    fuzz::fail("a code's normal form does not parse", normal + ": " + error.what());
  }
  (void)code.display();
  (void)code.max_take();
  (void)code.max_heaps_left();
}

template <class F>
void bounded(F&& ask) {
  try {
    ask();
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_code(text);
  const Registry& registry = Registry::builtin();
  const auto context = fuzz::bounded_context();
  HeapRulePtr rule;
  try {
    rule = registry.heap_rule(parse_rule(text));
  } catch (const InputError& error) {
    fuzz::check_refusal(error);
    return 0;
  }
  const std::string printed = rule->text();
  try {
    const auto again = registry.heap_rule(parse_rule(printed));
    if (again->text() != printed) fuzz::fail("printed rule reparses differently", printed + " / " + again->text());
  } catch (const InputError& error) {
    fuzz::fail("printed rule does not parse", printed + ": " + error.what());
  }
  try {
    for (std::uint64_t heap = 0; heap <= 24; ++heap) {
      bounded([&] {
        const Nimber g = rule->value(*context, heap);
        int listed = 0;
        rule->for_each_move(heap, [&](const HeapMove& move) {
          (void)rule->describe(heap, move);
          return ++listed < 64;
        });
        (void)rule->moves_to_value(*context, heap, g ^ 1, 4);
      });
    }
    bounded([&] { (void)rule->table(*context, 200); });
    bounded([&] { (void)rule->misere_table(*context, 40); });
    for (const std::uint64_t huge : {std::uint64_t{1'000'000'007}, std::numeric_limits<std::uint64_t>::max()}) {
      bounded([&] {
        const Nimber g = rule->value(*context, huge);
        (void)rule->moves_to_value(*context, huge, g, 2);
      });
    }
  } catch (const Cancelled&) {
    // The time bound: a long computation that polls is not a finding here.
  }
  return 0;
}
