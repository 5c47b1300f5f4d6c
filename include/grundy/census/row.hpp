// One game's result in a census: a row of the database's `results` table
// (docs/census.md has the schema) and the message a worker sends the manager.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/core/nimber.hpp"
#include "grundy/core/sequence.hpp"

namespace grundy::census {

struct Row {
  std::string game;              // the game as an expression that parses back
  std::string kind;              // take-and-break, subtraction, board
  std::uint64_t bound = 0;       // heaps computed to (g(0..bound)); 0 for boards and proven subtraction games
  // proven, detected, none (no period in the range), value (a board's value),
  // stopped (a board's time or memory bound), error
  std::string status;
  std::optional<std::uint64_t> preperiod;
  std::optional<std::uint64_t> period;
  std::string theorem;           // what proves the period, or decided the value
  std::optional<Nimber> largest;
  std::optional<std::uint64_t> largest_at;
  std::optional<Nimber> value;   // boards
  std::string sequence_hash;     // 16 hex digits, see sequence_hash()
  std::string equivalent_to;     // the game computed in its place, when it was not computed itself
  std::optional<std::uint64_t> shift;
  std::string message;           // an error, or why a board stopped
  double time_bound = 0;         // the time bound a stopped board ran under (seconds)
  std::string version;           // grundy's version
  // Timing and placement columns: differ between runs of the same census.
  double seconds = 0;
  int rank = 0;

  [[nodiscard]] bool final_for(std::uint64_t asked_bound, double asked_seconds) const;
};

[[nodiscard]] nlohmann::json to_json(const Row& row);
// Throws std::runtime_error on a malformed row (a message between ranks).
[[nodiscard]] Row row_from_json(const nlohmann::json& j);

// FNV-1a (64 bits) over the values, each as two little-endian bytes, printed as
// 16 hex digits: equal sequences have equal hashes, and a value that differs
// changes it. Which values a row hashes is in docs/census.md.
[[nodiscard]] std::string sequence_hash(const std::vector<Nimber>& values);

}  // namespace grundy::census
