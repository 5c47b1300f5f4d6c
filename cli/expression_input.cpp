#include "expression_input.hpp"

#include <fstream>
#include <iostream>

#include <unistd.h>

#include "commands.hpp"
#include "grundy/core/context.hpp"
#include "grundy/core/descriptor_input.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/language/registry.hpp"

namespace grundy::cli {
namespace {

// The name CLI11 knows the argument by: it counts whether it was given.
constexpr const char* kExpressionArgument = "expression";

}  // namespace

void add_expression_options(CLI::App* cmd, std::string& expression, std::string& file,
                            const std::string& expression_help, const std::string& file_help) {
  cmd->add_option(kExpressionArgument, expression, expression_help);
  cmd->add_option("-f,--file", file, file_help);
}

bool expression_argument_given(const CLI::App& cmd) { return cmd.count(kExpressionArgument) != 0; }

void require_expression(const CLI::App& cmd, const std::string& file, const std::string& usage) {
  if (!expression_argument_given(cmd) && file.empty()) throw InputError("no position given: " + usage);
}

ExpressionSource read_expression_source(const std::string& argument, const std::string& file,
                                        const std::function<void()>& poll) {
  ExpressionSource source;
  if (!file.empty() || argument == "-") {
    source.origin = file.empty() ? "<stdin>" : file;
    try {
      source.text = file.empty() ? read_bounded_descriptor(STDIN_FILENO, "standard input",
                                                           SourceLocation{"<stdin>", 0, 0}, poll)
                                 : read_input_file(file, "file", poll);
    } catch (const Cancelled& stopped) {
      // Ctrl-C while the read waited on a pipe or a terminal: nothing computed yet.
      std::cerr << "grundy: interrupted while reading " << source.origin << "\n";
      throw ExitStatus::interrupted(stopped.signal());
    }
    source.text = without_comments(std::move(source.text));
  } else {
    source.text = argument;
  }
  return source;
}

std::string without_comments(std::string text) {
  // A '#' inside a word is not a comment: NoGo's squares off the board
  // (nogo(X.#./....)) and the misère notation's *2# are written so.
  bool comment = false;
  char before = '\n';
  for (char& c : text) {
    const char here = c;
    if (c == '\n') {
      comment = false;
    } else if (comment || (c == '#' && (before == ' ' || before == '\t' || before == '\n' || before == '\r'))) {
      comment = true;
      c = ' ';
    }
    before = here;
  }
  return text;
}

void relocate(const ExpressionSource& source) {
  try {
    throw;
  } catch (const InputError& e) {
    if (source.origin.empty() || !e.where().file.empty() || e.where().column == 0) throw;
    // The parser counts columns in characters across the whole text.
    std::size_t line = 1;
    std::size_t column = 1;
    std::size_t characters = 1;
    for (std::size_t i = 0; i < source.text.size() && characters < e.where().column; ++i) {
      if ((static_cast<unsigned char>(source.text[i]) & 0xC0) == 0x80) continue;  // inside a UTF-8 character
      ++characters;
      if (source.text[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    const SourceLocation where{source.origin, line, column};
    if (dynamic_cast<const LimitError*>(&e) != nullptr) throw LimitError(e.message(), where);
    throw InputError(e.message(), where);
  }
}

Position build_position(const ExpressionSource& source, Context& context, ParseOptions options) {
  // Parsing needs no run, but a long read of a file named by @FILE polls the
  // run's stop, which the signal watcher sets.
  options.poll = [&context] { context.poll(); };
  try {
    return located(source, [&] { return Registry::builtin().parse(source.text, options); });
  } catch (const Cancelled& stopped) {
    // Ctrl-C while a board or graph named by @FILE was read: nothing computed yet.
    std::cerr << "grundy: interrupted while reading the position\n";
    throw ExitStatus::interrupted(stopped.signal());
  }
}

}  // namespace grundy::cli
