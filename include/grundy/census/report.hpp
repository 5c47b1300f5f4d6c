// What a census database says, for people (text), programs (JSON) and
// spreadsheets (CSV): each game's class — solved (trivial when its proof needs
// fewer than 1000 heaps, Czajka's sense), open with the bound reached, a
// board's value, a board stopped at its bound, an error — and its row.
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "grundy/census/database.hpp"
#include "grundy/census/row.hpp"

namespace grundy::census {

// "trivial", "solved", "open", "value", "stopped" or "error".
[[nodiscard]] std::string classify(const Row& row);

[[nodiscard]] std::string report_text(const Database& db);
[[nodiscard]] nlohmann::json report_json(const Database& db);
[[nodiscard]] std::string report_csv(const Database& db);

// Counts of each class among `rows`, for a census's closing lines.
[[nodiscard]] std::map<std::string, std::uint64_t> class_counts(const std::map<std::string, Row>& rows);

}  // namespace grundy::census
