// Reading and proving a certificate (docs/certificates.md, version 1).
#include "certificate_check.hpp"

#include <zlib.h>

#include <cstddef>
#include <cstdio>
#include <functional>
#include <map>
#include <string_view>
#include <unordered_map>


namespace grundy_check {
namespace {

// FNV-1a over 64 bits, written here again (the checker shares nothing).
std::uint64_t fnv1a64(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

struct Failure {
  std::size_t line;
  std::string message;
};

// A value as the certificate writes it: decimal, below 256 (a NoGo part of k
// empty points has at most 2k options, k <= 32; a Clobber part of k stones
// fewer than 4k, k <= 32).
bool read_value(std::string_view text, unsigned& out) {
  if (text.empty() || text.size() > 3) return false;
  unsigned v = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<unsigned>(c - '0');
  }
  if (text.size() > 1 && text[0] == '0') return false;
  out = v;
  return v < 256;
}

std::string shown(std::string_view text) {
  std::string out;
  for (const char c : text.substr(0, 80)) out += (c >= 32 && c < 127) ? c : '?';
  if (text.size() > 80) out += "…";
  return out;
}

// The game a certificate names, among `games`.
const GameRules* rules_of(const std::string& game, const std::vector<GameRules>& games) {
  for (const GameRules& rules : games)
    if (rules.name == game) return &rules;
  return nullptr;
}

// "nogo-row, clobber and cram": the games' names, for a message.
std::string names_of(const std::vector<GameRules>& games) {
  std::string out;
  for (std::size_t i = 0; i < games.size(); ++i)
    out += (i == 0 ? "" : i + 1 == games.size() ? " and " : ", ") + games[i].name;
  return out;
}

class Proof {
 public:
  explicit Proof(const GameRules& rules) : rules_(rules) {}

  // Claims: least image -> value and line.
  bool add_claim(const std::string& part, unsigned value, std::size_t line, Failure& failure) {
    const std::string key = rules_.part_key(part);
    if (key.empty()) {
      failure = {line, "'" + shown(part) + "' is not " + rules_.what_a_part_is};
      return false;
    }
    order_.push_back(key);
    if (!claims_.emplace(key, Claim{value, line}).second) {
      failure = {line, "the part " + part + " is claimed twice (line " + std::to_string(claims_[key].line) + ")"};
      return false;
    }
    return true;
  }

  // The xor of the parts' claimed values; false when one is not claimed (named in `missing`).
  bool claimed_value(const std::vector<std::string>& parts, unsigned& value, std::string* missing = nullptr) const {
    value = 0;
    for (const std::string& p : parts) {
      const auto it = claims_.find(p);
      if (it == claims_.end()) {
        if (missing) *missing = p;
        return false;
      }
      value ^= it->second.value;
    }
    return true;
  }

  // g(part) = value, from the claims of the positions its moves reach.
  bool prove(const std::string& part, unsigned value, std::size_t line, Failure& failure) const {
    std::uint64_t reached[4] = {0, 0, 0, 0};
    const std::string at = "the part " + part + " claimed " + std::to_string(value);
    for (const std::string& option : rules_.options(part)) {
      unsigned x = 0;
      if (claimed_value(rules_.parts(option), x)) {
        if (x == value) {
          failure = {line, at + " has an option of that value: " + option};
          return false;
        }
        reached[(x >> 6) & 3U] |= std::uint64_t{1} << (x & 63U);
        continue;
      }
      // Not valued by the claims: a reply from it to `value` shows it differs.
      bool refuted = false;
      for (const std::string& reply : rules_.options(option)) {
        if (claimed_value(rules_.parts(reply), x) && x == value) {
          refuted = true;
          break;
        }
      }
      if (!refuted) {
        failure = {line, at + ": its option " + option +
                             " has parts not all claimed and no reply whose claimed parts xor to " + std::to_string(value)};
        return false;
      }
    }
    for (unsigned u = 0; u < value; ++u) {
      if (((reached[u >> 6] >> (u & 63U)) & 1U) == 0) {
        failure = {line, at + " has no option of value " + std::to_string(u) + " among its options with claimed parts"};
        return false;
      }
    }
    return true;
  }

  // In the certificate's order, so that a refusal names the same claim every time.
  bool prove_all(Failure& failure) const {
    for (const std::string& part : order_) {
      const Claim& claim = claims_.at(part);
      if (!prove(part, claim.value, claim.line, failure)) return false;
    }
    return true;
  }

  [[nodiscard]] std::size_t size() const { return claims_.size(); }

 private:
  struct Claim {
    unsigned value;
    std::size_t line;
  };
  const GameRules& rules_;
  std::unordered_map<std::string, Claim> claims_;
  std::vector<std::string> order_;
};

}  // namespace

CheckResult check_certificate_text(const std::string& bytes, const std::vector<GameRules>& games) {
  CheckResult result;
  const auto fail = [&](std::size_t line, std::string message) {
    result.valid = false;
    result.line = line;
    result.message = std::move(message);
    return result;
  };
  // Lines, each ended by '\n'.
  std::vector<std::string_view> lines;
  std::vector<std::size_t> starts;
  for (std::size_t at = 0; at < bytes.size();) {
    const std::size_t end = bytes.find('\n', at);
    if (end == std::string::npos) return fail(lines.size() + 1, "the last line has no end (a certificate ends with its checksum line)");
    starts.push_back(at);
    lines.emplace_back(bytes.data() + at, end - at);
    at = end + 1;
  }
  if (lines.empty()) return fail(0, "the file is empty, not a certificate");
  constexpr std::string_view kHead = "grundy-certificate ";
  if (lines[0].substr(0, kHead.size()) != kHead) return fail(1, "not a grundy certificate (it begins '" + shown(lines[0]) + "')");
  if (lines[0] != "grundy-certificate 1")
    return fail(1, "a certificate of version '" + shown(lines[0].substr(kHead.size())) + "', and this checker reads version 1");
  result.version = 1;
  if (lines.size() < 2 || lines[1].substr(0, 5) != "game ")
    return fail(2, "the second line names no game ('game NAME', NAME one of " + names_of(games) + ")");
  result.game = std::string(lines[1].substr(5));
  const GameRules* rules = rules_of(result.game, games);
  if (rules == nullptr)
    return fail(2, "a certificate of the game '" + shown(result.game) + "', and this checker knows " + names_of(games));
  if (lines.size() < 3 || lines.back().substr(0, 17) != "checksum fnv1a64 ")
    return fail(lines.size(), "the last line is not the checksum ('checksum fnv1a64 <16 hex digits>')");

  Proof proof(*rules);
  Failure failure{0, ""};
  struct Root {
    std::string row;
    unsigned value;
    std::size_t line;
  };
  std::vector<Root> roots;
  for (std::size_t i = 2; i + 1 < lines.size(); ++i) {
    const std::string_view line = lines[i];
    const std::size_t first = line.find(' ');
    const std::size_t last = line.rfind(' ');
    if (first == std::string_view::npos || first == last)
      return fail(i + 1, "expected 'root POSITION VALUE' or 'part PART VALUE', found '" + shown(line) + "'");
    const std::string_view kind = line.substr(0, first);
    const std::string item(line.substr(first + 1, last - first - 1));
    unsigned value = 0;
    if (!read_value(line.substr(last + 1), value))
      return fail(i + 1, "'" + shown(line.substr(last + 1)) + "' is not a nim-value (0 to 255, decimal)");
    if (kind == "root") {
      if (!rules->is_root(item)) return fail(i + 1, "'" + shown(item) + "' is not " + rules->what_a_root_is);
      roots.push_back({item, value, i + 1});
    } else if (kind == "part") {
      if (!proof.add_claim(item, value, i + 1, failure)) return fail(failure.line, failure.message);
    } else {
      return fail(i + 1, "expected 'root' or 'part', found '" + shown(kind) + "'");
    }
  }
  if (roots.empty()) return fail(3, "the certificate names no root ('root POSITION VALUE')");
  // Each claim from smaller ones, then the roots from the claims.
  if (!proof.prove_all(failure)) return fail(failure.line, failure.message);
  for (const Root& root : roots) {
    const std::string position = rules->position_of_root(root.row);
    std::string missing;
    unsigned x = 0;
    const std::string named = rules->head + "(" + root.row + ")";
    if (!rules->is_position(position)) return fail(root.line, named + " has a group without a liberty: no game reaches it");
    if (!proof.claimed_value(rules->parts(position), x, &missing))
      return fail(root.line, named + ": its part " + missing + " is not claimed");
    if (x != root.value)
      return fail(root.line, named + " is claimed " + std::to_string(root.value) + ", but its parts' claims xor to " + std::to_string(x));
    result.roots.push_back({named, root.value});
  }
  // Last, the sum: a change the proof still accepts (a claim removed that
  // another reply replaces) is a change all the same.
  const std::string_view sum_text = lines.back().substr(17);
  char expected[17];
  std::snprintf(expected, sizeof expected, "%016llx",
                static_cast<unsigned long long>(fnv1a64(std::string_view(bytes.data(), starts.back()))));
  if (sum_text != expected)
    return fail(lines.size(), "the checksum " + shown(sum_text) + " does not match the text above it (" + expected +
                                  "): the certificate was changed after it was written");
  result.claims = proof.size();
  result.valid = true;
  return result;
}

CheckResult check_certificate_file(const std::string& path, const std::vector<GameRules>& games) {
  CheckResult result;
  gzFile file = gzopen(path.c_str(), "rb");
  if (file == nullptr) {
    result.message = "cannot open " + path;
    return result;
  }
  std::string bytes;
  char buffer[1 << 16];
  constexpr std::size_t kMostBytes = std::size_t{1} << 30;
  for (;;) {
    const int n = gzread(file, buffer, sizeof buffer);
    if (n < 0) {
      int code = 0;
      result.message = "cannot read " + path + ": " + gzerror(file, &code);
      gzclose(file);
      return result;
    }
    if (n == 0) break;
    bytes.append(buffer, static_cast<std::size_t>(n));
    if (bytes.size() > kMostBytes) {
      gzclose(file);
      result.message = path + " is more than 1 GiB uncompressed, larger than any certificate this checker reads";
      return result;
    }
  }
  gzclose(file);
  return check_certificate_text(bytes, games);
}

}  // namespace grundy_check
