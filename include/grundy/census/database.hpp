// The census database: one SQLite file the user names (`--db F`), written by
// the manager alone, one transaction per finished job, so that a census stopped
// at any moment (Ctrl-C, kill -9 of any rank) keeps every job it finished and
// nothing half-written. Schema in docs/census.md.
//
// The file is marked as grundy's with SQLite's application_id (0x47524E44,
// "GRND") and its schema version in user_version. A file that is not SQLite, an
// SQLite file of another program, or a damaged one is refused (InputError, exit
// 2 in the CLI) and never written to.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "grundy/census/row.hpp"

struct sqlite3;

namespace grundy::census {

class Database {
 public:
  enum class Mode { read_only, read_write };

  // Opens (creating it in read_write mode when it does not exist). Throws
  // InputError naming the file: foreign or damaged, on a read-only path, or
  // in use by another census.
  Database(const std::string& path, Mode mode);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  [[nodiscard]] const std::string& path() const noexcept { return path_; }

  // Every row, by game.
  [[nodiscard]] std::map<std::string, Row> rows() const;

  // Writes the rows of one job in one transaction (replacing older rows of the
  // same games: a larger bound, a board that now has its value).
  void store(const std::vector<Row>& rows);

  // Records that a census with these arguments ran (and when it finished).
  void census_started(const std::string& arguments, std::uint64_t games);
  void census_finished(const std::string& arguments);

  struct CensusRecord {
    std::string arguments;
    std::uint64_t games = 0;
    std::string started;
    std::string finished;  // empty while unfinished
  };
  [[nodiscard]] std::vector<CensusRecord> censuses() const;

 private:
  void execute(const char* sql);
  void check_identity();
  void create_schema();

  std::string path_;
  sqlite3* db_ = nullptr;
  bool wal_ = false;
  int lock_ = -1;  // the descriptor holding the one-writer lock (read_write mode)
};

// The application_id that marks a grundy census database ("GRND").
inline constexpr int kApplicationId = 0x47524E44;
inline constexpr int kSchemaVersion = 1;

}  // namespace grundy::census
