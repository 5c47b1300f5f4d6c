#include "grundy/search/table_store.hpp"

#include <cctype>
#include <filesystem>
#include <memory>
#include <system_error>

#include "grundy/core/input_error.hpp"
#include "grundy/core/output_file.hpp"

namespace grundy::search {

TableStore& TableStore::of(Context& context) {
  return *context.shared<TableStore>("table store", [&] {
    const TableOptions* set = context.options().families.find<TableOptions>();
    return std::make_shared<TableStore>(set != nullptr ? *set : TableOptions{});
  });
}

TableStore::TableStore(TableOptions options) : options_(std::move(options)) {}

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
    file = (std::filesystem::path(options_.path) / (stem + ".table")).string();
  } else {
    if (!given_.empty()) {
      throw InputError("--table " + options_.path + " keeps one engine's table, and this run has two (" +
                       given_.front().first + ", " + stem + "): give a folder instead, --table " + options_.path +
                       ".d/, which keeps one file an engine and game");
    }
    file = options_.path;
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
