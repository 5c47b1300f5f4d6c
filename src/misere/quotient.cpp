#include "grundy/misere/quotient.hpp"

#include <algorithm>
#include <stdexcept>

namespace grundy::misere {

std::size_t MisereQuotient::p_size() const {
  return static_cast<std::size_t>(std::count(p_portion.begin(), p_portion.end(), true));
}

Element MisereQuotient::of_heaps(std::span<const std::uint64_t> heaps) const {
  Element x = 0;
  for (std::uint64_t h : heaps) {
    if (h >= pretending.size()) throw std::out_of_range("heap beyond the quotient's range");
    x = monoid.product(x, pretending[h]);
  }
  return x;
}

std::optional<unsigned> tame_index(const MisereQuotient& q) {
  const CommutativeMonoid& m = q.monoid;
  const std::size_t size = m.size();
  const std::size_t p = q.p_size();
  if (size == 1) return p == 0 ? std::optional<unsigned>(0) : std::nullopt;
  if (size == 2) {
    // {1, a}: a^2 = 1 and P = {a}.
    return (m.product(1, 1) == 0 && !q.is_p(0) && q.is_p(1)) ? std::optional<unsigned>(1) : std::nullopt;
  }
  if (p != 2 || size < 6) return std::nullopt;
  std::size_t order = size - 2;
  unsigned n = 0;
  while (order > 1 && order % 2 == 0) {
    order /= 2;
    ++n;
  }
  if (order != 1) return std::nullopt;
  // The units: elements with an inverse. Exactly {1, u}, u^2 = 1, u in P.
  std::vector<Element> units;
  for (Element x = 0; x < size; ++x) {
    for (Element y = 0; y < size; ++y) {
      if (m.product(x, y) == 0) {
        units.push_back(x);
        break;
      }
    }
  }
  if (units.size() != 2) return std::nullopt;
  const Element u = units[0] == 0 ? units[1] : units[0];
  if (m.product(u, u) != 0 || !q.is_p(u)) return std::nullopt;
  // The rest: closed, with an identity e (idempotent), every element squaring to e.
  Element e = 0;
  bool found = false;
  for (Element x = 0; x < size && !found; ++x) {
    if (x == 0 || x == u) continue;
    if (m.product(x, x) == x) {
      e = x;
      found = true;
    }
  }
  if (!found) return std::nullopt;
  for (Element x = 0; x < size; ++x) {
    if (x == 0 || x == u) continue;
    if (m.product(e, x) != x || m.product(x, x) != e) return std::nullopt;
    for (Element y = 0; y < size; ++y) {
      if (y == 0 || y == u) continue;
      const Element xy = m.product(x, y);
      if (xy == 0 || xy == u) return std::nullopt;
    }
  }
  // P = {u, e}, and u·e is not e.
  if (!q.is_p(e) || m.product(u, e) == e) return std::nullopt;
  return n;
}

std::optional<std::uint64_t> last_rogue_heap(const MisereQuotient& q) {
  const std::vector<bool> kernel = q.monoid.kernel();
  for (std::uint64_t h = q.pretending.size(); h-- > 0;) {
    if (!kernel[q.pretending[h]]) return h;
  }
  return std::nullopt;
}

std::string presentation_text(const MisereQuotient& q) {
  const CommutativeMonoid& m = q.monoid;
  std::string text = "<";
  for (std::size_t g = 0; g < m.generator_count(); ++g) text += (g ? ", " : "") + CommutativeMonoid::generator_name(g);
  if (m.generator_count() == 0) text += " ";
  text += " | ";
  const std::vector<CommutativeMonoid::Relation> relations = m.relations();
  for (std::size_t i = 0; i < relations.size(); ++i) {
    text += (i ? ", " : "") + CommutativeMonoid::word_text(relations[i].word) + " = " + m.word_text(relations[i].equals);
  }
  return text + ">";
}

std::vector<std::uint64_t> generator_heaps(const MisereQuotient& q) {
  std::vector<std::uint64_t> heaps;
  for (std::size_t g = 0; g < q.monoid.generator_count(); ++g) {
    const Element x = q.monoid.generator(g);
    const auto it = std::find(q.pretending.begin(), q.pretending.end(), x);
    heaps.push_back(it == q.pretending.end() ? 0 : static_cast<std::uint64_t>(it - q.pretending.begin()));
  }
  return heaps;
}

}  // namespace grundy::misere
