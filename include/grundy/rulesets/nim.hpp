// Nim: take any number of stones from one heap. g(n) = n (Bouton), the rule every
// other impartial game is equivalent to by Sprague–Grundy.
#pragma once

#include "grundy/heap_rule.hpp"

namespace grundy {

// The rule "nim": g(n) = n, proven for every heap; is_plain_nim() is true so the
// Anti-Nim rule can play sums of it in misère.
[[nodiscard]] HeapRulePtr make_nim();

}  // namespace grundy
