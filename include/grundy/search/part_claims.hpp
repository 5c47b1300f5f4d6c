// The claims of a certificate (docs/certificates.md) for the searches by the
// definition over 8-byte parts (one-row NoGo, Clobber groups): from the values
// found, a set of parts from which a checker re-proves every root part.
//
// A part of value v needs, for each u < v, an option of value u whose parts
// are claimed, and for each other option either all its parts claimed (their
// xor is not v) or one reply from it whose parts are claimed and xor to v.
// Where an option and a reply both would do, the one naming fewer points not
// yet claimed is taken, greedily: measured on NoGo 1×19, 9 742 claims where
// the whole table has 419 618 parts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <unordered_set>
#include <vector>

#include "grundy/core/input_error.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy::search {

// for_each_option(key, f): f(const std::uint64_t* parts, std::size_t count)
// for every option of the part `key`; value_of(key): its nim-value;
// weight(key): its size (points or squares), what a claim costs.
template <class ForEachOption, class ValueOf, class Weight>
std::vector<std::uint64_t> choose_claims(const std::vector<std::uint64_t>& roots, ForEachOption&& for_each_option,
                                         ValueOf&& value_of, Weight&& weight) {
  std::unordered_set<std::uint64_t> claimed;
  const auto missing = [&](const std::vector<std::uint64_t>& parts) {
    std::size_t points = 0;
    for (const std::uint64_t key : parts)
      if (!claimed.contains(key)) points += weight(key);
    return points;
  };
  const auto xor_of = [&](const std::vector<std::uint64_t>& parts) {
    Nimber x = 0;
    for (const std::uint64_t key : parts) x ^= value_of(key);
    return x;
  };
  std::function<void(std::uint64_t)> claim = [&](std::uint64_t key) {
    if (!claimed.insert(key).second) return;
    const Nimber v = value_of(key);
    std::vector<std::vector<std::uint64_t>> options;
    for_each_option(key, [&](const std::uint64_t* parts, std::size_t count) { options.emplace_back(parts, parts + count); });
    for (Nimber u = 0; u < v; ++u) {
      const std::vector<std::uint64_t>* best = nullptr;
      std::size_t best_missing = std::numeric_limits<std::size_t>::max();
      for (const auto& option : options) {
        if (xor_of(option) != u) continue;
        if (const std::size_t m = missing(option); best == nullptr || m < best_missing) {
          best_missing = m;
          best = &option;
        }
      }
      // No option of value u: v is not the mex of its options' values, which
      // the search never stores; only a table file's forged bytes (a check
      // byte recomputed, part_table.hpp) can say so. A SIGSEGV once (issue 56).
      if (best == nullptr)
        throw InputError("a part's value in the table file is not the mex of its options' values: the file holds a "
                         "wrong value (forged or damaged past its checks); remove it and run again");
      for (const std::uint64_t part : *best) claim(part);
    }
    for (const auto& option : options) {
      const std::size_t own = missing(option);
      if (own == 0) continue;
      std::vector<std::uint64_t> best_reply;
      std::size_t best_missing = std::numeric_limits<std::size_t>::max();
      for (std::size_t j = 0; j < option.size(); ++j) {
        for_each_option(option[j], [&](const std::uint64_t* parts, std::size_t count) {
          std::vector<std::uint64_t> reply(parts, parts + count);
          for (std::size_t k = 0; k < option.size(); ++k)
            if (k != j) reply.push_back(option[k]);
          if (xor_of(reply) != v) return;
          if (const std::size_t m = missing(reply); m < best_missing) {
            best_missing = m;
            best_reply = std::move(reply);
          }
        });
      }
      const std::vector<std::uint64_t> chosen = best_missing <= own ? best_reply : option;
      for (const std::uint64_t part : chosen) claim(part);
    }
  };
  for (const std::uint64_t key : roots) claim(key);
  return {claimed.begin(), claimed.end()};
}

}  // namespace grundy::search
