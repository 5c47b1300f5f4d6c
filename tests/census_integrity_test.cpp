// The census store trusted only when intact (issue "census integrity"):
// - every column of every row, as `grundy census report --json` shows it,
//   against the values computed again by brute forces that know neither the
//   engines nor the periodicity theorems (octal codes and subtraction sets from
//   their definitions, boards by the definition over positions);
// - random single-bit flips of a finished database: every run refuses the file
//   (exit 2: InputError) or ends with exactly the rows of an undamaged run;
// - a census recorded with another plan is refused; damaged rows are not
//   reported.
#include <gtest/gtest.h>

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "grundy/census/census.hpp"
#include "grundy/census/database.hpp"
#include "grundy/census/report.hpp"
#include "grundy/core/definition.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/language/registry.hpp"

namespace grundy::census {
namespace {

namespace fs = std::filesystem;

std::string fresh_db(const std::string& name) {
  const std::string path =
      ::testing::TempDir() + "census_integrity_" + std::to_string(::getpid()) + "_" + name + ".sqlite";
  std::error_code ec;
  fs::remove(path, ec);
  fs::remove_all(checkpoint_directory(path), ec);
  return path;
}

// ---------------------------------------------------------------------------
// Brute forces from the definitions.

// g(0..count-1) of an octal code "d0.d1d2…": removing k counters is allowed
// leaving no heap when bit 0 of d_k is set, one heap when bit 1 is, two
// non-empty heaps when bit 2 is (d0 = 4: a heap split without removing any).
std::vector<unsigned> octal_brute_force(const std::string& code, std::size_t count) {
  const std::size_t point = code.find('.');
  std::vector<unsigned> digits{point == 0 ? 0U : static_cast<unsigned>(code[0] - '0')};
  for (std::size_t i = point + 1; i < code.size(); ++i) digits.push_back(static_cast<unsigned>(code[i] - '0'));
  std::vector<unsigned> g(count, 0);
  for (std::size_t n = 0; n < count; ++n) {
    std::set<unsigned> options;
    for (std::size_t k = 0; k < digits.size() && k <= n; ++k) {
      const unsigned d = digits[k];
      const std::size_t rest = n - k;
      if (k > 0 && (d & 1U) && rest == 0) options.insert(0);
      if (k > 0 && (d & 2U) && rest >= 1) options.insert(g[rest]);
      if ((d & 4U) && rest >= 2)
        for (std::size_t a = 1; a <= rest / 2; ++a) options.insert(g[a] ^ g[rest - a]);
    }
    while (options.count(g[n])) ++g[n];
  }
  return g;
}

std::vector<unsigned> subtraction_brute_force(const std::string& game, std::size_t count) {
  // "sub{1,3,4}"
  std::vector<std::size_t> set;
  std::string number;
  for (const char c : game.substr(4)) {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      number += c;
    } else if (!number.empty()) {
      set.push_back(std::stoul(number));
      number.clear();
    }
  }
  std::vector<unsigned> g(count, 0);
  for (std::size_t n = 0; n < count; ++n) {
    std::set<unsigned> options;
    for (const std::size_t s : set)
      if (s <= n) options.insert(g[n - s]);
    while (options.count(g[n])) ++g[n];
  }
  return g;
}

// FNV-1a of 64 bits over each value as two little-endian bytes (docs/census.md).
std::string fnv_of(const std::vector<unsigned>& values) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const unsigned v : values)
    for (int byte = 0; byte < 2; ++byte) {
      h ^= (v >> (8 * byte)) & 0xffU;
      h *= 0x100000001b3ULL;
    }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
  return text;
}

// The least period and the least preperiod of g, whose second half is
// periodic; (0, 0) when no period up to a quarter of its length holds there.
std::pair<std::uint64_t, std::uint64_t> least_pattern(const std::vector<unsigned>& g) {
  const std::uint64_t n = g.size();
  for (std::uint64_t p = 1; p <= n / 4; ++p) {
    bool tail = true;
    for (std::uint64_t i = n / 2; i + p < n && tail; ++i) tail = g[i] == g[i + p];
    if (!tail) continue;
    std::uint64_t m = n / 2;
    while (m > 0 && g[m - 1] == g[m - 1 + p]) --m;
    return {m, p};
  }
  return {0, 0};
}

// Every column of a row of a heap game against its values g (long enough that
// a proven pattern shows in its second half many times over).
void expect_row_from_values(const nlohmann::json& row, const std::vector<unsigned>& g) {
  const std::string game = row["game"];
  const std::string status = row["status"];
  std::vector<unsigned> covered;  // the values the row's largest and hash are over
  if (status == "proven") {
    const auto [preperiod, period] = least_pattern(g);
    ASSERT_GT(period, 0U) << game << ": the brute force shows no period";
    EXPECT_EQ(row["preperiod"], preperiod) << game;
    EXPECT_EQ(row["period"], period) << game;
    covered.assign(g.begin(), g.begin() + static_cast<std::ptrdiff_t>(preperiod + period));
  } else {
    ASSERT_TRUE(status == "none" || status == "detected") << game << " " << status;
    const std::uint64_t bound = row["bound"];
    ASSERT_LT(bound, g.size()) << game;
    covered.assign(g.begin(), g.begin() + static_cast<std::ptrdiff_t>(bound + 1));
    if (status == "detected") {
      // A period that holds over g(0..bound), not proven: the least such.
      const std::uint64_t preperiod = row["preperiod"];
      const std::uint64_t period = row["period"];
      for (std::uint64_t n = preperiod; n + period <= bound; ++n) EXPECT_EQ(g[n], g[n + period]) << game << " " << n;
    }
  }
  const auto largest = std::max_element(covered.begin(), covered.end());
  EXPECT_EQ(row["largest"], *largest) << game;
  EXPECT_EQ(row["largest_at"], largest - covered.begin()) << game;
  EXPECT_EQ(row["sequence_hash"], fnv_of(covered)) << game;
}

nlohmann::json report(const std::string& db) {
  const auto run = cli_runner::grundy("census report --json --db " + db);
  EXPECT_EQ(run.status, 0) << run.out;
  return nlohmann::json::parse(run.out);
}

// `grundy census report` shows for every row of a subtraction census the
// least preperiod and period, the largest value and the least heap where it
// occurs, and the hash of its values — those of the sets' definition (the
// issue: every row said "largest 0 at 0").
TEST(CensusIntegrity, EverySubtractionRowIsTheValuesItCameFrom) {
  const std::string db = fresh_db("sub");
  ASSERT_EQ(cli_runner::grundy("census subtraction --max 7 --db " + db).status, 0);
  const nlohmann::json j = report(db);
  ASSERT_EQ(j["games"].size(), 127U);
  for (const nlohmann::json& row : j["games"]) {
    EXPECT_EQ(row["bound"], 0);
    expect_row_from_values(row, subtraction_brute_force(row["game"], 2048));
  }
  // sub{1}: 0 1 0 1 …, largest 1 at heap 1 (the example).
  for (const nlohmann::json& row : j["games"])
    if (row["game"] == "sub{1}") {
      EXPECT_EQ(row["largest"], 1);
      EXPECT_EQ(row["largest_at"], 1);
    }
}

// The octal census (one digit, each code and those found equivalent to it)
// and a census of codes with a bound that leaves some open: every row's
// columns from the codes' definitions, whatever the equivalence or shift it
// was computed through.
TEST(CensusIntegrity, EveryOctalRowIsTheValuesItCameFrom) {
  const std::string db = fresh_db("octal");
  ASSERT_EQ(cli_runner::grundy("census octal --digits 1 --upto 2047 --db " + db).status, 0);
  ASSERT_EQ(cli_runner::grundy("census codes 0.07,0.137,.16,4.4 --upto 700 --db " + db).status, 0);
  const nlohmann::json j = report(db);
  std::set<std::string> statuses;
  for (const nlohmann::json& row : j["games"]) {
    statuses.insert(row["status"]);
    std::uint64_t needed = 4096;  // proven rows: a pattern shows in the second half
    if (row["status"] != "proven") needed = static_cast<std::uint64_t>(row["bound"]) + 1;
    expect_row_from_values(row, octal_brute_force(row["game"], needed));
  }
  EXPECT_GE(j["games"].size(), 17U);
  EXPECT_TRUE(statuses.count("proven") && (statuses.count("none") || statuses.count("detected")));
}

// Boards: each value by the definition over positions (no placement engine).
TEST(CensusIntegrity, EveryBoardRowIsTheValueOfItsBoard) {
  const std::string db = fresh_db("boards");
  ASSERT_EQ(cli_runner::grundy("census boards cram --rows 1..3 --cols 1..4 --db " + db).status, 0);
  ASSERT_EQ(cli_runner::grundy("census boards nodekayles_grid --rows 1..2 --cols 1..5 --db " + db).status, 0);
  const nlohmann::json j = report(db);
  ASSERT_EQ(j["games"].size(), 22U);
  Context context;
  DefinitionSolver definition(context);
  for (const nlohmann::json& row : j["games"]) {
    ASSERT_EQ(row["status"], "value") << row.dump();
    EXPECT_EQ(row["value"], definition.value(Registry::builtin().parse(row["game"].get<std::string>())))
        << row["game"];
  }
}

// ---------------------------------------------------------------------------
// Damage.

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// The rows without the columns that differ between runs of one census.
std::map<std::string, nlohmann::json> stable_rows(const std::string& db) {
  std::map<std::string, nlohmann::json> out;
  for (const auto& [game, row] : Database(db, Database::Mode::read_only).rows()) {
    nlohmann::json j = to_json(row);
    j.erase("seconds");
    j.erase("rank");
    out[game] = j;
  }
  return out;
}

CensusSummary run(const CensusSpec& spec, const std::string& db) {
  Context context;
  CensusOptions options;
  options.database = db;
  options.jobs = 1;
  return run_census(spec, options, nullptr, context);
}

// Flips `flips` random single bits, one a trial, of a finished census's
// database; each damaged copy is given to the same census again. It must
// refuse the file (InputError: exit 2, the file left as it was) or end with a
// database whose rows are the undamaged run's; never anything else.
void flip_bits(int flips, std::uint32_t seed) {
  CensusSpec spec;
  spec.family = CensusSpec::Family::subtraction;
  spec.max_element = 6;
  const std::string reference = fresh_db("flip_reference");
  (void)run(spec, reference);
  const auto expected = stable_rows(reference);
  const std::string original = file_bytes(reference);
  std::mt19937 random(seed);
  int refused = 0;
  int recomputed = 0;
  int unharmed = 0;
  const std::string db = fresh_db("flipped");
  for (int trial = 0; trial < flips; ++trial) {
    std::string damaged = original;
    const std::size_t at = random() % damaged.size();
    const int bit = static_cast<int>(random() % 8);
    damaged[at] = static_cast<char>(damaged[at] ^ (1 << bit));
    write_bytes(db, damaged);
    fs::remove_all(checkpoint_directory(db));
    const std::string where = "byte " + std::to_string(at) + " bit " + std::to_string(bit);
    try {
      const CensusSummary summary = run(spec, db);
      EXPECT_TRUE(summary.failed_jobs.empty()) << where;
      EXPECT_EQ(stable_rows(db), expected) << where;
      if (summary.damaged_removed > 0) {
        ++recomputed;
      } else {
        ++unharmed;
      }
    } catch (const InputError& e) {
      ++refused;
      EXPECT_TRUE(file_bytes(db) == damaged) << where << ": the refused file was changed (" << e.what() << ")";
    } catch (const std::exception& e) {
      ADD_FAILURE() << where << ": " << e.what();
    }
  }
  // Each outcome occurs (a flip in a row's bytes, in SQLite's structure, in
  // free space); their shares are recorded in docs/census.md.
  EXPECT_GT(refused, 0);
  EXPECT_GT(recomputed, 0);
  std::cout << flips << " flips: " << refused << " refused, " << recomputed << " recomputed, " << unharmed
            << " without effect\n";
}

TEST(CensusIntegrity, HundredRandomBitFlipsAreRefusedOrRecomputed) { flip_bits(100, 2026); }

TEST(CensusIntegrityLong, ThousandRandomBitFlipsAreRefusedOrRecomputed) { flip_bits(1000, 37); }

// A damaged row is left out of what a report shows, and counted.
TEST(CensusIntegrity, ADamagedRowIsNotReportedAndIsComputedAgain) {
  CensusSpec spec;
  spec.family = CensusSpec::Family::subtraction;
  spec.max_element = 4;
  const std::string db = fresh_db("damaged_row");
  (void)run(spec, db);
  const auto expected = stable_rows(db);
  {
    // The period of sub{1,3,4} changed from 7 to 8 behind the census's back.
    sqlite3* handle = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(handle, "UPDATE results SET period = 8 WHERE game = 'sub{1,3,4}'", nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(handle);
  }
  {
    const Database read(db, Database::Mode::read_only);
    EXPECT_EQ(read.damaged(), 1U);
    EXPECT_EQ(read.rows().count("sub{1,3,4}"), 0U);
    EXPECT_NE(report_text(read).find("1 record fails its checksum"), std::string::npos) << report_text(read);
    EXPECT_EQ(report_json(read)["damaged"], 1);
  }
  const CensusSummary again = run(spec, db);
  EXPECT_EQ(again.damaged_removed, 1U);
  EXPECT_EQ(again.jobs_done, 1U);
  EXPECT_EQ(stable_rows(db), expected);
  EXPECT_EQ(Database(db, Database::Mode::read_only).damaged(), 0U);
}

// A census recorded with another plan (a grundy that planned otherwise, or a
// record written by hand) is refused, and nothing is written.
TEST(CensusIntegrity, ACensusRecordedWithAnotherPlanIsRefused) {
  const std::string db = fresh_db("plan");
  {
    Database writer(db, Database::Mode::read_write);
    writer.census_started("subtraction --max 3", 7, "0123456789abcdef");
  }
  const std::string before = file_bytes(db);
  CensusSpec spec;
  spec.family = CensusSpec::Family::subtraction;
  spec.max_element = 3;
  try {
    (void)run(spec, db);
    ADD_FAILURE() << "a census with another plan was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("another plan"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(file_bytes(db) == before) << "the refused database was changed";
  EXPECT_TRUE(Database(db, Database::Mode::read_only).rows().empty());
}

}  // namespace
}  // namespace grundy::census
