#include "grundy/census/report.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

#include "grundy/take_and_break/code.hpp"

namespace grundy::census {
namespace {

// Czajka calls a game trivial when its period is found from the values of heaps
// below 1000; the octal periodicity theorem needs g up to about
// 2·preperiod + 2·period + t (periodicity.hpp), so that is the test.
constexpr std::uint64_t kTrivialHeaps = 1000;

std::uint64_t digits_of(const std::string& game) {
  try {
    return take_and_break::parse_game_code(game).max_take();
  } catch (...) {
    return 0;
  }
}

// The order of the classes in a report.
const std::vector<std::string> kClasses = {"trivial", "solved", "open", "value", "stopped", "error"};

const char* class_heading(const std::string& c) {
  if (c == "trivial") return "solved, trivial (proven from fewer than 1000 heaps)";
  if (c == "solved") return "solved";
  if (c == "open") return "open (no period proven up to the bound)";
  if (c == "value") return "boards with their value";
  if (c == "stopped") return "boards stopped at their bound";
  return "errors";
}

std::string describe(const Row& row) {
  std::ostringstream out;
  out << row.game;
  const std::string c = classify(row);
  if (c == "trivial" || c == "solved") {
    out << ": preperiod " << *row.preperiod << ", period " << *row.period;
  } else if (c == "open") {
    out << ": none proven up to " << row.bound;
    if (row.status == "detected") out << " (period " << *row.period << " from " << *row.preperiod << " seen, not proven)";
  } else if (c == "value") {
    out << " = " << *row.value;
  } else {
    out << ": " << row.message;
  }
  if (row.largest) out << "; largest " << *row.largest << " at " << *row.largest_at;
  if (!row.equivalent_to.empty()) {
    out << "; computed as " << row.equivalent_to;
    if (row.shift && *row.shift) out << " shifted by " << *row.shift;
  }
  return out.str();
}

// Games of one kind together, in the order a person reads them: codes by
// length and then digits, boards by size.
std::vector<const Row*> ordered(const std::map<std::string, Row>& rows) {
  std::vector<const Row*> out;
  for (const auto& [game, row] : rows) out.push_back(&row);
  std::stable_sort(out.begin(), out.end(), [](const Row* a, const Row* b) {
    if (a->kind != b->kind) return a->kind < b->kind;
    if (a->game.size() != b->game.size()) return a->game.size() < b->game.size();
    return a->game < b->game;
  });
  return out;
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

template <class T>
std::string optional_text(const std::optional<T>& x) {
  return x ? std::to_string(*x) : "";
}

}  // namespace

std::string classify(const Row& row) {
  if (row.status == "proven") {
    if (row.kind == "take-and-break" && row.preperiod && row.period &&
        2 * (*row.preperiod + *row.period) + digits_of(row.game) < kTrivialHeaps)
      return "trivial";
    return "solved";
  }
  if (row.status == "detected" || row.status == "none") return "open";
  if (row.status == "value") return "value";
  if (row.status == "stopped") return "stopped";
  return "error";
}

std::map<std::string, std::uint64_t> class_counts(const std::map<std::string, Row>& rows) {
  std::map<std::string, std::uint64_t> counts;
  for (const auto& [game, row] : rows) ++counts[classify(row)];
  return counts;
}

std::string report_text(const Database& db) {
  const std::map<std::string, Row> rows = db.rows();
  std::ostringstream out;
  out << "census database " << db.path() << ": " << rows.size() << " games\n";
  if (const std::uint64_t damaged = db.damaged(); damaged > 0)
    out << "  " << damaged << (damaged == 1 ? " record fails its" : " records fail their")
        << " checksum (damaged since written) and " << (damaged == 1 ? "is" : "are")
        << " not shown: run the census again to compute " << (damaged == 1 ? "it" : "them") << " again\n";
  for (const Database::CensusRecord& c : db.censuses()) {
    out << "  census " << c.arguments << " (" << c.games << " games), started " << c.started
        << (c.finished.empty() ? ", not finished" : ", finished " + c.finished) << "\n";
  }
  const std::map<std::string, std::uint64_t> counts = class_counts(rows);
  const std::vector<const Row*> all = ordered(rows);
  for (const std::string& c : kClasses) {
    const auto it = counts.find(c);
    if (it == counts.end()) continue;
    out << "\n" << class_heading(c) << ": " << it->second << "\n";
    for (const Row* row : all)
      if (classify(*row) == c) out << "  " << describe(*row) << "\n";
  }
  return out.str();
}

nlohmann::json report_json(const Database& db) {
  const std::map<std::string, Row> rows = db.rows();
  nlohmann::json j;
  j["database"] = db.path();
  j["censuses"] = nlohmann::json::array();
  for (const Database::CensusRecord& c : db.censuses()) {
    j["censuses"].push_back({{"arguments", c.arguments},
                             {"games", c.games},
                             {"started", c.started},
                             {"finished", c.finished.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.finished)}});
  }
  j["classes"] = class_counts(rows);
  j["damaged"] = db.damaged();  // records failing their checksum, not shown
  j["games"] = nlohmann::json::array();
  for (const Row* row : ordered(rows)) {
    nlohmann::json r = to_json(*row);
    r["class"] = classify(*row);
    j["games"].push_back(std::move(r));
  }
  return j;
}

std::string report_csv(const Database& db) {
  std::ostringstream out;
  out << "game,kind,class,status,bound,preperiod,period,largest,largest_at,value,sequence_hash,equivalent_to,shift,"
         "theorem,message,version,seconds,rank\n";
  const std::map<std::string, Row> rows = db.rows();
  for (const Row* row : ordered(rows)) {
    out << csv_field(row->game) << ',' << row->kind << ',' << classify(*row) << ',' << row->status << ','
        << row->bound << ',' << optional_text(row->preperiod) << ',' << optional_text(row->period) << ','
        << optional_text(row->largest) << ',' << optional_text(row->largest_at) << ',' << optional_text(row->value)
        << ',' << row->sequence_hash << ',' << csv_field(row->equivalent_to) << ',' << optional_text(row->shift) << ','
        << csv_field(row->theorem) << ',' << csv_field(row->message) << ',' << row->version << ',' << row->seconds
        << ',' << row->rank << '\n';
  }
  return out.str();
}

}  // namespace grundy::census
