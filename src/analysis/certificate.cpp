// Certificates: the roots and claims of the engine of a position's components
// (CertifiedByEngine, capabilities.hpp), written as docs/certificates.md says.
#include "grundy/analysis/certificate.hpp"

#include "grundy/core/capabilities.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/input_error.hpp"

#include <cstdio>
#include <stdexcept>

namespace grundy {

std::string why_not_certified(const Position& position) {
  const std::string kinds =
      "certificates are written for one-row NoGo boards (nogo(....)), Clobber boards (clobber(XO/OX)), Cram boards "
      "(cram(4x5), cram(0110/0000)) and sums of one of them";
  if (position.empty())
    return kinds + "; this position has no move left (a board without a move, clobber(X) or nogo(#.), is 0 and is "
                   "dropped from the sum), so there is no part to claim: its value 0 follows from the rules alone";
  std::string game;
  for (std::size_t i = 0; i < position.size(); ++i) {
    const auto* certified = capability<CertifiedByEngine>(position[i]);
    const std::string its = certified != nullptr ? certified->certificate_game() : std::string();
    if (its.empty()) return kinds + "; " + excerpt(position[i].text(), 60) + " is not one";
    if (!game.empty() && its != game)
      return kinds + "; this sum holds both " + game + " and " + its + " (a certificate names one game)";
    game = its;
  }
  return {};
}

Certificate certify(const Position& position, Context& context) {
  if (const std::string why = why_not_certified(position); !why.empty()) throw InputError(why);
  std::vector<const Component*> components;
  for (std::size_t i = 0; i < position.size(); ++i) components.push_back(&position[i]);
  const CertificateParts parts = capability<CertifiedByEngine>(position[0])->certify(components, context);
  Certificate out;
  out.game = parts.game;
  for (const auto& root : parts.roots) out.value ^= root.second;
  out.claims = parts.claims.size() + parts.lacking.size();
  out.parts_valued = parts.parts_valued;
  out.parts_loaded = parts.parts_loaded;
  out.text = parts.version >= 2 ? certificate_text(parts.game, parts.roots, parts.claims, parts.lacking, parts.version)
                                : certificate_text(parts.game, parts.roots, parts.claims);
  return out;
}

namespace {
// The text of either version: version 1 has no "not" lines.
std::string text_of(int version, const std::string& game, const std::vector<std::pair<std::string, Nimber>>& roots,
                    const std::vector<std::pair<std::string, Nimber>>& claims,
                    const std::vector<LackingClaim>& lacking) {
  std::string text = "grundy-certificate " + std::to_string(version) + "\ngame " + game + "\n";
  for (const auto& [term, value] : roots) text += "root " + term + " " + std::to_string(value) + "\n";
  for (const auto& [part, value] : claims) text += "part " + part + " " + std::to_string(value) + "\n";
  char set[17];
  for (const LackingClaim& claim : lacking) {
    std::snprintf(set, sizeof set, "%llx", static_cast<unsigned long long>(claim.values));
    text += "not " + claim.part + " " + set;
    // Version 4: the options the proof reads ('-': none).
    if (version >= 4) {
      text += claim.options.empty() ? " -" : " ";
      for (std::size_t i = 0; i < claim.options.size(); ++i)
        text += (i > 0 ? "," : "") + std::to_string(claim.options[i]);
    }
    text += "\n";
  }
  Fnv1a sum;
  sum.add_bytes(text);
  return text + "checksum fnv1a64 " + sum.hex() + "\n";
}
}  // namespace

std::string certificate_text(const std::string& game, const std::vector<std::pair<std::string, Nimber>>& roots,
                             const std::vector<std::pair<std::string, Nimber>>& claims) {
  return text_of(1, game, roots, claims, {});
}

std::string certificate_text(const std::string& game, const std::vector<std::pair<std::string, Nimber>>& roots,
                             const std::vector<std::pair<std::string, Nimber>>& claims,
                             const std::vector<LackingClaim>& lacking, int version) {
  if (version < 2 || version > 4)
    throw std::invalid_argument("certificate_text: 'not' lines are of versions 2, 3 and 4");
  return text_of(version, game, roots, claims, lacking);
}

}  // namespace grundy
