// Certificates of impartial NoGo values on one row (docs/certificates.md):
// what `grundy value --certificate FILE` writes and `grundy check FILE`
// verifies with code of its own (check/).
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

struct NoGoRowCertificate {
  Nimber value = 0;              // the sum's nim-value
  std::string text;              // the certificate, version 1
  std::size_t claims = 0;        // parts claimed in it
  std::uint64_t parts_valued = 0;  // parts the search valued to find them
};

// The rows of a position that is a sum of one-row NoGo boards (nogo(....)),
// each as nogo() prints it; nullopt for any other position.
[[nodiscard]] std::optional<std::vector<std::string>> nogo_rows_of(const Position& position);

// Values the sum of `rows` by the one-row search, polling `context` and within
// its memory bound, and writes the proof. Throws LimitError when a part of a
// row is longer than 29 points, Cancelled when the context is stopped.
[[nodiscard]] NoGoRowCertificate certify_nogo_rows(const std::vector<std::string>& rows, Context& context);

}  // namespace grundy
