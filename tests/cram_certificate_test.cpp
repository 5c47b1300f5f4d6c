// Cram by the search over 8-byte parts (src/rulesets/cram_grid.cpp) and its
// certificates (docs/certificates.md, game "cram"): the checker's own rules
// and split (check/cram_rules.cpp) against a whole-board search written from
// the rules alone; MCGS's published Cram values by the placement search and
// by certificates the checker proves; certificates changed after they were
// written refused at a position; the command and the census.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "certificate_check.hpp"
#include "certificate_edits.hpp"
#include "checker_rules_value.hpp"
#include "cli_runner.hpp"
#include "cram_rules.hpp"
#include "grundy/language/registry.hpp"
#include "grundy/placement/board.hpp"
#include "grundy/analysis/certificate.hpp"
#include "test_build.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using testing::context;
using testing::lines_of;
using testing::with_fresh_checksum;

// Rows of 0 (free) and 1 (blocked), about a third blocked.
std::string random_board(std::mt19937_64& random, int h, int w) {
  std::string board;
  for (int r = 0; r < h; ++r) {
    if (r > 0) board += '/';
    for (int c = 0; c < w; ++c) board += random() % 3 == 0 ? '1' : '0';
  }
  return board;
}

// The board as a Cram term prints it: a single row ends with '/'.
std::string term_of(const std::string& board) { return board.find('/') == std::string::npos ? board + "/" : board; }

// Cram from its rules alone: the whole board a position (no split, no
// symmetry), a move a domino on two adjacent free cells, memoised.
class WholeBoardCram {
 public:
  unsigned value(const std::string& board) {
    if (const auto it = memo_.find(board); it != memo_.end()) return it->second;
    const std::size_t width = board.find('/') == std::string::npos ? board.size() : board.find('/');
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < board.size(); ++i) {
      if (board[i] != '0') continue;
      // The cell to the right in the same row, and the cell below (rows are width + 1 letters apart).
      for (const std::size_t j : {i + 1, i + width + 1}) {
        if (j >= board.size() || board[j] != '0') continue;
        std::string after = board;
        after[i] = after[j] = '1';
        seen |= std::uint64_t{1} << value(after);
      }
    }
    unsigned mex = 0;
    while ((seen >> mex) & 1U) ++mex;
    return memo_[board] = mex;
  }

 private:
  std::map<std::string, unsigned> memo_;
};

Certificate certify_cram(const std::vector<std::string>& terms) {
  return testing::certificate_of_sum("cram", terms, context()).value();
}

TEST(CramGrid, CheckerRulesAgainstTheRules) {
  // Boards within 4×4, and rows: the checker's split and images, with the
  // definition, equal to the whole board valued from the rules; every part is
  // its own least image, and a part turned or mirrored has the same one.
  std::mt19937_64 random(71);
  WholeBoardCram oracle;
  testing::CheckerRulesValue checker(grundy_check::cram::parts, grundy_check::cram::options);
  // Version 3's split: the diagonal-twin cut keeps every value.
  testing::CheckerRulesValue cut(grundy_check::cram::parts_with_twin_cuts, grundy_check::cram::options);
  // Version 4's split: the pendant reductions, then the cut, again where it splits.
  testing::CheckerRulesValue reduced(grundy_check::cram::parts_reduced, grundy_check::cram::options);
  std::size_t split_further = 0;
  std::size_t cells_dropped = 0;
  const auto free_in = [](const std::vector<std::string>& parts) {
    std::size_t n = 0;
    for (const std::string& p : parts) n += grundy_check::cram::free_cells(p);
    return n;
  };
  for (std::size_t trial = 0; trial < test_build::trials(300); ++trial) {
    const int h = 1 + static_cast<int>(random() % 4);
    const int w = h == 1 ? 1 + static_cast<int>(random() % 12) : 1 + static_cast<int>(random() % 4);
    const std::string board = random_board(random, h, w);
    EXPECT_EQ(checker.board(board), oracle.value(board)) << board;
    EXPECT_EQ(cut.board(board), oracle.value(board)) << board;
    EXPECT_EQ(reduced.board(board), oracle.value(board)) << board;
    split_further += grundy_check::cram::parts_with_twin_cuts(board).size() > grundy_check::cram::parts(board).size();
    cells_dropped += free_in(grundy_check::cram::parts_reduced(board)) < free_in(grundy_check::cram::parts(board));
    // Version 4's named options: those of `options` with these numbers, and their count.
    const std::vector<std::string> all = grundy_check::cram::options(board);
    std::vector<std::uint32_t> numbers;
    std::vector<std::string> expected;
    for (std::uint32_t k = 0; k < all.size() + 2; ++k) {
      if (random() % 3 != 0) continue;
      numbers.push_back(k);
      if (k < all.size()) expected.push_back(all[k]);
    }
    std::vector<std::string> named;
    EXPECT_EQ(grundy_check::cram::named_options(board, numbers, named), all.size()) << board;
    EXPECT_EQ(named, expected) << board;
    for (const std::string& part : grundy_check::cram::parts(board)) {
      EXPECT_EQ(grundy_check::cram::least_image(part), part) << board;
      std::string mirrored;
      for (std::size_t at = 0; at <= part.size();) {
        const std::size_t end = std::min(part.find('/', at), part.size());
        std::string row = part.substr(at, end - at);
        std::reverse(row.begin(), row.end());
        mirrored += (at > 0 ? "/" : "") + row;
        at = end + 1;
      }
      EXPECT_EQ(grundy_check::cram::least_image(mirrored), part) << mirrored;
      // A quarter turn (rows and columns of other lengths): row c of it is column c read upwards.
      std::vector<std::string> rows(1);
      for (const char letter : part) {
        if (letter == '/') {
          rows.emplace_back();
        } else {
          rows.back().push_back(letter);
        }
      }
      std::string turned;
      for (std::size_t c = 0; c < rows[0].size(); ++c) {
        if (c > 0) turned += '/';
        for (std::size_t r = rows.size(); r-- > 0;) turned += rows[r][c];
      }
      EXPECT_EQ(grundy_check::cram::least_image(turned), part) << turned;
    }
  }
  // Larger boards, where a twin square has cells around it to lose.
  for (std::size_t trial = 0; trial < test_build::trials(300); ++trial) {
    const std::string board = random_board(random, 3 + static_cast<int>(random() % 2), 3 + static_cast<int>(random() % 3));
    EXPECT_EQ(cut.board(board), oracle.value(board)) << board;
    EXPECT_EQ(reduced.board(board), oracle.value(board)) << board;
    split_further += grundy_check::cram::parts_with_twin_cuts(board).size() > grundy_check::cram::parts(board).size();
    cells_dropped += free_in(grundy_check::cram::parts_reduced(board)) < free_in(grundy_check::cram::parts(board));
  }
  EXPECT_GT(split_further, test_build::trials(300) / 20);  // the cut is tried, not only allowed
  EXPECT_GT(cells_dropped, test_build::trials(600) / 10);  // and the pendant reductions
  // A cell with pendants above and left and below: the one above stays; a
  // bridge (every neighbour carries a pendant) goes.
  EXPECT_EQ(grundy_check::cram::parts_reduced("101/000/101"), (std::vector<std::string>{"0/0"}));
  EXPECT_EQ(grundy_check::cram::parts_reduced("0101/0000/1111"), (std::vector<std::string>{"0/0", "0/0"}));
  // Version 3's mirror strategy: a board it calls 0 is 0. Boards made
  // symmetric under a flip, the half turn or a diagonal reflection (each cell
  // set with its image), most of them with a domino meeting its image (a
  // middle row or column): the rule must tell those apart.
  std::size_t mirrored = 0;
  std::size_t symmetric_not_zero = 0;
  for (std::size_t trial = 0; trial < test_build::trials(400); ++trial) {
    const int h = 1 + static_cast<int>(random() % 4);
    const int w = 1 + static_cast<int>(random() % 5);
    std::string board = random_board(random, h, w);
    const int t = static_cast<int>(random() % (h == w ? 5 : 3));
    const auto at = [&](int r, int c) -> char& { return board[static_cast<std::size_t>(r * (w + 1) + c)]; };
    for (int r = 0; r < h; ++r) {
      for (int c = 0; c < w; ++c) {
        const int ir = t == 1 ? r : t == 3 ? c : t == 4 ? w - 1 - c : h - 1 - r;
        const int ic = t == 0 ? c : t == 3 ? r : t == 4 ? h - 1 - r : w - 1 - c;
        if (at(r, c) == '1') at(ir, ic) = '1';  // blocked with its image
      }
    }
    const unsigned value = oracle.value(board);
    if (grundy_check::cram::zero_by_symmetry(board)) {
      ++mirrored;
      EXPECT_EQ(value, 0U) << board;
    } else if (value != 0) {
      ++symmetric_not_zero;
    }
  }
  EXPECT_GT(mirrored, test_build::trials(400) / 10);
  EXPECT_GT(symmetric_not_zero, test_build::trials(400) / 10);
  EXPECT_TRUE(grundy_check::cram::zero_by_symmetry("0000/0000"));   // the half turn
  EXPECT_FALSE(grundy_check::cram::zero_by_symmetry("000/000/000"));  // 3x3 = 1 (MCGS): its centre is its own image
  // Cram 2x2: a and d are twins, the two rows' edges go: two dominoes, 1 + 1 = 0.
  EXPECT_EQ(grundy_check::cram::parts_with_twin_cuts("00/00"), (std::vector<std::string>{"0/0", "0/0"}));
  // Not parts: two regions, a single free cell, a region not cropped to its box.
  for (const std::string not_part : {"0010", "01/10", "0", "00/11", "2", "00/0"})
    EXPECT_EQ(grundy_check::cram::least_image(not_part), "") << not_part;
  // Roots as Cram terms print: RxC, rows, one row ending with '/'.
  EXPECT_EQ(grundy_check::cram::board_of_root("2x3"), "000/000");
  EXPECT_EQ(grundy_check::cram::board_of_root("0010/"), "0010");
  EXPECT_EQ(grundy_check::cram::board_of_root("01/00"), "01/00");
  for (const std::string bad : {"0x3", "2x", "x3", "65x1", "0010", "01/00/", "0a/00", "2x03"})
    EXPECT_EQ(grundy_check::cram::board_of_root(bad), bad == "0010" ? "0010" : "") << bad;
}

TEST(CramGrid, CertificatesOfRandomSumsAreProvenWithThePlacementSearchsValues) {
  std::mt19937_64 random(72);
  WholeBoardCram oracle;
  for (std::size_t trial = 0; trial < test_build::trials(120); ++trial) {
    std::vector<std::string> boards{random_board(random, 1 + static_cast<int>(random() % 4), 1 + static_cast<int>(random() % 5))};
    if (trial % 3 == 0) boards.push_back(random_board(random, 2, 1 + static_cast<int>(random() % 6)));
    std::vector<std::string> terms;
    for (const std::string& b : boards) terms.push_back(term_of(b));
    const Certificate written = certify_cram(terms);
    // Boards of at most 64 cells: the region search's own proof, its parts
    // split at diagonal twins, its "not" claims naming their options (version 4).
    EXPECT_TRUE(written.text.starts_with("grundy-certificate 4\ngame cram\n")) << written.text.substr(0, 40);
    unsigned expected = 0;
    for (std::size_t i = 0; i < boards.size(); ++i) {
      const unsigned v = oracle.value(boards[i]);
      // The placement search, which shares nothing with the part search.
      EXPECT_EQ(Registry::builtin().parse("cram(" + terms[i] + ")").value(context()), Value(v)) << boards[i];
      expected ^= v;
    }
    const unsigned total = testing::expect_roots_proven(written.text, "cram", [&](const std::string& term) {
      // The root as written (RxC or rows), as rows of 0 and 1 for the oracle.
      const placement::Board root = placement::parse_inline_board(term);
      std::string rows;
      for (std::size_t r = 0; r < root.rows; ++r) {
        if (r > 0) rows += '/';
        for (std::size_t c = 0; c < root.cols; ++c) rows += root.free[r * root.cols + c] != 0 ? '0' : '1';
      }
      return oracle.value(rows);
    });
    EXPECT_EQ(written.value, total);
    EXPECT_EQ(total, expected);
  }
}

// MCGS's Cram values (tests/data/mcgs_cram.txt): every board by the placement
// search, and those of at most 24 cells by a certificate the checker proves.
TEST(CramGrid, ValuesMcgsPublishesByBothSearches) {
  std::size_t certified = 0;
  std::size_t searched = 0;
  for (const testing::PublishedValue& p : testing::published_values("mcgs_cram.txt")) {
    EXPECT_EQ(Registry::builtin().parse("cram(" + p.position + ")").value(context()), Value(p.value))
        << p.position << " (" << p.source << ")";
    ++searched;
    if (std::count(p.position.begin(), p.position.end(), '0') > 24) continue;
    const std::optional<Certificate> made = testing::certificate_of_sum("cram", {p.position}, context());
    ASSERT_TRUE(made.has_value()) << p.position;  // a Cram board is one component, moves or none
    const Certificate& written = *made;
    EXPECT_EQ(written.value, p.value) << p.position;
    const grundy_check::CheckResult result = grundy_check::check_certificate_text(written.text);
    ASSERT_TRUE(result.valid) << p.position << ": line " << result.line << ": " << result.message;
    EXPECT_EQ(result.roots.at(0).value, p.value) << p.position;
    ++certified;
  }
  EXPECT_EQ(searched, 174U);
  // Rows of 1 to 24 cells, and the 20 boards of 2 to 12 rows up to 24 cells.
  EXPECT_EQ(certified, 24U + 20U);
}

// ---- version 2: claims that a part has none of a set of values ----

// A version-2 certificate of `board` made from the rules alone: every part its
// proof reaches, with its true value (the oracle's), claimed exactly where a
// proof needs the value — the parts of the options that show the values below
// a part's own (witnesses), and all parts of an option but its largest — and
// otherwise only as "none of" the values the options' proofs need it to lack
// (v xor the other parts' values, for each part of value v it is the largest
// part of an option of). `weakened` counts the "not" lines.
std::string version_2_certificate(const std::string& board, WholeBoardCram& oracle, std::size_t& weakened) {
  namespace rules = grundy_check::cram;
  std::map<std::string, unsigned> value;  // every part reached, and its value
  std::vector<std::string> queue = rules::parts(board);
  while (!queue.empty()) {
    const std::string part = queue.back();
    queue.pop_back();
    if (value.count(part) != 0) continue;
    value[part] = oracle.value(part);
    for (const std::string& option : rules::options(part))
      for (const std::string& p : rules::parts(option)) queue.push_back(p);
  }
  const std::vector<std::string> roots = rules::parts(board);
  std::set<std::string> exact(roots.begin(), roots.end());
  std::map<std::string, std::uint64_t> lacks;
  for (const auto& [part, v] : value) {
    std::uint64_t witnessed = 0;
    for (const std::string& option : rules::options(part)) {
      std::vector<std::string> parts = rules::parts(option);
      unsigned x = 0;
      for (const std::string& p : parts) x ^= value.at(p);
      const bool twins = std::set<std::string>(parts.begin(), parts.end()).size() != parts.size();
      if (x < v && ((witnessed >> x) & 1U) == 0) {
        witnessed |= std::uint64_t{1} << x;
        exact.insert(parts.begin(), parts.end());
        continue;
      }
      if (parts.empty() || twins) {
        exact.insert(parts.begin(), parts.end());
        continue;
      }
      std::size_t largest = 0;
      for (std::size_t i = 1; i < parts.size(); ++i)
        if (rules::free_cells(parts[i]) > rules::free_cells(parts[largest])) largest = i;
      for (std::size_t i = 0; i < parts.size(); ++i)
        if (i != largest) exact.insert(parts[i]);
      lacks[parts[largest]] |= std::uint64_t{1} << (v ^ x ^ value.at(parts[largest]));
    }
  }
  std::string text = "grundy-certificate 2\ngame cram\nroot " + term_of(board) + " " +
                     std::to_string(oracle.value(board)) + "\n";
  weakened = 0;
  for (const auto& [part, v] : value) {
    if (exact.count(part) != 0 || lacks.count(part) == 0) {
      text += "part " + part + " " + std::to_string(v) + "\n";
      continue;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%llx", static_cast<unsigned long long>(lacks.at(part)));
    text += "not " + part + " " + hex + "\n";
    ++weakened;
  }
  return with_fresh_checksum(lines_of(text + "checksum fnv1a64 0\n"));
}

TEST(CramGridCertificate, VersionTwoProvesPartsClaimedOnlyToLackValues) {
  // Every claim true (the oracle's values): accepted, with "not" lines among
  // them; then one "not" line made false (the part's own value added to its
  // set) or one exact value changed: refused.
  std::mt19937_64 random(75);
  WholeBoardCram oracle;
  std::size_t weakened_in_all = 0;
  for (std::size_t trial = 0; trial < test_build::trials(40); ++trial) {
    const std::string board = random_board(random, 2 + static_cast<int>(random() % 3), 2 + static_cast<int>(random() % 3));
    if (grundy_check::cram::parts(board).empty()) continue;
    std::size_t weakened = 0;
    const std::string text = version_2_certificate(board, oracle, weakened);
    const grundy_check::CheckResult result = grundy_check::check_certificate_text(text);
    ASSERT_TRUE(result.valid) << board << ": line " << result.line << ": " << result.message << "\n" << text;
    EXPECT_EQ(result.version, 2);
    EXPECT_EQ(result.roots.at(0).value, oracle.value(board)) << board;
    weakened_in_all += weakened;
    const std::vector<std::string> lines = lines_of(text);
    for (const std::string kind : {"not ", "part "}) {
      const auto line = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.starts_with(kind); });
      if (line == lines.end()) continue;
      std::vector<std::string> bad = lines;
      std::string& changed = bad[static_cast<std::size_t>(line - lines.begin())];
      const std::size_t space = changed.rfind(' ');
      const std::string part = changed.substr(kind.size(), space - kind.size());
      const unsigned v = oracle.value(part);
      if (kind == "not ") {
        const std::uint64_t set = std::stoull(changed.substr(space + 1), nullptr, 16) | (std::uint64_t{1} << v);
        char hex[17];
        std::snprintf(hex, sizeof hex, "%llx", static_cast<unsigned long long>(set));
        changed = changed.substr(0, space + 1) + hex;
      } else {
        changed = changed.substr(0, space + 1) + std::to_string(v + 1);
      }
      const grundy_check::CheckResult refused = grundy_check::check_certificate_text(with_fresh_checksum(bad));
      EXPECT_FALSE(refused.valid) << board << ": " << changed;
      if (kind == "not ") {
        EXPECT_NE(refused.message.find("possible"), std::string::npos) << refused.message;
      }
    }
  }
  EXPECT_GT(weakened_in_all, 20U);
  // A "not" line in version 1, and sets no "not" line holds, are refused as
  // they are read, at the set's column.
  const std::string part = "000/000";
  for (const std::string& set : {std::string("0"), std::string("0f"), std::string("1g"), std::string("11111111111111111")}) {
    const std::string bad = with_fresh_checksum(
        lines_of("grundy-certificate 2\ngame cram\nroot 2x3 1\nnot " + part + " " + set + "\nchecksum fnv1a64 0\n"));
    const grundy_check::CheckResult refused = grundy_check::check_certificate_text(bad);
    EXPECT_FALSE(refused.valid) << set;
    EXPECT_EQ(refused.line, 4U) << set;
    EXPECT_EQ(refused.column, 13U) << set << ": " << refused.message;
  }
  const grundy_check::CheckResult old = grundy_check::check_certificate_text(
      with_fresh_checksum(lines_of("grundy-certificate 1\ngame cram\nroot 2x3 1\nnot 000/000 1\nchecksum fnv1a64 0\n")));
  EXPECT_FALSE(old.valid);
  EXPECT_EQ(old.line, 4U);
}

// Version 3: a symmetric board is 0 by the mirror strategy, claimed in one
// line; version 2 has no such rule, and a symmetric board claimed 1 is refused.
TEST(CramGridCertificate, VersionThreeProvesSymmetricBoardsZeroInOneClaim) {
  const auto check = [](const std::string& version, const std::string& value) {
    return grundy_check::check_certificate_text(with_fresh_checksum(lines_of(
        "grundy-certificate " + version + "\ngame cram\nroot 4x4 " + value + "\npart 0000/0000/0000/0000 " + value +
        "\nchecksum fnv1a64 0\n")));
  };
  const grundy_check::CheckResult three = check("3", "0");
  EXPECT_TRUE(three.valid) << three.message;
  EXPECT_EQ(three.total(), 0U);  // Cram 4x4 is 0 (MCGS)
  EXPECT_FALSE(check("2", "0").valid);
  EXPECT_FALSE(check("3", "1").valid);
  // What the command writes for an even board: the root's one claim.
  const Certificate written = certify_cram({"6x6"});
  EXPECT_EQ(written.claims, 1U) << written.text;
  EXPECT_TRUE(grundy_check::check_certificate_text(written.text).valid);
}

// Version 4: a "not" claim names the options its proof reads, and the checker
// reads those alone. The writer's numbers are the checker's (each named
// option proves what it is named for: naming none, or other ones, is
// refused); a number past the part's options, or a list out of form, is
// refused at the line.
TEST(CramGridCertificate, VersionFourReadsOnlyTheOptionsANotClaimNames) {
  const std::string text = certify_cram({"5x5"}).text;
  ASSERT_TRUE(text.starts_with("grundy-certificate 4\n"));
  ASSERT_TRUE(grundy_check::check_certificate_text(text).valid);
  const std::vector<std::string> lines = lines_of(text);
  std::size_t named = 0;
  std::size_t refused_without = 0;
  std::size_t refused_shifted = 0;
  for (std::size_t i = 0; i < lines.size() && named < 40; ++i) {
    if (!lines[i].starts_with("not ")) continue;
    const std::size_t last = lines[i].rfind(' ');
    const std::string list = lines[i].substr(last + 1);
    if (list == "-") continue;
    ++named;
    const std::string part = lines[i].substr(4, lines[i].rfind(' ', last - 1) - 4);
    const std::size_t options = grundy_check::cram::options(part).size();
    // Without its options: refused, at this line.
    std::vector<std::string> bad = lines;
    bad[i] = lines[i].substr(0, last + 1) + "-";
    grundy_check::CheckResult result = grundy_check::check_certificate_text(with_fresh_checksum(bad));
    EXPECT_FALSE(result.valid) << bad[i];
    if (!result.valid && result.line == i + 1) ++refused_without;
    // Each number moved by one (the next option in the checker's order):
    // mostly refused, since a neighbour's value differs.
    std::string moved;
    std::size_t at = 0;
    while (at <= list.size()) {
      const std::size_t end = std::min(list.find(',', at), list.size());
      const unsigned k = static_cast<unsigned>(std::stoul(list.substr(at, end - at)));
      moved += (moved.empty() ? "" : ",") + std::to_string((k + 1) % options);
      at = end + 1;
    }
    bad[i] = lines[i].substr(0, last + 1) + moved;
    result = grundy_check::check_certificate_text(with_fresh_checksum(bad));
    if (!result.valid && result.line == i + 1) ++refused_shifted;
    // A number past the part's options.
    bad[i] = lines[i].substr(0, last + 1) + std::to_string(options);
    result = grundy_check::check_certificate_text(with_fresh_checksum(bad));
    ASSERT_FALSE(result.valid);
    EXPECT_EQ(result.line, i + 1);
    EXPECT_EQ(result.message, "the part " + part + " has " + std::to_string(options) + " options, and its claim names option " +
                                  std::to_string(options) + " (numbered from 0)");
  }
  EXPECT_EQ(named, 40U);
  EXPECT_EQ(refused_without, named);
  // The rules file's named options are a fast path: without them the checker
  // picks the named ones from all options, and proves and refuses the same.
  std::vector<grundy_check::GameRules> plain{grundy_check::cram::rules()};
  plain[0].named_options = nullptr;
  EXPECT_TRUE(grundy_check::check_certificate_text(text, plain).valid);
  for (std::size_t i = 0, changed = 0; i < lines.size() && changed < 10; ++i) {
    if (!lines[i].starts_with("not ") || lines[i].ends_with(" -")) continue;
    ++changed;
    std::vector<std::string> bad = lines;
    bad[i] = lines[i].substr(0, lines[i].rfind(' ') + 1) + "0";  // its first option instead
    const grundy_check::CheckResult fast = grundy_check::check_certificate_text(with_fresh_checksum(bad));
    const grundy_check::CheckResult slow = grundy_check::check_certificate_text(with_fresh_checksum(bad), plain);
    EXPECT_EQ(fast.valid, slow.valid) << bad[i];
    EXPECT_EQ(fast.line, slow.line) << bad[i];
    EXPECT_EQ(fast.message, slow.message) << bad[i];
  }
  EXPECT_GE(refused_shifted, named / 2);
  // Lists out of form, refused as they are read at the list's column.
  for (const std::string list : {"", "1,1", "2,1", "01", "a", "1,", ",1", "65536", "--"}) {
    const std::string line = "not 000/000 1 " + list;
    const grundy_check::CheckResult result = grundy_check::check_certificate_text(
        with_fresh_checksum(lines_of("grundy-certificate 4\ngame cram\nroot 2x3 1\n" + line + "\nchecksum fnv1a64 0\n")));
    ASSERT_FALSE(result.valid) << list;
    EXPECT_EQ(result.line, 4U) << list;
    EXPECT_EQ(result.column, 15U) << list << ": " << result.message;
  }
  // A line 1x3 is not 0: both its options (dominoes at cells 0-1 and 1-2)
  // leave one cell, 0. Either suffices; none, or a third, does not.
  const auto one_by_three = [](const std::string& list) {
    return grundy_check::check_certificate_text(with_fresh_checksum(lines_of(
        "grundy-certificate 4\ngame cram\nroot 0000/ 2\npart 0000 2\npart 00 1\nnot 000 1 " + list +
        "\nchecksum fnv1a64 0\n")));
  };
  for (const std::string list : {"0", "1", "0,1"}) EXPECT_TRUE(one_by_three(list).valid) << list;
  EXPECT_FALSE(one_by_three("-").valid);
  EXPECT_EQ(one_by_three("2").message, "the part 000 has 2 options, and its claim names option 2 (numbered from 0)");
}

// ---- certificates changed after they were written ----

TEST(CramGridCertificate, ChangedValuesRemovedClaimsAndFlippedBytesAreRefused) {
  const std::string text = certify_cram({"4x4", "011/000"}).text;
  ASSERT_TRUE(grundy_check::check_certificate_text(text).valid);
  const std::vector<std::string> lines = lines_of(text);
  // Each refusal names the board or part it fails at.
  EXPECT_GE(testing::expect_every_changed_value_refused(text,
                                                        [](const std::string& message) {
                                                          return message.find("cram(") != std::string::npos ||
                                                                 message.find("the part ") != std::string::npos;
                                                        }),
            8U);
  testing::expect_every_removal_and_flip_refused(text, 4);
  // The 4×4 board's own region removed: refused at its root, naming the part.
  std::vector<std::string> bad = lines;
  const std::string whole = grundy_check::cram::parts("0000/0000/0000/0000").at(0);
  const auto at = std::find_if(bad.begin(), bad.end(), [&](const std::string& line) {
    return line.rfind("part ", 0) == 0 && grundy_check::cram::least_image(line.substr(5, line.rfind(' ') - 5)) == whole;
  });
  ASSERT_NE(at, bad.end()) << text;
  EXPECT_EQ(at->substr(at->rfind(' ') + 1), "0");  // Cram 4×4 is 0 (MCGS)
  bad.erase(at);
  const grundy_check::CheckResult result = grundy_check::check_certificate_text(with_fresh_checksum(bad));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.line, 3U);
  EXPECT_EQ(result.message, "cram(4x4): its part " + whole + " is not claimed");
  // A Cram certificate read as another game's is refused at its parts.
  std::vector<std::string> other = lines;
  other[1] = "game clobber";
  EXPECT_FALSE(grundy_check::check_certificate_text(with_fresh_checksum(other)).valid);
}

// The checker proves claims on several threads: the same result, and the
// same claim named by a refusal (the first refused in the certificate's
// order), for every thread count.
TEST(CramGridCertificate, EveryThreadCountProvesAndRefusesTheSame) {
  const std::string text = certify_cram({"5x5"}).text;
  std::vector<std::string> lines = lines_of(text);
  ASSERT_GT(lines.size(), 300U);  // blocks of 64 claims: several
  for (const unsigned threads : {1U, 2U, 3U, 8U}) {
    const grundy_check::CheckResult result =
        grundy_check::check_certificate_text(text, grundy_check::builtin_games(), threads);
    ASSERT_TRUE(result.valid) << threads << ": " << result.message;
    EXPECT_EQ(result.claims + 4, lines.size());  // header, game, root, checksum
    EXPECT_EQ(result.total(), 0U);                // Cram 5×5 is 0 (MCGS)
  }
  // Two exact claims made wrong, one late and one early: refused at the early
  // one, or at a claim before it whose proof reads a changed one.
  std::vector<std::size_t> exact;  // the indices of the exact claims
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind("part ", 0) == 0) exact.push_back(i);
  ASSERT_GT(exact.size(), 50U);
  const auto wronged = [&](std::size_t i) {
    const std::size_t space = lines[i].rfind(' ');
    lines[i] = lines[i].substr(0, space + 1) + std::to_string(std::stoul(lines[i].substr(space + 1)) + 7);
    return i + 1;  // 1-based
  };
  // The early one at the end of the first block of 64 claims, the late one
  // at the start of the second: the thread with the second block meets its
  // refusal first, and a checker that kept the first refusal met, not the
  // first in the file, would name it.
  const std::size_t first_claim = exact.front();
  const auto last_before = std::find_if(exact.rbegin(), exact.rend(), [&](std::size_t i) { return i - first_claim < 64; });
  const auto first_after = std::find_if(exact.begin(), exact.end(), [&](std::size_t i) { return i - first_claim >= 64; });
  ASSERT_TRUE(last_before != exact.rend() && first_after != exact.end());
  wronged(*first_after);
  const std::size_t early = wronged(*last_before);
  const std::string bad = with_fresh_checksum(lines);
  const grundy_check::CheckResult one = grundy_check::check_certificate_text(bad, grundy_check::builtin_games(), 1);
  ASSERT_FALSE(one.valid);
  EXPECT_GT(one.line, 3U);
  EXPECT_LE(one.line, early);
  for (int repeat = 0; repeat < 5; ++repeat) {  // threads start and meet refusals in another order each time
    for (const unsigned threads : {2U, 3U, 8U}) {
      const grundy_check::CheckResult result =
          grundy_check::check_certificate_text(bad, grundy_check::builtin_games(), threads);
      EXPECT_FALSE(result.valid);
      EXPECT_EQ(result.line, one.line) << threads << " threads: " << result.message;
      EXPECT_EQ(result.message, one.message);
    }
  }
}

// (The census of Cram boards with certificates: ClobberGridCertificate.CensusOfBoardsWritesCertificates.)
TEST(CramGridCertificate, WrittenAndCheckedThroughTheCommand) {
  const std::string path = ::testing::TempDir() + "cram_3x5.certificate";
  // Cram 3×5 = 1 (MCGS) and 011/000 = 2 (its three dominoes leave two
  // single cells, worth 0, or one domino, worth 1).
  const cli_runner::CliRun written = cli_runner::grundy("value --certificate " + path + " 'cram(3x5) + cram(011/000)'");
  ASSERT_EQ(written.status, 0) << written.out;
  EXPECT_NE(written.out.find("Nim-value: 3\n"), std::string::npos) << written.out;
  const cli_runner::CliRun checked = cli_runner::grundy("check " + path);
  ASSERT_EQ(checked.status, 0) << checked.out;
  EXPECT_NE(checked.out.find("game cram"), std::string::npos) << checked.out;
  EXPECT_NE(checked.out.find("Proven: cram(3x5) has nim-value 1"), std::string::npos) << checked.out;
  EXPECT_NE(checked.out.find("Proven: cram(011/000) has nim-value 2"), std::string::npos) << checked.out;
  // On one thread the same; a thread count past 64 is refused in one line.
  const cli_runner::CliRun one_thread = cli_runner::grundy("check --threads 1 " + path);
  EXPECT_EQ(one_thread.status, 0) << one_thread.out;
  EXPECT_NE(one_thread.out.find("Proven: cram(3x5) has nim-value 1"), std::string::npos) << one_thread.out;
  cli_runner::expect_refused_in_one_line("check --threads 65 " + path, "--threads");
  // Cram with another game is not certified together. A board of at most 64
  // cells is the region search's (a row of 40: no key holds it); past that a
  // region past a key's box is refused.
  cli_runner::expect_refused_in_one_line("value --certificate " + path + " 'cram(2x2) + clobber(XO)'", "a certificate names one game");
  cli_runner::expect_refused_in_one_line("value --certificate " + path + " 'cram(1x70)'", "more than certificates are written for");
  const cli_runner::CliRun row = cli_runner::grundy("value --certificate " + path + " 'cram(1x40)'");
  EXPECT_EQ(row.status, 0) << row.out;
  // A row of n cells is the octal game .07 on a heap of n (a domino takes two
  // adjacent cells): .07 on 40 is 3 by the take-and-break engine.
  EXPECT_NE(row.out.find("Nim-value: 3"), std::string::npos) << row.out;
  EXPECT_NE(cli_runner::grundy("value '0.07(40)'").out.find("g = 3"), std::string::npos);
}

}  // namespace
}  // namespace grundy
