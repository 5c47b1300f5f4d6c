#include "closed_forms/lasker_math.hpp"

#include <array>
#include <cstdint>
#include <string>

#include "grundy/core/input_error.hpp"

namespace grundy::lasker {
namespace {

__extension__ using Wide = unsigned __int128;

// Digit DP over the 64 bits of a, b = n - a, G_a = g(a), G_b = g(b).
//
// For x >= 1, g(x) = x + d(x) with d = 0, 0, +1, -1 for x = 1, 2, 3, 0 mod 4: the
// adjustment depends only on the two low bits. So G_a is a plus a carry (+1) or a
// borrow (-1) that enters at bit 2 and ripples up, and likewise G_b. Reading the
// bits of a from the least significant, with b's bits forced by a + b = n:
//   cs in {0, 1}      carry of a + b (must end 0: a + b = n exactly),
//   ca, cb in {-1, 0, +1}  carry/borrow of G_a = a + d(a), G_b = b + d(b)
//                     (must end 0: no overflow; a = 0 is 0 mod 4, so its borrow
//                     -1 ripples out of bit 63 and a = 0 is rejected for free),
//   le in {0, 1}      whether a's low bits <= b's low bits (a <= b at the end),
// and every bit must satisfy bit(G_a) xor bit(G_b) = bit(target). For every a
// the carries are a function of a's low bits, so each a follows exactly one path
// and counting paths counts solutions.
constexpr int kCarries = 18;       // cs x ca x cb
constexpr int kStates = 2 * kCarries;
constexpr int kFinalCarry = 0 * 9 + 1 * 3 + 1;  // cs = 0, ca = 0, cb = 0

constexpr int carry_index(int cs, int ca, int cb) { return cs * 9 + (ca + 1) * 3 + (cb + 1); }

struct Step {
  bool ok = false;
  int carry_out = 0;
  int b_bit = 0;
};

// One bit i >= 2 of a (a_bit), with the carries entering it.
constexpr Step compute_step(int carry_in, int a_bit, int n_bit, int t_bit) {
  const int cs = carry_in / 9;
  const int ca = (carry_in / 3) % 3 - 1;
  const int cb = carry_in % 3 - 1;
  const int b_bit = n_bit ^ a_bit ^ cs;
  const int cs_out = (a_bit + b_bit + cs) >> 1;
  const int sa = a_bit + ca;  // in -1..2: bit (sa mod 2), carry floor(sa / 2)
  const int sb = b_bit + cb;
  const int ga = (sa + 2) & 1;
  const int gb = (sb + 2) & 1;
  if ((ga ^ gb) != t_bit) return {};
  return {true, carry_index(cs_out, (sa + 2) / 2 - 1, (sb + 2) / 2 - 1), b_bit};
}

// compute_step for every input, tabulated once (the DP's inner loop).
constexpr auto kSteps = [] {
  std::array<Step, kCarries * 8> table{};
  for (int c = 0; c < kCarries; ++c)
    for (int x = 0; x < 2; ++x)
      for (int nb = 0; nb < 2; ++nb)
        for (int tb = 0; tb < 2; ++tb) table[static_cast<std::size_t>(c * 8 + x * 4 + nb * 2 + tb)] = compute_step(c, x, nb, tb);
  return table;
}();

const Step& step(int carry_in, int a_bit, int n_bit, int t_bit) {
  return kSteps[static_cast<std::size_t>(carry_in * 8 + a_bit * 4 + n_bit * 2 + t_bit)];
}

struct Low {
  bool ok = false;
  int carry = 0;  // carries into bit 2
  bool le = false;
};

// Bits 0 and 1 together (a mod 4 = a0): there g adds +1 (a0 = 3) or -1 (a0 = 0).
Low low_bits(std::uint64_t a0, std::uint64_t n, Nimber t) {
  const std::uint64_t b0 = (n - a0) & 3;
  const int cs = static_cast<int>((a0 + b0) >> 2);  // a0 + b0 = (n mod 4) + 4 cs
  static constexpr std::array<std::uint64_t, 4> kLow = {3, 1, 2, 0};  // G mod 4
  static constexpr std::array<int, 4> kCarry = {-1, 0, 0, 1};          // into bit 2
  if ((kLow[a0] ^ kLow[b0]) != (t & 3)) return {};
  return {true, carry_index(cs, kCarry[a0], kCarry[b0]), a0 <= b0};
}

class Dp {
 public:
  Dp(std::uint64_t n, Nimber t) : n_(n), t_(t) {
    // ways_[i][state]: assignments of bits 0..i-1 of a reaching `state` at bit i.
    for (std::uint64_t a0 = 0; a0 < 4; ++a0) {
      const Low low = low_bits(a0, n, t);
      if (low.ok) ways_[2][static_cast<std::size_t>(low.carry * 2 + (low.le ? 1 : 0))] += 1;
    }
    for (int i = 2; i < 64; ++i) {
      const int n_bit = static_cast<int>((n >> i) & 1);
      const int t_bit = static_cast<int>((t >> i) & 1);
      for (int s = 0; s < kStates; ++s) {
        const Wide w = ways_[static_cast<std::size_t>(i)][static_cast<std::size_t>(s)];
        if (w == 0) continue;
        for (int x = 0; x < 2; ++x) {
          const Step& st = step(s / 2, x, n_bit, t_bit);
          if (!st.ok) continue;
          bool le = (s & 1) != 0;
          if (x < st.b_bit) le = true;
          if (x > st.b_bit) le = false;
          ways_[static_cast<std::size_t>(i) + 1][static_cast<std::size_t>(st.carry_out * 2 + (le ? 1 : 0))] += w;
        }
      }
    }
  }

  [[nodiscard]] std::uint64_t total() const {
    // A solution count is at most n / 2, so it fits.
    return static_cast<std::uint64_t>(ways_[64][kFinalCarry * 2 + 1]);
  }

  // The `limit` smallest solutions: a search from the most significant bit, 0
  // before 1, that enters only subtrees with a solution (counted by ways_), so
  // every descent ends in a solution and listing costs O(limit x 64) nodes.
  void list(std::size_t limit, std::vector<std::uint64_t>& out) const {
    if (limit == 0) return;
    Node root;
    root.cmp.fill(kUnreached);
    root.cmp[kFinalCarry] = 0;
    search(64, 0, root, limit, out);
  }

 private:
  // A search node at bit i: bits i..63 of a fixed. For each carry state that may
  // enter bit i from below, the comparison of the fixed high bits of a and b
  // (-1 a < b, 0 equal, +1 a > b); b's high bits, hence the comparison, are
  // determined by a's high bits and that carry.
  static constexpr int kUnreached = 2;
  struct Node {
    std::array<int, kCarries> cmp{};
  };

  [[nodiscard]] Wide count(int i, const Node& node) const {
    Wide c = 0;
    for (int k = 0; k < kCarries; ++k) {
      const int cmp = node.cmp[static_cast<std::size_t>(k)];
      const auto& w = ways_[static_cast<std::size_t>(i)];
      if (cmp == -1) c += w[static_cast<std::size_t>(k * 2)] + w[static_cast<std::size_t>(k * 2 + 1)];
      if (cmp == 0) c += w[static_cast<std::size_t>(k * 2 + 1)];
    }
    return c;
  }

  // Node for bit i - 1 set to x, from the node at bit i.
  [[nodiscard]] Node descend(int i, const Node& node, int x) const {
    Node next;
    next.cmp.fill(kUnreached);
    const int bit = i - 1;
    const int n_bit = static_cast<int>((n_ >> bit) & 1);
    const int t_bit = static_cast<int>((t_ >> bit) & 1);
    for (int c = 0; c < kCarries; ++c) {
      const Step& st = step(c, x, n_bit, t_bit);
      if (!st.ok) continue;
      const int above = node.cmp[static_cast<std::size_t>(st.carry_out)];
      if (above == kUnreached) continue;
      next.cmp[static_cast<std::size_t>(c)] = above != 0 ? above : (x < st.b_bit ? -1 : (x > st.b_bit ? 1 : 0));
    }
    return next;
  }

  // Returns false when the list is full.
  bool search(int i, std::uint64_t high, const Node& node, std::size_t limit, std::vector<std::uint64_t>& out) const {
    if (i == 2) {
      for (std::uint64_t a0 = 0; a0 < 4; ++a0) {
        const Low low = low_bits(a0, n_, t_);
        if (!low.ok) continue;
        const int cmp = node.cmp[static_cast<std::size_t>(low.carry)];
        if (cmp == -1 || (cmp == 0 && low.le)) {
          out.push_back(high | a0);
          if (out.size() == limit) return false;
        }
      }
      return true;
    }
    for (int x = 0; x < 2; ++x) {
      const Node next = descend(i, node, x);
      if (count(i - 1, next) == 0) continue;
      const std::uint64_t h = high | (static_cast<std::uint64_t>(x) << (i - 1));
      if (!search(i - 1, h, next, limit, out)) return false;
    }
    return true;
  }

  std::uint64_t n_;
  Nimber t_;
  std::array<std::array<Wide, kStates>, 65> ways_{};
};

}  // namespace

Nimber value(std::uint64_t heap) {
  if (heap == UINT64_MAX) {
    throw LimitError("Lasker's Nim: the value of heap 2^64-1 is 2^64, beyond 64-bit nimbers");
  }
  if (heap == 0) return 0;
  switch (heap & 3) {
    case 3: return heap + 1;
    case 0: return heap - 1;
    default: return heap;
  }
}

Splits splits_to_value(std::uint64_t n, Nimber target, std::size_t limit) {
  const Dp dp(n, target);
  Splits s;
  s.total = dp.total();
  dp.list(limit, s.smallest);
  return s;
}

}  // namespace grundy::lasker
