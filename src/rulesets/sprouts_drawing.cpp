// Sprouts drawings: the notation, the moves, the lands and the canonical text
// (sprouts_drawing.hpp says what a drawing is and which reductions it keeps).
#include "rulesets/sprouts_drawing.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <numeric>
#include <utility>

#include "grundy/core/input_error.hpp"

namespace grundy::sprouts {
namespace {

using Spot = Drawing::Spot;
using Boundary = Drawing::Boundary;
using Region = Drawing::Region;

[[noreturn]] void fail(const std::string& message, std::size_t column) {
  throw InputError(message, SourceLocation{.file = "", .line = 0, .column = column});
}

// The lives the spots of a region can give: each spot counted once (a spot
// written twice in a region still has one life).
// Linear in the region's spots (a list of those seen made a region of n lone
// spots quadratic: 0*256's first options took 7 s).
std::size_t region_lives(const Region& region, const std::vector<std::uint8_t>& lives) {
  std::vector<bool> seen(lives.size(), false);
  std::size_t total = 0;
  for (const Boundary& b : region) {
    for (const Spot s : b) {
      if (seen[s]) continue;
      seen[s] = true;
      total += lives[s];
    }
  }
  return total;
}

// A spot met twice in a row along a boundary (only dead spots were between
// its two angles) is met once: a line may leave it from either angle, and
// the two drawings differ only by where dead spots lie (Applegate, Jacobson
// and Sleator 1991; SPOTS' Boundary::mergeAdjacentVertices).
void merge_adjacent(Boundary& b) {
  std::size_t kept = 0;
  for (std::size_t i = 0; i < b.size(); ++i)
    if (kept == 0 || b[kept - 1] != b[i]) b[kept++] = b[i];
  b.resize(kept);
  if (b.size() > 1 && b.front() == b.back()) b.pop_back();
}

// A region of 2 or 3 lives is one boundary holding each of its spots once:
// with so few lives, which boundary a spot lies on and how often it is met
// decide nothing (Lemoine and Viennot's Glop; SPOTS' Region::mergeBoundaries:
// 1.2 -> 12, AB.2 -> AB2, 2a2a -> 222). Spots met in another region keep
// their order; the spots of one life met only here follow.
void merge_small_region(Region& region, const std::vector<std::uint8_t>& lives,
                        const std::vector<std::size_t>& written) {
  std::vector<Spot> seen;
  std::vector<std::size_t> here;  // occurrences in this region, by the index in seen
  for (const Boundary& b : region)
    for (const Spot s : b) {
      const auto it = std::find(seen.begin(), seen.end(), s);
      if (it == seen.end()) {
        seen.push_back(s);
        here.push_back(1);
      } else {
        ++here[static_cast<std::size_t>(it - seen.begin())];
      }
    }
  Boundary merged;
  for (std::size_t k = 0; k < seen.size(); ++k)
    if (lives[seen[k]] > 1 || written[seen[k]] > here[k]) merged.push_back(seen[k]);
  for (std::size_t k = 0; k < seen.size(); ++k)
    if (lives[seen[k]] == 1 && written[seen[k]] == here[k]) merged.push_back(seen[k]);
  region.assign(1, std::move(merged));
}

// The reductions of sprouts_drawing.hpp: dead spots, a spot met twice in a
// row, empty boundaries and regions without two lives go; regions of 2 or 3
// lives are one boundary.
void reduce(Drawing& d) {
  for (Region& region : d.regions) {
    for (Boundary& b : region) {
      std::erase_if(b, [&](Spot s) { return d.lives[s] == 0; });
      merge_adjacent(b);
    }
    std::erase_if(region, [](const Boundary& b) { return b.empty(); });
  }
  std::erase_if(d.regions, [&](const Region& r) { return region_lives(r, d.lives) < 2; });
  std::vector<std::size_t> written(d.lives.size(), 0);
  for (const Region& region : d.regions)
    for (const Boundary& b : region)
      for (const Spot s : b) ++written[s];
  for (Region& region : d.regions) {
    const std::size_t lives = region_lives(region, d.lives);
    const bool one_plain_boundary = region.size() == 1 && std::all_of(region[0].begin(), region[0].end(), [&](Spot s) {
                                      return std::count(region[0].begin(), region[0].end(), s) == 1;
                                    });
    if (lives <= 3 && !one_plain_boundary) merge_small_region(region, d.lives, written);
  }
}

// The spots from position `from` of a cyclic boundary round to it again:
// b[from], b[from + 1], ..., b[from - 1].
Boundary rotated(const Boundary& b, std::size_t from) {
  Boundary out;
  out.reserve(b.size() + 2);
  for (std::size_t i = 0; i < b.size(); ++i) out.push_back(b[(from + i) % b.size()]);
  return out;
}

// A region's boundaries sorted into classes of interchangeable ones: a
// boundary all of whose spots are written once in the whole drawing is the
// same, on either side of a new line, as any other of equal sequence (up to
// rotation); such classes are split among the two sides by counts, every
// other boundary (it shares a spot with another region) by subsets.
struct BoundaryClasses {
  std::vector<std::vector<std::size_t>> classes;  // boundary indices; a class of one is a lone boundary
};

BoundaryClasses classes_of(const Region& region, std::size_t skip, const std::vector<std::size_t>& written,
                           const std::vector<std::uint8_t>& lives) {
  BoundaryClasses out;
  std::vector<std::vector<std::uint8_t>> keys;  // the least rotation of the lives, for classes of more than one
  for (std::size_t i = 0; i < region.size(); ++i) {
    if (i == skip) continue;
    const Boundary& b = region[i];
    const bool plain = std::all_of(b.begin(), b.end(), [&](Spot s) { return written[s] == 1; });
    if (!plain) {
      out.classes.push_back({i});
      keys.emplace_back();  // never equal to a plain key (those are not empty)
      continue;
    }
    std::vector<std::uint8_t> key;
    for (std::size_t r = 0; r < b.size(); ++r) {
      std::vector<std::uint8_t> turn;
      for (std::size_t k = 0; k < b.size(); ++k) turn.push_back(lives[b[(r + k) % b.size()]]);
      if (key.empty() || turn < key) key = std::move(turn);
    }
    const auto same = std::find(keys.begin(), keys.end(), key);
    if (same != keys.end()) {
      out.classes[static_cast<std::size_t>(same - keys.begin())].push_back(i);
    } else {
      out.classes.push_back({i});
      keys.push_back(std::move(key));
    }
  }
  return out;
}

// Every way to send the boundaries of `classes` to the first side (the rest
// to the second): on_split(first side's indices, second side's).
template <class F>
void for_each_split(const BoundaryClasses& classes, F&& on_split) {
  const std::size_t n = classes.classes.size();
  std::vector<std::size_t> taken(n, 0);  // of each class, how many go to the first side
  for (;;) {
    std::vector<std::size_t> first;
    std::vector<std::size_t> second;
    for (std::size_t c = 0; c < n; ++c) {
      const std::vector<std::size_t>& members = classes.classes[c];
      for (std::size_t k = 0; k < members.size(); ++k) (k < taken[c] ? first : second).push_back(members[k]);
    }
    on_split(first, second);
    std::size_t c = 0;
    while (c < n && taken[c] == classes.classes[c].size()) taken[c++] = 0;
    if (c == n) return;
    ++taken[c];
  }
}

// How many times each spot is written in the whole drawing.
std::vector<std::size_t> written_counts(const Drawing& d) {
  std::vector<std::size_t> written(d.lives.size(), 0);
  for (const Region& region : d.regions)
    for (const Boundary& b : region)
      for (const Spot s : b) ++written[s];
  return written;
}

// The drawing after a line from u to v (u == v: a loop) through the new
// spot z in region `r`, which becomes `new_regions` (one region, or two).
Drawing after_line(const Drawing& d, std::size_t r, Spot u, Spot v, std::vector<Region> new_regions) {
  Drawing out;
  out.lives = d.lives;
  --out.lives[u];
  --out.lives[v];
  out.lives.push_back(1);  // z: two line ends, one life
  out.regions.reserve(d.regions.size() + 1);
  for (std::size_t i = 0; i < d.regions.size(); ++i)
    if (i != r) out.regions.push_back(d.regions[i]);
  for (Region& region : new_regions) out.regions.push_back(std::move(region));
  reduce(out);
  return out;
}

}  // namespace

Drawing start(std::uint64_t spots) {
  Drawing d;
  d.lives.assign(static_cast<std::size_t>(spots), 3);
  Region region;
  for (Spot s = 0; s < spots; ++s) region.push_back({s});
  if (spots > 0) d.regions.push_back(std::move(region));
  reduce(d);  // one spot alone still has 3 lives: a loop can be drawn
  return d;
}

void for_each_option(const Drawing& d, const std::function<void(Drawing&&)>& visit) {
  const std::vector<std::size_t> written = written_counts(d);
  const Spot z = static_cast<Spot>(d.lives.size());  // the new spot, one life (two line ends)
  for (std::size_t r = 0; r < d.regions.size(); ++r) {
    const Region& region = d.regions[r];
    // Lines within one boundary: they cut the region in two.
    for (std::size_t i = 0; i < region.size(); ++i) {
      const Boundary& b = region[i];
      const BoundaryClasses others = classes_of(region, i, written, d.lives);
      for (std::size_t p = 0; p < b.size(); ++p) {
        for (std::size_t q = p; q < b.size(); ++q) {
          const Spot u = b[p];
          const Spot v = b[q];
          if (p == q ? d.lives[u] < 2 : (u == v || d.lives[u] < 1 || d.lives[v] < 1)) continue;
          Boundary side_a;
          Boundary side_b;
          if (p == q && d.lives[u] == 3) {
            // A spot with no line yet is its boundary alone: a loop at it has
            // the spot and the new one on both sides.
            side_a = {u, z};
            side_b = {u, z};
          } else {
            // b[p..q] and the new line; then b[q..p] round the boundary and
            // the line (for a loop, all of b from u, u once more, the line).
            for (std::size_t k = p; k <= q; ++k) side_a.push_back(b[k]);
            side_a.push_back(z);
            side_b = rotated(b, q);
            if (p == q) {
              side_b.push_back(u);
            } else {
              side_b.resize(p + b.size() - q + 1);  // b[q], ..., b[m - 1], b[0], ..., b[p]
            }
            side_b.push_back(z);
          }
          for_each_split(others, [&](const std::vector<std::size_t>& first, const std::vector<std::size_t>& second) {
            Region ra{side_a};
            Region rb{side_b};
            for (const std::size_t k : first) ra.push_back(region[k]);
            for (const std::size_t k : second) rb.push_back(region[k]);
            std::vector<Region> sides;
            sides.push_back(std::move(ra));
            sides.push_back(std::move(rb));
            visit(after_line(d, r, u, v, std::move(sides)));
          });
        }
      }
    }
    // Lines between two boundaries of the region: they become one.
    for (std::size_t i = 0; i < region.size(); ++i) {
      for (std::size_t j = i + 1; j < region.size(); ++j) {
        for (std::size_t p = 0; p < region[i].size(); ++p) {
          for (std::size_t q = 0; q < region[j].size(); ++q) {
            const Spot u = region[i][p];
            const Spot v = region[j][q];
            if (d.lives[u] < 1 || d.lives[v] < 1) continue;
            // u, round b_i to u again (once only for a spot with no line),
            // the new spot, v, round b_j to v, the new spot.
            Boundary joined = rotated(region[i], p);
            if (d.lives[u] < 3) joined.push_back(u);
            joined.push_back(z);
            const Boundary tail = rotated(region[j], q);
            joined.insert(joined.end(), tail.begin(), tail.end());
            if (d.lives[v] < 3) joined.push_back(v);
            joined.push_back(z);
            Region merged;
            merged.push_back(std::move(joined));
            for (std::size_t k = 0; k < region.size(); ++k)
              if (k != i && k != j) merged.push_back(region[k]);
            std::vector<Region> one;
            one.push_back(std::move(merged));
            visit(after_line(d, r, u, v, std::move(one)));
          }
        }
      }
    }
  }
}

Drawing parse(std::string_view text, std::size_t column) {
  Drawing d;
  const auto at = [&](std::size_t i) { return column + i; };
  if (text.empty()) fail("expected a Sprouts position such as 0.0.0.}]! (it ends with '!')", column);
  struct Letter {
    Spot spot;
    std::size_t first_at;  // where it was first written
    std::size_t count;
    std::size_t region;    // of its first angle
    std::size_t boundary;  // (counted over the whole position)
  };
  std::map<char, Letter> upper;  // of the land being read
  std::map<char, Letter> lower;  // of the region being read
  std::size_t i = 0;
  std::size_t boundary_count = 0;
  std::size_t land_start = d.regions.size();
  const auto close_letters = [&](std::map<char, Letter>& letters) {
    for (const auto& [c, letter] : letters)
      if (letter.count != 2)
        fail(std::string("the letter '") + c + "' stands for a spot of one life written twice, but is written " +
                 (letter.count == 1 ? "once (write 2 for such a spot)" : std::to_string(letter.count) + " times"),
             at(letter.first_at));
    letters.clear();
  };
  while (i < text.size() && text[i] != '!') {
    // A land: regions, then ']'.
    land_start = d.regions.size();
    while (i < text.size() && text[i] != ']') {
      if (text[i] == '!') fail("expected ']' to end the land before '!'", at(i));
      // A region: boundaries, then '}'.
      Region region;
      while (i < text.size() && text[i] != '}') {
        if (text[i] == ']' || text[i] == '!') fail(std::string("expected '}' to end the region before '") + text[i] + "'", at(i));
        Boundary b;
        const std::size_t boundary_at = i;
        while (i < text.size() && text[i] != '.') {
          const char c = text[i];
          if (c == '}' || c == ']' || c == '!') fail(std::string("expected '.' to end the boundary before '") + c + "'", at(i));
          if (d.lives.size() >= kMostSpots)
            fail("a Sprouts position of more than " + std::to_string(kMostSpots) + " spots", at(i));
          if (c == '0' || c == '1' || c == '2') {
            b.push_back(static_cast<Spot>(d.lives.size()));
            d.lives.push_back(static_cast<std::uint8_t>(3 - (c - '0')));
          } else if (std::isalpha(static_cast<unsigned char>(c)) != 0) {
            const bool is_upper = std::isupper(static_cast<unsigned char>(c)) != 0;
            std::map<char, Letter>& letters = is_upper ? upper : lower;
            auto it = letters.find(c);
            if (it == letters.end()) {
              it = letters.emplace(c, Letter{static_cast<Spot>(d.lives.size()), i, 0, d.regions.size(), boundary_count})
                       .first;
              d.lives.push_back(1);
            } else if (is_upper && it->second.region == d.regions.size()) {
              fail(std::string("the upper-case letter '") + c +
                       "' is written twice in one region (a spot whose two angles lie in one region is lower case)",
                   at(i));
            } else if (!is_upper && it->second.boundary != boundary_count) {
              fail(std::string("the lower-case letter '") + c +
                       "' is written in two boundaries of a region (a spot's angles in one region lie on one "
                       "boundary)",
                   at(i));
            }
            ++it->second.count;
            b.push_back(it->second.spot);
          } else {
            fail("expected a spot (0, 1, 2 or a letter), '.', '}', ']' or '!' in a Sprouts position, found " +
                     quoted_character(text, i),
                 at(i));
          }
          ++i;
        }
        if (i == text.size()) fail("the position ends inside a boundary (each ends with '.', the position with '!')", at(i));
        if (b.empty()) fail("an empty boundary (a '.' with no spot before it)", at(i));
        if (b.size() > 1)
          for (std::size_t k = 0; k < b.size(); ++k)
            if (d.lives[b[k]] == 3 && text[boundary_at + k] == '0')
              fail("a spot 0 (no line yet) is a boundary of its own: write 0.", at(boundary_at + k));
        ++i;  // the '.'
        ++boundary_count;
        region.push_back(std::move(b));
        if (i == text.size()) fail("the position ends inside a region (each ends with '}', the position with '!')", at(i));
      }
      if (i == text.size()) fail("the position ends inside a land (each ends with ']', the position with '!')", at(i));
      if (region.empty()) fail("an empty region (a '}' with no boundary before it)", at(i));
      close_letters(lower);
      d.regions.push_back(std::move(region));
      ++i;  // the '}'
      if (i == text.size()) fail("the position ends inside a land (each ends with ']', the position with '!')", at(i));
    }
    if (i == text.size()) fail("the position does not end with '!'", at(i));
    if (d.regions.size() == land_start) fail("an empty land (a ']' with no region before it)", at(i));
    close_letters(upper);
    ++i;  // the ']'
  }
  if (i == text.size()) fail("the position does not end with '!'", at(i));
  if (i + 1 != text.size()) fail("nothing may follow the '!' that ends the position", at(i + 1));
  reduce(d);
  return d;
}

std::vector<Drawing> lands(const Drawing& d) {
  // Regions joined by a spot they share (every spot kept has a life).
  std::vector<std::size_t> leader(d.regions.size());
  std::iota(leader.begin(), leader.end(), std::size_t{0});
  const auto find = [&](std::size_t x) {
    while (leader[x] != x) x = leader[x] = leader[leader[x]];
    return x;
  };
  std::vector<std::size_t> region_of(d.lives.size(), d.regions.size());  // a region the spot was seen in
  for (std::size_t r = 0; r < d.regions.size(); ++r) {
    for (const Boundary& b : d.regions[r]) {
      for (const Spot s : b) {
        if (region_of[s] == d.regions.size()) {
          region_of[s] = r;
        } else {
          leader[find(r)] = find(region_of[s]);
        }
      }
    }
  }
  std::vector<Drawing> out;
  std::vector<std::size_t> land_of_leader(d.regions.size(), d.regions.size());
  std::vector<Spot> renamed(d.lives.size(), 0);
  std::vector<std::size_t> renamed_in(d.lives.size(), d.regions.size());  // the land that renamed the spot
  for (std::size_t r = 0; r < d.regions.size(); ++r) {
    const std::size_t root = find(r);
    if (land_of_leader[root] == d.regions.size()) {
      land_of_leader[root] = out.size();
      out.emplace_back();
    }
    const std::size_t l = land_of_leader[root];
    Drawing& land = out[l];
    Region region;
    for (const Boundary& b : d.regions[r]) {
      Boundary nb;
      for (const Spot s : b) {
        if (renamed_in[s] != l) {
          renamed_in[s] = l;
          renamed[s] = static_cast<Spot>(land.lives.size());
          land.lives.push_back(d.lives[s]);
        }
        nb.push_back(renamed[s]);
      }
      region.push_back(std::move(nb));
    }
    land.regions.push_back(std::move(region));
  }
  return out;
}

std::size_t lives(const Drawing& d) {
  std::vector<bool> seen(d.lives.size(), false);
  std::size_t total = 0;
  for (const Region& region : d.regions)
    for (const Boundary& b : region)
      for (const Spot s : b)
        if (!seen[s]) seen[s] = true, total += d.lives[s];
  return total;
}

namespace {

// std::stable_sort's order without its buffer: a region has a few boundaries
// and a land a few regions, and the buffer's malloc and free were a tenth of
// Sprouts' time (perf, 7 spots).
template <class T, class Less>
void stable_insertion_sort(std::vector<T>& items, Less less) {
  // Quadratic: past a few items (a start of many lone spots) the library's.
  if (items.size() > 16) {
    std::stable_sort(items.begin(), items.end(), less);
    return;
  }
  for (std::size_t i = 1; i < items.size(); ++i) {
    for (std::size_t j = i; j > 0 && less(items[j], items[j - 1]); --j) std::swap(items[j], items[j - 1]);
  }
}

// The canonical text of one land (text() sorts the lands). A spot is written
// by its kind — '0', '1', '2' for spots written once, 'A' for a letter of two
// regions and 'a' for one of one region — and a region's text is made
// least over its two orientations (a region seen from the other side of the
// plane is the same game: its boundaries all reversed), every boundary at its
// least rotation, its boundaries sorted; lower-case letters, which stay in
// one boundary, are named in each candidate, so those choices are exact; the
// regions are then sorted by their texts with upper-case letters unnamed and
// named last, in order of first appearance (ties there keep the input's order).
struct LandWriter {
  const Drawing& land;
  std::vector<std::size_t> written;
  std::vector<bool> two_regions;  // a letter whose angles lie in two regions

  explicit LandWriter(const Drawing& d) : land(d), written(written_counts(d)), two_regions(d.lives.size(), false) {
    std::vector<std::size_t> region_of(d.lives.size(), d.regions.size());
    for (std::size_t r = 0; r < d.regions.size(); ++r)
      for (const Boundary& b : d.regions[r])
        for (const Spot s : b) {
          if (region_of[s] != d.regions.size() && region_of[s] != r) two_regions[s] = true;
          region_of[s] = r;
        }
  }

  char kind(Spot s) const {
    if (written[s] == 1) return static_cast<char>('0' + (3 - land.lives[s]));
    return two_regions[s] ? 'A' : 'a';
  }

  // A boundary's text with its lower-case letters named from `first` in order
  // of appearance (upper-case ones left as 'A').
  std::string boundary_text(const Boundary& b, char first) const {
    std::string out;
    std::vector<std::pair<Spot, char>> names;
    for (const Spot s : b) {
      char c = kind(s);
      if (c == 'a') {
        const auto it = std::find_if(names.begin(), names.end(), [&](const auto& n) { return n.first == s; });
        if (it != names.end()) {
          c = it->second;
        } else {
          c = static_cast<char>(first + names.size());
          names.emplace_back(s, c);
        }
      }
      out += c;
    }
    return out;
  }

  // True when boundary_text(rotated(b, r), 'a') < boundary_text(rotated(b, s), 'a'),
  // read letter by letter without making either text: the least rotation is
  // asked for every boundary of every option, and making each rotation's
  // text was a fifth of Sprouts' time (perf, 7 spots).
  bool rotation_less(const Boundary& b, std::size_t r, std::size_t s, std::vector<Spot>& named_r,
                     std::vector<Spot>& named_s) const {
    named_r.clear();
    named_s.clear();
    const auto letter = [&](Spot spot, std::vector<Spot>& named) {
      char c = kind(spot);
      if (c != 'a') return c;
      const auto it = std::find(named.begin(), named.end(), spot);
      if (it != named.end()) return static_cast<char>('a' + (it - named.begin()));
      named.push_back(spot);
      return static_cast<char>('a' + named.size() - 1);
    };
    const std::size_t n = b.size();
    for (std::size_t k = 0; k < n; ++k) {
      const char x = letter(b[(r + k) % n], named_r);
      const char y = letter(b[(s + k) % n], named_s);
      if (x != y) return x < y;
    }
    return false;
  }

  // The least rotation of a boundary (its lower-case letters named from 'a').
  Boundary least_rotation(const Boundary& b) const {
    std::size_t best = 0;
    std::vector<Spot> named_r;
    std::vector<Spot> named_s;
    for (std::size_t r = 1; r < b.size(); ++r)
      if (rotation_less(b, r, best, named_r, named_s)) best = r;
    return best == 0 ? b : rotated(b, best);
  }

  struct Written {
    std::string text;  // upper-case letters as 'A'
    Region boundaries;  // in the order written
  };

  Written region_in(const Region& region, bool reversed) const {
    std::vector<std::pair<std::string, Boundary>> items;
    for (Boundary b : region) {
      if (reversed) std::reverse(b.begin(), b.end());
      Boundary least = least_rotation(b);
      items.emplace_back(boundary_text(least, 'a'), std::move(least));
    }
    stable_insertion_sort(items, [](const auto& x, const auto& y) { return x.first < y.first; });
    Written out;
    char next = 'a';
    for (auto& [unused, b] : items) {
      const std::string t = boundary_text(b, next);
      for (const char c : t) next = std::max(next, static_cast<char>(c >= 'a' && c <= 'z' ? c + 1 : next));
      out.text += t;
      out.text += '.';
      out.boundaries.push_back(std::move(b));
    }
    if (next > 'z' + 1) throw LimitError("a Sprouts region with more than 26 spots of one life written twice");
    out.text += '}';
    return out;
  }

  std::string text() const {
    std::vector<Written> regions;
    for (const Region& region : land.regions) {
      Written forward = region_in(region, false);
      Written backward = region_in(region, true);
      regions.push_back(backward.text < forward.text ? std::move(backward) : std::move(forward));
    }
    stable_insertion_sort(regions, [](const Written& x, const Written& y) { return x.text < y.text; });
    // Name the upper-case letters in order of first appearance.
    std::vector<std::pair<Spot, char>> names;
    std::string out;
    for (const Written& w : regions) {
      std::size_t at = 0;  // the position in w.text of the next spot
      for (const Boundary& b : w.boundaries) {
        for (const Spot s : b) {
          char c = w.text[at++];
          if (c == 'A') {
            const auto it = std::find_if(names.begin(), names.end(), [&](const auto& n) { return n.first == s; });
            if (it != names.end()) {
              c = it->second;
            } else {
              c = static_cast<char>('A' + names.size());
              names.emplace_back(s, c);
            }
          }
          out += c;
        }
        ++at;  // the '.'
        out += '.';
      }
      out += '}';
    }
    if (names.size() > 26) throw LimitError("a Sprouts land with more than 26 spots of one life in two regions");
    out += ']';
    return out;
  }
};

}  // namespace

std::string text(const Drawing& d) {
  std::vector<std::string> texts;
  for (const Drawing& land : lands(d)) texts.push_back(LandWriter(land).text());
  std::sort(texts.begin(), texts.end());
  std::string out;
  for (const std::string& t : texts) out += t;
  return out + '!';
}

}  // namespace grundy::sprouts
