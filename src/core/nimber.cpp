#include "grundy/core/nimber.hpp"

namespace grundy {
namespace {

// Product of a, b < 2^(2^(level+1)) (level 0: 2-bit nimbers, ..., level 5: 64-bit).
// Split x = x1 * F + x0 with F = 2^(2^level) the Fermat 2-power of that level; then
// F^2 = F + F/2 (in nimber arithmetic: F*F = F xor F/2 with F/2 ordinary half),
// which gives the Karatsuba-like three-product recursion.
Nimber product_at(Nimber a, Nimber b, int level) noexcept {
  if (a < 2 || b < 2) return a * b;
  if (level < 0) return a & b;  // 1-bit
  const unsigned half_bits = 1U << level;  // size of the halves
  const Nimber mask = (half_bits >= 64) ? ~Nimber{0} : ((Nimber{1} << half_bits) - 1);
  const Nimber a1 = a >> half_bits, a0 = a & mask;
  const Nimber b1 = b >> half_bits, b0 = b & mask;
  const Nimber low = product_at(a0, b0, level - 1);
  const Nimber high = product_at(a1, b1, level - 1);
  const Nimber mixed = product_at(a0 ^ a1, b0 ^ b1, level - 1);
  // (a1 F + a0)(b1 F + b0) = a1 b1 F^2 + (a1 b0 + a0 b1) F + a0 b0
  //   F^2 = F + F/2  =>  high * F + high * (F/2)
  const Nimber half_f = Nimber{1} << (half_bits - 1);
  return ((mixed ^ low) << half_bits) ^ low ^ product_at(high, half_f, level - 1);
}

}  // namespace

Nimber nim_product(Nimber a, Nimber b) noexcept { return product_at(a, b, 5); }

// In the field of nimbers below F = 2^(2^k), the smallest such field holding
// a, every a != 0 has a^(F-1) = 1 (Fermat), so a^-1 = a^(F-2) = a^2 · a^4 ·
// … · a^(F/2): 2^k - 1 squarings and as many products (30 of each below 2^16,
// where the values of coin-turning products live; 126 in all for 64 bits).
Nimber nim_inverse(Nimber a) noexcept {
  if (a == 0) return 0;
  unsigned bits = 2;
  while (bits < 64 && (a >> bits) != 0) bits *= 2;
  Nimber power = a;
  Nimber inverse = 1;
  for (unsigned i = 1; i < bits; ++i) {
    power = product_at(power, power, 5);
    inverse = product_at(inverse, power, 5);
  }
  return inverse;
}

}  // namespace grundy
