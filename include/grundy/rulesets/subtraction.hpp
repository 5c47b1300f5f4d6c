// Subtraction games: a move takes s stones from a heap, s in a subtraction set S.
//
// Finite S: eventually periodic by the window theorem. With k = max(S), for
// n >= k every move is available, so g(n) is a function of the window
// g(n-k..n-1). The windows take finitely many values, so some window repeats;
// once the window at i >= k equals the window at i + p, g is periodic with period
// p from i on (induction). The engine computes until it sees such a repeat — that
// is the proof — and refuses (LimitError) if the repeat lies beyond its table
// bound rather than guess; heaps below a table bound are then still answered by
// the definition. Misère values obey the same window argument.
//
// Infinite S: closed forms where a short induction proves them (odd, even, all);
// "all but a finite set" and the Fibonacci numbers are computed by the definition
// up to a table bound, with any pattern reported as detected, not proven.
#pragma once

#include <cstdint>
#include <vector>

#include "grundy/core/heap_rule.hpp"

namespace grundy {

// "sub{1,3,4}": the set is sorted and deduplicated; InputError if empty or
// containing 0.
[[nodiscard]] HeapRulePtr make_subtraction(std::vector<std::uint64_t> set);

// "bash(m)": S = {1..m}, g(n) = n mod (m + 1). InputError for m = 0.
[[nodiscard]] HeapRulePtr make_bash(std::uint64_t m);

// "sub(odd)": S = odd numbers, g(n) = n mod 2.
[[nodiscard]] HeapRulePtr make_subtraction_odd();

// "sub(even)": S = even numbers >= 2, g(n) = floor(n / 2).
[[nodiscard]] HeapRulePtr make_subtraction_even();

// "sub(all)": S = all positive numbers; this is Nim, g(n) = n.
[[nodiscard]] HeapRulePtr make_subtraction_all();

// "sub(allbut{2,5})": any positive number except the excluded ones (a non-empty
// finite set without 0; InputError otherwise).
[[nodiscard]] HeapRulePtr make_subtraction_all_but(std::vector<std::uint64_t> excluded);

// "sub(fib)": S = Fibonacci numbers 1, 2, 3, 5, 8, ...
[[nodiscard]] HeapRulePtr make_subtraction_fibonacci();

}  // namespace grundy
