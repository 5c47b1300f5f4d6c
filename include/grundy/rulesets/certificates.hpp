// Certificates of values (docs/certificates.md): what `grundy value
// --certificate FILE` writes and `grundy check FILE` verifies with code of its
// own (check/). Written for the games valued by the definition over 8-byte
// parts: one-row NoGo boards (nogo_row.hpp) and Clobber boards whose groups
// span at most 28 squares (clobber_grid.hpp), and sums of either.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/position.hpp"

namespace grundy {

// A sum certificates are written for: the game as the certificate names it
// ("nogo-row", "clobber") and each term as its ruleset prints it (a row, a
// board with rows joined by '/').
struct CertifiableSum {
  std::string game;
  std::vector<std::string> terms;
};

// The sum of a position, or nullopt when a term is of another game (or a NoGo
// board of more than one row), or the terms of two games.
[[nodiscard]] std::optional<CertifiableSum> certifiable_sum(const Position& position);

struct Certificate {
  Nimber value = 0;                // the sum's nim-value
  std::string text;                // the certificate, version 1
  std::size_t claims = 0;          // parts claimed in it
  std::uint64_t parts_valued = 0;  // parts in the search's table at the end
  std::uint64_t parts_loaded = 0;  // of them, read from the table file
};

// Values the sum by its game's search, polling `context` and within its memory
// bound, and writes the proof. With a `table_file`, the search's table lives
// in that file (read first if it exists): every part valued is kept there at
// once, so that a run stopped in any way, kill -9 included, resumes from it.
// Throws LimitError when a part is larger than the search's keys hold,
// Cancelled when the context is stopped, InputError when the table file is
// not one of this game.
[[nodiscard]] Certificate certify(const CertifiableSum& sum, Context& context, const std::string& table_file = "");

// A certificate's text (docs/certificates.md, version 1): its head, one line a
// term ("root", the term as written and its value), one a claimed part
// ("part"), and the FNV-1a sum of all bytes before that last line.
[[nodiscard]] std::string certificate_text(const std::string& game,
                                           const std::vector<std::pair<std::string, Nimber>>& roots,
                                           const std::vector<std::pair<std::string, Nimber>>& claims);

}  // namespace grundy
