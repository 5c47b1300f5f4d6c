// Certificates of one-row NoGo and Clobber sums: the searches' values and the
// claims they pick (part_claims.hpp), written as docs/certificates.md says.
#include "grundy/rulesets/certificates.hpp"

#include <type_traits>

#include "grundy/core/checksum.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/placement/board.hpp"
#include "rulesets/clobber_grid.hpp"
#include "rulesets/cram_grid.hpp"
#include "rulesets/nogo_row.hpp"

namespace grundy {
namespace {

// A Clobber term's board: its rows joined by '/'.
rulesets_detail::LetterBoard board_of(const std::string& term) {
  rulesets_detail::LetterBoard b;
  std::size_t row_start = 0;
  for (std::size_t i = 0; i <= term.size(); ++i) {
    if (i < term.size() && term[i] != '/') continue;
    b.cols = static_cast<int>(i - row_start);
    ++b.rows;
    b.cells += term.substr(row_start, i - row_start);
    row_start = i + 1;
  }
  return b;
}

// A Cram term's board as the ruleset prints it (RxC, or rows of 0 and 1),
// read by the placement boards' own reader.
rulesets_detail::LetterBoard cram_board_of(const std::string& term) {
  const placement::Board board = placement::parse_inline_board(term);
  rulesets_detail::LetterBoard out{static_cast<int>(board.rows), static_cast<int>(board.cols), {}};
  for (const std::uint8_t free : board.free) out.cells += free != 0 ? '0' : '1';
  return out;
}

// The search polls the run, keeps within its memory bound and, with a table
// file, keeps its parts there (the same watch the games' runs give it).
template <class Values>
std::uint64_t watch(Values& values, Context& context, const std::string& table_file) {
  FamilySettings families;
  families.set(PartTableOptions{table_file});
  return values.watch([&context] { context.poll(); }, context.options().memory_bytes, families);
}

}  // namespace

std::optional<CertifiableSum> certifiable_sum(const Position& position) {
  CertifiableSum sum;
  for (std::size_t i = 0; i < position.size(); ++i) {
    const Component& c = position[i];
    const std::string game = c.head() == "nogo"      ? "nogo-row"
                             : c.head() == "clobber" ? "clobber"
                             : c.head() == "cram"    ? "cram"
                                                     : "";
    if (game.empty() || (!sum.game.empty() && game != sum.game)) return std::nullopt;
    sum.game = game;
    std::string term = c.arguments();
    if (game == "nogo-row" && term.find('/') != std::string::npos) return std::nullopt;
    sum.terms.push_back(std::move(term));
  }
  if (sum.terms.empty()) return std::nullopt;
  return sum;
}

namespace {

// The roots (each term and its value) and claims of a sum of one game's
// boards, `board_of` reading a term; a board whose part does not fit the
// search's keys is refused, named as head(term).
template <class Values, class BoardOf>
void certify_boards(const CertifiableSum& sum, const std::string& head, BoardOf&& board_of, Context& context,
                    const std::string& table_file, Certificate& out, std::vector<std::pair<std::string, Nimber>>& roots,
                    std::vector<std::pair<std::string, Nimber>>& claims) {
  Values values;
  out.parts_loaded = watch(values, context, table_file);
  std::vector<std::decay_t<decltype(board_of(sum.terms.front()))>> boards;
  for (const std::string& term : sum.terms) {
    boards.push_back(board_of(term));
    const std::optional<Nimber> v = values.value(boards.back());
    if (!v)
      throw LimitError(head + "(" + excerpt(term, 60) + ") " + Values::too_large() +
                       ", more than certificates are written for");
    roots.emplace_back(term, *v);
  }
  claims = values.claims(boards);
  out.parts_valued = values.stored();
}

}  // namespace

Certificate certify(const CertifiableSum& sum, Context& context, const std::string& table_file) {
  Certificate out;
  std::vector<std::pair<std::string, Nimber>> roots;
  std::vector<std::pair<std::string, Nimber>> claims;
  if (sum.game == "nogo-row") {
    certify_boards<nogo_row::RowValues>(
        sum, "nogo", [](const std::string& row) { return row; }, context, table_file, out, roots, claims);
  } else if (sum.game == "clobber") {
    certify_boards<clobber_grid::GroupValues>(sum, "clobber", board_of, context, table_file, out, roots, claims);
  } else if (sum.game == "cram") {
    certify_boards<cram_grid::RegionValues>(sum, "cram", cram_board_of, context, table_file, out, roots, claims);
  } else {
    throw LimitError("certificates are not written for the game '" + sum.game + "'");
  }
  for (const auto& root : roots) out.value ^= root.second;
  out.claims = claims.size();
  out.text = certificate_text(sum.game, roots, claims);
  return out;
}

std::string certificate_text(const std::string& game, const std::vector<std::pair<std::string, Nimber>>& roots,
                             const std::vector<std::pair<std::string, Nimber>>& claims) {
  std::string text = "grundy-certificate 1\ngame " + game + "\n";
  for (const auto& [term, value] : roots) text += "root " + term + " " + std::to_string(value) + "\n";
  for (const auto& [part, value] : claims) text += "part " + part + " " + std::to_string(value) + "\n";
  Fnv1a sum;
  sum.add_bytes(text);
  return text + "checksum fnv1a64 " + sum.hex() + "\n";
}

}  // namespace grundy
