// grundy's certificate checker: a small library of its own that shares no code
// with the searches that write certificates (it includes nothing of grundy's).
// It reads a certificate (docs/certificates.md; plain or gzip-compressed),
// checks its version, its game and its checksum, and proves every claim in it
// from the rules of its game alone, each claim from claims of smaller
// positions: the roots' values are then proven.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game_rules.hpp"

namespace grundy_check {

struct ProvenRoot {
  std::string position;  // as the certificate writes it (a NoGo row: nogo(....))
  unsigned value = 0;    // its nim-value
};

struct CheckResult {
  bool valid = false;
  // Where it failed: the certificate's line (1-based; 0: the file as a whole)
  // and why, naming the position it fails at.
  std::size_t line = 0;
  std::string message;
  std::string game;
  int version = 0;
  std::vector<ProvenRoot> roots;
  std::uint64_t claims = 0;  // claims proven
};

// Checks the certificate in `bytes` (its text, already uncompressed), of one
// of `games` (game_rules.hpp).
CheckResult check_certificate_text(const std::string& bytes, const std::vector<GameRules>& games = builtin_games());

// Reads `path` (gzip-compressed or not; at most 1 GiB uncompressed) and
// checks it. A file that cannot be read is a result with line 0.
CheckResult check_certificate_file(const std::string& path, const std::vector<GameRules>& games = builtin_games());

}  // namespace grundy_check
