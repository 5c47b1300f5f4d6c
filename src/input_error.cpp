#include "grundy/input_error.hpp"

namespace grundy {

std::string SourceLocation::to_string() const {
  std::string out;
  if (!file.empty()) {
    out = file;
    if (line) out += ":" + std::to_string(line);
    if (column) out += ":" + std::to_string(column);
    return out;
  }
  if (line) out = "line " + std::to_string(line);
  if (column) out += (out.empty() ? "column " : ", column ") + std::to_string(column);
  return out;
}

namespace {
std::string compose(const std::string& message, const SourceLocation& where) {
  const std::string place = where.to_string();
  return place.empty() ? message : place + ": " + message;
}
}  // namespace

InputError::InputError(const std::string& message, SourceLocation where)
    : std::runtime_error(compose(message, where)), where_(std::move(where)), message_(message) {}

}  // namespace grundy
