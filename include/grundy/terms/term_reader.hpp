// Reading a term's parameter groups and positions: the one reader every
// ruleset's builder uses, so that every ruleset reports a bad argument the same
// way (one line, with the column, naming the ruleset's usage).
//
// In a sum, a term's last "(...)" group holds its positions and the groups
// before it are parameters: sub{1,2,3}(10), lr(1,2)(2,3,3). A rule for
// `grundy table` has no position group.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grundy/terms/expression.hpp"
#include "grundy/terms/graph_term.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/terms/parse_session.hpp"

namespace grundy {

// A list argument expands ranges a..b; this bounds what one list may expand to.
inline constexpr std::uint64_t kMaxListLength = 10'000'000;

class TermReader {
 public:
  // `usage`: how the ruleset is written ("bash(m)(heaps…)"), quoted in errors.
  // `session`: the reading of the whole expression (files read once, the
  // poll for long reads); none: each term reads its own files, unpolled.
  TermReader(const ExprTerm& term, bool with_positions, std::string usage, ParseSession* session = nullptr);

  [[nodiscard]] const ExprTerm& term() const noexcept { return *term_; }
  [[nodiscard]] const std::string& name() const noexcept { return term_->head; }
  [[nodiscard]] const std::string& usage() const noexcept { return usage_; }
  [[nodiscard]] bool has_positions() const noexcept { return positions_ != nullptr; }

  [[nodiscard]] std::size_t parameter_count() const noexcept { return parameters_.size(); }
  [[nodiscard]] const ExprGroup& parameter(std::size_t i) const { return *parameters_.at(i); }
  // The position group; only for a term in a sum.
  [[nodiscard]] const ExprGroup& positions() const;

  // Exactly `count` parameter groups (InputError with the usage otherwise).
  void expect_parameters(std::size_t count) const;
  // A group of exactly `count` arguments.
  void expect_arguments(const ExprGroup& group, std::size_t count) const;

  [[nodiscard]] std::uint64_t integer(const ExprArg& arg, std::string_view what) const;
  // Integers and ranges a..b of a group, in order (at most kMaxListLength).
  [[nodiscard]] std::vector<std::uint64_t> integers(const ExprGroup& group, std::string_view what) const;
  // The one integer of a group that must hold exactly one.
  [[nodiscard]] std::uint64_t only_integer(const ExprGroup& group, std::string_view what) const;
  [[nodiscard]] const std::string& word(const ExprArg& arg, std::string_view what) const;
  [[nodiscard]] const std::string& path(const ExprArg& arg, std::string_view what) const;

  // The object of type T read under `key` for this expression (ParseSession),
  // made by make() unless an earlier term of the expression made it.
  template <class T, class Make>
  std::shared_ptr<T> read_once(const std::string& key, Make&& make) const {
    if (session_ == nullptr) return make();
    return session_->shared<T>(key, std::forward<Make>(make));
  }
  // The graph of a group: one file (@FILE) alone, or the graph written inline,
  // in the form the ruleset reads (graph_term.hpp, docs/graph-format.md). A
  // file is read once per expression; errors name file:line:column or the column.
  [[nodiscard]] std::shared_ptr<const GraphTerm> graph(const ExprGroup& group, const GraphReading& reading) const;
  // The graph file an argument names (@FILE), read once per expression.
  [[nodiscard]] std::shared_ptr<const GraphTerm> graph_file(const ExprArg& arg, const GraphReading& reading) const;

  // What a file reader calls between chunks it reads (ParseOptions::poll).
  [[nodiscard]] std::function<void()> file_poll() const {
    return session_ == nullptr ? std::function<void()>() : session_->options().poll;
  }

  [[noreturn]] void fail(const std::string& message, std::size_t column) const;
  // An error about the term as a whole ("name: message" at the term's column).
  [[noreturn]] void fail_term(const std::string& message) const;

  // Runs a factory (make_bash(m), parse a code…): an InputError without a place
  // gets the term's column and name; a column counted within the term's head (a
  // take-and-break code) is moved to the column in the whole text.
  template <class F>
  auto guarded(F&& make) const {
    try {
      return make();
    } catch (const InputError& e) {
      relocate(e);
    }
  }

 private:
  [[noreturn]] void relocate(const InputError& e) const;

  const ExprTerm* term_;
  std::string usage_;
  std::vector<const ExprGroup*> parameters_;
  const ExprGroup* positions_ = nullptr;
  ParseSession* session_ = nullptr;
};

}  // namespace grundy
