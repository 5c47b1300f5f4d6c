// Take-and-break codes that play the same game: a code is reduced to the
// simplest code with the same nim-sequence, up to a shift, by two exact steps.
// The census computes each class once and records its other members as
// equivalent (Czajka's lookup tables list such classes for codes of up to three
// digits; tests/data/tczajka_octal_GameLookup.md).
//
// 1. Dead heaps of one (a shift by one). When d1 lacks bit 1, a heap of one
//    token has no move: it is worth 0 and can never matter, exactly like no
//    heap at all. Then G plays like the code G' on heaps one smaller, with
//    g_G(0) = 0 and g_G(n) = g_G'(n - 1) for n >= 1. Proof: send each heap h
//    of G to h - 1 in G' (heaps of one vanish). A G move on heap n takes k
//    tokens and leaves j heaps s_1..s_j >= 1 with sum n - k; its image takes
//    k + j - 1 tokens from heap n - 1 and leaves the heaps s_i - 1 >= 0, of
//    which any number may be empty. So bit 2^j of d_k in G gives, in G',
//      j = 0 (k >= 2): bit 1 of d'_{k-1};
//      j >= 1:         bits 1 .. 2^j of d'_{k+j-1} (all of 2^(j+1) - 1),
//    and every G' move built so is the image of a G move. Induction on n
//    gives the equality of the values.
// 2. Moves that only repeat the value of another move. Dropping them changes
//    no option set, so no value.
//    - Bit 1 of d_k (take a heap of exactly k) adds one option, of value 0, to
//      heap k alone: redundant when heap k already has an option of value 0.
//    - Bit 2 of d_k (take k, leave n - k): redundant when some k' < k splits
//      (bit 4 of d_k') the rest n - k' into n - k and z = k - k' with
//      g(z) = 0, for then every n > k has that option of value g(n - k); or
//      when bit 8 of d_k' splits it into n - k and two heaps of xor 0.
//    - Bit 4 of d_k (take k, split in two): redundant when bit 8 of some
//      d_k' (k' < k) splits off a third heap z = k - k' with g(z) = 0.
//    (Czajka's lookup lists .742 = .74, .762 = .76, .562 = .56 this way.)
//    The checks need g of heaps up to k, computed here by the definition (k is
//    at most the code's length); these bits only change heaps above k.
// Applied until neither changes the code: each shift lowers the least digit
// position with bit 1 (or ends with d1 having bit 1), so it ends.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/take_and_break/code.hpp"

namespace grundy::take_and_break {

struct CodeReduction {
  GameCode code;               // the reduced code (a normal form: no name)
  std::uint64_t shift = 0;     // g_original(n) = g_reduced(n - shift) for n >= shift, and 0 below
  std::vector<std::string> steps;  // the steps taken, in words
};

// The reduction of a code (family code only; Grundy's game is its own class).
[[nodiscard]] CodeReduction reduce_code(const GameCode& code);

// One step of kind 1 on a code whose heaps of one are dead (d1 without bit 1);
// exposed for the tests that hold it to the definition.
[[nodiscard]] GameCode without_dead_ones(const GameCode& code);

}  // namespace grundy::take_and_break
