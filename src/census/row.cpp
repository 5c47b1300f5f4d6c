#include "grundy/census/row.hpp"

#include <stdexcept>

#include "grundy/core/checksum.hpp"

namespace grundy::census {
namespace {

template <class T>
void put(nlohmann::json& j, const char* key, const std::optional<T>& value) {
  j[key] = value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

template <class T>
std::optional<T> get(const nlohmann::json& j, const char* key) {
  if (!j.contains(key) || j.at(key).is_null()) return std::nullopt;
  return j.at(key).get<T>();
}

}  // namespace

bool Row::final_for(std::uint64_t asked_bound, double asked_seconds) const {
  if (status == "proven" || status == "value") return true;
  if (status == "detected" || status == "none") return bound >= asked_bound;
  if (status == "stopped") return asked_seconds > 0 && time_bound >= asked_seconds - 1e-9;
  return false;  // an error is tried again
}

nlohmann::json to_json(const Row& row) {
  nlohmann::json j;
  j["game"] = row.game;
  j["kind"] = row.kind;
  j["bound"] = row.bound;
  j["status"] = row.status;
  put(j, "preperiod", row.preperiod);
  put(j, "period", row.period);
  j["theorem"] = row.theorem;
  put(j, "largest", row.largest);
  put(j, "largest_at", row.largest_at);
  put(j, "value", row.value);
  j["sequence_hash"] = row.sequence_hash;
  j["equivalent_to"] = row.equivalent_to;
  put(j, "shift", row.shift);
  j["message"] = row.message;
  j["time_bound"] = row.time_bound;
  j["version"] = row.version;
  j["seconds"] = row.seconds;
  j["rank"] = row.rank;
  return j;
}

Row row_from_json(const nlohmann::json& j) {
  try {
    Row row;
    row.game = j.at("game").get<std::string>();
    row.kind = j.at("kind").get<std::string>();
    row.bound = j.at("bound").get<std::uint64_t>();
    row.status = j.at("status").get<std::string>();
    row.preperiod = get<std::uint64_t>(j, "preperiod");
    row.period = get<std::uint64_t>(j, "period");
    row.theorem = j.at("theorem").get<std::string>();
    row.largest = get<Nimber>(j, "largest");
    row.largest_at = get<std::uint64_t>(j, "largest_at");
    row.value = get<Nimber>(j, "value");
    row.sequence_hash = j.at("sequence_hash").get<std::string>();
    row.equivalent_to = j.at("equivalent_to").get<std::string>();
    row.shift = get<std::uint64_t>(j, "shift");
    row.message = j.at("message").get<std::string>();
    row.time_bound = j.at("time_bound").get<double>();
    row.version = j.at("version").get<std::string>();
    row.seconds = j.at("seconds").get<double>();
    row.rank = j.at("rank").get<int>();
    return row;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("malformed census row: ") + e.what());
  }
}

std::string sequence_hash(const std::vector<Nimber>& values) {
  Fnv1a hash;
  for (const Nimber v : values) hash.add_integer(v, 2);
  return hash.hex();
}

}  // namespace grundy::census
