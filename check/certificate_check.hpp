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
  std::size_t column = 0;  // where on the line (1-based), when a line's shape is refused; 0: the line
  std::string message;
  std::string game;
  int version = 0;
  std::vector<ProvenRoot> roots;
  std::uint64_t claims = 0;  // claims proven

  // The value proven for the sum of the roots: the xor of theirs.
  [[nodiscard]] unsigned total() const noexcept {
    unsigned x = 0;
    for (const ProvenRoot& root : roots) x ^= root.value;
    return x;
  }
};

// Checks the certificate in `bytes` (its text, already uncompressed), of one
// of `games` (game_rules.hpp). Its claims are proven on `threads` threads (0:
// one for each core); the result, and the claim a refusal names, are the same
// for every thread count.
CheckResult check_certificate_text(const std::string& bytes, const std::vector<GameRules>& games = builtin_games(),
                                   unsigned threads = 0);

// Reads `path` (gzip-compressed or not; at most 1 GiB uncompressed) and
// checks it. A file that cannot be opened (with the reason), or that is not a
// regular file, is a result with line 0.
CheckResult check_certificate_file(const std::string& path, const std::vector<GameRules>& games = builtin_games(),
                                   unsigned threads = 0);

// The same, of a descriptor open on the certificate (`name` for messages).
// Either reads a line at a time: a line that no certificate has (blank, of
// another kind, longer than 8192 bytes) is refused when it is read, and the
// memory is what the claims keep (at most 1 GiB of them, about 100 bytes a
// claim), never the file's size.
CheckResult check_certificate_descriptor(int descriptor, const std::string& name,
                                         const std::vector<GameRules>& games = builtin_games(), unsigned threads = 0);

}  // namespace grundy_check
