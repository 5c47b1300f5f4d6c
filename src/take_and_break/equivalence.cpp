#include "grundy/take_and_break/equivalence.hpp"

#include <algorithm>
#include <stdexcept>

#include "grundy/core/context.hpp"
#include "grundy/core/heap_sequence.hpp"

namespace grundy::take_and_break {
namespace {

// The digits whose moves step 2 examines. small_values(code, k) costs about
// k^4/12 steps for a code with splits into three (bit 8) and is called once
// per digit: a 200-digit hexadecimal code (0x0.BBB…B) took minutes to plan in
// the census (found by the census-arguments fuzz harness). Past this digit a
// redundant move is kept, which leaves the code longer than its shortest form
// but the game the same; every code of the published tables is far shorter.
constexpr std::uint64_t kDigitsExamined = 32;

// g(0..last) of a code by the definition (small heaps only: last is below
// kDigitsExamined), by the one heap-sequence loop. Heap n's options read g
// below n only: d0 has neither bit 1 nor bit 2 (parse_game_code refuses
// them), so every move takes a token or splits. A code's reduction is a pure
// function of the code (every rank plans a census alike, before any run) and
// no run's Context reaches it, so the loop is given a Context of its own,
// which nothing stops: unpolled, as it always was, its work bounded by
// kDigitsExamined.
std::vector<unsigned> small_values(const GameCode& code, std::uint64_t last) {
  std::vector<unsigned> g{0};
  Context unpolled;
  extend_heap_sequence(g, last, Play::normal, unpolled, [&](std::uint64_t n, auto&& option) {
    for (std::uint64_t k = 0; k < code.digits.size() && k <= n; ++k) {
      const unsigned d = code.digits[k];
      const std::uint64_t m = n - k;
      if ((d & 1) && m == 0) option(0);
      if ((d & 2) && m >= 1) option(g[m]);
      if (d & 4)
        for (std::uint64_t a = 1; 2 * a <= m; ++a) option(g[a] ^ g[m - a]);
      if (d & 8)
        for (std::uint64_t a = 1; 3 * a <= m; ++a)
          for (std::uint64_t b = a; 2 * b <= m - a; ++b) option(g[a] ^ g[b] ^ g[m - a - b]);
    }
  });
  return g;
}

void trim(GameCode& code) {
  while (code.digits.size() > 1 && code.digits.back() == 0) code.digits.pop_back();
}

// Step 2: drops every move that only repeats the value of another move: bit 1
// of d_k (k >= 1) whose heap k already has an option of value 0 without it,
// and the single-heap and two-heap moves below. Returns whether anything changed.
bool drop_redundant_whole_heap_moves(GameCode& code, std::vector<std::string>& steps) {
  bool changed = false;
  const std::uint64_t examined = std::min<std::uint64_t>(code.digits.size(), kDigitsExamined);
  for (std::uint64_t k = 1; k < examined; ++k) {
    if (!(code.digits[k] & 1)) continue;
    GameCode without = code;
    without.digits[k] = static_cast<std::uint8_t>(without.digits[k] & ~1U);
    // Values below k do not depend on the bit; heap k's options without it:
    const std::vector<unsigned> g = small_values(without, k);
    bool zero_option = false;
    for (std::uint64_t j = 0; j < without.digits.size() && j <= k && !zero_option; ++j) {
      const unsigned d = without.digits[j];
      const std::uint64_t m = k - j;
      if ((d & 2) && m >= 1 && g[m] == 0) zero_option = true;
      if (d & 4)
        for (std::uint64_t a = 1; 2 * a <= m && !zero_option; ++a) zero_option = (g[a] ^ g[m - a]) == 0;
      if (d & 8)
        for (std::uint64_t a = 1; 3 * a <= m && !zero_option; ++a)
          for (std::uint64_t b = a; 2 * b <= m - a && !zero_option; ++b) zero_option = (g[a] ^ g[b] ^ g[m - a - b]) == 0;
    }
    if (zero_option) {
      code.digits[k] = without.digits[k];
      steps.push_back("taking a whole heap of " + std::to_string(k) +
                      " adds nothing: that heap already has a move to value 0");
      changed = true;
    }
  }
  // Bit 2 of d_k (take k, leave the rest n - k as one heap) when for every n
  // another move has the same value: take k' < k and split the rest into
  // n - k and z = k - k' (bit 4 of d_k', g(z) = 0), or into n - k and two
  // heaps of xor 0 (bit 8). Bit 4 of d_k likewise when bit 8 of some d_k'
  // splits off a third heap z = k - k' with g(z) = 0. The values g(z) are of
  // heaps below k + 1, which these bits do not touch (they need n > k + 1).
  for (std::uint64_t k = 2; k < examined; ++k) {
    const unsigned d = code.digits[k];
    if (!(d & 6)) continue;
    const std::vector<unsigned> g = small_values(code, k);
    bool single_redundant = false;
    bool split_redundant = false;
    for (std::uint64_t k_small = 0; k_small < k; ++k_small) {
      const unsigned e = code.digits[k_small];
      const std::uint64_t z = k - k_small;
      if ((e & 4) && g[z] == 0) single_redundant = true;
      if (e & 8) {
        if (g[z] == 0) split_redundant = true;
        for (std::uint64_t a = 1; 2 * a <= z && !single_redundant; ++a) single_redundant = (g[a] ^ g[z - a]) == 0;
      }
    }
    if ((d & 2) && single_redundant) {
      code.digits[k] = static_cast<std::uint8_t>(code.digits[k] & ~2U);
      steps.push_back("taking " + std::to_string(k) + " and leaving one heap adds nothing: a split leaving the same heap "
                      "and heaps of value 0 is always there");
      changed = true;
    }
    if ((d & 4) && split_redundant) {
      code.digits[k] = static_cast<std::uint8_t>(code.digits[k] & ~4U);
      steps.push_back("taking " + std::to_string(k) + " and splitting in two adds nothing: a split into three with a "
                      "third heap of value 0 is always there");
      changed = true;
    }
  }
  trim(code);
  return changed;
}

bool has_moves(const GameCode& code) {
  for (const std::uint8_t d : code.digits)
    if (d != 0) return true;
  return false;
}

}  // namespace

GameCode without_dead_ones(const GameCode& code) {
  if (code.family != GameCode::Family::code) throw std::logic_error("without_dead_ones: not a code");
  if (code.digits.size() > 1 && (code.digits[1] & 1))
    throw std::logic_error("without_dead_ones: heaps of one have a move in " + code.normal_form());
  GameCode reduced;
  reduced.digits.assign(code.digits.size() + 3, 0);
  for (std::size_t k = 0; k < code.digits.size(); ++k) {
    const unsigned d = code.digits[k];
    if ((d & 1) && k >= 2) reduced.digits[k - 1] |= 1;
    for (unsigned j = 1; j <= 3; ++j) {
      if (d & (1U << j)) reduced.digits[k + j - 1] |= static_cast<std::uint8_t>((1U << (j + 1)) - 1);
    }
  }
  // d'_0 can only come from bit 2 of d_0 (taking nothing and leaving the heap
  // whole), which no code has; keep the digit before the point a plain 0 or 4.
  trim(reduced);
  return reduced;
}

CodeReduction reduce_code(const GameCode& code) {
  CodeReduction result;
  result.code = code;
  result.code.name.clear();
  if (code.family != GameCode::Family::code) return result;
  trim(result.code);
  for (;;) {
    bool changed = drop_redundant_whole_heap_moves(result.code, result.steps);
    const bool ones_dead = result.code.digits.size() < 2 || !(result.code.digits[1] & 1);
    if (ones_dead && has_moves(result.code)) {
      const std::string before = result.code.normal_form();
      result.code = without_dead_ones(result.code);
      ++result.shift;
      result.steps.push_back("heaps of one have no move in " + before + ": it plays as " +
                             result.code.normal_form() + " on heaps one smaller");
      changed = true;
    }
    if (!changed) return result;
  }
}

}  // namespace grundy::take_and_break
