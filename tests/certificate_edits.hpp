// Certificates changed after they were written (docs/certificates.md): their
// lines, and a text whose checksum line is made right again, so that a change
// a forger would hide must fail the proof itself.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "certificate_check.hpp"
#include "grundy/analysis/certificate.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/context.hpp"
#include "grundy/language/registry.hpp"

namespace grundy::testing {

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

inline std::string text_of(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

// The text with its checksum line made right again: a change that a forger
// would hide must fail the proof itself.
inline std::string with_fresh_checksum(std::vector<std::string> lines) {
  lines.pop_back();
  std::string body = text_of(lines);
  Fnv1a sum;  // the writer's checksum (grundy/core/checksum.hpp)
  sum.add_bytes(body);
  return body + "checksum fnv1a64 " + sum.hex() + "\n";
}

// A certificate `text` proven by the checker: valid, its roots the sum's
// components as grundy prints them, head(ROW), each of the value
// expected(ROW) where that says one (an oracle that reads ROW). Returns their
// xor.
template <class Expected>
unsigned expect_roots_proven(const std::string& text, const std::string& head, Expected&& expected) {
  const grundy_check::CheckResult result = grundy_check::check_certificate_text(text);
  EXPECT_TRUE(result.valid) << "line " << result.line << ": " << result.message;
  EXPECT_FALSE(result.roots.empty());
  unsigned total = 0;
  for (const grundy_check::ProvenRoot& root : result.roots) {
    const std::string& written = root.position;
    EXPECT_TRUE(written.starts_with(head + "(") && written.ends_with(")")) << written;
    const std::string inside = written.substr(head.size() + 1, written.size() - head.size() - 2);
    const std::optional<unsigned> value = expected(inside);
    if (value) {
      EXPECT_EQ(root.value, *value) << written;
    }
    total ^= root.value;
  }
  return total;
}

// The certificate of the sum head(term) + … (each term as written), or
// nullopt when the sum has no component (no move is left: its value 0 needs
// none), as `grundy value --certificate` writes it.
inline std::optional<Certificate> certificate_of_sum(const std::string& head, const std::vector<std::string>& terms,
                                                     Context& context) {
  std::string expression;
  for (const std::string& term : terms) expression += (expression.empty() ? "" : " + ") + head + "(" + term + ")";
  const Position position = Registry::builtin().parse(expression);
  if (position.empty()) return std::nullopt;
  return certify(position, context);
}

// Every value of the roots and claims changed (one up, one down or 0 to 2),
// the checksum made right again: each refused at a line of the proof, the
// message naming the position it fails at (names_position(message)). Returns
// how many were changed.
template <class NamesPosition>
std::size_t expect_every_changed_value_refused(const std::string& text, NamesPosition&& names_position) {
  const std::vector<std::string> lines = lines_of(text);
  std::size_t changed = 0;
  for (std::size_t i = 2; i + 1 < lines.size(); ++i) {
    const std::size_t space = lines[i].rfind(' ');
    const unsigned value = static_cast<unsigned>(std::stoul(lines[i].substr(space + 1)));
    for (const unsigned other : {value + 1, value == 0 ? 2U : value - 1}) {
      std::vector<std::string> bad = lines;
      bad[i] = lines[i].substr(0, space + 1) + std::to_string(other);
      const grundy_check::CheckResult result = grundy_check::check_certificate_text(with_fresh_checksum(bad));
      EXPECT_FALSE(result.valid) << bad[i];
      EXPECT_GE(result.line, 3U) << bad[i];
      EXPECT_TRUE(names_position(result.message)) << result.message;
      ++changed;
    }
  }
  return changed;
}

// Every line from `first` on (a claim) removed: refused with the old
// checksum (as a careless edit leaves it); with a fresh one (as a forger
// writes it), accepted only where the proof did not need the claim, else
// refused naming a part. Then every byte flipped: refused.
inline void expect_every_removal_and_flip_refused(const std::string& text, std::size_t first) {
  const std::vector<std::string> lines = lines_of(text);
  for (std::size_t i = first; i + 1 < lines.size(); ++i) {
    std::vector<std::string> bad = lines;
    bad.erase(bad.begin() + static_cast<std::ptrdiff_t>(i));
    EXPECT_FALSE(grundy_check::check_certificate_text(text_of(bad)).valid) << lines[i];
    const grundy_check::CheckResult forged = grundy_check::check_certificate_text(with_fresh_checksum(bad));
    if (forged.valid) continue;  // the proof did not need it
    EXPECT_NE(forged.message.find("part "), std::string::npos) << forged.message;
  }
  for (std::size_t at = 0; at < text.size(); ++at) {
    std::string flipped = text;
    flipped[at] = static_cast<char>(flipped[at] ^ 0x04);
    EXPECT_FALSE(grundy_check::check_certificate_text(flipped).valid) << "byte " << at;
  }
}

}  // namespace grundy::testing
