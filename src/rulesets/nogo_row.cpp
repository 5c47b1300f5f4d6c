// One-row NoGo by the definition over 8-byte parts (nogo_row.hpp says why the
// split is sound).
#include "rulesets/nogo_row.hpp"

#include "rulesets/nogo_row_masks.hpp"
#include "grundy/search/part_engine_definitions.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <memory>

#include "grundy/core/input_error.hpp"

namespace grundy::nogo_row {
namespace {

bool is_end(char s) { return s == '#' || s == '_' || s == 'x' || s == 'o'; }
bool is_stone(char s) { return s == 'X' || s == 'O' || s == 'x' || s == 'o'; }
bool is_mortal(char s) { return s == 'X' || s == 'O'; }
bool is_immortal(char s) { return s == 'x' || s == 'o'; }
bool is_liberty(char s) { return s == '.' || s == '_'; }
char colour_of(char s) { return s == 'x' ? 'X' : s == 'o' ? 'O' : s; }

// Whether `colour` may be placed on the empty point w[i], w a row whose runs
// are merged and whose first and last letters are ends. A mortal stone beside
// i is its whole run, so its other liberty is the letter past it.
bool legal(const char* w, std::size_t i, char colour) {
  const char left = w[i - 1];
  const char right = w[i + 1];
  // The new stone's group: i with the runs of its colour beside it.
  bool breathes = is_liberty(left) || is_liberty(right);
  if (colour_of(left) == colour) breathes = breathes || is_immortal(left) || is_liberty(w[i - 2]);
  if (colour_of(right) == colour) breathes = breathes || is_immortal(right) || is_liberty(w[i + 2]);
  if (!breathes) return false;
  // A mortal run of the other colour beside i keeps its other end.
  const char other = colour == 'X' ? 'O' : 'X';
  if (left == other && !is_liberty(w[i - 2])) return false;
  if (right == other && !is_liberty(w[i + 2])) return false;
  return true;
}

// The parts of `row` (its first and last letters ends), each given to
// on_part(letters, length) with its two ends: the definition of the split,
// letter by letter (the search lists options by masks, nogo_row_masks.hpp,
// held equal to this).
template <class F>
void split(const char* row, std::size_t n, F&& on_part) {
  char local[96];
  std::unique_ptr<char[]> heap;
  char* w = local;
  if (n > sizeof local) {
    heap = std::make_unique<char[]>(n);
    w = heap.get();
  }
  // Runs of one colour as one stone (immortal when any of it is).
  std::size_t m = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const char s = row[i];
    if (is_stone(s) && m > 0 && is_stone(w[m - 1]) && colour_of(w[m - 1]) == colour_of(s)) {
      if (is_immortal(s)) w[m - 1] = s;
      continue;
    }
    w[m++] = s;
  }
  // Points nobody may ever play stay empty for good (nogo.cpp's proof). One
  // pass: '_' is a liberty as '.' is, so marking one changes no other point's
  // legality (legal() asks only whether a letter is a liberty or a stone).
  for (std::size_t i = 1; i + 1 < m; ++i) {
    if (w[i] == '.' && !legal(w, i, 'X') && !legal(w, i, 'O')) w[i] = '_';
  }
  // Stones beside them are immortal.
  for (std::size_t i = 1; i + 1 < m; ++i) {
    if (is_mortal(w[i]) && (w[i - 1] == '_' || w[i + 1] == '_')) w[i] = static_cast<char>(w[i] - 'A' + 'a');
  }
  // Cut at ends and between mortal stones of both colours.
  char part[kLongestPart + 3];
  std::string long_part;
  std::size_t begin = 0;  // the left end of the part being read
  const auto close = [&](std::size_t end_at, char right_end, std::size_t next_begin) {
    // w[begin] is the left end, w[begin+1 .. end_at) the inside.
    const std::size_t inside = end_at - begin - 1;
    bool empty_point = false;
    for (std::size_t k = begin + 1; k < end_at; ++k) empty_point = empty_point || w[k] == '.';
    if (empty_point) {
      char* p = part;
      if (inside > kLongestPart) {
        long_part.resize(inside + 2);
        p = long_part.data();
      }
      p[0] = is_stone(w[begin + 1]) ? '#' : w[begin];
      std::memcpy(p + 1, w + begin + 1, inside);
      p[inside + 1] = is_stone(w[end_at - 1]) ? '#' : right_end;
      on_part(static_cast<const char*>(p), inside + 2);
    }
    begin = next_begin;
  };
  for (std::size_t i = 1; i < m; ++i) {
    if (is_end(w[i])) {
      close(i, w[i], i);
    } else if (is_mortal(w[i]) && i + 1 < m && is_mortal(w[i + 1]) && w[i + 1] != w[i]) {
      // The part goes on to w[i] and ends with '#'; the next starts at '#' before w[i+1].
      close(i + 1, '#', i);
      w[i] = '#';
    }
  }
}

// 2 bits a letter, every field at an even bit: ends # _ x o as 0 1 2 3,
// inside . X O as 1 2 3 (least_key, nogo_row_masks.hpp, exchanges colours).
std::uint64_t end_code(char s) { return s == '#' ? 0 : s == '_' ? 1 : s == 'x' ? 2 : 3; }
std::uint64_t inside_code(char s) { return s == '.' ? 1 : s == 'X' ? 2 : 3; }
constexpr char kEndLetter[] = {'#', '_', 'x', 'o'};
constexpr char kInsideLetter[] = {'?', '.', 'X', 'O'};

// The least key of the part's four images, reversed and colours exchanged (0
// when its inside is too long).
std::uint64_t key_of(const char* p, std::size_t n) {
  const std::size_t inside = n - 2;
  if (inside > kLongestPart) return 0;
  std::uint64_t forward = 0;
  std::uint64_t backward = 0;
  for (std::size_t k = 0; k < inside; ++k) {
    const std::uint64_t code = inside_code(p[1 + k]);
    forward = forward << 2 | code;
    backward |= code << (2 * k);
  }
  const std::uint64_t left = end_code(p[0]);
  const std::uint64_t right = end_code(p[n - 1]);
  forward |= left << 62 | right << 60;
  backward |= right << 62 | left << 60;
  return least_key(forward, backward);
}

// The letters of a key, ends included; returns their count.
std::size_t letters_of(std::uint64_t key, char* out) {
  const std::uint64_t inside_bits = key & ((std::uint64_t{1} << 60) - 1);
  const auto inside = static_cast<std::size_t>((std::bit_width(inside_bits) + 1) / 2);
  out[0] = kEndLetter[key >> 62];
  for (std::size_t k = 0; k < inside; ++k) out[1 + k] = kInsideLetter[(inside_bits >> (2 * (inside - 1 - k))) & 3U];
  out[inside + 1] = kEndLetter[(key >> 60) & 3U];
  return inside + 2;
}

std::string text_of(std::uint64_t key) {
  char letters[kLongestPart + 2];
  return std::string(letters, letters_of(key, letters));
}

// The keys of a row's parts (false when one is too long).
bool keys_of_row(std::string_view row, std::vector<std::uint64_t>& keys) {
  std::string bordered = "#";
  bordered += row;
  bordered += '#';
  bool fits = true;
  split(bordered.data(), bordered.size(), [&](const char* p, std::size_t n) {
    const std::uint64_t key = key_of(p, n);
    if (key == 0) fits = false;
    keys.push_back(key);
  });
  return fits;
}

// Every option of a part by its letters: on_option(keys of its parts, count)
// (the definition the search's options by masks are held to).
template <class F>
void options_by_letters(std::uint64_t key, F&& on_option) {
  char letters[kLongestPart + 2];
  const std::size_t n = letters_of(key, letters);
  char after[kLongestPart + 2];
  std::uint64_t parts[kLongestPart + 2];
  for (std::size_t i = 1; i + 1 < n; ++i) {
    if (letters[i] != '.') continue;
    for (const char colour : {'X', 'O'}) {
      if (!legal(letters, i, colour)) continue;
      std::memcpy(after, letters, n);
      after[i] = colour;
      std::size_t count = 0;
      split(after, n, [&](const char* p, std::size_t len) { parts[count++] = key_of(p, len); });
      on_option(static_cast<const std::uint64_t*>(parts), count);
    }
  }
}

}  // namespace

struct RowRules {
  template <class F>
  static void for_each_option(std::uint64_t key, F&& on_option) {
    options_by_masks(key, kLongestPart, on_option);
  }
  // A claim's cost: the part's points.
  static std::size_t weight(std::uint64_t key) {
    return static_cast<std::size_t>(std::bit_width(key & ((std::uint64_t{1} << 60) - 1)));
  }
  static constexpr const char* kWhat = "one-row NoGo";
  static constexpr const char* kCertificateGame = "nogo-row";
  static bool keys_of_board(const std::string& row, std::vector<std::uint64_t>& keys) { return keys_of_row(row, keys); }
  static std::string text_of(std::uint64_t key) { return nogo_row::text_of(key); }
  static std::string too_large() {
    return "has a part longer than " + std::to_string(kLongestPart) + " points";
  }
};

std::vector<std::vector<std::uint64_t>> option_keys(std::string_view row, bool by_masks) {
  std::vector<std::uint64_t> keys;
  std::vector<std::vector<std::uint64_t>> out;
  if (!keys_of_row(row, keys)) return out;
  for (const std::uint64_t key : keys) {
    const auto add = [&](const std::uint64_t* parts, std::size_t count) { out.emplace_back(parts, parts + count); };
    if (by_masks) {
      options_by_masks(key, kLongestPart, add);
    } else {
      options_by_letters(key, add);
    }
  }
  return out;
}

}  // namespace grundy::nogo_row

namespace grundy::search {
template class PartEngine<nogo_row::RowRules, std::string>;
}  // namespace grundy::search
