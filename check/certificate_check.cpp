// Reading and proving a certificate (docs/certificates.md, version 1).
#include "certificate_check.hpp"

#include "claim_table.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <bitset>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>


namespace grundy_check {
namespace {

struct Failure {
  std::size_t line;
  std::string message;
};

// The longest line a certificate has: "root " or "part ", a term of at most
// 4096 letters, a value of three digits. A longer line is refused when it
// passes this, not read to its end (a gzip of a gigabyte without a newline).
constexpr std::size_t kLongestLine = 8192;
// The most a file holds uncompressed (docs/certificates.md's limits): its
// reading time's bound; its memory is the claims' (below).
constexpr std::size_t kMostBytes = std::size_t{1} << 30;
// The most the claims kept may take, counted as each claim's text and what a
// table's node, its pointer and its bucket cost beside it (96 bytes,
// measured with 1.4 million claims of nogo-1x25-28: 259 MB in all when its
// 43 MB text was held whole). The largest record holds 1.4 million claims,
// about 150 MB of this.
constexpr std::size_t kMostClaimBytes = std::size_t{1} << 30;
constexpr std::size_t kClaimOverhead = 96;
// The most roots: a sum of more components than this is refused by `grundy
// value` before any certificate (--max-components).
constexpr std::size_t kMostRoots = std::size_t{1} << 20;

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

// A set of values as a version-2 'not' line writes it: 1 to 16 lower-case
// hex digits, no leading zero, bit n the value n (so values 0 to 63), not 0.
bool read_value_set(std::string_view text, std::uint64_t& out) {
  if (text.empty() || text.size() > 16 || text[0] == '0') return false;
  std::uint64_t set = 0;
  for (const char c : text) {
    const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (digit < 0) return false;
    set = (set << 4) | static_cast<std::uint64_t>(digit);
  }
  out = set;
  return true;
}

// The options a version-4 'not' line reads: '-' (none) or numbers from 0,
// decimal without leading zeros, increasing, joined by ','; each below
// 2^16 (a part of the games here has fewer options than that).
bool read_option_numbers(std::string_view text, std::vector<std::uint32_t>& out) {
  out.clear();
  if (text == "-") return true;
  std::size_t at = 0;
  while (true) {
    const std::size_t end = std::min(text.find(',', at), text.size());
    const std::string_view number = text.substr(at, end - at);
    if (number.empty() || number.size() > 5 || (number.size() > 1 && number[0] == '0')) return false;
    std::uint32_t n = 0;
    for (const char c : number) {
      if (c < '0' || c > '9') return false;
      n = 10 * n + static_cast<std::uint32_t>(c - '0');
    }
    if (n >= 65536 || (!out.empty() && n <= out.back())) return false;
    out.push_back(n);
    if (end == text.size()) return true;
    at = end + 1;
  }
}

class Proof {
 private:
  struct Claim {
    unsigned value;
    std::uint64_t excluded;  // 0: an exact claim of `value`
    std::size_t line;
    // From version 3, the part as the certificate writes it: its options are
    // split in that orientation (a reduction such as Cram's diagonal-twin cut
    // depends on it; every orientation is sound, and the writer's is the one
    // its claims follow). Empty before: the least image serves.
    std::string written;
    // From version 4, a 'not' claim's options to read, by their numbers in
    // the rules file's order (the others count as of any value: fewer
    // values ruled out, never more, so the proof stays sound); `named` false:
    // every option.
    bool named = false;
    std::vector<std::uint32_t> read;
  };
  // Values 0..255 (a claim's values are below 256; a part of the games here
  // has fewer than 256 options, so its mex is below 256 too).
  static constexpr unsigned kValues = 256;
  using Values = std::bitset<kValues>;

 public:
  Proof(const GameRules& rules, int version) : rules_(rules), version_(version) {}

  // Claims: least image -> value (or the values it has not) and line.
  bool add_claim(const std::string& part, unsigned value, std::size_t line, Failure& failure) {
    return add(part, Claim{value, 0, line, version_ >= 3 ? part : std::string(), false, {}}, failure);
  }
  // Version 2: g(part) is none of the values of `excluded` (bit n: value n);
  // version 4: `read` names the options its proof reads.
  bool add_exclusion(const std::string& part, std::uint64_t excluded, std::size_t line, Failure& failure,
                     const std::vector<std::uint32_t>* read = nullptr) {
    return add(part, Claim{0, excluded, line, version_ >= 3 ? part : std::string(), read != nullptr,
                           read != nullptr ? *read : std::vector<std::uint32_t>()},
               failure);
  }

  // The xor of the parts' claimed values; false when one is not claimed (named in `missing`).
  bool claimed_value(const std::vector<std::string>& parts, unsigned& value, std::string* missing = nullptr) const {
    value = 0;
    for (const std::string& p : parts) {
      const Claim* claim = claims_.find(p);
      if (claim == nullptr || claim->excluded != 0) {
        if (missing) *missing = p;
        return false;
      }
      value ^= claim->value;
    }
    return true;
  }

  // g(part) = value, from the claims of the positions its moves reach.
  bool prove(const std::string& part, unsigned value, std::size_t line, Failure& failure) const {
    std::uint64_t reached[4] = {0, 0, 0, 0};
    const std::string at = "the part " + part + " claimed " + std::to_string(value);
    for (const std::string& option : rules_.options(part)) {
      unsigned x = 0;
      if (claimed_value(split(option), x)) {
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
        if (claimed_value(split(reply), x) && x == value) {
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

  // Version 2 (docs/certificates.md): what the claims say of each option's
  // value, then which values the part can have at all. A part's value v is the
  // mex of its options' values, so v is possible only if no option surely has
  // v and the values 0..v-1 go to distinct options that may have them (a
  // matching: Kuhn's augmenting paths). The claim holds if every value it
  // rules out is impossible so.
  bool prove_version_2(const std::string& part, const Claim& claim, Failure& failure) const {
    // From version 3: a part the rules show to be 0 (Cram: the mirror
    // strategy) has every claim that 0 satisfies, without its options.
    const bool claims_zero = claim.excluded == 0 ? claim.value == 0 : (claim.excluded & 1U) == 0;
    if (version_ >= 3 && claims_zero && rules_.zero_by_strategy && rules_.zero_by_strategy(part)) return true;
    // The options read (`options`, option k numbered numbers[k]): every one,
    // or from version 4 those a "not" claim names; `count` of them in all.
    std::vector<std::string> options;
    std::vector<std::uint32_t> numbers;
    const std::size_t count = claim.named ? named_options(part, claim.read, options) : all_options(part, options, numbers);
    if (claim.named) {
      for (const std::uint32_t i : claim.read) {
        if (i < count) continue;
        failure = {claim.line, "the part " + part + " has " + std::to_string(count) +
                                   " options, and its claim names option " + std::to_string(i) + " (numbered from 0)"};
        return false;
      }
      numbers = claim.read;
    }
    Values any;
    any.set();
    std::vector<Values> may(count, any);
    // A claim "none of SET" holds at once when each value of SET is surely an
    // option's (g(part) is the mex: never an option's value); options are read
    // only until they are (most claims of a certificate: one option).
    std::uint64_t untaken = claim.excluded;
    for (std::size_t k = 0; k < options.size(); ++k) {
      Values& m = may[numbers[k]];
      m = values_of(options[k]);
      if (untaken == 0 || m.count() != 1) continue;
      for (unsigned v = 0; v < 64; ++v)
        if (m.test(v)) untaken &= ~(std::uint64_t{1} << v);
      if (untaken == 0) return true;
    }
    const Values possible = possible_values(may);
    const std::string at =
        claim.excluded == 0 ? "the part " + part + " claimed " + std::to_string(claim.value)
                            : "the part " + part + " claimed to have none of the values " + listed(claim.excluded);
    for (unsigned v = 0; v < kValues; ++v) {
      const bool ruled_out = claim.excluded == 0 ? v != claim.value : v < 64 && ((claim.excluded >> v) & 1U) != 0;
      if (!ruled_out || !possible.test(v)) continue;
      // What the claims leave open, named for the reader.
      for (std::size_t k = 0; k < options.size(); ++k) {
        const Values& m = may[numbers[k]];
        if (claim.excluded == 0 && v > claim.value && m.test(claim.value) && m.count() > 1) {
          failure = {claim.line, at + ": its option " + options[k] + " may have the value " +
                                         std::to_string(claim.value) + " (its parts' claims do not rule it out)"};
          return false;
        }
      }
      failure = {claim.line, at + ", but its options' claims leave the value " + std::to_string(v) + " possible"};
      return false;
    }
    return true;
  }

  // Every claim, on `threads` threads (0: one for each core). Each claim is
  // proven from the others alone, so claims are proven in any order and at
  // once; a refusal names the first refused claim in the certificate's
  // order, the same claim whatever the thread count: claims are taken in
  // blocks, in order, and no block past a refused claim is begun.
  bool prove_all(Failure& failure, unsigned threads) const {
    const std::size_t count = claims_.size();
    constexpr std::size_t kBlock = 64;
    const std::size_t blocks = (count + kBlock - 1) / kBlock;
    if (threads == 0) threads = std::max(1U, std::thread::hardware_concurrency());
    threads = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(blocks, 1)));
    std::atomic<std::size_t> next_block{0};
    std::atomic<std::size_t> first_refused{count};  // the index of the first claim refused
    std::mutex refusal;
    Failure first{0, ""};
    const auto prove_blocks = [&] {
      for (;;) {
        const std::size_t block = next_block.fetch_add(1);
        if (block >= blocks || block * kBlock >= first_refused.load()) return;
        for (std::size_t i = block * kBlock; i < std::min(count, (block + 1) * kBlock); ++i) {
          const Claim& claim = claims_[i].value;
          const std::string& part = claim.written.empty() ? claims_[i].key : claim.written;
          Failure here{0, ""};
          const bool proven =
              version_ >= 2 ? prove_version_2(part, claim, here) : prove(part, claim.value, claim.line, here);
          if (proven) continue;
          const std::lock_guard<std::mutex> hold(refusal);
          if (i < first_refused.load()) {
            first_refused.store(i);
            first = std::move(here);
          }
          break;
        }
      }
    };
    std::exception_ptr thrown;  // a thread's exception (memory), raised again here
    const auto work = [&] {
      try {
        prove_blocks();
      } catch (...) {
        const std::lock_guard<std::mutex> hold(refusal);
        if (!thrown) thrown = std::current_exception();
        first_refused.store(0);  // the others stop
      }
    };
    std::vector<std::thread> helpers;
    for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(work);
    work();
    for (std::thread& helper : helpers) helper.join();
    if (thrown) std::rethrow_exception(thrown);
    if (first_refused.load() == count) return true;
    failure = std::move(first);
    return false;
  }

  [[nodiscard]] std::size_t size() const { return claims_.size(); }

  // The parts of a position as this version splits it: from version 3 with
  // the reductions of the game's rules file, when it has any.
  [[nodiscard]] std::vector<std::string> split(const std::string& position) const {
    return version_ >= 3 && rules_.reduced_parts ? rules_.reduced_parts(position, version_) : rules_.parts(position);
  }

 private:

  // Every option of `part` into `out`, numbered 0, 1, ...; how many.
  std::size_t all_options(const std::string& part, std::vector<std::string>& out,
                          std::vector<std::uint32_t>& numbers) const {
    out = rules_.options(part);
    numbers.resize(out.size());
    for (std::size_t i = 0; i < out.size(); ++i) numbers[i] = static_cast<std::uint32_t>(i);
    return out.size();
  }
  // The options of `part` numbered `numbers` (increasing) into `out`, those
  // past the last left out; how many options the part has. Made alone where
  // the rules file can (GameRules::named_options), else picked from all.
  std::size_t named_options(const std::string& part, const std::vector<std::uint32_t>& numbers,
                            std::vector<std::string>& out) const {
    if (rules_.named_options) return rules_.named_options(part, numbers, out);
    std::vector<std::string> all = rules_.options(part);
    out.clear();
    for (const std::uint32_t i : numbers)
      if (i < all.size()) out.push_back(std::move(all[i]));
    return all.size();
  }

  static std::string listed(std::uint64_t set) {
    std::string out = "{";
    for (unsigned v = 0; v < 64; ++v)
      if ((set >> v) & 1U) out += (out.size() > 1 ? ", " : "") + std::to_string(v);
    return out + "}";
  }

  bool add(const std::string& part, Claim claim, Failure& failure) {
    const std::string key = rules_.part_key(part);
    if (key.empty()) {
      failure = {claim.line, "'" + shown(part) + "' is not " + rules_.what_a_part_is};
      return false;
    }
    const auto [entry, fresh] = claims_.emplace(key, std::move(claim));
    if (!fresh) {
      failure = {claim.line, "the part " + part + " is claimed twice (line " + std::to_string(entry->value.line) + ")"};
      return false;
    }
    return true;
  }

  // The values an option may have by the claims of its parts: two equal
  // parts cancel (G + G = 0); parts all claimed exactly give one value; all
  // but one claimed exactly and that one claimed to have none of a set, the
  // others' xor shifts the set; anything else, every value.
  Values values_of(const std::string& option) const {
    std::vector<std::string> parts = split(option);
    std::sort(parts.begin(), parts.end());
    unsigned x = 0;
    const Claim* open = nullptr;
    std::size_t unknown = 0;
    Values all;
    all.set();
    for (std::size_t i = 0; i < parts.size(); ++i) {
      if (i + 1 < parts.size() && parts[i] == parts[i + 1]) {
        ++i;  // the pair cancels
        continue;
      }
      const Claim* claim = claims_.find(parts[i]);
      if (claim == nullptr) return all;
      if (claim->excluded == 0) {
        x ^= claim->value;
        continue;
      }
      open = claim;
      ++unknown;
    }
    Values out;
    if (unknown == 0) {
      out.set(x);
      return out;
    }
    if (unknown > 1) return all;
    out = all;
    for (unsigned e = 0; e < 64; ++e)
      if ((open->excluded >> e) & 1U) out.reset(e ^ x);  // x < 256: e ^ x < 256
    return out;
  }

  // The values a part whose options may have `may` can have (see prove_version_2).
  static Values possible_values(const std::vector<Values>& may) {
    Values forced;  // values some option surely has
    for (const Values& m : may)
      if (m.count() == 1)
        for (unsigned v = 0; v < kValues; ++v)
          if (m.test(v)) forced.set(v);
    Values possible;
    std::vector<int> value_of(may.size(), -1);  // the value an option is matched to
    for (unsigned v = 0; v < kValues; ++v) {
      // 0..v-1 are matched: v is possible unless an option surely has it.
      if (!forced.test(v)) possible.set(v);
      // Then v itself is matched to an option, or no larger value is possible.
      std::vector<char> seen(may.size(), 0);
      if (!augment(v, may, value_of, seen)) break;
    }
    return possible;
  }

  static bool augment(unsigned v, const std::vector<Values>& may, std::vector<int>& value_of, std::vector<char>& seen) {
    for (std::size_t o = 0; o < may.size(); ++o) {
      if (!may[o].test(v) || seen[o]) continue;
      seen[o] = 1;
      if (value_of[o] < 0 || augment(static_cast<unsigned>(value_of[o]), may, value_of, seen)) {
        value_of[o] = static_cast<int>(v);
        return true;
      }
    }
    return false;
  }

  const GameRules& rules_;
  int version_;
  ClaimTable<Claim> claims_;  // in the certificate's order
};

// A certificate read a line at a time (docs/certificates.md, version 1): a
// line is refused when it arrives, so the memory is what the claims keep
// (the line being read aside, at most kLongestLine), whatever the file holds.
// The checksum line is the last one; a line is proven to be a root or a claim
// only once the next line shows it was not the last.
class Reading {
 public:
  Reading(const std::vector<GameRules>& games, unsigned threads) : games_(games), threads_(threads) {}

  // The next line, without its '\n'; false once the certificate is refused.
  bool line(std::string_view text) {
    if (refused()) return false;
    ++number_;
    if (number_ == 1) return header(text);
    if (number_ == 2) return game(text);
    // Refused at once where no line of a certificate looks so (not even its last).
    if (text.empty())
      return fail(number_, 1, "a blank line, and a certificate has none (every line is 'root', 'part'" +
                                  std::string(result_.version >= 2 ? ", 'not'" : "") + " or the checksum)");
    if (!starts(text, "root ") && !starts(text, "part ") && !(result_.version >= 2 && starts(text, "not ")) &&
        !starts(text, kChecksum)) {
      const std::size_t space = text.find(' ');
      return fail(number_, 1,
                  "expected 'root POSITION VALUE', 'part PART VALUE'" +
                      std::string(result_.version >= 2 ? ", 'not PART VALUES'" : "") + " or the checksum line, found '" +
                      shown(text.substr(0, space)) + "'");
    }
    if (pending_line_ != 0 && !item(pending_, pending_line_)) return false;
    if (pending_line_ != 0) add_to_sum(pending_);
    pending_.assign(text);
    pending_line_ = number_;
    return true;
  }

  // The end of the file; `unended`: bytes after its last '\n' (none in a certificate).
  CheckResult finish(std::string_view unended) {
    if (refused()) return result_;
    if (!unended.empty()) {
      fail(number_ + 1, 0, "the last line has no end (a certificate ends with its checksum line)");
      return result_;
    }
    if (number_ == 0) {
      fail(0, 0, "the file is empty, not a certificate");
      return result_;
    }
    if (number_ == 1) {
      fail(2, 0, "the second line names no game ('game NAME', NAME one of " + names_of(games_) + ")");
      return result_;
    }
    if (pending_line_ == 0 || !starts(pending_, kChecksum)) {
      fail(number_, 0, "the last line is not the checksum ('checksum fnv1a64 <16 hex digits>')");
      return result_;
    }
    if (roots_.empty()) {
      fail(3, 0, "the certificate names no root ('root POSITION VALUE')");
      return result_;
    }
    // Each claim from smaller ones, then the roots from the claims.
    Failure failure{0, ""};
    if (!proof_->prove_all(failure, threads_)) {
      fail(failure.line, 0, failure.message);
      return result_;
    }
    for (const Root& root : roots_) {
      const std::string position = rules_->position_of_root(root.row);
      std::string missing;
      unsigned x = 0;
      const std::string named = rules_->head + "(" + root.row + ")";
      if (!rules_->is_position(position)) {
        fail(root.line, 0, named + " has a group without a liberty: no game reaches it");
        return result_;
      }
      if (!proof_->claimed_value(proof_->split(position), x, &missing)) {
        fail(root.line, 0, named + ": its part " + missing + " is not claimed");
        return result_;
      }
      if (x != root.value) {
        fail(root.line, 0, named + " is claimed " + std::to_string(root.value) + ", but its parts' claims xor to " +
                               std::to_string(x));
        return result_;
      }
      result_.roots.push_back({named, root.value});
    }
    // Last, the sum: a change the proof still accepts (a claim removed that
    // another reply replaces) is a change all the same.
    const std::string_view sum_text = std::string_view(pending_).substr(kChecksum.size());
    char expected[17];
    std::snprintf(expected, sizeof expected, "%016llx", static_cast<unsigned long long>(sum_));
    if (sum_text != expected) {
      fail(pending_line_, 0, "the checksum " + shown(sum_text) + " does not match the text above it (" + expected +
                                 "): the certificate was changed after it was written");
      return result_;
    }
    result_.claims = proof_->size();
    result_.valid = true;
    return result_;
  }

  [[nodiscard]] bool refused() const noexcept { return !result_.message.empty(); }
  // A refusal from outside the lines (a line too long, a read that failed).
  void refuse(std::size_t line, std::string message) { fail(line, 0, std::move(message)); }
  [[nodiscard]] std::size_t lines() const noexcept { return number_; }
  [[nodiscard]] CheckResult result() const { return result_; }

 private:
  static constexpr std::string_view kChecksum = "checksum fnv1a64 ";
  struct Root {
    std::string row;
    unsigned value;
    std::size_t line;
  };

  static bool starts(std::string_view text, std::string_view with) { return text.substr(0, with.size()) == with; }

  bool fail(std::size_t line, std::size_t column, std::string message) {
    result_.valid = false;
    result_.line = line;
    result_.column = column;
    result_.message = std::move(message);
    return false;
  }

  // FNV-1a over 64 bits, written here again (the checker shares nothing),
  // of the line and its '\n'.
  void add_to_sum(std::string_view text) {
    for (const char c : text) {
      sum_ ^= static_cast<unsigned char>(c);
      sum_ *= 0x100000001b3ULL;
    }
    sum_ ^= static_cast<unsigned char>('\n');
    sum_ *= 0x100000001b3ULL;
  }

  bool header(std::string_view text) {
    constexpr std::string_view kHead = "grundy-certificate ";
    if (!starts(text, kHead)) return fail(1, 1, "not a grundy certificate (it begins '" + shown(text) + "')");
    if (text != "grundy-certificate 1" && text != "grundy-certificate 2" && text != "grundy-certificate 3" &&
        text != "grundy-certificate 4")
      return fail(1, kHead.size() + 1,
                  "a certificate of version '" + shown(text.substr(kHead.size())) +
                      "', and this checker reads versions 1, 2, 3 and 4");
    result_.version = text.back() - '0';
    add_to_sum(text);
    return true;
  }

  bool game(std::string_view text) {
    if (!starts(text, "game "))
      return fail(2, 1, "the second line names no game ('game NAME', NAME one of " + names_of(games_) + ")");
    result_.game = std::string(text.substr(5));
    rules_ = rules_of(result_.game, games_);
    if (rules_ == nullptr)
      return fail(2, 6, "a certificate of the game '" + shown(result_.game) + "', and this checker knows " + names_of(games_));
    proof_.emplace(*rules_, result_.version);
    add_to_sum(text);
    return true;
  }

  // A line that is not the last: a root or a claim.
  bool item(std::string_view line, std::size_t at) {
    const std::size_t first = line.find(' ');
    const std::size_t last = line.rfind(' ');
    if (first == std::string_view::npos || first == last)
      return fail(at, 1, "expected 'root POSITION VALUE' or 'part PART VALUE', found '" + shown(line) + "'");
    const std::string_view kind = line.substr(0, first);
    const std::string thing(line.substr(first + 1, last - first - 1));
    if (kind == "not") {
      // Version 4: 'not PART SET OPTIONS', the options to read last.
      std::string_view set_text = line.substr(last + 1);
      std::string part = thing;
      std::size_t set_at = last;
      std::vector<std::uint32_t> read;
      if (result_.version >= 4) {
        const std::size_t middle = line.rfind(' ', last - 1);
        if (middle == std::string_view::npos || middle <= first)
          return fail(at, 1, "expected 'not PART VALUES OPTIONS', found '" + shown(line) + "'");
        if (!read_option_numbers(line.substr(last + 1), read))
          return fail(at, last + 2, "'" + shown(line.substr(last + 1)) +
                                        "' is not a list of options (numbers from 0, increasing, joined by ',', "
                                        "or '-' for none)");
        part = std::string(line.substr(first + 1, middle - first - 1));
        set_text = line.substr(middle + 1, last - middle - 1);
        set_at = middle;
      }
      std::uint64_t excluded = 0;
      if (!read_value_set(set_text, excluded))
        return fail(at, set_at + 2, "the part " + shown(part) + ": '" + shown(set_text) +
                                        "' is not a set of values (1 to 16 lower-case hex digits, bit n the value n, not 0)");
      if (!keep_claim(part, at, sizeof(std::uint32_t) * read.size())) return false;
      Failure failure{0, ""};
      if (!proof_->add_exclusion(part, excluded, at, failure, result_.version >= 4 ? &read : nullptr))
        return fail(failure.line, first + 2, failure.message);
      return true;
    }
    unsigned value = 0;
    if (!read_value(line.substr(last + 1), value))
      return fail(at, last + 2, "'" + shown(line.substr(last + 1)) + "' is not a nim-value (0 to 255, decimal)");
    if (kind == "root") {
      if (!rules_->is_root(thing)) return fail(at, first + 2, "'" + shown(thing) + "' is not " + rules_->what_a_root_is);
      if (roots_.size() == kMostRoots)
        return fail(at, 1, "more than " + std::to_string(kMostRoots) + " roots, more components than any sum grundy certifies");
      roots_.push_back({thing, value, at});
      return true;
    }
    if (kind == "part") {
      if (!keep_claim(thing, at)) return false;
      Failure failure{0, ""};
      if (!proof_->add_claim(thing, value, at, failure)) return fail(failure.line, first + 2, failure.message);
      return true;
    }
    // "checksum fnv1a64 …" before the last line.
    return fail(at, 1, "expected 'root' or 'part', found '" + shown(kind) + "' (the checksum is the last line)");
  }

  // Counts a claim's memory against the bound; false (refused) past it.
  bool keep_claim(const std::string& thing, std::size_t at, std::size_t more = 0) {
    claim_bytes_ += thing.size() + kClaimOverhead + more;
    if (claim_bytes_ > kMostClaimBytes)
      return fail(at, 1, "the claims kept pass the checker's bound of 1 GiB (" + std::to_string(proof_->size()) +
                             " claims so far): more than any certificate grundy writes");
    return true;
  }

  const std::vector<GameRules>& games_;
  unsigned threads_;
  const GameRules* rules_ = nullptr;
  std::optional<Proof> proof_;
  std::vector<Root> roots_;
  CheckResult result_;
  std::size_t number_ = 0;
  std::string pending_;          // the last line read, a claim or root unless it is the last
  std::size_t pending_line_ = 0;  // its number; 0: none yet
  std::uint64_t sum_ = 0xcbf29ce484222325ULL;  // FNV-1a of every line before pending_
  std::size_t claim_bytes_ = 0;
};

// Splits what arrives into lines for a Reading, keeping at most one line
// (kLongestLine) of it.
class LineSplitter {
 public:
  explicit LineSplitter(Reading& reading) : reading_(reading) {}
  // False once the certificate is refused.
  bool add(std::string_view bytes) {
    while (!bytes.empty()) {
      const std::size_t end = bytes.find('\n');
      const std::string_view piece = bytes.substr(0, end);
      if (partial_.size() + piece.size() > kLongestLine) {
        reading_.refuse(reading_.lines() + 1, "the line is longer than " + std::to_string(kLongestLine) +
                                                  " bytes, longer than any line of a certificate");
        return false;
      }
      if (end == std::string_view::npos) {
        partial_.append(piece);
        return true;
      }
      bool going = false;
      if (partial_.empty()) {
        going = reading_.line(piece);
      } else {
        partial_.append(piece);
        going = reading_.line(partial_);
        partial_.clear();
      }
      if (!going) return false;
      bytes.remove_prefix(end + 1);
    }
    return true;
  }
  CheckResult finish() { return reading_.finish(partial_); }

 private:
  Reading& reading_;
  std::string partial_;
};

}  // namespace

CheckResult check_certificate_text(const std::string& bytes, const std::vector<GameRules>& games, unsigned threads) {
  Reading reading(games, threads);
  LineSplitter lines(reading);
  if (!lines.add(bytes)) return reading.result();
  return lines.finish();
}

CheckResult check_certificate_descriptor(int descriptor, const std::string& name, const std::vector<GameRules>& games,
                                         unsigned threads) {
  Reading reading(games, threads);
  // gzdopen owns what it is given and closes it: a copy, so the caller's stays open.
  const int own = ::dup(descriptor);
  gzFile file = own < 0 ? nullptr : gzdopen(own, "rb");
  if (file == nullptr) {
    if (own >= 0) ::close(own);
    reading.refuse(0, "cannot read " + name + " (" + std::strerror(errno) + ")");
    return reading.result();
  }
  LineSplitter lines(reading);
  std::vector<char> buffer(std::size_t{1} << 16);
  std::size_t total = 0;
  for (;;) {
    const int n = gzread(file, buffer.data(), static_cast<unsigned>(buffer.size()));
    if (n < 0) {
      int code = 0;
      reading.refuse(0, "cannot read " + name + ": " + gzerror(file, &code));
      gzclose(file);
      return reading.result();
    }
    if (n == 0) break;
    total += static_cast<std::size_t>(n);
    if (total > kMostBytes) {
      gzclose(file);
      reading.refuse(0, name + " is more than 1 GiB uncompressed, larger than any certificate this checker reads");
      return reading.result();
    }
    if (!lines.add(std::string_view(buffer.data(), static_cast<std::size_t>(n)))) {
      gzclose(file);
      return reading.result();
    }
  }
  gzclose(file);
  return lines.finish();
}

CheckResult check_certificate_file(const std::string& path, const std::vector<GameRules>& games, unsigned threads) {
  CheckResult result;
  if (path.empty()) {
    result.message = "the certificate's name is empty";
    return result;
  }
  // Without waiting (a FIFO opens at once, to be refused below), and the
  // reason when it fails (a missing file, a loop of links, no permission).
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (descriptor < 0) {
    result.message = "cannot open " + path + " (" + std::strerror(errno) + ")";
    return result;
  }
  struct stat st {};
  if (::fstat(descriptor, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(descriptor);
    result.message = path + " is not a regular file (a certificate is a file grundy wrote: no device, FIFO or folder)";
    return result;
  }
  result = check_certificate_descriptor(descriptor, path, games, threads);
  ::close(descriptor);
  return result;
}

}  // namespace grundy_check
