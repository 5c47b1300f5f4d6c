#include "grundy/search/table_store.hpp"

#include <cctype>
#include <filesystem>
#include <memory>
#include <system_error>

#include "grundy/core/input_error.hpp"
#include "grundy/core/output_file.hpp"
#include "table_lock.hpp"

namespace grundy::search {

TableStore& TableStore::of(Context& context) {
  return *context.shared<TableStore>("table store", [&] {
    const TableOptions* set = context.options().families.find<TableOptions>();
    return std::make_shared<TableStore>(set != nullptr ? *set : TableOptions{});
  });
}

TableStore::TableStore(TableOptions options) : options_(std::move(options)) {}

TableStore::~TableStore() = default;

namespace {

// Where a symbolic link finally points (the path itself when it is none):
// the table is written there, and the link kept. Refuses a loop of links.
std::string through_links(const std::string& path) {
  namespace fs = std::filesystem;
  fs::path at = path;
  for (int hop = 0; hop < 40; ++hop) {
    std::error_code error;
    if (!fs::is_symlink(fs::symlink_status(at, error))) return at.string();
    const fs::path target = fs::read_symlink(at, error);
    if (error) throw InputError("--table " + path + ": cannot read the link (" + error.message() + ")");
    at = target.is_absolute() ? target : at.parent_path() / target;
  }
  throw InputError("--table " + path + ": a loop of symbolic links");
}

}  // namespace

bool TableStore::is_folder() const {
  if (options_.path.empty()) return false;
  if (options_.path.back() == '/') return true;
  std::error_code ignored;
  return std::filesystem::is_directory(options_.path, ignored);
}

std::string TableStore::file_stem(std::string_view engine, std::string_view game) {
  std::string stem;
  const auto add = [&](std::string_view words) {
    for (const char c : words) {
      if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
        stem += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      } else if (!stem.empty() && stem.back() != '-') {
        stem += '-';
      }
    }
    if (!stem.empty() && stem.back() != '-') stem += '-';
  };
  add(engine);
  add(game);
  while (!stem.empty() && stem.back() == '-') stem.pop_back();
  return stem;
}

std::string TableStore::path_for(std::string_view engine, std::string_view game) {
  if (options_.path.empty()) return {};
  const std::string stem = file_stem(engine, game);
  std::lock_guard lock(mutex_);
  for (const auto& [given_stem, file] : given_)
    if (given_stem == stem) return file;
  std::string file;
  if (is_folder()) {
    std::error_code error;
    std::filesystem::create_directories(options_.path, error);
    if (error) throw InputError("--table folder " + options_.path + ": cannot be made (" + error.message() + ")");
    file = through_links((std::filesystem::path(options_.path) / (stem + ".table")).string());
  } else {
    if (!given_.empty()) {
      throw InputError("--table " + options_.path + " keeps one engine's table, and this run has two (" +
                       given_.front().first + ", " + stem + "): give a folder instead, --table " + options_.path +
                       ".d/, which keeps one file an engine and game");
    }
    file = through_links(options_.path);
  }
  try {
    locks_.push_back(std::make_unique<TableLock>(file, "--table"));
  } catch (const TableLock::HeldByThisProcess&) {
    // Another run of this process keeps the file (table_lock.hpp): this
    // one's table stays in memory, never a second writer of the file.
    file.clear();
  }
  given_.emplace_back(stem, file);
  return file;
}

std::vector<std::pair<std::string, std::string>> TableStore::given() const {
  std::lock_guard lock(mutex_);
  return given_;
}

void TableStore::check_path(const std::string& path) {
  std::error_code ignored;
  if (!path.empty() && (path.back() == '/' || std::filesystem::is_directory(path, ignored))) {
    // A folder: made when an engine first asks, in a folder that exists.
    if (std::filesystem::is_directory(path, ignored)) return;
    std::string folder = path;
    while (folder.size() > 1 && folder.back() == '/') folder.pop_back();
    const std::filesystem::path parent = std::filesystem::path(folder).parent_path();
    if (!parent.empty() && !std::filesystem::is_directory(parent, ignored))
      throw InputError("--table folder " + path + ": " + parent.string() + " is no folder");
    return;
  }
  const OutputFile file = prepare_output_file(path, "--table file");
  // A pipe or device would be read without end, or replaced by a regular file.
  if (file.in_place)
    throw InputError("--table file " + path + ": is not a regular file (a pipe or device cannot hold a table)");
}

}  // namespace grundy::search
