// A Sprouts position as the combinatorial drawing the game's literature works
// on (Applegate, Jacobson and Sleator, "Computer Analysis of Sprouts", 1991;
// Lemoine and Viennot's Glop), private to the Sprouts ruleset (sprouts.cpp).
//
// Only the regions of the plane and, in each, its boundaries matter: a
// boundary is the cyclic sequence of the spots met walking along one
// connected piece of the drawing with the region on the left. A spot of
// degree d >= 1 has d angles and so occurs d times over all boundaries; a
// spot with no line yet is a boundary of its own. A spot's lives are 3 minus
// its degree. Kept reduced, always (each a fact of the game, not a guess):
// - dead spots (no life) are left out: no line reaches them again, and the
//   order of the other spots along a boundary is all that the moves read;
// - a boundary with no spot left goes: no move uses it, and on whichever
//   side of a new line it lies the position is the same;
// - a region whose spots give fewer than two lives goes: no line can be drawn
//   in it (a line takes a life at each end), and its spots keep their lives
//   for the other region they touch.
// - a spot met twice in a row along a boundary is met once: only dead spots
//   lay between its two angles, and a line leaving either is the same move;
// - a region of 2 or 3 lives is one boundary holding each of its spots once
//   (Glop's and SPOTS' reduction: with so few lives the boundaries decide
//   nothing; 1.2 -> 12, 2a2a -> 222).
// Two regions sharing a spot with a life are played together; the classes of
// that relation are the lands, independent games (their nim-values xor).
//
// The text (Glop's notation, docs/sprouts.md): each boundary its spots then
// '.', each region its boundaries then '}', each land its regions then ']',
// the position then '!'. A spot is '0' (3 lives), '1' (2 lives), '2' (one life,
// written once), or a letter for a spot of one life written twice: upper case
// when its two angles lie in two regions (named within the land), lower case
// when both lie in one region (named within the region).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::sprouts {

struct Drawing {
  using Spot = std::uint32_t;
  using Boundary = std::vector<Spot>;  // the spots in order, the region on the left
  using Region = std::vector<Boundary>;
  std::vector<std::uint8_t> lives;  // by spot: 1, 2 or 3 (dead spots are dropped)
  std::vector<Region> regions;
};

// The most spots of a start (sprouts(N)): 3N - 1 moves at most are played, and
// a land's letters are named with 26 of each case (the positions a start of
// this many spots reaches stay within them; larger ones are refused).
inline constexpr std::uint64_t kMostStartSpots = 64;

// The most spots a position may be written with: twice the largest start.
// Listing options costs time and memory quadratic in the lone spots before
// any search polls (n^2/2 lines, each a drawing of n boundaries): 0*128's
// first options take 1.1 s and 22 MB, 0*256's 7.9 s and 113 MB, 0*1024's
// 20 GB (found by the Sprouts fuzz harness; 0*100000 took 10 s just to read).
inline constexpr std::size_t kMostSpots = 128;

// The start with `spots` spots: one region, each spot a boundary of its own.
[[nodiscard]] Drawing start(std::uint64_t spots);

// Reads a position in the notation above. Errors are InputError naming the
// column: `column` is that of text[0] in the user's line.
[[nodiscard]] Drawing parse(std::string_view text, std::size_t column);

// Every option: the drawing after each line that can be drawn (the same
// position may come several times), each reduced as above, handed to `visit`
// one at a time (a position of n lone spots has about n^2/2 options of n
// boundaries each: all at once, 256 spots would hold a gigabyte).
void for_each_option(const Drawing& drawing, const std::function<void(Drawing&&)>& visit);

// The lands, each a drawing of its own (its spots renumbered).
[[nodiscard]] std::vector<Drawing> lands(const Drawing& drawing);

// The text of a drawing, each land in its canonical form (the regions in
// either orientation, boundaries rotated, letters renamed, regions, boundaries
// and lands sorted) — equal texts are the same game; the same game usually
// (not always: ties in the order are broken by the input's) gets one text.
[[nodiscard]] std::string text(const Drawing& drawing);

// The lives of all its spots, which every move lowers (by one, or more where
// a reduction drops lives no line can use): the size of a part for the
// outcome search, and a bound on the moves left.
[[nodiscard]] std::size_t lives(const Drawing& drawing);

}  // namespace grundy::sprouts
