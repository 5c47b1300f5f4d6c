// The claims of a certificate of version 4 (docs/certificates.md), chosen
// from what the requested-set search of Engine<N> found (included at the end
// of engine.hpp).
//
// The search learns exact values of some regions and of many others only that
// their value is not in a requested set. A certificate claims the same: `part
// R v` or `not R SET`, and the checker proves each claim from the claims of
// the parts of R's options (check/certificate_check.cpp: an option's possible
// values from its parts' claims, then the mex by a matching). Starting from
// the roots, each claim is given the claims its proof needs: an exact claim
// v needs, for each k < v, an option of value k whose parts are all claimed
// exactly (a witness), and every other option shown not to have v (its other
// parts exact, its largest claimed to lack one value); a claim "not SET"
// needs the options that rule out SET's values, found by the same rule the
// checker applies, and names them (option_numbers). What the search did not keep (a table flushed at the memory
// bound, an option the search never asked) is asked again.
#pragma once

#include "possible_mex.hpp"

#include <stdexcept>
#include <unordered_map>

namespace grundy::placement::detail {

// One option of a claimed region: its parts (equal pairs cancelled, G + G = 0),
// the largest first; the others' exact values; what is known of the largest.
template <std::size_t N>
struct Engine<N>::ClaimOption {
  Bits<N> after;                     // the free cells the move leaves, in the claimed region's box
  const Geometry<N>* box = nullptr;  // that box
  bool split = false;                // parts found
  bool settled = false;              // the fields below found (settle): many claims read few options
  std::vector<Region<N>> parts;
  std::vector<Nimber> values;     // parts[1..]'s exact values
  Nimber others = 0;              // their xor
  std::optional<Nimber> largest;  // parts[0]'s exact value, when known
  std::uint64_t lacks = 0;        // values parts[0] is known not to have

  [[nodiscard]] MayValues may() const {
    MayValues out;
    if (parts.empty()) {
      out.set(0);
    } else if (largest) {
      out.set(*largest ^ others);
    } else {
      out.set();
      for (unsigned e = 0; e < 64; ++e)
        if ((lacks >> e) & 1U) out.reset(e ^ others);
    }
    return out;
  }
  // Its value, when the search knows it (settled first).
  [[nodiscard]] std::optional<Nimber> value() const {
    if (parts.empty()) return Nimber{0};
    if (!largest) return std::nullopt;
    return *largest ^ others;
  }
  // The option's parts and what the search knows of them. With `search`
  // false only what known() has cheaply is used: a smaller part whose value
  // it does not have leaves the option unsettled (false), to be settled with
  // a search only if no settled option serves (measured on Cram 5x7: the
  // smaller parts of options never used took 306 000 of the 319 000
  // questions the choice asked).
  bool settle(Engine& engine, bool search = true) {
    if (settled) return true;
    if (!split) {
      split = true;
      for (const Region<N>& part : engine.parts_of(*box, after)) {
        const auto twin = std::find(parts.begin(), parts.end(), part);
        if (twin != parts.end()) {
          parts.erase(twin);
        } else {
          parts.push_back(part);
        }
      }
      std::size_t largest_at = 0;
      for (std::size_t i = 1; i < parts.size(); ++i)
        if (parts[i].cells.count() > parts[largest_at].cells.count()) largest_at = i;
      if (!parts.empty()) std::swap(parts[0], parts[largest_at]);
    }
    values.clear();
    others = 0;
    for (std::size_t i = 1; i < parts.size(); ++i) {
      const std::optional<Nimber> v = search ? std::optional<Nimber>(engine.exact_value(parts[i])) : engine.known(parts[i]);
      if (!v) return false;
      values.push_back(*v);
      others ^= *v;
    }
    settled = true;
    if (!parts.empty()) {
      largest = engine.known(parts[0]);
      if (!largest) lacks = engine.win_mask(parts[0]);
    }
    return true;
  }
  // Asks the search whether parts[0] has a value in `set` (values < 64): what
  // it learns is kept here.
  void ask(Engine& engine, std::uint64_t set) {
    set &= ~lacks;
    if (largest || parts.empty() || set == 0) return;
    const Nimber v = engine.in_set(parts[0], set);
    if (v == kNotInSet) {
      lacks |= set;
    } else {
      largest = v;
    }
  }
};

// The options of a claimed region, not yet settled.
template <std::size_t N>
std::vector<typename Engine<N>::ClaimOption> Engine<N>::claim_options(const Region<N>& region) {
  std::vector<ClaimOption> out;
  const Geometry<N>& g = geometry(region.height, region.width);
  for_each_move(g, region.cells, [&](const Bits<N>& after) {
    ClaimOption o;
    o.after = after;
    o.box = &g;
    out.push_back(std::move(o));
  });
  return out;
}

template <std::size_t N>
typename Engine<N>::Claims Engine<N>::claims_for(const std::vector<Region<N>>& roots) {
  // What is claimed of each region and what of it is proven, in one map
  // (measured on Cram 5x7: five maps' lookups were a third of the choice).
  struct Claimed {
    bool exactly = false;       // claimed exactly: `value`
    bool proven_exactly = false;
    Nimber value = 0;
    std::uint64_t lacking = 0;  // claimed to have none of these values
    std::uint64_t proven = 0;   // of them, proven so far
    std::vector<Bits<N>> read;  // the options the last proof of `lacking` read (of the whole set)
  };
  std::unordered_map<Region<N>, Claimed, RegionHash<N>> claimed;
  claimed.reserve(1024);
  std::vector<Region<N>> todo;
  auto claim_exact = [&](const Region<N>& r, Nimber v) {
    if (v > 255) throw LimitError("a nim-value above 255 does not fit a certificate");
    Claimed& c = claimed[r];
    if (c.exactly) return;
    c.exactly = true;
    c.value = v;
    todo.push_back(r);
  };
  auto claim_lacking = [&](const Region<N>& r, std::uint64_t set) {
    if (set == 0) return;
    Claimed& c = claimed[r];
    if (c.exactly || (c.lacking | set) == c.lacking) return;
    c.lacking |= set;
    todo.push_back(r);
  };
  auto is_exact = [&](const Region<N>& r) {
    const auto at = claimed.find(r);
    return at != claimed.end() && at->second.exactly;
  };
  // The claims an option's part needs: the others exactly; the largest
  // exactly, or lacking `set` (its values, unshifted).
  auto claim_option = [&](const ClaimOption& o, bool largest_exactly, std::uint64_t set) {
    for (std::size_t i = 1; i < o.parts.size(); ++i) claim_exact(o.parts[i], o.values[i - 1]);
    if (o.parts.empty()) return;
    if (largest_exactly) {
      claim_exact(o.parts[0], o.largest ? *o.largest : exact_value(o.parts[0]));
    } else {
      claim_lacking(o.parts[0], set);
    }
  };
  // A claim the search made that its options do not prove: a bug of the
  // search or of this choice, never of the input.
  const auto unproven = [] {
    return std::logic_error("certificate: a claim the search made cannot be proven from its options");
  };

  auto cost_of = [&](const ClaimOption& o) {
    std::size_t c = 0;
    for (const Region<N>& p : o.parts) c += is_exact(p) ? 0 : 1;
    return c;
  };
  // For each value a proof needs an option of (witnesses of an exact claim,
  // the values of a "not" set), the option known to have it with the fewest
  // parts not yet claimed exactly (a certificate a fifth smaller on Cram 5x7).
  struct Takers {
    std::vector<int> option;        // by value; -1: none yet
    std::vector<std::size_t> cost;  // its parts not yet claimed exactly
  };
  // Offers option i, of value `value`, as its taker; whether the value had none.
  auto offer = [&](Takers& takers, const std::vector<ClaimOption>& options, std::size_t i, Nimber value) {
    const std::size_t c = cost_of(options[i]);
    int& taker = takers.option[value];
    const bool fresh = taker < 0;
    if (fresh || c < takers.cost[value]) {
      taker = static_cast<int>(i);
      takers.cost[value] = c;
    }
    return fresh;
  };

  // A region 0 by the mirror strategy needs no options: the checker sees
  // the symmetry itself (check/cram_rules.cpp, version 3).
  auto mirrored = [&](const Region<N>& r) { return mirror_strategy(geometry(r.height, r.width), r); };
  auto prove_exact = [&](const Region<N>& r, Nimber v) {
    if (v == 0 && mirrored(r)) return;
    std::vector<ClaimOption> options = claim_options(r);
    for (ClaimOption& o : options) o.settle(*this);
    // Witnesses of 0..v-1: options whose value is known first, then asked.
    Takers witnesses{std::vector<int>(v, -1), std::vector<std::size_t>(v, 0)};
    const std::vector<int>& witness = witnesses.option;
    std::size_t missing = v;
    auto consider = [&](std::size_t i) {
      const std::optional<Nimber> value = options[i].value();
      if (!value) return;
      if (*value == v) throw unproven();
      if (*value < v && offer(witnesses, options, i, *value)) --missing;
    };
    for (std::size_t i = 0; i < options.size(); ++i) consider(i);
    for (std::size_t i = 0; i < options.size() && missing > 0; ++i) {
      ClaimOption& o = options[i];
      if (o.parts.empty() || o.largest) continue;
      std::uint64_t wanted = 0;
      for (Nimber k = 0; k < v; ++k)
        if (witness[k] < 0 && (k ^ o.others) < 64) wanted |= std::uint64_t{1} << (k ^ o.others);
      o.ask(*this, wanted);
      if (!o.largest && o.others >= 64) o.largest = exact_value(o.parts[0]);
      consider(i);
    }
    if (missing > 0) throw unproven();
    std::vector<bool> is_witness(options.size(), false);
    for (const int i : witness) is_witness[static_cast<std::size_t>(i)] = true;
    for (std::size_t i = 0; i < options.size(); ++i) {
      ClaimOption& o = options[i];
      if (is_witness[i] || o.parts.empty()) {
        claim_option(o, true, 0);
        continue;
      }
      const Nimber bit = v ^ o.others;
      if (bit >= 64) {
        claim_option(o, true, 0);
        continue;
      }
      if (!o.largest) o.ask(*this, std::uint64_t{1} << bit);
      if (o.largest && (*o.largest ^ o.others) == v) throw unproven();
      claim_option(o, false, std::uint64_t{1} << bit);
    }
  };

  // Most sets are ruled out by options surely of their values (g(R) != 0 can
  // be proven only so, and 80 % of Cram 5x7's sets are {0} or {1}): one such
  // option for each value, the one with the fewest parts not yet claimed,
  // asked for the values still without one; no matching. False (nothing
  // claimed) when some value has no such option: the matching decides then.
  auto rule_out_by_options_of_the_values = [&](std::vector<ClaimOption>& options, std::uint64_t set,
                                                std::vector<Bits<N>>& read) {
    Takers takers{std::vector<int>(64, -1), std::vector<std::size_t>(64, 0)};
    std::uint64_t uncovered = set;
    auto consider = [&](std::size_t i) {
      const std::optional<Nimber> value = options[i].value();
      if (!value || *value >= 64 || ((set >> *value) & 1U) == 0) return;
      if (offer(takers, options, i, *value)) uncovered &= ~(std::uint64_t{1} << *value);
    };
    // Options settled in order until every value has a taker with all its
    // parts claimed already (none better).
    const auto best_found = [&] {
      if (uncovered != 0) return false;
      for (unsigned w = 0; w < 64; ++w)
        if (((set >> w) & 1U) != 0 && takers.cost[w] != 0) return false;
      return true;
    };
    for (std::size_t i = 0; i < options.size() && !best_found(); ++i)
      if (options[i].settle(*this, false)) consider(i);
    for (std::size_t i = 0; i < options.size() && uncovered != 0; ++i) {
      if (options[i].settled) continue;
      options[i].settle(*this);
      consider(i);
    }
    for (std::size_t i = 0; i < options.size() && uncovered != 0; ++i) {
      ClaimOption& o = options[i];
      if (o.parts.empty() || o.largest || o.others >= 64) continue;
      o.ask(*this, xor_each(uncovered, o.others));
      consider(i);
    }
    if (uncovered != 0) return false;
    read.clear();
    for (const int taker : takers.option) {
      if (taker < 0) continue;
      claim_option(options[static_cast<std::size_t>(taker)], true, 0);
      read.push_back(options[static_cast<std::size_t>(taker)].after);
    }
    return true;
  };

  auto prove_lacking = [&](const Region<N>& r, std::uint64_t set, std::vector<Bits<N>>& read) {
    read.clear();
    if ((set & 1U) == 0 && mirrored(r)) return;  // no option read
    std::vector<ClaimOption> options = claim_options(r);
    if (rule_out_by_options_of_the_values(options, set, read)) return;
    for (ClaimOption& o : options) o.settle(*this);
    const MayValues ruled_out = low_values(set);
    auto decided = [&](const std::vector<bool>& used) {
      std::vector<MayValues> may;
      for (std::size_t i = 0; i < options.size(); ++i) {
        if (used[i]) {
          may.push_back(options[i].may());
        } else {
          may.push_back(MayValues().set());
        }
      }
      return (possible_mex(may, static_cast<std::size_t>(std::bit_width(set)) - 1) & ruled_out).none();
    };
    std::vector<bool> all(options.size(), true);
    const std::uint64_t range = up_to_largest(set);
    for (std::size_t i = 0; i < options.size() && !decided(all); ++i) {
      ClaimOption& o = options[i];
      if (o.parts.empty() || o.largest) continue;
      if (o.others >= 64) {
        o.largest = exact_value(o.parts[0]);
      } else {
        o.ask(*this, xor_each(range, o.others));
      }
    }
    if (!decided(all)) throw unproven();
    // As few options as decide it: first those surely of a value in the set,
    // then the others in order.
    std::vector<bool> used(options.size(), false);
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < options.size(); ++i) {
      const MayValues m = options[i].may();
      if (m.count() == 1 && (m & ruled_out).any()) order.push_back(i);
    }
    auto cost = [&](std::size_t i) { return cost_of(options[i]); };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return cost(a) < cost(b); });
    for (std::size_t i = 0; i < options.size(); ++i) {
      const MayValues m = options[i].may();
      if (!(m.count() == 1 && (m & ruled_out).any()) && !m.all()) order.push_back(i);
    }
    for (const std::size_t i : order) {
      if (decided(used)) break;
      used[i] = true;
    }
    for (std::size_t i = 0; i < options.size(); ++i) {
      if (!used[i]) continue;
      const ClaimOption& o = options[i];
      read.push_back(o.after);
      if (o.parts.empty() || o.largest) {
        claim_option(o, true, 0);
      } else {
        claim_option(o, false, o.lacks & xor_each(range, o.others));
      }
    }
  };

  for (const Region<N>& root : roots) claim_exact(root, exact_value(root));
  while (!todo.empty()) {
    const Region<N> r = todo.back();
    todo.pop_back();
    Claimed& c = claimed.at(r);  // a node of the map: it stays where it is as others are added
    if (c.exactly) {
      if (!c.proven_exactly) {
        c.proven_exactly = true;
        prove_exact(r, c.value);
      }
      continue;
    }
    if (c.proven == c.lacking) continue;
    const std::uint64_t set = c.lacking;
    prove_lacking(r, set, c.read);
    c.proven = set;
  }
  Claims out;
  for (const auto& [r, c] : claimed) {
    if (c.exactly) {
      out.exact.emplace_back(r, c.value);
    } else {
      out.lacking.push_back(Lacking{r, c.lacking, option_numbers(r, c.read)});
    }
  }
  return out;
}

template <std::size_t N>
std::vector<std::uint32_t> Engine<N>::option_numbers(const Region<N>& region, const std::vector<Bits<N>>& afters) {
  // An option's number: how many pieces come before its own in reading
  // order (the region's bits are row-major, as region_text reads them). Of
  // two pieces of as many cells, the first is the one holding the lowest
  // cell of the two that are not in both.
  const Geometry<N>& g = geometry(region.height, region.width);
  const auto before = [&](const Bits<N>& a, const Bits<N>& b) {
    const Bits<N> only_a = a.minus(b);
    const Bits<N> only_b = b.minus(a);
    if (!only_a.any()) return false;
    return !only_b.any() || only_a.lowest() < only_b.lowest();
  };
  std::vector<std::uint32_t> out(afters.size(), 0);
  for_each_move(g, region.cells, [&](const Bits<N>& after) {
    const Bits<N> piece = region.cells.minus(after);
    for (std::size_t i = 0; i < afters.size(); ++i)
      if (before(piece, region.cells.minus(afters[i]))) ++out[i];
  });
  std::sort(out.begin(), out.end());
  return out;
}

template <std::size_t N>
std::string Engine<N>::region_text(const Region<N>& region) {
  const Geometry<N>& g = geometry(region.height, region.width);
  std::string text;
  for (int r = 0; r < region.height; ++r) {
    if (r > 0) text += '/';
    for (int c = 0; c < region.width; ++c)
      text += region.cells.test(static_cast<std::size_t>(r * g.width + c)) ? '0' : '1';
  }
  return text;
}

}  // namespace grundy::placement::detail
