#include "grundy/misere/misere_form.hpp"

#include "grundy/misere/classification.hpp"
#include "grundy/misere/notation.hpp"
#include "misere/position_forms.hpp"

namespace grundy::misere {
namespace {

// The run's bound (0: none, as in every command).
std::size_t memory_of(const Context& context) { return context.options().memory_bytes; }

}  // namespace

MisereFacts misere_form(const Position& position, Context& context) {
  PositionForms forms(context, memory_of(context));
  const GameId g = forms.of(position);
  return misere_facts(forms.forms(), forms.genera(), forms.classification(), g);
}

MisereFacts misere_form(std::string_view text, Context& context) {
  CanonicalForms forms(memory_of(context), [&context] { context.poll(); });
  Genera genera(forms);
  Classification classification(forms);
  const GameId g = parse_notation(text, forms);
  return misere_facts(forms, genera, classification, g);
}

}  // namespace grundy::misere
