#include "grundy/terms/term_reader.hpp"

#include <stdexcept>

namespace grundy {

TermReader::TermReader(const ExprTerm& term, bool with_positions, std::string usage, ParseSession* session)
    : term_(&term), usage_(std::move(usage)), session_(session) {
  for (const ExprGroup& g : term.groups) parameters_.push_back(&g);
  if (!with_positions) return;
  if (parameters_.empty() || parameters_.back()->open != '(') {
    fail("'" + term.head + "' needs its position in parentheses: " + usage_, term.column + term.text.size());
  }
  positions_ = parameters_.back();
  parameters_.pop_back();
  if (positions_->args.empty()) fail("no position given in '()': " + usage_, positions_->column);
}

const ExprGroup& TermReader::positions() const {
  if (positions_ == nullptr) throw std::logic_error("TermReader::positions() of a rule without positions");
  return *positions_;
}

void TermReader::fail(const std::string& message, std::size_t column) const {
  throw InputError(message, SourceLocation{"", 0, column});
}

void TermReader::fail_term(const std::string& message) const {
  throw InputError(term_->head + ": " + message, SourceLocation{"", 0, term_->column});
}

void TermReader::expect_parameters(std::size_t count) const {
  if (parameters_.size() == count) return;
  const std::size_t column = parameters_.size() > count ? parameters_[count]->column
                             : parameters_.empty()      ? term_->column
                                                        : parameters_.front()->column;
  fail("'" + term_->head + "' is written " + usage_, column);
}

void TermReader::expect_arguments(const ExprGroup& group, std::size_t count) const {
  if (group.args.size() != count) fail("'" + term_->head + "' is written " + usage_, group.column);
}

std::uint64_t TermReader::integer(const ExprArg& arg, std::string_view what) const {
  if (arg.kind != ExprArg::Kind::integer) {
    fail(std::string(what) + " must be a whole number, not '" + arg.text + "'", arg.column);
  }
  return arg.integer;
}

std::vector<std::uint64_t> TermReader::integers(const ExprGroup& group, std::string_view what) const {
  std::vector<std::uint64_t> out;
  for (const ExprArg& arg : group.args) {
    if (arg.kind == ExprArg::Kind::integer) {
      if (out.size() >= kMaxListLength) {
        fail("too many numbers (at most " + std::to_string(kMaxListLength) + " in one list)", arg.column);
      }
      out.push_back(arg.integer);
    } else if (arg.kind == ExprArg::Kind::range) {
      const std::uint64_t span = arg.range_high - arg.integer;
      if (span >= kMaxListLength || out.size() + span >= kMaxListLength) {
        fail("the range " + arg.text + " is too long (at most " + std::to_string(kMaxListLength) + " numbers)",
             arg.column);
      }
      for (std::uint64_t v = arg.integer;; ++v) {
        out.push_back(v);
        if (v == arg.range_high) break;
      }
    } else {
      fail(std::string(what) + " must be whole numbers, not '" + arg.text + "'", arg.column);
    }
  }
  return out;
}

std::uint64_t TermReader::only_integer(const ExprGroup& group, std::string_view what) const {
  expect_arguments(group, 1);
  return integer(group.args[0], what);
}

const std::string& TermReader::word(const ExprArg& arg, std::string_view what) const {
  if (arg.kind != ExprArg::Kind::word) fail("expected " + std::string(what) + ", not '" + arg.text + "'", arg.column);
  return arg.text;
}

const std::string& TermReader::path(const ExprArg& arg, std::string_view what) const {
  if (arg.kind != ExprArg::Kind::path) {
    fail("expected " + std::string(what) + " as @file or \"file\", not '" + excerpt(arg.text) + "'", arg.column);
  }
  if (arg.text.empty()) fail("the file name is empty", arg.column);
  // The system would open the name cut at the NUL: another file than the one named.
  if (arg.text.find('\0') != std::string::npos) fail("a file name cannot contain a NUL byte", arg.column);
  return arg.text;
}

void TermReader::relocate(const InputError& e) const {
  // Called inside the handler of guarded(): `throw;` keeps the error's own type.
  if (!e.where().file.empty()) throw;
  std::string message = e.message();
  SourceLocation where{"", 0, term_->column};
  if (e.where().column != 0) {
    // A column from a factory counts within the term's head (a take-and-break code).
    where.column = term_->column + e.where().column - 1;
  } else {
    message = term_->head + ": " + message;
  }
  if (dynamic_cast<const LimitError*>(&e) != nullptr) throw LimitError(message, where);
  throw InputError(message, where);
}

}  // namespace grundy
