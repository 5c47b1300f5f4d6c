// The stone games' table of parts in a file: impartial Clobber's groups and
// one-row NoGo's rows are valued by the definition over 8-byte parts
// (src/rulesets/part_search.hpp), and with a path here (`grundy value --table
// FILE`) that table lives in FILE, mapped: every part valued is in the file
// the moment it is stored, so a run stopped by any signal, kill -9 included,
// resumes from it, and a board computed once speeds the next one that shares
// its parts (2×13 after 2×12). Set in ContextOptions::families; the game
// reads it when the run first values one of its positions. A file holds one
// game's parts (its header names it): another game's file is refused.
#pragma once

#include <string>

namespace grundy {

struct PartTableOptions {
  std::string path;  // "" : the table in memory
};

}  // namespace grundy
