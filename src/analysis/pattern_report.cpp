// A pattern report in words and as JSON.
#include <nlohmann/json.hpp>
#include <sstream>

#include "grundy/analysis/pattern.hpp"

namespace grundy::pattern {
namespace {

std::string member_words(const Member& m, bool heap_game) {
  std::ostringstream out;
  out << m.text;
  if (!heap_game) return out.str();
  const Periodicity& p = m.pattern;
  switch (p.kind) {
    case Periodicity::Kind::none: out << ": no period seen"; break;
    case Periodicity::Kind::periodic: out << ": preperiod " << p.preperiod << ", period " << p.period; break;
    case Periodicity::Kind::arithmetic:
      out << ": preperiod " << p.preperiod << ", period " << p.period << ", saltus " << p.saltus;
      break;
  }
  if (p.kind != Periodicity::Kind::none) out << (p.proven() ? " (proven)" : " (detected, not proven)");
  return out.str();
}

}  // namespace

std::string PatternReport::text() const {
  std::ostringstream out;
  const Family& f = family;
  out << "Family: " << f.written;
  if (!f.ranges.empty()) out << " for " << f.ranges;
  out << " (" << f.members.size() << (f.members.size() == 1 ? " member" : " members") << "), ";
  if (f.heap_game()) {
    out << "heaps 0.." << f.upto << "\n";
  } else {
    out << f.piles() << " piles, each 0.." << f.upto << "\n";
  }
  out << "Members:\n";
  constexpr std::size_t kShown = 12;
  for (std::size_t i = 0; i < f.members.size() && i < kShown; ++i) out << "  " << member_words(f.members[i], f.heap_game()) << "\n";
  if (f.members.size() > kShown) out << "  … and " << f.members.size() - kShown << " more (--json lists them all)\n";
  if (f.heap_game() && f.members.size() == 1 && f.members[0].pattern.proven() && !f.members[0].pattern.proof.empty()) {
    out << "  proof: " << f.members[0].pattern.proof << "\n";
  }
  out << (laws.empty() ? "Laws: none found\n" : "Laws:\n");
  for (const Law& law : laws) {
    out << "  " << law.statement << "\n";
    if (!law.evidence.empty()) out << "      " << law.evidence << "\n";
  }
  for (const std::string& note : notes) out << "Not found: " << note << "\n";
  return out.str();
}

nlohmann::json PatternReport::to_json() const {
  const Family& f = family;
  nlohmann::json j;
  j["family"] = f.written;
  j["parameters"] = f.parameters;
  j["position_variables"] = f.position_variables;
  j["ranges"] = f.ranges;
  j["upto"] = f.upto;
  j["members"] = nlohmann::json::array();
  for (const Member& m : f.members) {
    nlohmann::json item{{"text", m.text}, {"parameters", m.parameters}};
    if (f.heap_game()) {
      item["kind"] = to_string(m.pattern.kind);
      item["status"] = to_string(m.pattern.status);
      item["proven"] = m.pattern.proven();
      if (m.pattern.kind != Periodicity::Kind::none) {
        item["preperiod"] = m.pattern.preperiod;
        item["period"] = m.pattern.period;
        item["saltus"] = m.pattern.saltus;
      }
      item["values"] = m.values;
    } else {
      std::uint64_t count = 0;
      for (std::uint8_t v : m.p_position) count += v;
      item["p_position_count"] = count;
      // The cells of [0, upto]^piles, the first pile slowest (-1 where only
      // the outcome is known), so that a reader can hold code to the table.
      nlohmann::json values = nlohmann::json::array();
      for (Nimber v : m.values) values.push_back(v == kUnknown ? -1 : static_cast<long long>(v));
      item["values"] = std::move(values);
      nlohmann::json rows = nlohmann::json::array();
      for (const RowLaw& row : m.rows) {
        nlohmann::json r{{"row", row.row}, {"kind", to_string(row.pattern.kind)}, {"proven", row.pattern.proven()}};
        if (row.pattern.kind != Periodicity::Kind::none) {
          r["preperiod"] = row.pattern.preperiod;
          r["period"] = row.pattern.period;
          r["saltus"] = row.pattern.saltus;
        }
        rows.push_back(std::move(r));
      }
      item["rows"] = std::move(rows);
    }
    j["members"].push_back(std::move(item));
  }
  j["laws"] = nlohmann::json::array();
  for (const Law& law : laws) {
    // What the law claims, each claim with how it is known: for each member
    // tabulated (proven by the member's theorem, or observed on its table),
    // and, for a family with parameters, for every value of them — never
    // more than observed on the members (no theorem here is about a
    // parameter). "proven" is true only when every claim is.
    const bool across = !f.parameters.empty();
    const std::string members_claim = f.members.size() == 1 ? std::string("the member tabulated")
                                                            : "each of the " + std::to_string(f.members.size()) +
                                                                  " members tabulated";
    nlohmann::json claims = nlohmann::json::array();
    claims.push_back({{"claim", members_claim}, {"status", law.proven ? "proven" : "observed"}});
    if (across) {
      claims.push_back({{"claim", "every value of " + (f.parameters.size() == 1 ? f.parameters[0] : std::string("the parameters"))},
                        {"status", "observed"},
                        {"on", f.ranges}});
    }
    nlohmann::json item{{"subject", law.subject},   {"statement", law.statement},
                        {"proven", law.proven && !across}, {"proven_for_each_member", law.proven},
                        {"claims", std::move(claims)},  {"evidence", law.evidence}};
    if (law.formula) {
      item["formula"] = law.formula->text(law.names);
      item["python"] = law.formula->python(law.names);
      item["variables"] = law.names;
    }
    j["laws"].push_back(std::move(item));
  }
  j["notes"] = notes;
  if (value_formula) {
    j["value_formula"] = {{"text", value_formula->text(value_names)},
                          {"python", value_formula->python(value_names)},
                          {"cpp", value_formula->cpp(value_names)},
                          {"variables", value_names}};
    if (value_start) j["value_formula"]["start"] = value_start->text(f.parameters);
  }
  return j;
}

}  // namespace grundy::pattern
