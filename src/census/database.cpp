#include "grundy/census/database.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <thread>
#include <utility>
#include <variant>

#include "grundy/core/checksum.hpp"
#include "grundy/core/context.hpp"
#include "grundy/core/input_file.hpp"

namespace grundy::census {
namespace {

// A value of one column as SQLite stores it; a row is read into these and
// written from them, and its checksum is over them, so that what is checked
// on a read is exactly what was written.
using Field = std::variant<std::monostate, std::int64_t, double, std::string>;
using Fields = std::vector<Field>;

// The checksum of a record of `table`: each field's type and value (a row
// moved to another table, a text turned into a number, a null: all differ).
std::string checksum(std::string_view table, const Fields& fields) {
  Fnv1a hash;
  hash.add_text(table);
  hash.add_integer(static_cast<std::uint64_t>(kSchemaVersion));
  for (const Field& field : fields) {
    hash.add_byte(static_cast<std::uint8_t>(field.index()));
    if (const auto* i = std::get_if<std::int64_t>(&field)) {
      hash.add_integer(static_cast<std::uint64_t>(*i));
    } else if (const auto* x = std::get_if<double>(&field)) {
      // SQLite keeps a whole REAL as an integer on disk and gives back +0.0
      // for -0.0: the bits hashed are those of the value it returns.
      const double value = *x == 0 ? 0.0 : *x;
      std::uint64_t bits = 0;
      std::memcpy(&bits, &value, sizeof bits);
      hash.add_integer(bits);
    } else if (const auto* t = std::get_if<std::string>(&field)) {
      hash.add_text(*t);
    }
  }
  return hash.hex();
}

template <class T>
Field optional_field(const std::optional<T>& x) {
  if (!x) return std::monostate{};
  return static_cast<std::int64_t>(*x);
}

// The field as the type a checked row must have; nullopt for another type.
std::optional<std::string> as_text(const Field& f) {
  if (const auto* t = std::get_if<std::string>(&f)) return *t;
  return std::nullopt;
}

// A statement, finalized on every path; every failure an InputError naming
// the database.
class Statement {
 public:
  Statement(sqlite3* db, const std::string& path, const std::string& sql) : db_(db), path_(path) {
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement_, nullptr) != SQLITE_OK) fail();
  }
  ~Statement() { sqlite3_finalize(statement_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  void bind(int i, const Field& field) {
    int code = SQLITE_OK;
    if (const auto* n = std::get_if<std::int64_t>(&field)) {
      code = sqlite3_bind_int64(statement_, i, *n);
    } else if (const auto* x = std::get_if<double>(&field)) {
      code = sqlite3_bind_double(statement_, i, *x);
    } else if (const auto* t = std::get_if<std::string>(&field)) {
      code = sqlite3_bind_text(statement_, i, t->data(), static_cast<int>(t->size()), SQLITE_TRANSIENT);
    } else {
      code = sqlite3_bind_null(statement_, i);
    }
    if (code != SQLITE_OK) fail();
  }
  void bind_all(const Fields& fields, int first = 1) {
    for (std::size_t i = 0; i < fields.size(); ++i) bind(first + static_cast<int>(i), fields[i]);
  }
  void reset() {
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
  }
  // True for a row, false when done; anything else throws.
  bool step() {
    const int code = sqlite3_step(statement_);
    if (code == SQLITE_ROW) return true;
    if (code == SQLITE_DONE) return false;
    fail();
  }
  [[nodiscard]] int columns() const { return sqlite3_column_count(statement_); }
  [[nodiscard]] Field field(int i) const {
    switch (sqlite3_column_type(statement_, i)) {
      case SQLITE_INTEGER: return static_cast<std::int64_t>(sqlite3_column_int64(statement_, i));
      case SQLITE_FLOAT: return sqlite3_column_double(statement_, i);
      case SQLITE_NULL: return std::monostate{};
      default: {
        // Text, or a blob (the checksum tells them apart through the type).
        const auto* bytes = static_cast<const char*>(sqlite3_column_blob(statement_, i));
        const int size = sqlite3_column_bytes(statement_, i);
        std::string text = bytes ? std::string(bytes, static_cast<std::size_t>(size)) : std::string();
        if (sqlite3_column_type(statement_, i) == SQLITE_BLOB) text.insert(0, "\x01blob:");
        return text;
      }
    }
  }
  [[nodiscard]] Fields fields(int from, int count) const {
    Fields out;
    for (int i = from; i < from + count; ++i) out.push_back(field(i));
    return out;
  }
  [[nodiscard]] std::string text(int i) const {
    const Field f = field(i);
    return as_text(f).value_or("");
  }
  [[nodiscard]] std::int64_t integer(int i) const { return sqlite3_column_int64(statement_, i); }

 private:
  [[noreturn]] void fail() const {
    throw InputError("census database " + path_ + ": " + sqlite3_errmsg(db_));
  }

  sqlite3* db_;
  const std::string& path_;
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

// What the file begins with: SQLite files begin with these 16 bytes (the file
// format's header string). Read, not sized: /proc files say they are empty.
enum class Start { empty, sqlite, other };
Start file_start(const std::string& path, std::string& header) {
  // The one reader's checks (input_file.hpp): a FIFO put in the file's place
  // since the check above is refused, not waited on.
  std::ifstream in = open_input_file(path, "census database", InputKind::regular_file);
  header.assign(100, '\0');
  in.read(header.data(), 100);
  header.resize(static_cast<std::size_t>(in.gcount()));
  if (header.empty()) return Start::empty;
  return header.size() >= 16 && std::memcmp(header.data(), "SQLite format 3\0", 16) == 0 ? Start::sqlite
                                                                                          : Start::other;
}

// What is wrong with the fields of an SQLite file's header of 100 bytes that
// have one legal value or a few (sqlite.org/fileformat.html, 1.3), or "".
// SQLite reads some of them leniently — a write version of 0 is taken, one of
// 3 or more opens the file read-only — and a census must not write over a
// header that is damaged.
std::string header_damage(const std::string& h) {
  if (h.size() < 100) return "its header is cut short";
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(h[i]); };
  const auto word = [&](std::size_t i) {
    return std::uint32_t{byte(i)} << 24 | std::uint32_t{byte(i + 1)} << 16 | std::uint32_t{byte(i + 2)} << 8 | byte(i + 3);
  };
  const unsigned page = static_cast<unsigned>(byte(16)) << 8 | byte(17);
  if (!(page == 1 || (page >= 512 && page <= 32768 && (page & (page - 1)) == 0))) return "its page size is not valid";
  if ((byte(18) != 1 && byte(18) != 2) || (byte(19) != 1 && byte(19) != 2)) return "its file format version is not 1 or 2";
  if (byte(21) != 64 || byte(22) != 32 || byte(23) != 32) return "its payload fractions are not 64, 32, 32";
  if (word(44) > 4) return "its schema format is not 0 to 4";
  if (word(56) > 3) return "its text encoding is not valid";
  for (std::size_t i = 72; i < 92; ++i)
    if (byte(i) != 0) return "its reserved bytes are not zero";
  return "";
}

// The schema. `game` is the key: a census run again (with the same or other
// arguments) replaces a game's row only with a better one. The last column of
// each table is the checksum of the others.
constexpr const char* kSchema = R"sql(
CREATE TABLE meta (
  key      TEXT PRIMARY KEY,
  value    TEXT NOT NULL,
  checksum TEXT NOT NULL
);
CREATE TABLE censuses (
  arguments     TEXT PRIMARY KEY,
  games         INTEGER NOT NULL,
  plan_checksum TEXT NOT NULL,
  started       TEXT NOT NULL,
  finished      TEXT,
  checksum      TEXT NOT NULL
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
  finished      TEXT NOT NULL,
  checksum      TEXT NOT NULL
);
)sql";

constexpr const char* kResultColumns =
    "game, kind, bound, status, preperiod, period, theorem, largest, largest_at, value, sequence_hash, "
    "equivalent_to, shift, message, time_bound, version, seconds, rank, finished";
constexpr int kResultFields = 19;
constexpr const char* kCensusColumns = "arguments, games, plan_checksum, started, finished";
constexpr int kCensusFields = 5;

Fields row_fields(const Row& row, const std::string& finished) {
  return {row.game,
          row.kind,
          static_cast<std::int64_t>(row.bound),
          row.status,
          optional_field(row.preperiod),
          optional_field(row.period),
          row.theorem,
          optional_field(row.largest),
          optional_field(row.largest_at),
          optional_field(row.value),
          row.sequence_hash,
          row.equivalent_to,
          optional_field(row.shift),
          row.message,
          row.time_bound,
          row.version,
          row.seconds,
          static_cast<std::int64_t>(row.rank),
          finished};
}

// The row of fields whose checksum held; nullopt when a field has a type the
// schema does not give it (a checksum that holds over such a row was written
// by someone else).
std::optional<Row> row_from_fields(const Fields& f) {
  auto integer = [&](std::size_t i) -> std::optional<std::int64_t> {
    if (const auto* n = std::get_if<std::int64_t>(&f[i])) return *n;
    return std::nullopt;
  };
  auto optional_integer = [&](std::size_t i, bool& ok) -> std::optional<std::uint64_t> {
    if (std::holds_alternative<std::monostate>(f[i])) return std::nullopt;
    const auto n = integer(i);
    ok = ok && n && *n >= 0;
    return n ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(*n)) : std::nullopt;
  };
  auto real = [&](std::size_t i, bool& ok) -> double {
    if (const auto* x = std::get_if<double>(&f[i])) return *x;
    ok = false;
    return 0;
  };
  bool ok = true;
  Row row;
  const auto text = [&](std::size_t i) {
    const auto t = as_text(f[i]);
    ok = ok && t.has_value();
    return t.value_or("");
  };
  row.game = text(0);
  row.kind = text(1);
  const auto bound = integer(2);
  ok = ok && bound && *bound >= 0;
  row.bound = bound ? static_cast<std::uint64_t>(*bound) : 0;
  row.status = text(3);
  row.preperiod = optional_integer(4, ok);
  row.period = optional_integer(5, ok);
  row.theorem = text(6);
  const auto largest = optional_integer(7, ok);
  if (largest) row.largest = static_cast<Nimber>(*largest);
  row.largest_at = optional_integer(8, ok);
  const auto value = optional_integer(9, ok);
  if (value) row.value = static_cast<Nimber>(*value);
  row.sequence_hash = text(10);
  row.equivalent_to = text(11);
  row.shift = optional_integer(12, ok);
  row.message = text(13);
  row.time_bound = real(14, ok);
  row.version = text(15);
  row.seconds = real(16, ok);
  const auto rank = integer(17);
  ok = ok && rank;
  row.rank = static_cast<int>(rank.value_or(0));
  (void)text(18);
  if (!ok) return std::nullopt;
  return row;
}

Fields census_fields(const Database::CensusRecord& c) {
  return {c.arguments, static_cast<std::int64_t>(c.games), c.plan_checksum, c.started,
          c.finished.empty() ? Field(std::monostate{}) : Field(c.finished)};
}

std::optional<Database::CensusRecord> census_from_fields(const Fields& f) {
  const auto arguments = as_text(f[0]);
  const auto* games = std::get_if<std::int64_t>(&f[1]);
  const auto plan = as_text(f[2]);
  const auto started = as_text(f[3]);
  const auto finished = as_text(f[4]);
  if (!arguments || !games || *games < 0 || !plan || !started ||
      !(finished || std::holds_alternative<std::monostate>(f[4])))
    return std::nullopt;
  return Database::CensusRecord{*arguments, static_cast<std::uint64_t>(*games), *plan, *started,
                                finished.value_or("")};
}

// The schema objects (type, name, table, SQL) as SQLite records them for
// kSchema: a database must have exactly these.
std::vector<std::string> expected_schema() {
  sqlite3* memory = nullptr;
  std::vector<std::string> out;
  if (sqlite3_open(":memory:", &memory) != SQLITE_OK ||
      sqlite3_exec(memory, kSchema, nullptr, nullptr, nullptr) != SQLITE_OK) {
    sqlite3_close(memory);
    throw std::logic_error("the census schema does not build");
  }
  const std::string name = ":memory:";
  {
    Statement s(memory, name, "SELECT type, name, tbl_name, ifnull(sql, '') FROM sqlite_master ORDER BY name");
    while (s.step()) out.push_back(s.text(0) + "|" + s.text(1) + "|" + s.text(2) + "|" + s.text(3));
  }
  sqlite3_close(memory);
  return out;
}

}  // namespace

Database::Database(const std::string& path, Mode mode, std::function<bool()> stop)
    : path_(path), stop_(std::move(stop)) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const bool exists = fs::exists(path, ec);
  if (exists) {
    if (!fs::is_regular_file(path, ec)) throw InputError("census database " + path + " is not a regular file");
    // An empty file has nothing to lose: it becomes a new database. Anything
    // else must be SQLite's, or it is refused before SQLite touches it.
    std::string header;
    if (file_start(path, header) == Start::other)
      throw InputError("census database " + path + " is not an SQLite file (not a grundy census database); "
                       "refusing to touch it: name another file with --db");
  } else if (mode == Mode::read_only) {
    throw InputError("census database " + path + " does not exist");
  }
  if (mode == Mode::read_write) {
    // SQLite writes its journal and write-ahead log beside the file.
    const fs::path parent = fs::absolute(fs::path(path), ec).parent_path();
    if (!fs::is_directory(parent, ec)) throw InputError("census database " + path + ": no folder " + parent.string());
    if (::access(parent.c_str(), W_OK) != 0)
      throw InputError("census database " + path + ": the folder " + parent.string() +
                       " is not writable (SQLite keeps its journal beside the file)");
    if (exists && ::access(path.c_str(), W_OK) != 0) throw InputError("census database " + path + " is read-only");
  }
  const int flags = mode == Mode::read_only ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string reason = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw InputError("census database " + path + ": " + reason);
  }
  // A database another program holds locked is waited on for at most 2 s,
  // then refused with a message (a census never waits for ever), and not at
  // all once the run is asked to stop (Ctrl-C ends a census at once, exit 130).
  sqlite3_busy_handler(
      db_,
      [](void* self, int) -> int {
        auto& database = *static_cast<Database*>(self);
        if (database.stop_ && database.stop_()) return 0;
        constexpr std::uint64_t kStepMs = 10;
        if (database.waited_ms_ >= 2000) return 0;
        std::this_thread::sleep_for(std::chrono::milliseconds(kStepMs));
        database.waited_ms_ += kStepMs;
        return 1;
      },
      this);
  try {
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
    }
    // Everything is checked before the first write: a refused file is left
    // exactly as it was. The header as the file holds it, unless a census
    // running (or killed) keeps newer pages in its write-ahead log.
    std::string header;
    const std::string log = path + "-wal";
    if (file_start(path, header) == Start::sqlite && !(fs::exists(log, ec) && fs::file_size(log, ec) > 0))
      if (const std::string damage = header_damage(header); !damage.empty()) throw error("is damaged: " + damage);
    check_identity();
    if (mode == Mode::read_write) {
      bool made = false;
      {
        Statement s(db_, path_, "SELECT count(*) FROM sqlite_master");
        made = s.step() && s.integer(0) > 0;
      }
      if (!made) {
        begin_writing();
        execute("BEGIN IMMEDIATE");
        try {
          create_schema();
          execute("COMMIT");
        } catch (...) {
          sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
          throw;
        }
      }
    }
  } catch (...) {
    if (wal_) sqlite3_exec(db_, "PRAGMA journal_mode = DELETE", nullptr, nullptr, nullptr);
    sqlite3_close(db_);
    db_ = nullptr;
    if (lock_ >= 0) ::close(lock_);
    lock_ = -1;
    // Given up waiting for a lock because the run was stopped: an interruption,
    // not a fault of the file.
    if (stop_ && stop_()) throw Cancelled();
    throw;
  }
}

Database::~Database() {
  if (wal_) sqlite3_exec(db_, "PRAGMA journal_mode = DELETE", nullptr, nullptr, nullptr);
  sqlite3_close(db_);
  if (lock_ >= 0) ::close(lock_);
}

void Database::begin_writing() {
  if (wal_) return;
  // Write-ahead log while the census runs: a commit is in the log the moment
  // it returns, so every finished job survives the death of any process
  // (kill -9, Ctrl-C, mpirun stopping the job) without a sync per job, which
  // measured 14 ms here (a census of 1023 small jobs spent 14.6 of its 14.9 s
  // in them). The log is synced at checkpoints; a power cut may lose the last
  // jobs before one, never the file's consistency. Back to a plain rollback
  // journal on close (the destructor), so a finished database is one
  // self-contained file. Not before the first write: a database refused after
  // it was opened (another plan) is left exactly as it was.
  execute("PRAGMA journal_mode = WAL");
  wal_ = true;
  execute("PRAGMA synchronous = NORMAL");
}

InputError Database::error(const std::string& what) const { return InputError("census database " + path_ + " " + what); }

void Database::execute(const std::string& sql) {
  waited_ms_ = 0;
  char* message = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string text = message ? message : sqlite3_errmsg(db_);
    sqlite3_free(message);
    const int code = sqlite3_errcode(db_);
    if (code == SQLITE_BUSY || code == SQLITE_LOCKED) throw error("is busy (another program holds it): " + text);
    throw error("cannot be used: " + text);
  }
}

void Database::check_identity() {
  waited_ms_ = 0;
  int application_id = 0;
  int user_version = 0;
  int objects = 0;
  try {
    {
      Statement s(db_, path_, "PRAGMA application_id");
      if (s.step()) application_id = static_cast<int>(s.integer(0));
    }
    {
      Statement s(db_, path_, "PRAGMA user_version");
      if (s.step()) user_version = static_cast<int>(s.integer(0));
    }
    {
      Statement s(db_, path_, "SELECT count(*) FROM sqlite_master");
      if (s.step()) objects = static_cast<int>(s.integer(0));
    }
  } catch (const InputError& e) {
    const int code = sqlite3_errcode(db_);
    if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
      throw error("is locked by another program (waited 2 s); try again when it lets go");
    throw error("is damaged or not a database (" + e.message() + ")");
  }
  if (application_id == 0 && objects == 0 && user_version == 0) return;  // new: the schema is made next
  if (application_id != kApplicationId)
    throw error("is an SQLite database of another program (application_id " + std::to_string(application_id) +
                "); refusing to touch it: name another file with --db");
  if (user_version == 1)
    throw error("was written by an older grundy (schema version 1: rows without checksums, and subtraction rows "
                "with a wrong largest value); run the census into a new file with --db");
  if (user_version != kSchemaVersion)
    throw error("has schema version " + std::to_string(user_version) + "; this grundy reads version " +
                std::to_string(kSchemaVersion));
  // The whole check (quick_check does not hold the indexes to the tables: a
  // damaged key in the index of games would let a game have two rows).
  std::string verdict;
  try {
    Statement check(db_, path_, "PRAGMA integrity_check(1)");
    if (check.step()) verdict = check.text(0);
  } catch (const InputError& e) {
    verdict = e.message();
  }
  if (verdict != "ok") throw error("is damaged: " + verdict);
  check_schema();
}

void Database::check_schema() {
  std::vector<std::string> found;
  try {
    Statement s(db_, path_, "SELECT type, name, tbl_name, ifnull(sql, '') FROM sqlite_master ORDER BY name");
    while (s.step()) found.push_back(s.text(0) + "|" + s.text(1) + "|" + s.text(2) + "|" + s.text(3));
  } catch (const InputError& e) {
    throw error("is damaged: " + e.message());
  }
  const std::vector<std::string> expected = expected_schema();
  if (found != expected) {
    // Name what differs: "table results" missing or changed, "index x" added.
    const auto name = [](const std::string& object) {
      std::string shown = object.substr(0, object.find('|', object.find('|') + 1));
      shown[shown.find('|')] = ' ';
      return shown;
    };
    std::string differences;
    for (const std::string& e : expected)
      if (std::find(found.begin(), found.end(), e) == found.end())
        differences += (differences.empty() ? "" : ", ") + name(e) + " missing or changed";
    for (const std::string& f : found)
      if (std::find(expected.begin(), expected.end(), f) == expected.end() &&
          std::none_of(expected.begin(), expected.end(), [&](const std::string& e) { return name(e) == name(f); }))
        differences += (differences.empty() ? "" : ", ") + name(f) + " added";
    throw error("has a schema this grundy did not write (" + differences +
                "); refusing to touch it: name another file with --db");
  }
  // The format's name, under its checksum.
  bool format = false;
  try {
    Statement s(db_, path_, "SELECT key, value, checksum FROM meta");
    while (s.step()) {
      const Fields fields = s.fields(0, 2);
      if (s.text(2) != checksum("meta", fields)) throw error("is damaged: its record '" + excerpt(s.text(0)) + "' fails its checksum");
      format = format || (s.text(0) == "format" && s.text(1) == "grundy census");
    }
  } catch (const InputError& e) {
    if (e.message().rfind("census database", 0) == 0) throw;
    throw error("is damaged: " + e.message());
  }
  if (!format) throw error("is damaged: no format record");
}

void Database::create_schema() {
  execute(kSchema);
  execute("PRAGMA application_id = " + std::to_string(kApplicationId));
  execute("PRAGMA user_version = " + std::to_string(kSchemaVersion));
  Statement meta(db_, path_, "INSERT INTO meta (key, value, checksum) VALUES (?1, ?2, ?3)");
  for (const auto& [key, value] : {std::pair<std::string, std::string>{"format", "grundy census"}, {"created", now_text()}}) {
    meta.reset();
    const Fields fields{key, value};
    meta.bind_all(fields);
    meta.bind(3, checksum("meta", fields));
    (void)meta.step();
  }
}

std::map<std::string, Row> Database::rows() const {
  waited_ms_ = 0;
  std::map<std::string, Row> out;
  Statement s(db_, path_, std::string("SELECT ") + kResultColumns + ", checksum FROM results");
  while (s.step()) {
    const Fields fields = s.fields(0, kResultFields);
    if (s.text(kResultFields) != checksum("results", fields)) continue;
    std::optional<Row> row = row_from_fields(fields);
    if (!row) continue;
    std::string game = row->game;
    out.emplace(std::move(game), std::move(*row));
  }
  return out;
}

std::uint64_t Database::damaged() const {
  waited_ms_ = 0;
  std::uint64_t count = 0;
  {
    Statement s(db_, path_, std::string("SELECT ") + kResultColumns + ", checksum FROM results");
    while (s.step()) {
      const Fields fields = s.fields(0, kResultFields);
      count += s.text(kResultFields) != checksum("results", fields) || !row_from_fields(fields);
    }
  }
  {
    Statement s(db_, path_, std::string("SELECT ") + kCensusColumns + ", checksum FROM censuses");
    while (s.step()) {
      const Fields fields = s.fields(0, kCensusFields);
      count += s.text(kCensusFields) != checksum("censuses", fields) || !census_from_fields(fields);
    }
  }
  return count;
}

std::uint64_t Database::remove_damaged() {
  waited_ms_ = 0;
  std::vector<std::int64_t> results;
  std::vector<std::int64_t> records;
  {
    Statement s(db_, path_, std::string("SELECT rowid, ") + kResultColumns + ", checksum FROM results");
    while (s.step()) {
      const Fields fields = s.fields(1, kResultFields);
      if (s.text(1 + kResultFields) != checksum("results", fields) || !row_from_fields(fields))
        results.push_back(s.integer(0));
    }
  }
  {
    Statement s(db_, path_, std::string("SELECT rowid, ") + kCensusColumns + ", checksum FROM censuses");
    while (s.step()) {
      const Fields fields = s.fields(1, kCensusFields);
      if (s.text(1 + kCensusFields) != checksum("censuses", fields) || !census_from_fields(fields))
        records.push_back(s.integer(0));
    }
  }
  if (results.empty() && records.empty()) return 0;
  begin_writing();
  execute("BEGIN IMMEDIATE");
  try {
    for (const auto& [table, ids] : {std::pair<const char*, const std::vector<std::int64_t>*>{"results", &results},
                                     {"censuses", &records}}) {
      Statement remove(db_, path_, std::string("DELETE FROM ") + table + " WHERE rowid = ?1");
      for (const std::int64_t id : *ids) {
        remove.reset();
        remove.bind(1, Field(id));
        (void)remove.step();
      }
    }
    execute("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  return results.size() + records.size();
}

void Database::store(const std::vector<Row>& rows) {
  begin_writing();
  execute("BEGIN IMMEDIATE");
  try {
    const std::string finished = now_text();
    Statement s(db_, path_,
                std::string("INSERT OR REPLACE INTO results (") + kResultColumns +
                    ", checksum) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, "
                    "?18, ?19, ?20)");
    for (const Row& row : rows) {
      s.reset();
      const Fields fields = row_fields(row, finished);
      s.bind_all(fields);
      s.bind(kResultFields + 1, checksum("results", fields));
      (void)s.step();
    }
    execute("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::optional<Database::CensusRecord> Database::census(const std::string& arguments) const {
  waited_ms_ = 0;
  Statement s(db_, path_, std::string("SELECT ") + kCensusColumns + ", checksum FROM censuses WHERE arguments = ?1");
  s.bind(1, Field(arguments));
  if (!s.step()) return std::nullopt;
  const Fields fields = s.fields(0, kCensusFields);
  if (s.text(kCensusFields) != checksum("censuses", fields)) return std::nullopt;
  return census_from_fields(fields);
}

void Database::write_census(const CensusRecord& record) {
  begin_writing();
  Statement s(db_, path_,
              std::string("INSERT OR REPLACE INTO censuses (") + kCensusColumns +
                  ", checksum) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
  const Fields fields = census_fields(record);
  s.bind_all(fields);
  s.bind(kCensusFields + 1, checksum("censuses", fields));
  (void)s.step();
}

void Database::census_started(const std::string& arguments, std::uint64_t games, const std::string& plan_checksum) {
  if (const std::optional<CensusRecord> old = census(arguments)) {
    if (old->plan_checksum != plan_checksum || old->games != games)
      throw error("recorded the census '" + arguments + "' with another plan (checksum " + old->plan_checksum +
                  ", this grundy plans " + plan_checksum + "): its rows may not be this census's; "
                  "run it into a new file with --db");
    return;  // the same census again: its record stands
  }
  write_census(CensusRecord{arguments, games, plan_checksum, now_text(), ""});
}

void Database::census_finished(const std::string& arguments) {
  std::optional<CensusRecord> record = census(arguments);
  if (!record) return;
  record->finished = now_text();
  write_census(*record);
}

std::vector<Database::CensusRecord> Database::censuses() const {
  waited_ms_ = 0;
  std::vector<CensusRecord> out;
  Statement s(db_, path_,
              std::string("SELECT ") + kCensusColumns + ", checksum FROM censuses ORDER BY started, arguments");
  while (s.step()) {
    const Fields fields = s.fields(0, kCensusFields);
    if (s.text(kCensusFields) != checksum("censuses", fields)) continue;
    if (std::optional<CensusRecord> record = census_from_fields(fields)) out.push_back(std::move(*record));
  }
  return out;
}

}  // namespace grundy::census
