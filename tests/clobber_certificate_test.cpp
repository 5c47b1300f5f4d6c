// Impartial Clobber by the search over 8-byte parts (src/rulesets/
// clobber_grid.cpp) and its certificates (docs/certificates.md, game
// "clobber"): the checker's own rules and split (check/clobber_rules.cpp)
// against the oracle written from the rules alone (clobber_oracle.hpp);
// certificates of random boards and sums proven, with the oracle's values;
// MCGS's checkerboards proven; certificates changed after they were written
// refused at a position; the command.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "certificate_check.hpp"
#include "certificate_edits.hpp"
#include "checker_rules_value.hpp"
#include "cli_runner.hpp"
#include "clobber_oracle.hpp"
#include "clobber_rules.hpp"
#include "grundy/analysis/certificate.hpp"
#include "grundy/search/part_table.hpp"
#include "test_build.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

using testing::ClobberOracle;
using testing::context;
using testing::lines_of;
using testing::with_fresh_checksum;

std::string random_board(std::mt19937_64& random, int h, int w) {
  std::string board;
  for (int r = 0; r < h; ++r) {
    if (r > 0) board += '/';
    for (int c = 0; c < w; ++c) board += "XXOO."[random() % 5];
  }
  return board;
}

std::string checkerboard(int h, int w) {
  std::string board;
  for (int r = 0; r < h; ++r) {
    if (r > 0) board += '/';
    for (int c = 0; c < w; ++c) board += (r + c) % 2 == 0 ? 'X' : 'O';
  }
  return board;
}

Certificate certify_clobber(const std::vector<std::string>& boards) {
  return testing::certificate_of_sum("clobber", boards, context()).value();
}

TEST(ClobberGrid, CheckerRulesAgainstTheRules) {
  // Boards within 3×4 and columns: the checker's split and images, with the
  // definition, equal to the whole board valued by the oracle.
  std::mt19937_64 random(43);
  ClobberOracle oracle;
  testing::CheckerRulesValue checker(grundy_check::clobber::parts, grundy_check::clobber::options);
  for (std::size_t trial = 0; trial < test_build::trials(300); ++trial) {
    const int h = 1 + static_cast<int>(random() % 4);
    const int w = h == 4 ? 1 + static_cast<int>(random() % 2) : 1 + static_cast<int>(random() % 4);
    const std::string board = random_board(random, h, w);
    EXPECT_EQ(checker.board(board), oracle.value(ClobberOracle::rows_of(board))) << board;
    // Every part is its own least image.
    for (const std::string& part : grundy_check::clobber::parts(board))
      EXPECT_EQ(grundy_check::clobber::least_image(part), part) << board;
  }
}

TEST(ClobberGrid, CertificatesOfRandomSumsAreProven) {
  std::mt19937_64 random(44);
  ClobberOracle oracle;
  for (std::size_t trial = 0; trial < test_build::trials(100); ++trial) {
    std::vector<std::string> boards{random_board(random, 1 + static_cast<int>(random() % 3), 1 + static_cast<int>(random() % 4))};
    if (trial % 3 == 0) boards.push_back(random_board(random, 4, 2));
    const std::optional<Certificate> written = testing::certificate_of_sum("clobber", boards, context());
    unsigned expected = 0;
    for (const std::string& board : boards) expected ^= oracle.value(ClobberOracle::rows_of(board));
    if (!written) {
      EXPECT_EQ(expected, 0U) << boards[0];  // no group with a move
      continue;
    }
    const unsigned total = testing::expect_roots_proven(
        written->text, "clobber", [&](const std::string& group) { return oracle.value(ClobberOracle::rows_of(group)); });
    EXPECT_EQ(written->value, total);
    EXPECT_EQ(total, expected) << boards[0];
  }
}

// MCGS's checkerboards (tests/data/mcgs_impartial_clobber.txt), each proven
// by a certificate the checker accepts; those of at most `most` squares.
void check_published_boards(std::size_t least, std::size_t most, std::size_t expected) {
  std::size_t checked = 0;
  for (const testing::PublishedValue& p : testing::published_values("mcgs_impartial_clobber.txt")) {
    if (p.position.find('/') == std::string::npos) continue;
    const std::size_t squares = p.position.size() - static_cast<std::size_t>(std::count(p.position.begin(), p.position.end(), '/'));
    if (squares < least || squares > most) continue;
    const std::optional<Certificate> certified = testing::certificate_of_sum("clobber", {p.position}, context());
    if (!certified) {
      EXPECT_EQ(p.value, 0U) << p.position << ": no group with a move";
      ++checked;
      continue;
    }
    const Certificate& written = *certified;
    EXPECT_EQ(written.value, p.value) << p.position << " (" << p.source << ")";
    const grundy_check::CheckResult result = grundy_check::check_certificate_text(written.text);
    ASSERT_TRUE(result.valid) << p.position << ": line " << result.line << ": " << result.message;
    EXPECT_EQ(result.roots.at(0).value, p.value) << p.position;
    ++checked;
  }
  EXPECT_EQ(checked, expected);
}

TEST(ClobberGrid, CheckerboardsMcgsPublishesProven) { check_published_boards(1, 16, 16); }

// The records as committed (records/clobber-*, docs/records.md): each
// certificate proven by the checker, each board the value the table there
// gives. 2×14: 3–4 s; 3×9: 181 s.
TEST(ClobberGridLong, CommittedRecordsAreProven) {
  const std::map<std::string, unsigned> records = {{"clobber(" + checkerboard(2, 14) + ")", 0},
                                                   {"clobber(" + checkerboard(3, 9) + ")", 1}};
  const std::filesystem::path folder = std::filesystem::path(GRUNDY_REFERENCE_DIR) / ".." / ".." / "records";
  std::map<std::string, unsigned> proven;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (!entry.path().filename().string().starts_with("clobber-")) continue;
    const grundy_check::CheckResult result = grundy_check::check_certificate_file(entry.path().string());
    ASSERT_TRUE(result.valid) << entry.path() << ":" << result.line << ": " << result.message;
    for (const grundy_check::ProvenRoot& root : result.roots) proven[root.position] = root.value;
  }
  for (const auto& [board, value] : records) {
    ASSERT_TRUE(proven.contains(board)) << board << " has no committed certificate";
    EXPECT_EQ(proven[board], value) << board;
  }
}

// ---- certificates changed after they were written ----

TEST(ClobberGridCertificate, EveryChangedValueIsRefusedAtAPosition) {
  const std::string text = certify_clobber({checkerboard(3, 3)}).text;
  ASSERT_TRUE(grundy_check::check_certificate_text(text).valid);
  // The refusal names the board it fails at.
  EXPECT_GE(testing::expect_every_changed_value_refused(text,
                                                        [](const std::string& message) {
                                                          return message.find('X') != std::string::npos ||
                                                                 message.find('O') != std::string::npos;
                                                        }),
            4U);
}

TEST(ClobberGridCertificate, EveryRemovedClaimAndFlippedByteIsRefused) {
  const std::string text = certify_clobber({checkerboard(2, 5)}).text;
  ASSERT_TRUE(grundy_check::check_certificate_text(text).valid);
  testing::expect_every_removal_and_flip_refused(text, 3);
  const std::vector<std::string> lines = lines_of(text);
  // The root's own part removed: refused at the root, naming the part (the
  // writer's image of it, whichever of the sixteen).
  std::vector<std::string> bad = lines;
  const std::string root_part = grundy_check::clobber::parts("XOXOX/OXOXO").at(0);
  const auto whole = std::find_if(bad.begin(), bad.end(), [&](const std::string& line) {
    return line.rfind("part ", 0) == 0 &&
           grundy_check::clobber::least_image(line.substr(5, line.rfind(' ') - 5)) == root_part;
  });
  ASSERT_NE(whole, bad.end()) << text;
  EXPECT_EQ(whole->substr(whole->rfind(' ') + 1), "0");  // 2×5 is 0 (MCGS)
  bad.erase(whole);
  const grundy_check::CheckResult result = grundy_check::check_certificate_text(with_fresh_checksum(bad));
  ASSERT_FALSE(result.valid);
  EXPECT_EQ(result.line, 3U);
  EXPECT_EQ(result.message, "clobber(XOXOX/OXOXO): its part " + root_part + " is not claimed");
}

TEST(ClobberGridCertificate, WrittenAndCheckedThroughTheCommand) {
  const std::string path = ::testing::TempDir() + "clobber_2x6.certificate";
  // The 2×6 checkerboard and (XO)^4 = *2 (MCGS): 0 + 2.
  const cli_runner::CliRun written =
      cli_runner::grundy("value --certificate " + path + " 'clobber(XOXOXO/OXOXOX) + clobber(XOXOXOXO)'");
  ASSERT_EQ(written.status, 0) << written.out;
  EXPECT_NE(written.out.find("Nim-value: 2\n"), std::string::npos) << written.out;
  const cli_runner::CliRun checked = cli_runner::grundy("check " + path);
  ASSERT_EQ(checked.status, 0) << checked.out;
  EXPECT_NE(checked.out.find("game clobber"), std::string::npos) << checked.out;
  EXPECT_NE(checked.out.find("Proven: clobber(XOXOXO/OXOXOX) has nim-value 0"), std::string::npos) << checked.out;
  EXPECT_NE(checked.out.find("Proven: clobber(XOXOXOXO) has nim-value 2"), std::string::npos) << checked.out;
  // A claim changed: one line naming the file and the line.
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  lines[4] = lines[4].substr(0, lines[4].rfind(' ') + 1) + "9";
  const std::string bad = cli_runner::temp_file("clobber_bad.certificate", with_fresh_checksum(lines));
  cli_runner::expect_refused_in_one_line("check " + bad, bad + ":");
  // Two games in one sum are not certified together.
  cli_runner::expect_refused_in_one_line("value --certificate " + path + " 'clobber(XO) + nogo(...)'", "a certificate names one game");
}

// `grundy census boards clobber|nogo|cram --certificate-dir`: every board's
// value (MCGS's, where it publishes one) in the database with the checksum of
// a certificate the checker proves.
TEST(ClobberGridCertificate, CensusOfBoardsWritesCertificates) {
  for (const std::string rule : {"clobber", "nogo", "cram"}) {
    SCOPED_TRACE(rule);
    const std::string folder = ::testing::TempDir() + "census_" + rule + "_certificates";
    const std::string db = ::testing::TempDir() + "census_" + rule + ".sqlite";
    std::filesystem::remove_all(folder);
    std::filesystem::remove(db);
    const std::string shape = rule == "clobber" ? "--rows 2..3 --cols 2..6"
                              : rule == "nogo"  ? "--rows 1 --cols 1..14"
                                                : "--rows 2..3 --cols 2..5";
    const cli_runner::CliRun run =
        cli_runner::grundy("census boards " + rule + " " + shape + " --certificate-dir " + folder + " --db " + db + " --quiet");
    ASSERT_EQ(run.status, 0) << run.out;
    std::map<std::string, unsigned> published;
    const std::string values_file = rule == "clobber" ? "mcgs_impartial_clobber.txt"
                                    : rule == "nogo"  ? "mcgs_impartial_nogo.txt"
                                                      : "mcgs_cram.txt";
    for (const testing::PublishedValue& p : testing::published_values(values_file)) {
      published[rule + "(" + p.position + ")"] = p.value;
      // The census names an empty Cram board RxC: MCGS's boards, as they are and turned.
      if (rule != "cram" || p.position.back() == '/') continue;
      const std::size_t rows = static_cast<std::size_t>(std::count(p.position.begin(), p.position.end(), '/')) + 1;
      const std::size_t cols = p.position.find('/');
      published["cram(" + std::to_string(rows) + "x" + std::to_string(cols) + ")"] = p.value;
      published["cram(" + std::to_string(cols) + "x" + std::to_string(rows) + ")"] = p.value;
    }
    const nlohmann::json report = cli_runner::grundy_json("census report --db " + db);
    std::size_t certified = 0;
    std::size_t compared = 0;
    for (const nlohmann::json& row : report["games"]) {
      const std::string game = row["game"];
      if (published.contains(game)) {
        EXPECT_EQ(row["value"], published[game]) << game;
        ++compared;
      }
      const std::string theorem = row["theorem"];
      if (!row["equivalent_to"].get<std::string>().empty() || theorem.rfind("certificate ", 0) != 0) continue;
      const std::string file = folder + "/" + theorem.substr(12, theorem.find(' ', 12) - 12);
      const grundy_check::CheckResult result = grundy_check::check_certificate_file(file);
      ASSERT_TRUE(result.valid) << file << ":" << result.line << ": " << result.message;
      EXPECT_EQ(result.roots.at(0).position, game);
      EXPECT_EQ(result.roots.at(0).value, row["value"]) << game;
      // The row names the certificate by its checksum line.
      const std::vector<std::string> lines = lines_of(cli_runner::shell("cat " + file).out);
      EXPECT_NE(theorem.find(lines.back()), std::string::npos) << theorem;
      ++certified;
    }
    // Clobber: 2x2..2x6 and 3x3..3x6 computed, 3x2 as 2x3 turned; NoGo:
    // 1x2..1x14 (1x1 has no move: no part to claim, valued as the empty game);
    // Cram: 2x2..2x5 and 3x3..3x5, 3x2 as 2x3 turned.
    EXPECT_EQ(certified, rule == "clobber" ? 9U : rule == "nogo" ? 13U : 7U);
    EXPECT_GE(compared, rule == "clobber" ? 8U : rule == "nogo" ? 14U : 8U);
  }
}

// kill -9 mid-run: every part valued before it is in the table file (mapped,
// part_table.hpp), and the same command resumes from there to the same value
// and the same certificate as a run from scratch.
TEST(ClobberGridCertificate, KilledRunResumesFromItsTable) {
  const std::string folder = ::testing::TempDir();
  const std::string table = folder + "clobber_2x11.table";
  const std::string killed_certificate = folder + "clobber_2x11_killed.certificate";
  std::remove(table.c_str());
  const std::string board = "'clobber(" + checkerboard(2, 11) + ")'";
  // Killed once the table has grown to 2^16 slots (its file past 4096 + 10 *
  // 2^15 bytes): tens of thousands of parts in, a second before the end here.
  const cli_runner::CliRun killed = cli_runner::shell(
      "(" + std::string(GRUNDY_CLI_PATH) + " value --certificate " + killed_certificate + " --table " + table + " " +
      board + " >/dev/null 2>&1 & pid=$!; i=0; while [ \"$(stat -c %s " + table +
      " 2>/dev/null || echo 0)\" -lt 340000 ] && [ $i -lt 3000 ]; do sleep 0.01; i=$((i+1)); done; kill -9 $pid; "
      "wait $pid; echo \"status $?\")");
  EXPECT_NE(killed.out.find("status 137"), std::string::npos) << killed.out;  // killed, not finished
  EXPECT_FALSE(std::filesystem::exists(killed_certificate));
  std::size_t kept = 0;
  {
    search::PartTable reader("Clobber");
    kept = reader.use_file(table).parts;
  }
  EXPECT_GT(kept, 10000U);
  const std::string resumed_certificate = folder + "clobber_2x11_resumed.certificate";
  const std::string fresh_certificate = folder + "clobber_2x11_fresh.certificate";
  const nlohmann::json resumed =
      cli_runner::grundy_json("value --certificate " + resumed_certificate + " --table " + table + " " + board);
  const nlohmann::json fresh = cli_runner::grundy_json("value --certificate " + fresh_certificate + " " + board);
  EXPECT_EQ(resumed["value"], 3);  // 2×11 is *3 (MCGS)
  EXPECT_EQ(fresh["value"], 3);
  EXPECT_EQ(resumed["certificate"]["parts_from_table"], kept);
  EXPECT_EQ(resumed["certificate"]["parts_valued"], fresh["certificate"]["parts_valued"]);
  EXPECT_EQ(cli_runner::shell("cmp " + resumed_certificate + " " + fresh_certificate).status, 0);
  // The finished table: read whole, nothing valued again.
  const nlohmann::json again =
      cli_runner::grundy_json("value --certificate " + resumed_certificate + " --table " + table + " " + board);
  EXPECT_EQ(again["certificate"]["parts_from_table"], fresh["certificate"]["parts_valued"]);
  // A file that is no table of this search: one line, exit 2, the file named.
  const std::string text = cli_runner::temp_file("not_a_table", "grundy-part-table 1\ngame one-row NoGo\n");
  cli_runner::expect_refused_in_one_line("value --certificate " + resumed_certificate + " --table " + text + " " + board,
                                         text + ": not a table file of the Clobber search");
  cli_runner::expect_refused_in_one_line(
      "value --certificate " + resumed_certificate + " --table " + table + " 'nogo(....)'",
      table + ": not a table file of the one-row NoGo search");
  std::remove(table.c_str());
}

// `grundy value --table FILE` without a certificate: the search's table of
// parts lives in FILE, grows with each board valued through it, and answers
// the next board (values from MCGS's file: 7×2 is *1, 2×9 is 0); another
// game's search refuses it in one line.
TEST(ClobberGridCertificate, PlainValuesKeepTheirPartsInTheTableFile) {
  const std::string table = ::testing::TempDir() + "clobber_plain.table";
  std::remove(table.c_str());
  const auto parts_in = [&] {
    search::PartTable reader("Clobber");
    return reader.use_file(table).parts;
  };
  const nlohmann::json tall = cli_runner::grundy_json("value --table " + table + " 'clobber(" + checkerboard(7, 2) + ")'");
  EXPECT_EQ(tall["value"], 1);
  const std::size_t after_tall = parts_in();
  EXPECT_GT(after_tall, 100U);
  const std::string wide = "'clobber(" + checkerboard(2, 9) + ") + nim(2)'";
  EXPECT_EQ(cli_runner::grundy_json("value --table " + table + " " + wide)["value"], 2);
  const std::size_t after_wide = parts_in();
  EXPECT_GT(after_wide, after_tall);
  // Again: every part is read, none added.
  EXPECT_EQ(cli_runner::grundy_json("value --table " + table + " " + wide)["value"], 2);
  EXPECT_EQ(parts_in(), after_wide);
  cli_runner::expect_refused_in_one_line("value --table " + table + " 'nogo(.....)'",
                                         table + ": not a table file of the one-row NoGo search");
  std::remove(table.c_str());
}

}  // namespace
}  // namespace grundy
