// Nim: take any number of stones from one heap. g(n) = n (Bouton), the rule every
// other impartial game is equivalent to by Sprague–Grundy.
#pragma once

#include <string>

#include "grundy/core/heap_rule.hpp"

namespace grundy {

// The rule "nim": g(n) = n, proven for every heap. Its heaps are
// NimHeapEquivalent, so misère sums of them follow Bouton's misère rule.
[[nodiscard]] HeapRulePtr make_nim();
// Nim written under another rule's name (sub(all)): the same game, its heaps
// Nim heaps to misère sums too.
[[nodiscard]] HeapRulePtr make_nim_named(std::string text);

}  // namespace grundy
