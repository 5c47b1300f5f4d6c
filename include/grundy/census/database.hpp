// The census database: one SQLite file the user names (`--db F`), written by
// the manager alone, one transaction per finished job, so that a census stopped
// at any moment (Ctrl-C, kill -9 of any rank) keeps every job it finished and
// nothing half-written. Schema in docs/census.md.
//
// Trusted only when intact. The file is marked as grundy's with SQLite's
// application_id (0x47524E44, "GRND") and its schema version in user_version;
// on every open SQLite's integrity_check runs and the schema must be exactly
// the one this grundy writes. Every row carries a checksum of its content,
// checked on every read: a row that fails it is never reported (reads leave it
// out and count it) and a census removes it and computes it again. A file that
// is not SQLite, an SQLite file of another program, a damaged file, another
// schema, or a census whose plan differs from the one recorded is refused
// (InputError, exit 2 in the CLI) before anything is written. Every SQLite
// error becomes an InputError naming the file.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/census/row.hpp"
#include "grundy/core/input_error.hpp"

struct sqlite3;

namespace grundy::census {

class Database {
 public:
  enum class Mode { read_only, read_write };

  // Opens (creating it in read_write mode when it does not exist). Throws
  // InputError naming the file: foreign or damaged, on a read-only path, or
  // in use by another census. A file another program has locked is waited on
  // for at most 2 s, and not at all once `stop` says so (then Cancelled).
  Database(const std::string& path, Mode mode, std::function<bool()> stop = {});
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  [[nodiscard]] const std::string& path() const noexcept { return path_; }

  // Every row whose checksum holds, by game; the others are left out.
  [[nodiscard]] std::map<std::string, Row> rows() const;

  // Rows and census records whose checksum fails (damaged since written).
  [[nodiscard]] std::uint64_t damaged() const;

  // Removes the rows and census records whose checksum fails, so that the
  // census computes them again; how many (read_write mode).
  std::uint64_t remove_damaged();

  // Writes the rows of one job in one transaction (replacing older rows of the
  // same games: a larger bound, a board that now has its value).
  void store(const std::vector<Row>& rows);

  // Records that a census with these arguments ran (and when it finished).
  // Throws InputError when the database recorded a census of the same
  // arguments with another plan (made by a grundy that plans otherwise).
  void census_started(const std::string& arguments, std::uint64_t games, const std::string& plan_checksum);
  void census_finished(const std::string& arguments);

  struct CensusRecord {
    std::string arguments;
    std::uint64_t games = 0;
    std::string plan_checksum;
    std::string started;
    std::string finished;  // empty while unfinished
  };
  [[nodiscard]] std::vector<CensusRecord> censuses() const;

 private:
  void execute(const std::string& sql);
  void begin_writing();
  [[nodiscard]] InputError error(const std::string& what) const;
  void check_identity();
  void check_schema();
  void create_schema();
  [[nodiscard]] std::optional<CensusRecord> census(const std::string& arguments) const;
  void write_census(const CensusRecord& record);

  std::string path_;
  sqlite3* db_ = nullptr;
  bool wal_ = false;
  int lock_ = -1;  // the descriptor holding the one-writer lock (read_write mode)
  std::function<bool()> stop_;
  mutable std::uint64_t waited_ms_ = 0;  // in SQLite's busy handler, since the last statement
};

// The application_id that marks a grundy census database ("GRND").
inline constexpr int kApplicationId = 0x47524E44;
// 2: checksums of rows and of plans (version 1 had none, and its subtraction
// rows a wrong largest value: refused, never read).
inline constexpr int kSchemaVersion = 2;

}  // namespace grundy::census
