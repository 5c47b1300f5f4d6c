// Heap games as sequences g(0), g(1), …: the table a rule produces and the
// pattern found in it. Shared by subtraction games, take-and-break games and the
// `grundy table` command.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace grundy {

// What is known about the eventual pattern of a sequence.
//   periodic:    g(n + period) = g(n) for all n >= preperiod
//   arithmetic:  g(n + period) = g(n) + saltus for all n >= preperiod (saltus > 0)
struct Periodicity {
  enum class Kind { none, periodic, arithmetic };
  enum class Status {
    none_found,  // no pattern in the computed range
    detected,    // a pattern holds over the computed range, not proven
    proven       // a theorem guarantees the pattern forever
  };
  Kind kind = Kind::none;
  Status status = Status::none_found;
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
  Nimber saltus = 0;
  std::string proof;  // which theorem or bound, in words; empty unless proven

  [[nodiscard]] bool proven() const noexcept { return status == Status::proven; }
};

[[nodiscard]] const char* to_string(Periodicity::Status status) noexcept;
[[nodiscard]] const char* to_string(Periodicity::Kind kind) noexcept;

// A computed table with its pattern.
struct SequenceReport {
  std::vector<Nimber> values;  // g(0..values.size()-1)
  Periodicity pattern;
};

// Finds the least period p and then the least preperiod such that
// g(n + p) = g(n) for n in [preperiod, size - p) and the periodic part is seen at
// least `min_repeats` times and the preperiod is at most half the table (so a
// pattern that happened to hold once at the end is not reported). Status is `detected` when found; a caller with a theorem upgrades it.
[[nodiscard]] Periodicity detect_periodicity(const std::vector<Nimber>& values,
                                             std::uint64_t min_repeats = 2);

// The same for arithmetic periodicity with saltus > 0 (tried only when no plain
// period is found).
[[nodiscard]] Periodicity detect_arithmetic_periodicity(const std::vector<Nimber>& values,
                                                        std::uint64_t min_repeats = 2);

// A plain period if the table shows one, else an arithmetic one (a table of a
// rule without a theorem: only ever `detected`).
[[nodiscard]] Periodicity detect_any_periodicity(const std::vector<Nimber>& values);

// g(n) for any n from a table and a pattern that covers n (periodic or arithmetic
// from preperiod on). Requires n < values.size() or a pattern with period > 0.
[[nodiscard]] Nimber value_from_pattern(const std::vector<Nimber>& values, const Periodicity& pattern,
                                        std::uint64_t n);

// A periodic pattern known to hold (proven) with its least period and then its
// least preperiod: a proof may come with a multiple of the least period (found
// first because its check needs fewer values) or a longer preperiod. `values`
// covers at least g(0 .. preperiod + period - 1). Other kinds come back as given.
[[nodiscard]] Periodicity least_pattern(const std::vector<Nimber>& values, Periodicity pattern);

}  // namespace grundy
