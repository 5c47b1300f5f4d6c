// Progress lines of long computations on stderr: on a terminal one line
// rewritten in place, otherwise one line per report; and the options that ask
// for them.
#pragma once

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <iostream>
#include <string_view>

#include "grundy/core/context.hpp"

namespace grundy::cli {

class StderrProgress final : public ProgressSink {
 public:
  StderrProgress() : terminal_(isatty(STDERR_FILENO) != 0) {}

  [[nodiscard]] bool terminal() const noexcept { return terminal_; }

  void line(std::string_view text) override {
    if (terminal_) {
      // Rewrite the same line; erase what a longer previous line left.
      std::cerr << '\r' << text << "\x1b[K" << std::flush;
      open_ = true;
    } else {
      std::cerr << text << '\n' << std::flush;
    }
  }

  void end() override {
    if (open_) std::cerr << '\n' << std::flush;
    open_ = false;
  }

 private:
  bool terminal_;
  bool open_ = false;
};

// Attaches a StderrProgress to a context when asked for or when stderr is a
// terminal, and ends its line however the run ends.
class ProgressScope {
 public:
  // `wanted`: --progress; `quiet`: --quiet (none even on a terminal).
  ProgressScope(Context& context, bool wanted, double after, bool quiet = false) : context_(context) {
    if (!quiet && (wanted || sink_.terminal())) context_.set_progress(&sink_, after);
  }
  ~ProgressScope() {
    context_.end_progress();
    context_.set_progress(nullptr);
  }
  ProgressScope(const ProgressScope&) = delete;
  ProgressScope& operator=(const ProgressScope&) = delete;

 private:
  Context& context_;
  StderrProgress sink_;
};

// --progress: ProgressScope's `wanted`, in the words of every command whose
// progress needs no more said (value and boards say what they report on).
inline void add_progress_flag(CLI::App* cmd, bool& progress) {
  cmd->add_flag("--progress", progress, "progress on stderr (default when stderr is a terminal)");
}

// --progress and --quiet: ProgressScope's `wanted` and `quiet`.
inline void add_progress_flags(CLI::App* cmd, bool& progress, bool& quiet) {
  add_progress_flag(cmd, progress);
  cmd->add_flag("--quiet", quiet, "no progress lines");
}

}  // namespace grundy::cli
