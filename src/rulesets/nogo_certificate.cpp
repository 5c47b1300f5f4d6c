// Certificates of one-row NoGo sums: the one-row search's values and the
// claims it picks (nogo_row.hpp), written as docs/certificates.md says.
#include "grundy/rulesets/nogo_certificate.hpp"

#include "grundy/core/input_error.hpp"
#include "rulesets/nogo_row.hpp"

namespace grundy {

std::optional<std::vector<std::string>> nogo_rows_of(const Position& position) {
  std::vector<std::string> rows;
  for (std::size_t i = 0; i < position.size(); ++i) {
    const Component& c = position[i];
    if (c.head() != "nogo") return std::nullopt;
    std::string row = c.arguments();
    if (row.find('/') != std::string::npos) return std::nullopt;
    rows.push_back(std::move(row));
  }
  if (rows.empty()) return std::nullopt;
  return rows;
}

NoGoRowCertificate certify_nogo_rows(const std::vector<std::string>& rows, Context& context) {
  nogo_row::RowValues values;
  values.set_poll([&context] { context.poll(); });
  values.set_memory_limit(context.options().memory_bytes);
  NoGoRowCertificate out;
  std::vector<std::pair<std::string, Nimber>> roots;
  for (const std::string& row : rows) {
    const std::optional<Nimber> v = values.value(row);
    if (!v)
      throw LimitError("nogo(" + excerpt(row, 60) + ") has a part longer than " + std::to_string(nogo_row::kLongestPart) +
                       " points, longer than certificates are written for");
    roots.emplace_back(row, *v);
    out.value ^= *v;
  }
  const std::vector<std::pair<std::string, Nimber>> claims = values.claims(rows);
  out.claims = claims.size();
  out.parts_valued = values.stored();
  out.text = nogo_row::certificate_text(roots, claims);
  return out;
}

}  // namespace grundy
