// The one persistence of a run (`grundy value --table PATH`, the Python
// module's table=, a census job's checkpoint): where every engine that can
// keep its table keeps it, in one documented form (docs/tables.md).
//
// PATH is a file or a folder:
//   - a folder (one that exists, or a PATH written with a trailing '/', made
//     if missing) holds one file an engine and game, named ENGINE-GAME.table
//     (part-clobber.table, region-cram.table): a sum of several families keeps
//     every table in it;
//   - a file holds the table of the one engine and game that asks for it
//     first; a second engine or game of the same run is refused with a line
//     that says to give a folder (a file whose header names another engine or
//     game is refused by that engine: exit 2, never read as its own).
// Each file's header names its engine and its game (part_table.hpp,
// search/regions/table_file.hpp). A file given out is locked for the run
// (FILE.lock, table_lock.hpp): a second run on it is refused in one line,
// exit 2 — or, when the run that holds it is of this same process (the
// Python module's runs), keeps its table in memory. A file given as a symbolic link is kept where the link points (a
// growth renames a new file over the name, which would replace the link).
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grundy/core/context.hpp"

namespace grundy::search {

class TableLock;

// What a front end sets (ContextOptions::families) for a run whose tables
// persist; a run that sets none keeps its tables in memory.
struct TableOptions {
  std::string path;           // "": none
  double save_seconds = 60;   // engines that save a whole table now and then (the region search)
};

class TableStore {
 public:
  // The run's store (made on first use from the run's TableOptions).
  [[nodiscard]] static TableStore& of(Context& context);

  explicit TableStore(TableOptions options);
  TableStore(const TableStore&) = delete;
  TableStore& operator=(const TableStore&) = delete;
  ~TableStore();

  [[nodiscard]] bool empty() const noexcept { return options_.path.empty(); }
  [[nodiscard]] const TableOptions& options() const noexcept { return options_; }

  // The file in which `engine`'s table of `game` lives ("" without a PATH):
  // PATH itself (where it points, if a symbolic link), or
  // PATH/ENGINE-GAME.table for a folder, locked for this run. Throws
  // InputError when PATH is a file that another engine or game of the run
  // already took, or a file another run holds.
  [[nodiscard]] std::string path_for(std::string_view engine, std::string_view game);

  // The tables given out so far (engine-game and file), for the lines a
  // command prints at its end.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> given() const;

  // Whether PATH can hold tables, checked before any search (the CLI's
  // --table): a folder, or a regular file or a name not yet taken, in a
  // writable directory. Throws InputError naming PATH and the reason.
  static void check_path(const std::string& path);

  // "part-clobber": a file name's part for an engine and a game, letters and
  // digits kept (lower case), anything else one '-'.
  [[nodiscard]] static std::string file_stem(std::string_view engine, std::string_view game);

 private:
  [[nodiscard]] bool is_folder() const;

  TableOptions options_;
  mutable std::mutex mutex_;
  std::vector<std::pair<std::string, std::string>> given_;  // (stem, file)
  std::vector<std::unique_ptr<TableLock>> locks_;            // one a file given
};

}  // namespace grundy::search
