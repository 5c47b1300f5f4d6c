#include "session.hpp"

#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "grundy/terms/expression.hpp"
#include "grundy/core/input_error.hpp"
#include "host.hpp"

namespace grundy::web {

class Session::PageProgress final : public ProgressSink {
 public:
  void line(std::string_view text) override { host::progress(text); }
  void end() override {}
};

Session::Session() : progress_(std::make_unique<PageProgress>()) {
  new_context();
  rebuild_registry();
}

void Session::new_context() {
  ContextOptions options;
  options.threads = 1;
  options.memory_bytes = kMemoryBytes;
  context_ = std::make_unique<Context>(options);
  context_->set_poll_hook([this] {
    if (host::stop_requested()) context_->request_stop();
  });
  // The page shows a line as soon as one comes; it decides when to show the
  // Stop button (after a moment of work).
  context_->set_progress(progress_.get(), 0.0);
}

Context& Session::begin_request() {
  context_->start_request();
  return *context_;
}

void Session::end_request() { context_->end_progress(); }

void Session::rebuild_registry() {
  auto registry = std::make_unique<Registry>(Registry::builtin());
  for (const auto& [name, adapter] : rules_) registry->add(js_rule_spec(adapter));
  registry_ = std::move(registry);
}

void Session::define_rule(const std::string& name) {
  // The same checks as a ruleset name in an expression, and no built-in name:
  // its positions would print like the built-in ruleset's.
  const Expression parsed = parse_expression(name + "(0)");
  if (parsed.terms.size() != 1 || parsed.terms[0].head != name || parsed.terms[0].head_is_code) {
    throw InputError("a rule's name is a letter or _ followed by letters, digits, _ or -, not '" + excerpt(name) + "'");
  }
  for (const RulesetSpec& spec : Registry::builtin().specs()) {
    if (spec.name == name) throw InputError("'" + name + "' is a built-in ruleset; give your rule another name");
  }
  rules_[name] = JsGameAdapter::make(JsGame{name}, name);
  rebuild_registry();
}

std::shared_ptr<JsGameAdapter> Session::rule(const std::string& name) const {
  const auto it = rules_.find(name);
  if (it == rules_.end()) throw InputError("no rule named '" + excerpt(name) + "' is defined");
  return it->second;
}

void Session::rebuild_rule(const std::string& name) {
  if (rules_.count(name) != 0) define_rule(name);
}

void Session::reset() {
  for (auto& [name, adapter] : rules_) adapter = JsGameAdapter::make(JsGame{name}, name);
  rebuild_registry();
  new_context();
}

void Session::set_files(const std::map<std::string, std::string>& files) {
  for (const std::string& old : files_) std::remove(old.c_str());
  files_.clear();
  for (const auto& [name, text] : files) {
    const bool plain = !name.empty() && name.front() != '.' && name.size() <= 100 &&
                       name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") ==
                           std::string::npos;
    if (!plain) {
      throw InputError("a file's name is letters, digits, '.', '_' and '-' (not first '.'), not '" + excerpt(name) + "'");
    }
    std::ofstream out(name, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error("could not write " + name + " into the module's memory");
    files_.push_back(name);
  }
  new_context();
}

}  // namespace grundy::web
