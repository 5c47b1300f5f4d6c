// Where a command's expression comes from — the argument, a file (-f) or
// standard input ("-") — and the position it describes. Errors name their
// place as file:line:column for files and stdin, column for the argument. In
// files and on stdin '#' at a line's start or after a blank starts a comment to
// the end of the line ('#' inside a word is part of it: nogo(X.#./....)).
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>

#include "grundy/core/context.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/terms/parse_session.hpp"
#include "grundy/core/position.hpp"

namespace grundy::cli {

// The two places a command takes its expression from: the argument EXPRESSION
// (where "-" means stdin) and -f,--file FILE, with the command's own help texts
// ("the position", "the starting position").
void add_expression_options(CLI::App* cmd, std::string& expression, std::string& file,
                            const std::string& expression_help, const std::string& file_help);

// Whether the argument EXPRESSION was given (an empty one counts).
[[nodiscard]] bool expression_argument_given(const CLI::App& cmd);

// Neither the argument nor -f FILE: InputError "no position given: " and
// `usage`, the command's own example.
void require_expression(const CLI::App& cmd, const std::string& file, const std::string& usage);

struct ExpressionSource {
  std::string text;
  std::string origin;  // file name, "<stdin>", or empty for the command line
};

// `argument` "-" reads stdin; a non-empty `file` reads that file. Ctrl-C while
// the read waits (a pipe, a terminal, a FIFO) ends the run: exit 130.
[[nodiscard]] ExpressionSource read_expression_source(const std::string& argument, const std::string& file,
                                                     const std::function<void()>& poll);

// Parses and builds with the built-in registry (Ctrl-C while an @FILE is read: exit 130).
[[nodiscard]] Position build_position(const ExpressionSource& source, Context& context, ParseOptions options = {});

// Blanks '#' comments (a '#' at a line's start or after a blank) to the end of
// each line, keeping every column in place.
[[nodiscard]] std::string without_comments(std::string text);

// Reruns `work`; an InputError with a column but no file is rethrown with the
// file:line:column of `source` (the line and column counted in characters).
template <class F>
auto located(const ExpressionSource& source, F&& work);

// ---- implementation ----

[[noreturn]] void relocate(const ExpressionSource& source);

template <class F>
auto located(const ExpressionSource& source, F&& work) {
  try {
    return work();
  } catch (const InputError&) {
    relocate(source);
  }
}

}  // namespace grundy::cli
