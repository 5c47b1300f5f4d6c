// The worker's state between requests: one Context for the whole visit of the
// page, so that heap rules keep their sequences and placement solvers their
// tables from one keystroke to the next — and a stopped search keeps what it
// finished (the tables hold only exact values) for the next request; the
// registry of the built-in rulesets plus the user's JavaScript rules; the
// files the user added (graphs, boards), which expressions name with @.
//
// Threads: always 1. The module is built without pthreads (docs/web.md), and
// with threads = 1 neither the take-and-break engines nor the placement search
// start a helper thread.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/language/registry.hpp"
#include "js_rule.hpp"

namespace grundy::web {

class Session {
 public:
  Session();

  // The context for the next request: the stop of the last one cleared, the
  // poll hook asking the page whether to stop, progress lines to the page.
  Context& begin_request();
  // After the request: the progress display ended.
  void end_request();

  [[nodiscard]] const Registry& registry() const noexcept { return *registry_; }

  // Defines (or redefines) the user's rule `name`; the worker holds its
  // function. Returns nothing: the rule is valued on first use.
  void define_rule(const std::string& name);
  [[nodiscard]] std::shared_ptr<JsGameAdapter> rule(const std::string& name) const;
  [[nodiscard]] bool has_rule(const std::string& name) const { return rules_.count(name) != 0; }
  // A rule whose function failed mid-search gets a fresh solver (JsRuleError).
  void rebuild_rule(const std::string& name);

  // Replaces the user's files with these (name -> contents). Expressions read
  // their files at every request, and the context finds what it computed for
  // a file by the file's contents; the context starts afresh all the same, so
  // that the tables of files no longer there are freed.
  void set_files(const std::map<std::string, std::string>& files);

  // Forgets every cache and table (after running out of memory, when a table
  // half grown is not to be trusted); the rules (with fresh solvers) and the
  // files stay.
  void reset();

  // Bytes the placement tables may take together (the module's heap ends at 2 GB).
  static constexpr std::size_t kMemoryBytes = std::size_t{768} << 20;

 private:
  void rebuild_registry();
  void new_context();

  std::unique_ptr<Context> context_;
  std::unique_ptr<Registry> registry_;
  std::map<std::string, std::shared_ptr<JsGameAdapter>> rules_;
  std::vector<std::string> files_;
  class PageProgress;
  std::unique_ptr<PageProgress> progress_;
};

}  // namespace grundy::web
