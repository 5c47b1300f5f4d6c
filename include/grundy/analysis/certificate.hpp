// Certificates of values (docs/certificates.md): what `grundy value
// --certificate FILE` writes and `grundy check FILE` verifies with code of its
// own (check/). Written by the engine that can write claims — the part
// search, for any game whose parts pack into keys (one-row NoGo, Clobber
// boards whose groups span at most 28 squares, Cram boards whose regions fit
// 56 cells) — for a position whose components are all of one such game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/lacking_claim.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/position.hpp"

namespace grundy {

struct Certificate {
  std::string game;                // as the certificate names it ("clobber")
  Nimber value = 0;                // the position's nim-value
  std::string text;                // the certificate, version 1
  std::size_t claims = 0;          // parts claimed in it
  std::uint64_t parts_valued = 0;  // parts in the engine's table at the end
  std::uint64_t parts_loaded = 0;  // of them, read from the run's table file
};

// Why no certificate is written for `position` ("" when one is): a component
// whose engine writes none, components of two games, no component.
[[nodiscard]] std::string why_not_certified(const Position& position);

// Values the position by its components' engine, polling `context` and within
// its memory budget, and writes the proof. With a table file in the run
// (search/table_store.hpp) the engine's table lives there: every part valued
// is kept at once, so that a run stopped in any way, kill -9 included,
// resumes from it. Throws InputError when why_not_certified says why,
// LimitError when a part is larger than the engine's keys hold, Cancelled
// when the context is stopped.
[[nodiscard]] Certificate certify(const Position& position, Context& context);

// A certificate's text (docs/certificates.md, version 1): its head, one line a
// term ("root", the term as written and its value), one a claimed part
// ("part"), and the FNV-1a sum of all bytes before that last line.
[[nodiscard]] std::string certificate_text(const std::string& game,
                                           const std::vector<std::pair<std::string, Nimber>>& roots,
                                           const std::vector<std::pair<std::string, Nimber>>& claims);
// Version 2 (docs/certificates.md): the exact claims, then the parts claimed
// to lack a set of values ("not"); version 3 the same, its parts split with
// the reductions of the game's checker rules (Cram: the diagonal-twin cut);
// version 4 with each "not" line's options too (LackingClaim::options).
[[nodiscard]] std::string certificate_text(const std::string& game,
                                           const std::vector<std::pair<std::string, Nimber>>& roots,
                                           const std::vector<std::pair<std::string, Nimber>>& claims,
                                           const std::vector<LackingClaim>& lacking,
                                           int version = 2);

}  // namespace grundy
