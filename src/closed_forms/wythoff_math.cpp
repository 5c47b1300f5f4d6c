#include "closed_forms/wythoff_math.hpp"

#include <algorithm>
#include <bit>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "grundy/core/input_error.hpp"

namespace grundy::wythoff {
namespace {

__extension__ using Wide = unsigned __int128;

// Exactly whether m < k phi (m may be 2^64).
//
// k = 0: never (m >= 0). m <= k: always (k < k phi). Otherwise write m = k + d,
// d >= 1: m < k phi  <=>  d < k / phi  <=>  d^2 + d k < k^2, because x -> x^2 + x k
// increases for x > 0 and (k/phi)^2 + (k/phi) k = k^2 (1/phi^2 + 1/phi) = k^2.
// Equality is impossible: d / k would be the irrational 1/phi. Since 1/phi < 1,
// d >= k already fails; below that d^2, d k, k^2 all fit 128 bits, and
// d^2 + d k < k^2  <=>  d k < k^2 - d^2 avoids the sum's overflow.
bool below_k_phi(Wide m, std::uint64_t k) {
  if (k == 0) return false;
  if (m <= k) return true;
  const Wide d = m - k;
  if (d >= k) return false;
  const Wide kk = static_cast<Wide>(k) * k;
  const Wide dd = d * d;
  return d * k < kk - dd;
}

// floor(y / phi) for 1 <= y <= 2^64: the largest j with j phi < y, i.e. with
// !below_k_phi(y, j) (j phi is never an integer for j >= 1).
//
// Estimate: F = floor(2^64 / phi) = kMaxLowerIndex, so y F / 2^64 lies in
// (y / phi - y / 2^64, y / phi] and its floor is floor(y / phi) or one less
// (y / 2^64 <= 1). One exact test settles which.
std::uint64_t floor_div_phi(Wide y) {
  const std::uint64_t estimate = static_cast<std::uint64_t>((y * kMaxLowerIndex) >> 64);
  const std::uint64_t next = estimate + 1;  // <= floor(2^64 / phi) + 1: no overflow
  return below_k_phi(y, next) ? estimate : next;
}

// a_k for k <= kMaxLowerIndex: a_k = k + floor(k / phi) since k phi = k + k / phi.
std::uint64_t lower_unchecked(std::uint64_t k) {
  if (k == 0) return 0;
  return k + floor_div_phi(k);
}

// The partner of x, or nothing when it is 2^64 or more.
std::optional<std::uint64_t> partner_checked(std::uint64_t x) {
  if (x == 0) return 0;
  // At most one integer k lies in (x / phi, (x + 1) / phi) (width 1/phi < 1):
  // x = a_k exactly for that k, and then k = floor((x + 1) / phi). Otherwise x is
  // some b_j (complementary Beatty sequences), j = floor((x + 1) / phi^2)
  // = (x + 1) - ceil((x + 1) / phi) = x - k, and its partner a_j = b_j - j = k.
  const std::uint64_t k = floor_div_phi(static_cast<Wide>(x) + 1);
  if (lower_unchecked(k) == x) {
    if (k > UINT64_MAX - x) return std::nullopt;
    return x + k;
  }
  return k;
}

}  // namespace

std::uint64_t lower(std::uint64_t k) {
  if (k > kMaxLowerIndex) {
    throw LimitError("Wythoff: a_" + std::to_string(k) + " = floor(k phi) is 2^64 or more (k <= " +
                     std::to_string(kMaxLowerIndex) + " fits)");
  }
  return lower_unchecked(k);
}

std::uint64_t upper(std::uint64_t k) {
  if (k > kMaxUpperIndex) {
    throw LimitError("Wythoff: b_" + std::to_string(k) + " = floor(k phi^2) is 2^64 or more (k <= " +
                     std::to_string(kMaxUpperIndex) + " fits)");
  }
  return lower_unchecked(k) + k;
}

std::uint64_t partner(std::uint64_t x) {
  if (const auto p = partner_checked(x)) return *p;
  throw LimitError("Wythoff: the partner of " + std::to_string(x) + " in a P-position is 2^64 or more");
}

bool is_p_position(std::uint64_t a, std::uint64_t b) {
  if (a > b) std::swap(a, b);
  // (a, b) with a <= b is P iff a = a_k and b = a_k + k, i.e. k = b - a and a = a_k.
  const std::uint64_t k = b - a;
  if (k > kMaxLowerIndex) return false;  // a_k >= 2^64 > a
  return lower_unchecked(k) == a;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> moves_to_p_positions(std::uint64_t a, std::uint64_t b) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> moves;
  // Lowering one pile: the other pile's partner is the only P-position reachable.
  if (const auto p = partner_checked(b); p && *p < a) moves.emplace_back(*p, b);
  if (const auto p = partner_checked(a); p && *p < b) moves.emplace_back(a, *p);
  // Lowering both by d keeps the difference k = |a - b|; the one P-position with
  // that difference has smaller pile a_k, reachable when a_k < min(a, b).
  const std::uint64_t lo = std::min(a, b);
  const std::uint64_t k = a > b ? a - b : b - a;
  if (k <= kMaxLowerIndex) {
    const std::uint64_t ak = lower_unchecked(k);
    if (ak < lo) {
      const std::uint64_t d = lo - ak;
      moves.emplace_back(a - d, b - d);
    }
  }
  return moves;
}

Values::Values(std::uint64_t max_side) : max_side_(max_side) {
  if (max_side > kHardMaxSide) {
    throw LimitError("Wythoff values: a table of side " + std::to_string(max_side) + " is beyond the bound " +
                     std::to_string(kHardMaxSide) + " (about 2.75 side^2 bytes of memory)");
  }
}

std::size_t Values::table_bytes() const noexcept {
  const std::size_t words = static_cast<std::size_t>((3 * side_ + 63) / 64);
  return cells_.size() * sizeof(std::uint32_t) + 2 * static_cast<std::size_t>(side_) * words * 8;
}

Nimber Values::value(std::uint64_t a, std::uint64_t b) {
  if (a > b) std::swap(a, b);
  if (b >= side_) {
    if (b >= max_side_) {
      throw LimitError("Wythoff values: g(" + std::to_string(a) + ", " + std::to_string(b) +
                       ") needs a table of piles up to " + std::to_string(b) + ", beyond the bound of piles below " +
                       std::to_string(max_side_) + " (no formula is known; the table takes 2.75 side^2 bytes)");
    }
    // At least double, so repeated growth costs a constant factor.
    build(std::min(max_side_, std::max({b + 1, 2 * side_, std::uint64_t{64}})));
  }
  return cells_[index(a, b)];
}

void Values::build(std::uint64_t side) {
  side_ = side;
  cells_.assign(static_cast<std::size_t>(side * (side + 1) / 2), 0);
  // Values are below 3 side (a mex is at most the number of options).
  const std::size_t words = static_cast<std::size_t>((3 * side + 63) / 64);
  const std::size_t n = static_cast<std::size_t>(side);
  // column[b]: values g(a', b) for the rows a' done so far; diagonal[k]: values
  // g(a', a' + k) for the rows done so far; row: g(a, b') for b' = a .. b-1.
  // Each with the index of its first word that is not all ones: below the
  // largest of the four such indices the union is full, so the mex scan starts
  // there (rows and columns of Wythoff's table are permutations of the naturals,
  // so these prefixes follow the diagonal closely).
  std::vector<std::uint64_t> column(n * words, 0);
  std::vector<std::uint64_t> diagonal(n * words, 0);
  std::vector<std::uint64_t> row(words, 0);
  std::vector<std::size_t> column_full(n, 0);
  std::vector<std::size_t> diagonal_full(n, 0);
  auto advance = [words](const std::uint64_t* set, std::size_t& full) {
    while (full < words && set[full] == ~std::uint64_t{0}) ++full;
  };
  for (std::size_t a = 0; a < n; ++a) {
    std::fill(row.begin(), row.end(), 0);
    std::size_t row_full = 0;
    const std::uint64_t* col_a = &column[a * words];
    for (std::size_t b = a; b < n; ++b) {
      std::uint64_t* col_b = &column[b * words];
      std::uint64_t* diag = &diagonal[(b - a) * words];
      advance(col_b, column_full[b]);
      advance(diag, diagonal_full[b - a]);
      advance(row.data(), row_full);
      // Column a is complete for rows < a: it is row a's cells left of the diagonal.
      std::size_t w = std::max({column_full[a], column_full[b], diagonal_full[b - a], row_full});
      std::uint64_t u = 0;
      for (; w < words; ++w) {
        u = col_a[w] | col_b[w] | diag[w] | row[w];
        if (u != ~std::uint64_t{0}) break;
      }
      // w < words: the mex is below the number of options, under 3 side.
      const std::uint64_t v = static_cast<std::uint64_t>(w) * 64 + static_cast<std::uint64_t>(std::countr_one(u));
      cells_[index(a, b)] = static_cast<std::uint32_t>(v);
      const std::uint64_t bit = std::uint64_t{1} << (v & 63);
      const std::size_t vw = static_cast<std::size_t>(v >> 6);
      col_b[vw] |= bit;
      diag[vw] |= bit;
      row[vw] |= bit;
    }
  }
}

}  // namespace grundy::wythoff

namespace grundy::wythoff {
namespace {

// The relative state of rows 0..top before column b, as a flat list of small
// integers (every value minus b): for each row its mex and the values above it,
// then the last `top` columns of every row. Equal lists mean equal states.
class RowState {
 public:
  explicit RowState(std::uint64_t top) : mex_(top + 1, 0), above_(top + 1) {}

  // Adds value v to row r (rows never repeat a value).
  void add(std::size_t r, Nimber v) {
    std::vector<Nimber>& above = above_[r];
    if (v != mex_[r]) {
      above.insert(std::lower_bound(above.begin(), above.end(), v), v);
      return;
    }
    ++mex_[r];
    std::size_t drop = 0;
    while (drop < above.size() && above[drop] == mex_[r]) {
      ++mex_[r];
      ++drop;
    }
    above.erase(above.begin(), above.begin() + static_cast<std::ptrdiff_t>(drop));
  }

  [[nodiscard]] Nimber mex(std::size_t r) const { return mex_[r]; }
  [[nodiscard]] const std::vector<Nimber>& above(std::size_t r) const { return above_[r]; }

  // The flat relative list; `recent(r, t)` gives g(r, b - t) for t = 1..top.
  template <class Recent>
  [[nodiscard]] std::vector<std::int64_t> relative(std::uint64_t b, std::uint64_t top, const Recent& recent) const {
    std::vector<std::int64_t> out;
    const auto rel = [b](Nimber v) { return static_cast<std::int64_t>(v) - static_cast<std::int64_t>(b); };
    for (std::size_t r = 0; r <= top; ++r) {
      out.push_back(rel(mex_[r]));
      out.push_back(static_cast<std::int64_t>(above_[r].size()));
      for (Nimber v : above_[r]) out.push_back(rel(v));
      for (std::uint64_t t = 1; t <= top; ++t) out.push_back(rel(recent(r, t)));
    }
    return out;
  }

 private:
  std::vector<Nimber> mex_;
  std::vector<std::vector<Nimber>> above_;
};

std::uint64_t hash_of(const std::vector<std::int64_t>& state) {
  std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ state.size();
  for (std::int64_t x : state) {
    h ^= static_cast<std::uint64_t>(x) + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
  }
  return h;
}

}  // namespace

Rows::Rows(std::uint64_t top, const std::function<void(std::uint64_t)>& charge) : top_(top) {
  if (top > kMaxTop) {
    throw LimitError("Wythoff rows: rows up to " + std::to_string(top) + " are beyond the bound of " +
                     std::to_string(kMaxTop) + " (the additive period of row a is found by computing rows 0..a)");
  }
  const std::size_t rows = static_cast<std::size_t>(top + 1);
  // Columns 0..top by the definition (the square holds every move of its cells).
  Values square(top + 1);
  std::vector<std::vector<Nimber>> grid(rows);
  RowState state(top);
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::uint64_t c = 0; c <= top; ++c) {
      grid[r].push_back(square.value(r, c));
      state.add(r, grid[r].back());
    }
  }
  // From column 2·top + 1 on, every diagonal of the window lies in columns > top
  // as well, so states are compared from there.
  const std::uint64_t first_compared = 2 * top + 1;
  std::unordered_map<std::uint64_t, std::uint64_t> seen;  // hash of the state -> column
  std::vector<Nimber> column(rows);
  std::vector<std::uint64_t> marks;
  for (std::uint64_t b = top + 1;; ++b) {
    if (b >= kMaxColumns) {
      throw LimitError("Wythoff rows 0.." + std::to_string(top) + ": no repetition of the rows' state within " +
                       std::to_string(kMaxColumns) + " columns");
    }
    charge(top + 1);
    if (b >= first_compared) {
      const auto recent = [&](std::size_t r, std::uint64_t t) { return grid[r][b - t]; };
      const std::vector<std::int64_t> now = state.relative(b, top, recent);
      const std::uint64_t h = hash_of(now);
      const auto [it, inserted] = seen.emplace(h, b);
      if (!inserted) {
        // The hash only points at a candidate: the states themselves are compared.
        columns_ = b;
        values_.resize(rows * static_cast<std::size_t>(columns_));
        for (std::size_t r = 0; r < rows; ++r) std::copy(grid[r].begin(), grid[r].end(), values_.begin() + static_cast<std::ptrdiff_t>(r * columns_));
        if (state_at(it->second) == now) {
          repeat_from_ = it->second;
          repeat_period_ = b - it->second;
          break;
        }
        it->second = b;  // a collision: keep the newer column under this hash
      }
    }
    // Column b, bottom row first: the mex over the row so far, the column below
    // and the diagonal.
    for (std::size_t r = 0; r < rows; ++r) {
      const Nimber m = state.mex(r);
      const std::vector<Nimber>& above = state.above(r);
      // Candidates m .. m + |above| + 2r: one of them is free.
      const std::size_t span = above.size() + 2 * r + 1;
      marks.assign(span, 0);
      const auto mark = [&](Nimber v) {
        if (v >= m && v - m < span) marks[static_cast<std::size_t>(v - m)] = 1;
      };
      for (Nimber v : above) mark(v);
      for (std::size_t below = 0; below < r; ++below) mark(column[below]);
      for (std::size_t t = 1; t <= r; ++t) mark(grid[r - t][b - t]);
      std::size_t i = 0;
      while (marks[i]) ++i;
      column[r] = m + i;
    }
    for (std::size_t r = 0; r < rows; ++r) {
      grid[r].push_back(column[r]);
      state.add(r, column[r]);
    }
  }
  // Each row's least period q (a divisor of the proven period P with
  // g(a, b + q) - (b + q) = g(a, b) - b over one period from repeat_from, hence
  // forever) and then its least preperiod (back while it still holds).
  rows_.resize(rows);
  const std::uint64_t n0 = repeat_from_;
  const std::uint64_t p = repeat_period_;
  for (std::size_t r = 0; r < rows; ++r) {
    const auto offset = [&](std::uint64_t b) {
      return static_cast<std::int64_t>(stored(r, b)) - static_cast<std::int64_t>(b);
    };
    std::uint64_t least = p;
    for (std::uint64_t q = 1; q < p; ++q) {
      if (p % q != 0) continue;
      bool holds = true;
      for (std::uint64_t i = 0; i < p && holds; ++i) holds = offset(n0 + i) == offset(n0 + (i + q) % p);
      if (holds) {
        least = q;
        break;
      }
    }
    std::uint64_t start = n0;
    while (start > 0 && offset(start - 1) == offset(start - 1 + least)) --start;
    rows_[r] = {start, least};
  }
}

std::vector<std::int64_t> Rows::state_at(std::uint64_t b) const {
  RowState state(top_);
  for (std::size_t r = 0; r <= top_; ++r) {
    for (std::uint64_t c = 0; c < b; ++c) state.add(r, stored(r, c));
  }
  return state.relative(b, top_, [&](std::size_t r, std::uint64_t t) { return stored(r, b - t); });
}

Nimber Rows::value(std::uint64_t a, std::uint64_t b) const {
  if (a > b) std::swap(a, b);
  if (a > top_) throw std::out_of_range("Wythoff rows: pile " + std::to_string(a) + " is above the top row");
  if (b < columns_) return stored(a, b);
  const RowPattern& row = rows_[a];
  const std::uint64_t steps = (b - row.preperiod) / row.period;
  const Nimber base = stored(a, row.preperiod + (b - row.preperiod) % row.period);
  Nimber shift = 0;
  Nimber total = 0;
  if (__builtin_mul_overflow(steps, row.period, &shift) || __builtin_add_overflow(base, shift, &total)) {
    throw LimitError("the nim-value of wythoff(" + std::to_string(a) + ", " + std::to_string(b) + ") is 2^64 or more");
  }
  return total;
}

Rows::RowPattern Rows::row(std::uint64_t a) const {
  if (a > top_) throw std::out_of_range("Wythoff rows: row " + std::to_string(a) + " is above the top row");
  return rows_[a];
}

std::optional<std::uint64_t> Rows::pile_with_value(std::uint64_t a, Nimber v, std::uint64_t below) const {
  if (a > top_) throw std::out_of_range("Wythoff rows: row " + std::to_string(a) + " is above the top row");
  const RowPattern& row = rows_[a];
  // Below the periodic part: the stored columns one by one.
  for (std::uint64_t b = 0; b < std::min(below, row.preperiod); ++b) {
    if (stored(a, b) == v) return b;
  }
  // b = n0 + i + k·p has value g(a, n0 + i) + k·p.
  for (std::uint64_t i = 0; i < row.period; ++i) {
    const Nimber base = stored(a, row.preperiod + i);
    if (v < base || (v - base) % row.period != 0) continue;
    if (v - base > UINT64_MAX - row.preperiod - i) continue;  // b would be 2^64 or more
    const std::uint64_t b = row.preperiod + i + (v - base);   // k·p = v - base
    if (b >= row.preperiod && b < below) return b;
  }
  return std::nullopt;
}

}  // namespace grundy::wythoff
