// The Sprouts oracle of the tests, written from the rules alone (Conway and
// Paterson's game; the combinatorial description of a drawing by regions and
// boundaries as in Applegate-Jacobson-Sleator and Lemoine-Viennot), without
// looking at the project's implementation. It is deliberately naive: dead
// spots stay in the sequences, no region is split off as a sum, no position is
// reduced or put in canonical form, and the memo is keyed on the drawing
// (only rotations of a boundary and the order of boundaries and regions are
// forgotten, which the representation leaves free). So it is slow, but every
// step can be checked against the rules by eye. It is the slow twin of the
// real search and of its Glop text.
//
// A drawing: every spot has an id (its index in `degree`) and a degree 0..3.
// Every region (face) is a list of boundaries; a boundary is the cyclic
// sequence of spot occurrences ("angles") met walking along one connected
// component of the drawing with the region on the left. A spot of degree 0
// is the boundary [u] on its own; a spot of degree d >= 1 occurs d times over
// all the boundaries of all the regions.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace sprouts_oracle {

using Boundary = std::vector<int>;     // cyclic: back() is followed by front()
using Region = std::vector<Boundary>;  // the boundaries of one face

struct Drawing {
  std::vector<int> degree;      // degree[id] in 0..3 (a loop counts 2)
  std::vector<Region> regions;  // every face of the plane, at least one
};

// n spots in the empty plane: a single region whose boundaries are the n
// lone spots. For n = 0 that is one region with no boundary (no move).
inline Drawing start(int n) {
  Drawing d;
  d.degree.assign(static_cast<std::size_t>(n), 0);
  Region r;
  for (int s = 0; s < n; ++s) r.push_back({s});
  d.regions.push_back(r);
  return d;
}

namespace detail {

// b read cyclically from position p, all of it once: b[p], b[p+1], ..., b[p-1].
inline Boundary from(const Boundary& b, std::size_t p) {
  Boundary out;
  for (std::size_t t = 0; t < b.size(); ++t) out.push_back(b[(p + t) % b.size()]);
  return out;
}

// b read cyclically from position p to position q, both included.
inline Boundary arc(const Boundary& b, std::size_t p, std::size_t q) {
  Boundary out;
  for (std::size_t t = p;; t = (t + 1) % b.size()) {
    out.push_back(b[t]);
    if (t == q) break;
  }
  return out;
}

// A curve u .. z .. v (u == v: a loop) costs one end at each of u and v, two
// at u for a loop, and the new spot z in its middle has degree 2.
inline Drawing with_curve(const Drawing& d, int u, int v) {
  Drawing e = d;
  e.degree[static_cast<std::size_t>(u)] += 1;
  e.degree[static_cast<std::size_t>(v)] += 1;
  e.degree.push_back(2);
  return e;
}

}  // namespace detail

// Every move, in no particular order, duplicates kept (a loop at a lone spot
// has two congruent sides, so each split of the other boundaries comes twice).
inline std::vector<Drawing> moves(const Drawing& d) {
  std::vector<Drawing> out;
  const int z = static_cast<int>(d.degree.size());  // the new spot's id
  auto deg = [&](int s) { return d.degree[static_cast<std::size_t>(s)]; };
  for (std::size_t r = 0; r < d.regions.size(); ++r) {
    const Region& R = d.regions[r];
    const std::size_t k = R.size();

    // 1. Both ends on boundary R[i]: the curve cuts R in two, A and B; each of
    // the k-1 other boundaries lies on one side or the other, every one of the
    // 2^(k-1) ways being a different drawing.
    for (std::size_t i = 0; i < k; ++i) {
      const Boundary& b = R[i];
      const std::size_t m = b.size();
      for (std::size_t p = 0; p < m; ++p) {
        // q < p would give the same cut as (q, p) with A and B swapped, and
        // the split of the other boundaries runs over both sides anyway.
        for (std::size_t q = p; q < m; ++q) {
          const int u = b[p], v = b[q];
          if (p == q) {
            if (deg(u) > 1) continue;  // a loop needs two free ends
          } else {
            // Two angles of one spot: it has degree >= 2, so no two ends.
            if (u == v) continue;
            if (deg(u) > 2 || deg(v) > 2) continue;
          }
          Boundary A, B;
          if (p == q && deg(u) == 0) {
            A = {u, z};  // a lone spot: the loop's two sides look alike
            B = {u, z};
          } else if (p == q) {
            A = {u, z};              // inside the loop
            B = detail::from(b, p);  // the old boundary, then back into u
            B.push_back(u);          // along the loop through z
            B.push_back(z);
          } else {
            A = detail::arc(b, p, q);  // x_p .. x_q, back along the curve
            A.push_back(z);
            B = detail::arc(b, q, p);  // x_q .. x_p, then along the curve
            B.push_back(z);
          }
          std::vector<std::size_t> others;
          for (std::size_t j = 0; j < k; ++j)
            if (j != i) others.push_back(j);
          if (others.size() >= 32) throw std::length_error("sprouts_oracle: too many boundaries");
          for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << others.size()); ++mask) {
            Drawing e = detail::with_curve(d, u, v);
            Region ra{A}, rb{B};
            for (std::size_t t = 0; t < others.size(); ++t)
              ((mask >> t) & 1 ? rb : ra).push_back(R[others[t]]);
            e.regions[r] = std::move(ra);
            e.regions.push_back(std::move(rb));
            out.push_back(std::move(e));
          }
        }
      }
    }

    // 2. Ends on two boundaries R[i], R[j] (two components, so two different
    // spots): the curve joins them into one boundary and R stays one region.
    // Walking from u: all of R[i] back to u, along the curve through z to v,
    // all of R[j] back to v, and along the curve's other side through z.
    // (j, i) would give a rotation of the same cycle, so i < j.
    for (std::size_t i = 0; i < k; ++i) {
      for (std::size_t j = i + 1; j < k; ++j) {
        for (std::size_t p = 0; p < R[i].size(); ++p) {
          for (std::size_t q = 0; q < R[j].size(); ++q) {
            const int u = R[i][p], v = R[j][q];
            if (deg(u) > 2 || deg(v) > 2) continue;
            Boundary merged;
            auto walk = [&](const Boundary& b, std::size_t at) {
              if (deg(b[at]) == 0) {  // a lone spot: [u] is all there is
                merged.push_back(b[at]);
                return;
              }
              for (int s : detail::from(b, at)) merged.push_back(s);
              merged.push_back(b[at]);  // back at the spot, at its new angle
            };
            walk(R[i], p);
            merged.push_back(z);
            walk(R[j], q);
            merged.push_back(z);
            Drawing e = detail::with_curve(d, u, v);
            Region nr;
            for (std::size_t t = 0; t < k; ++t)
              if (t != i && t != j) nr.push_back(R[t]);
            nr.push_back(std::move(merged));
            e.regions[r] = std::move(nr);
            out.push_back(std::move(e));
          }
        }
      }
    }
  }
  return out;
}

// The drawing as bytes, up to what the representation leaves free and
// nothing else: a boundary is cyclic (its least rotation is written), a region
// is a set of boundaries and the drawing a set of regions (both written
// sorted). Spot ids are kept as they are, and so is every dead spot: two
// drawings share a key only if they are the same drawing. 16 bits per item.
inline std::string key(const Drawing& d) {
  if (d.degree.size() >= 0xFF00) throw std::length_error("sprouts_oracle: too many spots");
  std::vector<std::vector<Boundary>> regions;
  for (const Region& R : d.regions) {
    std::vector<Boundary> bs;
    for (const Boundary& b : R) {
      Boundary least = b;
      for (std::size_t p = 1; p < b.size(); ++p) least = std::min(least, detail::from(b, p));
      bs.push_back(std::move(least));
    }
    std::sort(bs.begin(), bs.end());
    regions.push_back(std::move(bs));
  }
  std::sort(regions.begin(), regions.end());
  std::string s;
  auto put = [&](std::size_t x) {
    s.push_back(static_cast<char>((x >> 8) & 0xFF));
    s.push_back(static_cast<char>(x & 0xFF));
  };
  put(d.degree.size());
  for (int g : d.degree) put(static_cast<std::size_t>(g));
  for (const std::vector<Boundary>& R : regions) {
    for (const Boundary& b : R) {
      for (int x : b) put(static_cast<std::size_t>(x));
      put(0xFFFF);  // end of a boundary
    }
    put(0xFFFE);  // end of a region
  }
  return s;
}

// Plain game-tree search with memos (kept across calls of one Solver).
class Solver {
 public:
  // Normal play: whoever cannot move loses; misere: whoever cannot move wins.
  bool first_player_wins(const Drawing& d, bool misere) {
    auto& memo = win_[misere ? 1 : 0];
    std::string k = key(d);
    if (const auto it = memo.find(k); it != memo.end()) return it->second;
    const std::vector<Drawing> options = moves(d);
    bool win = options.empty() ? misere : false;
    for (const Drawing& o : options) {
      if (!first_player_wins(o, misere)) {  // a move to a lost position
        win = true;
        break;
      }
    }
    memo.emplace(std::move(k), win);
    return win;
  }

  // Normal play nim value: the least value no option has (mex).
  int nim_value(const Drawing& d) {
    std::string k = key(d);
    if (const auto it = nim_.find(k); it != nim_.end()) return it->second;
    std::vector<bool> seen;
    for (const Drawing& o : moves(d)) {
      const int v = nim_value(o);
      if (static_cast<std::size_t>(v) >= seen.size()) seen.resize(static_cast<std::size_t>(v) + 1);
      seen[static_cast<std::size_t>(v)] = true;
    }
    int mex = 0;
    while (static_cast<std::size_t>(mex) < seen.size() && seen[static_cast<std::size_t>(mex)]) ++mex;
    nim_.emplace(std::move(k), mex);
    return mex;
  }

  std::size_t memo_size() const { return win_[0].size() + win_[1].size() + nim_.size(); }

 private:
  std::unordered_map<std::string, bool> win_[2];
  std::unordered_map<std::string, int> nim_;
};

inline bool first_player_wins(const Drawing& d, bool misere) {
  Solver s;
  return s.first_player_wins(d, misere);
}

inline int nim_value(const Drawing& d) {
  Solver s;
  return s.nim_value(d);
}

// From start(n), `plies` moves each picked uniformly from moves() (so a move
// with many splits of the other boundaries is picked more often); stops early
// when the game is over.
inline Drawing random_descendant(int n, int plies, std::mt19937_64& rng) {
  Drawing d = start(n);
  for (int t = 0; t < plies; ++t) {
    std::vector<Drawing> options = moves(d);
    if (options.empty()) break;
    std::uniform_int_distribution<std::size_t> pick(0, options.size() - 1);
    d = std::move(options[pick(rng)]);
  }
  return d;
}

// Lemoine-Viennot's Glop text. Dead spots (degree 3) are dropped from the
// sequences, then empty boundaries, then regions where the live spots can
// give fewer than two curve ends in all (no curve fits there). Regions that
// share a live spot are one land (transitively). A spot is written '0', '1'
// for degrees 0 and 1, '2' for degree 2 if written once; a degree-2 spot
// written twice is a letter: uppercase if its two angles are in two regions
// (named A, B, ... per land in order of appearance), lowercase if both are in
// one region (a, b, ... per region). Boundary '.', region '}', land ']', end
// '!'. Lands in order of their first region, everything else as stored.
inline std::string glop_text(const Drawing& d) {
  auto deg = [&](int s) { return d.degree[static_cast<std::size_t>(s)]; };
  std::vector<Region> kept;
  for (const Region& R : d.regions) {
    Region live;
    for (const Boundary& b : R) {
      Boundary lb;
      for (int s : b)
        if (deg(s) < 3) lb.push_back(s);
      if (!lb.empty()) live.push_back(std::move(lb));
    }
    std::map<int, int> ends;  // distinct live spot -> free ends
    for (const Boundary& b : live)
      for (int s : b) ends[s] = 3 - deg(s);
    int total = 0;
    for (const auto& [s, e] : ends) total += e;
    if (total >= 2) kept.push_back(std::move(live));
  }

  // Where every written spot is written: the kept regions of its occurrences.
  std::map<int, std::vector<std::size_t>> where;
  for (std::size_t r = 0; r < kept.size(); ++r)
    for (const Boundary& b : kept[r])
      for (int s : b) where[s].push_back(r);

  // Lands: union-find over the kept regions, joined through shared spots.
  std::vector<std::size_t> parent(kept.size());
  for (std::size_t r = 0; r < kept.size(); ++r) parent[r] = r;
  auto root = [&](std::size_t r) {
    while (parent[r] != r) r = parent[r] = parent[parent[r]];
    return r;
  };
  for (const auto& [s, rs] : where)
    for (std::size_t r : rs) parent[root(r)] = root(rs.front());

  std::string out;
  std::vector<bool> done(kept.size(), false);
  for (std::size_t first = 0; first < kept.size(); ++first) {
    if (done[root(first)]) continue;
    const std::size_t land = root(first);
    done[land] = true;
    std::map<int, char> upper;  // this land's shared spots, in order seen
    for (std::size_t r = first; r < kept.size(); ++r) {
      if (root(r) != land) continue;
      std::map<int, char> lower;  // this region's spots written twice in it
      for (const Boundary& b : kept[r]) {
        for (int s : b) {
          const std::vector<std::size_t>& rs = where[s];
          if (deg(s) == 0 || deg(s) == 1) {
            if (rs.size() != 1) throw std::logic_error("sprouts_oracle: bad occurrence count");
            out.push_back(static_cast<char>('0' + deg(s)));
          } else if (rs.size() == 1) {
            out.push_back('2');
          } else if (rs.size() != 2) {
            throw std::logic_error("sprouts_oracle: a degree-2 spot written more than twice");
          } else {
            std::map<int, char>& names = rs[0] == rs[1] ? lower : upper;
            const char base = rs[0] == rs[1] ? 'a' : 'A';
            if (!names.count(s)) {
              if (names.size() >= 26) throw std::length_error("sprouts_oracle: more than 26 letters");
              names[s] = static_cast<char>(base + static_cast<int>(names.size()));
            }
            out.push_back(names[s]);
          }
        }
        out.push_back('.');
      }
      out.push_back('}');
    }
    out.push_back(']');
  }
  out.push_back('!');
  return out;
}

}  // namespace sprouts_oracle
