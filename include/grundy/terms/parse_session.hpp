// Reading one expression: the limits it is read under, and what its terms
// share while it is read. Parsing has no Context (a Position is a plain value,
// valued by whichever run is given it), so this lives only as long as one
// Registry::build.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <typeindex>
#include <typeinfo>
#include <utility>

namespace grundy {

struct ParseOptions {
  // Components one position may have: a 15-byte nim(0..9999999) would
  // otherwise take gigabytes. 2·10^6 components take about 160 MB. The CLI's
  // --max-components.
  std::size_t max_components = 2'000'000;
  // Called before each 64 KiB read of a file named by @FILE (a
  // graph or a board): the front end's stop check, so that Ctrl-C is heard in
  // a long read. It may throw (Cancelled). Empty: none.
  std::function<void()> poll;
};

class ParseSession {
 public:
  explicit ParseSession(const ParseOptions& options) : options_(options) {}

  [[nodiscard]] const ParseOptions& options() const noexcept { return options_; }

  // The object of type T read under `key` ("graph file PATH"), made by make()
  // the first time: a file named by several terms is read once, so
  // graph(@f)(a) + graph(@f)(b) are two vertices of one graph. Typed like
  // Context::shared: objects of two types never meet under one key.
  template <class T, class Make>
  std::shared_ptr<T> shared(const std::string& key, Make&& make) {
    const Key full{std::type_index(typeid(T)), key};
    auto it = read_.find(full);
    if (it != read_.end()) return std::static_pointer_cast<T>(it->second);
    std::shared_ptr<T> made = make();
    read_.emplace(full, std::const_pointer_cast<void>(std::static_pointer_cast<const void>(made)));
    return made;
  }

 private:
  using Key = std::pair<std::type_index, std::string>;
  const ParseOptions& options_;
  std::map<Key, std::shared_ptr<void>> read_;
};

}  // namespace grundy
