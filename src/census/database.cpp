#include "grundy/census/database.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <unistd.h>

#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "grundy/input_error.hpp"

namespace grundy::census {
namespace {

// A statement, finalized on every path.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &statement_, nullptr) != SQLITE_OK)
      throw std::runtime_error(std::string("SQLite: ") + sqlite3_errmsg(db) + " in: " + sql);
  }
  ~Statement() { sqlite3_finalize(statement_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  sqlite3_stmt* get() const noexcept { return statement_; }
  void bind(int i, const std::string& text) { sqlite3_bind_text(statement_, i, text.c_str(), -1, SQLITE_TRANSIENT); }
  void bind(int i, double x) { sqlite3_bind_double(statement_, i, x); }
  void bind(int i, std::int64_t x) { sqlite3_bind_int64(statement_, i, x); }
  template <class T>
  void bind(int i, const std::optional<T>& x) {
    if (x) {
      sqlite3_bind_int64(statement_, i, static_cast<std::int64_t>(*x));
    } else {
      sqlite3_bind_null(statement_, i);
    }
  }
  // SQLITE_ROW or SQLITE_DONE; anything else throws.
  int step() {
    const int code = sqlite3_step(statement_);
    if (code != SQLITE_ROW && code != SQLITE_DONE)
      throw std::runtime_error(std::string("SQLite: ") + sqlite3_errmsg(db_));
    return code;
  }
  std::string text(int i) const {
    const unsigned char* t = sqlite3_column_text(statement_, i);
    return t ? reinterpret_cast<const char*>(t) : "";
  }
  template <class T>
  std::optional<T> optional(int i) const {
    if (sqlite3_column_type(statement_, i) == SQLITE_NULL) return std::nullopt;
    return static_cast<T>(sqlite3_column_int64(statement_, i));
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* statement_ = nullptr;
};

std::string now_text() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

// SQLite files begin with these 16 bytes (the file format's header string).
bool starts_like_sqlite(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char header[16] = {};
  in.read(header, sizeof header);
  return in.gcount() == 16 && std::memcmp(header, "SQLite format 3\0", 16) == 0;
}

// The schema. `game` is the key: a census run again (with the same or other
// arguments) replaces a game's row only with a better one.
constexpr const char* kSchema = R"sql(
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE censuses (
  arguments TEXT PRIMARY KEY,
  games     INTEGER NOT NULL,
  started   TEXT NOT NULL,
  finished  TEXT
);
CREATE TABLE results (
  game          TEXT PRIMARY KEY,
  kind          TEXT NOT NULL,
  bound         INTEGER NOT NULL,
  status        TEXT NOT NULL,
  preperiod     INTEGER,
  period        INTEGER,
  theorem       TEXT NOT NULL,
  largest       INTEGER,
  largest_at    INTEGER,
  value         INTEGER,
  sequence_hash TEXT NOT NULL,
  equivalent_to TEXT NOT NULL,
  shift         INTEGER,
  message       TEXT NOT NULL,
  time_bound    REAL NOT NULL,
  version       TEXT NOT NULL,
  seconds       REAL NOT NULL,
  rank          INTEGER NOT NULL,
  finished      TEXT NOT NULL
);
)sql";

}  // namespace

Database::Database(const std::string& path, Mode mode) : path_(path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const bool exists = fs::exists(path, ec);
  if (exists) {
    if (!fs::is_regular_file(path, ec)) throw InputError("census database " + path + " is not a regular file");
    // An empty file has nothing to lose: it becomes a new database. Anything
    // else must be SQLite's, or it is refused before SQLite touches it.
    if (fs::file_size(path, ec) > 0 && !starts_like_sqlite(path))
      throw InputError("census database " + path + " is not an SQLite file (not a grundy census database); "
                       "refusing to touch it: name another file with --db");
  } else if (mode == Mode::read_only) {
    throw InputError("census database " + path + " does not exist");
  } else {
    const fs::path parent = fs::absolute(fs::path(path), ec).parent_path();
    if (!fs::is_directory(parent, ec)) throw InputError("census database " + path + ": no folder " + parent.string());
    if (::access(parent.c_str(), W_OK) != 0)
      throw InputError("census database " + path + ": the folder " + parent.string() + " is not writable");
  }
  const int flags = mode == Mode::read_only ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string reason = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw InputError("census database " + path + ": " + reason);
  }
  sqlite3_busy_timeout(db_, 2000);
  try {
    if (mode == Mode::read_write && sqlite3_db_readonly(db_, "main") == 1)
      throw InputError("census database " + path + " is read-only");
    check_identity();
    if (mode == Mode::read_write) {
      // One writer: a second census on the same file is refused, not
      // interleaved. An advisory lock of our own (flock, released by the
      // kernel however the process ends), so that readers — the sqlite3
      // shell, `census report` — can look at a census while it runs. The
      // descriptor stays open until SQLite has closed the file: closing any
      // descriptor of a file drops the process's POSIX locks on it, SQLite's too.
      lock_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
      if (lock_ < 0 || ::flock(lock_, LOCK_EX | LOCK_NB) != 0)
        throw InputError("census database " + path + " is in use by another census");
      // Write-ahead log while the census runs: a commit is in the log the
      // moment it returns, so every finished job survives the death of any
      // process (kill -9, Ctrl-C, mpirun stopping the job) without a sync per
      // job, which measured 14 ms here (a census of 1023 small jobs spent
      // 14.6 of its 14.9 s in them). The log is synced at checkpoints; a power
      // cut may lose the last jobs before one, never the file's consistency.
      // Back to a plain rollback journal on close (the destructor), so a
      // finished database is one self-contained file.
      execute("PRAGMA journal_mode = WAL");
      execute("PRAGMA synchronous = NORMAL");
      wal_ = true;
      try {
        execute("BEGIN IMMEDIATE");
        create_schema();
        execute("COMMIT");
      } catch (const std::runtime_error& e) {
        if (sqlite3_errcode(db_) == SQLITE_BUSY || sqlite3_errcode(db_) == SQLITE_LOCKED)
          throw InputError("census database " + path + " is in use by another census");
        if (sqlite3_errcode(db_) == SQLITE_READONLY || sqlite3_errcode(db_) == SQLITE_CANTOPEN)
          throw InputError("census database " + path + " cannot be written: " + sqlite3_errmsg(db_));
        throw;
      }
    }
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    if (lock_ >= 0) ::close(lock_);
    lock_ = -1;
    throw;
  }
}

Database::~Database() {
  if (wal_) sqlite3_exec(db_, "PRAGMA journal_mode = DELETE", nullptr, nullptr, nullptr);
  sqlite3_close(db_);
  if (lock_ >= 0) ::close(lock_);
}

void Database::execute(const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error ? error : "unknown error";
    sqlite3_free(error);
    throw std::runtime_error("SQLite: " + message);
  }
}

void Database::check_identity() {
  int application_id = 0;
  int user_version = 0;
  int tables = 0;
  try {
    {
      Statement s(db_, "PRAGMA application_id");
      if (s.step() == SQLITE_ROW) application_id = sqlite3_column_int(s.get(), 0);
    }
    {
      Statement s(db_, "PRAGMA user_version");
      if (s.step() == SQLITE_ROW) user_version = sqlite3_column_int(s.get(), 0);
    }
    {
      Statement s(db_, "SELECT count(*) FROM sqlite_master");
      if (s.step() == SQLITE_ROW) tables = sqlite3_column_int(s.get(), 0);
    }
  } catch (const std::runtime_error& e) {
    throw InputError("census database " + path_ + " is damaged or not a database (" + e.what() + ")");
  }
  if (application_id == 0 && tables == 0) return;  // new: the schema is made next
  if (application_id != kApplicationId)
    throw InputError("census database " + path_ + " is an SQLite database of another program (application_id " +
                     std::to_string(application_id) + "); refusing to touch it: name another file with --db");
  if (user_version != kSchemaVersion)
    throw InputError("census database " + path_ + " has schema version " + std::to_string(user_version) +
                     "; this grundy reads version " + std::to_string(kSchemaVersion));
  Statement check(db_, "PRAGMA quick_check");
  std::string verdict;
  try {
    if (check.step() == SQLITE_ROW) verdict = check.text(0);
  } catch (const std::runtime_error& e) {
    verdict = e.what();
  }
  if (verdict != "ok") throw InputError("census database " + path_ + " is damaged: " + verdict);
}

void Database::create_schema() {
  int tables = 0;
  {
    Statement s(db_, "SELECT count(*) FROM sqlite_master WHERE name = 'results'");
    if (s.step() == SQLITE_ROW) tables = sqlite3_column_int(s.get(), 0);
  }
  if (tables > 0) return;
  execute(kSchema);
  execute(("PRAGMA application_id = " + std::to_string(kApplicationId)).c_str());
  execute(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str());
  Statement meta(db_, "INSERT INTO meta (key, value) VALUES ('format', 'grundy census'), ('created', ?1)");
  meta.bind(1, now_text());
  meta.step();
}

std::map<std::string, Row> Database::rows() const {
  std::map<std::string, Row> out;
  Statement s(db_,
              "SELECT game, kind, bound, status, preperiod, period, theorem, largest, largest_at, value, "
              "sequence_hash, equivalent_to, shift, message, time_bound, version, seconds, rank FROM results");
  while (s.step() == SQLITE_ROW) {
    Row row;
    row.game = s.text(0);
    row.kind = s.text(1);
    row.bound = static_cast<std::uint64_t>(sqlite3_column_int64(s.get(), 2));
    row.status = s.text(3);
    row.preperiod = s.optional<std::uint64_t>(4);
    row.period = s.optional<std::uint64_t>(5);
    row.theorem = s.text(6);
    row.largest = s.optional<Nimber>(7);
    row.largest_at = s.optional<std::uint64_t>(8);
    row.value = s.optional<Nimber>(9);
    row.sequence_hash = s.text(10);
    row.equivalent_to = s.text(11);
    row.shift = s.optional<std::uint64_t>(12);
    row.message = s.text(13);
    row.time_bound = sqlite3_column_double(s.get(), 14);
    row.version = s.text(15);
    row.seconds = sqlite3_column_double(s.get(), 16);
    row.rank = sqlite3_column_int(s.get(), 17);
    out.emplace(row.game, std::move(row));
  }
  return out;
}

void Database::store(const std::vector<Row>& rows) {
  execute("BEGIN IMMEDIATE");
  try {
    const std::string finished = now_text();
    Statement s(db_,
                "INSERT OR REPLACE INTO results (game, kind, bound, status, preperiod, period, theorem, largest, "
                "largest_at, value, sequence_hash, equivalent_to, shift, message, time_bound, version, seconds, rank, "
                "finished) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)");
    for (const Row& row : rows) {
      sqlite3_reset(s.get());
      sqlite3_clear_bindings(s.get());
      s.bind(1, row.game);
      s.bind(2, row.kind);
      s.bind(3, static_cast<std::int64_t>(row.bound));
      s.bind(4, row.status);
      s.bind(5, row.preperiod);
      s.bind(6, row.period);
      s.bind(7, row.theorem);
      s.bind(8, row.largest);
      s.bind(9, row.largest_at);
      s.bind(10, row.value);
      s.bind(11, row.sequence_hash);
      s.bind(12, row.equivalent_to);
      s.bind(13, row.shift);
      s.bind(14, row.message);
      s.bind(15, row.time_bound);
      s.bind(16, row.version);
      s.bind(17, row.seconds);
      s.bind(18, static_cast<std::int64_t>(row.rank));
      s.bind(19, finished);
      s.step();
    }
    execute("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

void Database::census_started(const std::string& arguments, std::uint64_t games) {
  Statement s(db_,
              "INSERT INTO censuses (arguments, games, started, finished) VALUES (?1, ?2, ?3, NULL) "
              "ON CONFLICT(arguments) DO UPDATE SET finished = finished");
  s.bind(1, arguments);
  s.bind(2, static_cast<std::int64_t>(games));
  s.bind(3, now_text());
  s.step();
}

void Database::census_finished(const std::string& arguments) {
  Statement s(db_, "UPDATE censuses SET finished = ?2 WHERE arguments = ?1");
  s.bind(1, arguments);
  s.bind(2, now_text());
  s.step();
}

std::vector<Database::CensusRecord> Database::censuses() const {
  std::vector<CensusRecord> out;
  Statement s(db_, "SELECT arguments, games, started, finished FROM censuses ORDER BY started, arguments");
  while (s.step() == SQLITE_ROW) {
    out.push_back(CensusRecord{s.text(0), static_cast<std::uint64_t>(sqlite3_column_int64(s.get(), 1)), s.text(2),
                               s.text(3)});
  }
  return out;
}

}  // namespace grundy::census
