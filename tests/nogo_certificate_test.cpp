// One-row NoGo: the one-row search (src/rulesets/nogo_row.cpp), its
// certificates, and the checker that shares no code with it (check/), each
// held to the oracle written from the rules alone (nogo_oracle.hpp); the
// values MCGS publishes for rows of 1 to 24 empty points; certificates
// changed by a value, a claim or a byte refused with where they fail; the
// command as a person runs it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "certificate_check.hpp"
#include "certificate_edits.hpp"
#include "checker_rules_value.hpp"
#include "cli_runner.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/analysis/certificate.hpp"
#include "nogo_oracle.hpp"
#include "nogo_row_rules.hpp"
#include "rulesets/nogo_row.hpp"
#include "test_build.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using testing::context;
using testing::lines_of;
using testing::text_of;
using testing::with_fresh_checksum;
using testing::NoGoOracle;
using testing::parse;
using testing::value_of;

Certificate certify_nogo_rows(const std::vector<std::string>& rows, Context& context) {
  return testing::certificate_of_sum("nogo", rows, context).value();
}

// A row of up to `most` points, some taken by random legal placements.
std::string random_row(std::mt19937_64& random, std::size_t most) {
  NoGoOracle::Rows rows{std::string(1 + random() % most, '.')};
  const std::size_t placements = random() % (rows[0].size() / 2 + 2);
  for (std::size_t k = 0; k < placements; ++k) {
    const std::vector<NoGoOracle::Rows> options = NoGoOracle::options(rows);
    if (options.empty()) break;
    rows = options[random() % options.size()];
  }
  return rows[0];
}

TEST(NoGoRow, RandomRowsAgainstTheRules) {
  // Rows of up to 12 points: the one-row search through the ruleset (its
  // closed form), and the checker's split with the definition, each equal to
  // the whole row valued by the oracle.
  std::mt19937_64 random(41);
  NoGoOracle oracle;
  testing::CheckerRulesValue checker(grundy_check::nogo_row::parts, grundy_check::nogo_row::options);
  for (std::size_t trial = 0; trial < test_build::trials(300); ++trial) {
    const std::string row = random_row(random, 12);
    const Nimber expected = oracle.value({row});
    EXPECT_EQ(value_of(parse("nogo(" + row + ")")), expected) << row;
    EXPECT_EQ(checker.board("#" + row + "#"), expected) << row;
  }
}

TEST(NoGoRow, OptionsByMasksAreTheOptionsByLetters) {
  // The search lists a part's options by word operations on its masks; every
  // option of every part of random rows of up to 29 points, and each option's
  // parts' keys, in the same order, are those of the split letter by letter.
  std::mt19937_64 random(46);
  std::size_t options = 0;
  for (std::size_t trial = 0; trial < test_build::trials(400); ++trial) {
    const std::string row = random_row(random, 6 + trial % 24);
    const auto by_masks = nogo_row::option_keys(row, true);
    EXPECT_EQ(by_masks, nogo_row::option_keys(row, false)) << row;
    options += by_masks.size();
  }
  EXPECT_GT(options, test_build::trials(400) * 4);
}

TEST(NoGoRow, CertificatesOfRandomSumsAreProven) {
  std::mt19937_64 random(42);
  NoGoOracle oracle;
  for (std::size_t trial = 0; trial < test_build::trials(100); ++trial) {
    std::vector<std::string> rows{random_row(random, 12)};
    if (trial % 3 == 0) rows.push_back(random_row(random, 8));
    const std::optional<Certificate> written = testing::certificate_of_sum("nogo", rows, context());
    unsigned expected = 0;
    for (const std::string& row : rows) expected ^= oracle.value({row});
    if (!written) {
      EXPECT_EQ(expected, 0U) << rows[0];  // no point left to play
      continue;
    }
    // Each root (a part, with the split's letters: x, o, _, #) proven by the
    // checker; their sum against the oracle's whole rows.
    const unsigned total =
        testing::expect_roots_proven(written->text, "nogo", [](const std::string&) { return std::nullopt; });
    EXPECT_EQ(written->value, total);
    EXPECT_EQ(total, expected) << rows[0];
  }
}

// MCGS's values of empty rows (tests/data/mcgs_impartial_nogo.txt), each
// proven by a certificate the checker accepts.
void check_published_rows(std::size_t from, std::size_t to) {
  std::size_t checked = 0;
  for (const testing::PublishedValue& p : testing::published_values("mcgs_impartial_nogo.txt")) {
    if (p.position.find_first_not_of('.') != std::string::npos) continue;
    if (p.position.size() < from || p.position.size() > to) continue;
    const std::optional<Certificate> certified = testing::certificate_of_sum("nogo", {p.position}, context());
    if (!certified) {
      // No point to play (one point alone: a stone there has no liberty).
      EXPECT_EQ(p.value, 0U) << p.position.size() << " points (" << p.source << ")";
      ++checked;
      continue;
    }
    const Certificate& written = *certified;
    EXPECT_EQ(written.value, p.value) << p.position.size() << " points (" << p.source << ")";
    const grundy_check::CheckResult result = grundy_check::check_certificate_text(written.text);
    ASSERT_TRUE(result.valid) << p.position.size() << " points: " << result.message;
    EXPECT_EQ(result.roots.at(0).value, p.value);
    ++checked;
  }
  EXPECT_EQ(checked, to - from + 1);
}

TEST(NoGoRow, EmptyRowsMcgsPublishesProven) { check_published_rows(1, 17); }

TEST(NoGoRowLong, EmptyRowsMcgsPublishesProvenTo24) {
  // 1×24: the one-row search about a minute on the machine of docs/performance.md.
  check_published_rows(18, 24);
}

// The records as committed (records/, docs/records.md): each certificate
// proven by the checker, each row the value the table there gives. 109 s for
// 1×25–27 and 531 s for 1×25–28 on the machine of docs/records.md.
TEST(NoGoRowLong, CommittedRecordsAreProven) {
  const std::map<std::size_t, unsigned> records = {{25, 2}, {26, 1}, {27, 0}, {28, 1}};
  const std::filesystem::path folder = std::filesystem::path(GRUNDY_REFERENCE_DIR) / ".." / ".." / "records";
  std::map<std::size_t, unsigned> proven;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with("nogo-") || name.find(".certificate") == std::string::npos) continue;
    const grundy_check::CheckResult result = grundy_check::check_certificate_file(entry.path().string());
    ASSERT_TRUE(result.valid) << entry.path() << ":" << result.line << ": " << result.message;
    for (const grundy_check::ProvenRoot& root : result.roots) {
      const std::string row = root.position.substr(5, root.position.size() - 6);
      ASSERT_EQ(row.find_first_not_of('.'), std::string::npos) << root.position;
      proven[row.size()] = root.value;
    }
  }
  for (const auto& [points, value] : records) {
    ASSERT_TRUE(proven.contains(points)) << "1×" << points << " has no committed certificate";
    EXPECT_EQ(proven[points], value) << "1×" << points;
  }
}

// ---- certificates changed after they were written ----


TEST(NoGoRowCertificate, EveryChangedValueIsRefusedAtAPosition) {
  const std::string text = certify_nogo_rows({std::string(11, '.')}, context()).text;
  ASSERT_TRUE(grundy_check::check_certificate_text(text).valid);
  const std::vector<std::string> lines = lines_of(text);
  std::size_t changed = 0;
  for (std::size_t i = 2; i + 1 < lines.size(); ++i) {
    for (const unsigned delta : {1U, 2U}) {
      std::vector<std::string> bad = lines;
      const std::size_t blank = bad[i].rfind(' ');
      const unsigned value = static_cast<unsigned>(std::stoul(bad[i].substr(blank + 1)));
      bad[i] = bad[i].substr(0, blank + 1) + std::to_string(value ^ delta);
      const grundy_check::CheckResult result = grundy_check::check_certificate_text(with_fresh_checksum(bad));
      EXPECT_FALSE(result.valid) << bad[i];
      // The position it fails at: a part or the root.
      EXPECT_TRUE(result.message.find("part ") != std::string::npos ||
                  result.message.find("nogo(") != std::string::npos)
          << result.message;
      EXPECT_GE(result.line, 3U);
      ++changed;
    }
  }
  EXPECT_GT(changed, 100U);
}

TEST(NoGoRowCertificate, EveryRemovedClaimIsRefused) {
  const std::string text = certify_nogo_rows({std::string(10, '.')}, context()).text;
  const std::vector<std::string> lines = lines_of(text);
  ASSERT_GT(lines.size(), 20U);
  for (std::size_t i = 3; i + 1 < lines.size(); ++i) {
    std::vector<std::string> bad = lines;
    bad.erase(bad.begin() + static_cast<std::ptrdiff_t>(i));
    // With the old checksum (as a careless edit leaves it) and with a fresh
    // one (as a forger would write it): refused either way, where the proof
    // needs the claim, or by the checksum when another claim stands in.
    EXPECT_FALSE(grundy_check::check_certificate_text(text_of(bad)).valid) << lines[i];
    const grundy_check::CheckResult forged = grundy_check::check_certificate_text(with_fresh_checksum(bad));
    if (forged.valid) continue;  // the proof did not need it: the claim was redundant
    EXPECT_NE(forged.message.find("part "), std::string::npos) << forged.message;
  }
  // The root's own part removed: refused, naming the root and the part.
  std::vector<std::string> bad = lines;
  const auto whole = std::find(bad.begin(), bad.end(), "part #..........# 2");  // 10 points: *2 (MCGS)
  ASSERT_NE(whole, bad.end());
  bad.erase(whole);
  const grundy_check::CheckResult result = grundy_check::check_certificate_text(with_fresh_checksum(bad));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.line, 3U);  // the root's line
  EXPECT_EQ(result.message, "nogo(..........): its part #..........# is not claimed");
}

TEST(NoGoRowCertificate, EveryFlippedByteIsRefused) {
  const std::string text = certify_nogo_rows({"..X....O.."}, context()).text;
  ASSERT_TRUE(grundy_check::check_certificate_text(text).valid);
  std::mt19937_64 random(43);
  for (std::size_t i = 0; i < text.size(); ++i) {
    std::string bad = text;
    bad[i] = static_cast<char>(bad[i] ^ (1U << (random() % 8)));
    const grundy_check::CheckResult result = grundy_check::check_certificate_text(bad);
    EXPECT_FALSE(result.valid) << "byte " << i;
    EXPECT_FALSE(result.message.empty());
  }
}

TEST(NoGoRowCertificate, AnotherGameOrVersionIsRefused) {
  const std::string text = certify_nogo_rows({"......"}, context()).text;
  std::vector<std::string> lines = lines_of(text);
  std::vector<std::string> other = lines;
  other[0] = "grundy-certificate 5";
  grundy_check::CheckResult result = grundy_check::check_certificate_text(with_fresh_checksum(other));
  EXPECT_EQ(result.line, 1U);
  EXPECT_EQ(result.message, "a certificate of version '5', and this checker reads versions 1, 2, 3 and 4");
  other = lines;
  other[1] = "game domineering";
  result = grundy_check::check_certificate_text(with_fresh_checksum(other));
  EXPECT_EQ(result.line, 2U);
  EXPECT_EQ(result.message, "a certificate of the game 'domineering', and this checker knows nogo-row, clobber and cram");
  // A NoGo row read as Cram: refused at its first root.
  other = lines;
  other[1] = "game cram";
  result = grundy_check::check_certificate_text(with_fresh_checksum(other));
  EXPECT_EQ(result.line, 3U);
  EXPECT_NE(result.message.find("is not a Cram board"), std::string::npos) << result.message;
  // A game the checker knows, but not this certificate's: its first part is
  // no Clobber board.
  other = lines;
  other[1] = "game clobber";
  result = grundy_check::check_certificate_text(with_fresh_checksum(other));
  EXPECT_FALSE(result.valid);
  EXPECT_EQ(result.line, 4U);
  EXPECT_NE(result.message.find("is not a part of a Clobber board"), std::string::npos) << result.message;
  result = grundy_check::check_certificate_text("P3\n1 1\n255\n");
  EXPECT_FALSE(result.valid);
  EXPECT_EQ(result.line, 1U);
}

// ---- the command ----

TEST(NoGoRowCertificate, WrittenAndCheckedThroughTheCommand) {
  const std::string path = ::testing::TempDir() + "nogo_1x14.certificate";
  const cli_runner::CliRun written = cli_runner::grundy("value --certificate " + path + " 'nogo(..............)'");
  ASSERT_EQ(written.status, 0) << written.out;
  // 14 empty points are *3 (MCGS).
  EXPECT_NE(written.out.find("Nim-value: 3\n"), std::string::npos) << written.out;
  EXPECT_NE(written.out.find("Certificate: " + path + " ("), std::string::npos) << written.out;
  const cli_runner::CliRun checked = cli_runner::grundy("check " + path);
  ASSERT_EQ(checked.status, 0) << checked.out;
  EXPECT_NE(checked.out.find("Proven: nogo(..............) has nim-value 3\n"), std::string::npos) << checked.out;
  // Compressed as docs/records.md commits them.
  ASSERT_EQ(cli_runner::shell("gzip -kf " + path).status, 0);
  const nlohmann::json j = cli_runner::grundy_json("check " + path + ".gz");
  EXPECT_EQ(j["roots"][0]["value"], 3) << j.dump();
  // One value changed: exit 2, one line naming the file, the line and the position.
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  lines[4] = lines[4].substr(0, lines[4].rfind(' ') + 1) + "7";
  const std::string bad = cli_runner::temp_file("nogo_bad.certificate", with_fresh_checksum(lines));
  cli_runner::expect_refused_in_one_line("check " + bad, bad + ":");
  const cli_runner::CliRun refused = cli_runner::grundy("check " + bad);
  EXPECT_NE(refused.out.find("certificate refused: "), std::string::npos) << refused.out;
  EXPECT_NE(refused.out.find("part "), std::string::npos) << refused.out;
  // What certificates are not written for, and files that are none.
  cli_runner::expect_refused_in_one_line("value --certificate " + path + " 'nogo(../..)'",
                                         "--certificate: certificates are written for one-row NoGo boards");
  cli_runner::expect_refused_in_one_line("value --certificate " + path + " 'nogo(....) + nim(3)'",
                                         "is not one");
  // Opened as every file grundy reads: the reason named, a device refused at
  // once (issue 56: /dev/zero was read to 1 GiB first).
  cli_runner::expect_refused_in_one_line("check /nonexistent/file",
                                         "/nonexistent/file: cannot open the certificate (No such file or directory)");
  cli_runner::expect_refused_in_one_line("check /dev/null", "/dev/null: the certificate is a device");
}

}  // namespace
}  // namespace grundy
