#include "grundy/misere/genus.hpp"

#include <algorithm>
#include <stdexcept>

namespace grundy::misere {
namespace {

// Drops terms that the period-2 tail already gives (keeps at least two).
void trim(std::vector<Nimber>& sequence) {
  while (sequence.size() > 2 && sequence[sequence.size() - 1] == sequence[sequence.size() - 3]) sequence.pop_back();
}

}  // namespace

Nimber Genus::at(std::size_t n) const {
  if (n < misere.size()) return misere[n];
  // Period 2 from the end: index k-2 + ((n - (k-2)) mod 2).
  const std::size_t k = misere.size();
  return misere[k - 2 + ((n - (k - 2)) & 1)];
}

Genus::Tameness Genus::tameness() const {
  const Nimber g0 = misere.front();
  const bool fickle = normal <= 1 && g0 == (normal ^ 1);
  const bool firm = g0 == normal;
  if (!fickle && !firm) return Tameness::none;
  // Past g0 every tame genus runs g^2, g, g^2, … (the *2s of a nim sum).
  for (std::size_t n = 1; n < misere.size() + 2; ++n) {
    if (at(n) != (normal ^ ((n & 1) << 1))) return Tameness::none;
  }
  return fickle ? Tameness::fickle : Tameness::firm;
}

Genus genus_of_zero() { return Genus{0, {1, 2, 0}}; }

Genus tame_genus(Nimber normal, bool fickle) {
  if (fickle && normal > 1) throw std::logic_error("a fickle genus has g <= 1");
  Genus genus{normal, {fickle ? normal ^ 1 : normal, normal ^ 2, normal}};
  trim(genus.misere);
  return genus;
}

std::optional<Genus> tame_sum(std::span<const Genus> parts) {
  Nimber normal = 0;
  bool fickle = true;
  for (const Genus& part : parts) {
    const Genus::Tameness t = part.tameness();
    if (t == Genus::Tameness::none) return std::nullopt;
    normal ^= part.normal;
    fickle = fickle && t == Genus::Tameness::fickle;
  }
  return tame_genus(normal, fickle);
}

Genus genus_from_options(std::span<const Genus> options) {
  if (options.empty()) throw std::logic_error("genus_from_options needs an option (0 has genus 0^120)");
  std::size_t length = 0;
  std::vector<Nimber> values;
  values.reserve(options.size() + 2);
  for (const Genus& o : options) {
    values.push_back(o.normal);
    length = std::max(length, o.misere.size());
  }
  Genus genus;
  genus.normal = mex(values);
  // The options' sequences are periodic past `length`, and the rule looks one
  // step back, so three more terms settle the tail.
  length += 3;
  genus.misere.reserve(length);
  for (std::size_t n = 0; n < length; ++n) {
    values.clear();
    for (const Genus& o : options) values.push_back(o.at(n));
    if (n > 0) {
      values.push_back(genus.misere[n - 1]);
      values.push_back(genus.misere[n - 1] ^ 1);
    }
    genus.misere.push_back(mex(values));
  }
  trim(genus.misere);
  return genus;
}

const Genus& Genera::of(GameId g) {
  if (cache_.size() <= g) cache_.resize(forms_.size());
  if (cache_[g]) return *cache_[g];
  // Options first, without recursion (birthdays can be large).
  std::vector<std::pair<GameId, bool>> stack{{g, false}};
  while (!stack.empty()) {
    auto [x, expanded] = stack.back();
    stack.pop_back();
    if (cache_.size() <= x) cache_.resize(forms_.size());
    if (cache_[x]) continue;
    const std::vector<GameId>& options = forms_.options(x);
    if (!expanded) {
      stack.emplace_back(x, true);
      for (GameId o : options) {
        if (o >= cache_.size() || !cache_[o]) stack.emplace_back(o, false);
      }
      continue;
    }
    if (options.empty()) {
      cache_[x] = genus_of_zero();
      continue;
    }
    std::vector<Genus> genera;
    genera.reserve(options.size());
    for (GameId o : options) genera.push_back(*cache_[o]);
    cache_[x] = genus_from_options(genera);
  }
  return *cache_[g];
}

}  // namespace grundy::misere
