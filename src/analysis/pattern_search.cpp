#include "grundy/analysis/pattern_search.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <unordered_set>

namespace grundy::pattern {

bool Wanted::accepts(std::int64_t v) const noexcept {
  switch (kind) {
    case Kind::exact: return v == low;
    case Kind::range: return v >= low && v <= high;
    case Kind::multiple: return v > 0 && low > 0 && v % low == 0;
  }
  return false;
}

namespace {

constexpr std::int64_t kUndefined = std::numeric_limits<std::int64_t>::min();
constexpr std::size_t kMaxSample = 128;
using Mask = std::array<std::uint64_t, 2>;

bool covers(const Mask& m, const Mask& part) { return (m[0] & part[0]) == part[0] && (m[1] & part[1]) == part[1]; }
void set_bit(Mask& m, std::size_t k) { m[k / 64] |= std::uint64_t{1} << (k % 64); }

struct Entry {
  Operation operation;
  std::int64_t value;  // the constant, or the variable's index
  std::uint32_t left;
  std::uint32_t right;
  std::uint8_t size;
};

class Enumerator {
 public:
  Enumerator(const SearchSpace& space, const std::vector<std::vector<std::int64_t>>& points,
             const std::vector<Wanted>& wanted, const std::function<void(std::uint64_t)>& charge)
      : space_(space), points_(points), wanted_(wanted), charge_(charge) {
    const std::size_t n = points.size();
    const std::size_t s = std::min({n, space.sample_size, kMaxSample});
    // Evenly spread over the points (members and heaps come in order).
    for (std::size_t k = 0; k < s; ++k) sample_.push_back(s == n ? k : k * n / s);
    for (std::size_t k = 0; k < sample_.size(); ++k) set_bit(full_, k);
  }

  SearchResult run() {
    SearchResult result;
    prepare_splits();
    for (std::size_t size = 1; size <= space_.max_size; ++size) {
      by_size_.emplace_back();
      if (size == 1) {
        for (std::size_t v = 0; v < space_.names.size(); ++v) consider(Entry{Operation::variable, static_cast<std::int64_t>(v), 0, 0, 1});
        for (std::int64_t c : space_.constants) consider(Entry{Operation::constant, c, 0, 0, 1});
      } else {
        grow(size);
      }
      result.largest_size = size;
      if (whole_) break;
    }
    result.examined = examined_;
    if (whole_) {
      result.formula = *whole_;
    } else if (const auto split = best_split()) {
      result.formula = *split;
    }
    return result;
  }

 private:
  struct Candidate {
    Entry entry;
    std::vector<std::int64_t> signature;
  };

  // Builds every formula of `size` nodes from stored smaller ones.
  void grow(std::size_t size) {
    for (Operation op : space_.operations) {
      if (is_unary(op)) {
        if (size - 1 > space_.stored_size) continue;
        for (std::uint32_t id : by_size_[size - 2]) consider(Entry{op, 0, id, id, static_cast<std::uint8_t>(size)});
        continue;
      }
      for (std::size_t left_size = 1; left_size + 1 < size; ++left_size) {
        const std::size_t right_size = size - 1 - left_size;
        if (left_size > space_.stored_size || right_size > space_.stored_size) continue;
        if (is_commutative(op) && left_size > right_size) continue;
        const auto& lefts = by_size_[left_size - 1];
        const auto& rights = by_size_[right_size - 1];
        for (std::uint32_t i : lefts) {
          for (std::uint32_t j : rights) {
            if (is_commutative(op) && left_size == right_size && i > j) continue;
            if (whole_) return;
            consider(Entry{op, 0, i, j, static_cast<std::uint8_t>(size)});
          }
        }
      }
    }
  }

  // Evaluates a new formula on the sample, keeps it if it says something new,
  // and checks it against the wanted values (whole, and as a piece of a split).
  void consider(const Entry& entry) {
    ++examined_;
    const std::size_t s = sample_.size();
    charge_(s + 1);  // the formula evaluated on the sample
    signature_.resize(s);
    bool any_defined = false;
    for (std::size_t k = 0; k < s; ++k) {
      std::int64_t v = kUndefined;
      switch (entry.operation) {
        case Operation::variable: v = points_[sample_[k]][static_cast<std::size_t>(entry.value)]; break;
        case Operation::constant: v = entry.value; break;
        default: {
          const std::int64_t a = signatures_[entry.left * s + k];
          const std::int64_t b = signatures_[entry.right * s + k];
          if (a != kUndefined && b != kUndefined) {
            if (const auto r = apply(entry.operation, a, b)) v = *r;
          }
        }
      }
      signature_[k] = v;
      any_defined = any_defined || v != kUndefined;
    }
    if (!any_defined) return;
    const bool store = entry.size <= space_.stored_size && bank_.size() < space_.bank_limit;
    if (entry.size <= space_.stored_size) {
      std::uint64_t h = 1469598103934665603ULL;
      for (std::int64_t v : signature_) h = (h ^ static_cast<std::uint64_t>(v)) * 1099511628211ULL;
      if (!seen_.insert(h).second) return;
    }
    std::uint32_t id = 0;
    if (store) {
      id = static_cast<std::uint32_t>(bank_.size());
      bank_.push_back(entry);
      signatures_.insert(signatures_.end(), signature_.begin(), signature_.end());
      by_size_[entry.size - 1].push_back(id);
    }
    Mask match{};
    for (std::size_t k = 0; k < s; ++k) {
      if (signature_[k] != kUndefined && wanted_[sample_[k]].accepts(signature_[k])) set_bit(match, k);
    }
    const auto at = [&](std::size_t point) { return evaluate(entry, points_[point]); };
    if (!whole_ && covers(match, full_)) {
      bool holds = true;
      for (std::size_t i = 0; i < points_.size() && holds; ++i) {
        const auto v = at(i);
        holds = v && wanted_[i].accepts(*v);
      }
      if (holds) whole_ = formula_of(entry);
    }
    for (Split& split : splits_) {
      for (int side = 0; side < 2; ++side) {
        Piece& piece = split.pieces[side];
        if (piece.formula || piece.failures > 64 || !covers(match, split.sample_side[side])) continue;
        bool holds = true;
        for (std::size_t i = 0; i < points_.size() && holds; ++i) {
          if (split.below[i] != (side == 0)) continue;
          const auto v = at(i);
          holds = v && wanted_[i].accepts(*v);
        }
        if (holds) {
          piece.formula = formula_of(entry);
        } else {
          ++piece.failures;
        }
      }
    }
  }

  std::optional<std::int64_t> evaluate_id(std::uint32_t id, const std::vector<std::int64_t>& point) const {
    return evaluate(bank_[id], point);
  }

  std::optional<std::int64_t> evaluate(const Entry& entry, const std::vector<std::int64_t>& point) const {
    switch (entry.operation) {
      case Operation::variable: return point[static_cast<std::size_t>(entry.value)];
      case Operation::constant: return entry.value;
      default: break;
    }
    const auto a = evaluate_id(entry.left, point);
    if (!a) return std::nullopt;
    if (is_unary(entry.operation)) return apply(entry.operation, *a, 0);
    const auto b = evaluate_id(entry.right, point);
    if (!b) return std::nullopt;
    return apply(entry.operation, *a, *b);
  }

  Formula formula_of(const Entry& entry) const {
    switch (entry.operation) {
      case Operation::variable: return Formula::variable(static_cast<std::size_t>(entry.value));
      case Operation::constant: return Formula::constant(entry.value);
      default: break;
    }
    if (is_unary(entry.operation)) return Formula::unary(entry.operation, formula_of(bank_[entry.left]));
    return Formula::binary(entry.operation, formula_of(bank_[entry.left]), formula_of(bank_[entry.right]));
  }

  struct Piece {
    std::optional<Formula> formula;
    std::size_t failures = 0;
  };
  struct Split {
    Formula left;              // the condition is left < right
    Formula threshold;
    std::vector<bool> below;   // per point: left < threshold
    Mask sample_side[2]{};     // sample points below, and not below
    Piece pieces[2];
  };

  // Thresholds: formulas of the threshold variables and constants, up to
  // threshold_size nodes, defined on every point and distinct there.
  void prepare_splits() {
    std::unordered_set<std::uint64_t> distinct;
    prepare_conditions(distinct);
    if (space_.split_variables.empty() || space_.threshold_variables.empty()) return;
    std::vector<Formula> thresholds;
    std::vector<Formula> level;
    for (std::size_t v : space_.threshold_variables) level.push_back(Formula::variable(v));
    for (std::int64_t c : space_.constants) {
      if (c > 0) level.push_back(Formula::constant(c));
    }
    std::vector<Formula> atoms = level;
    thresholds = level;
    if (space_.threshold_size >= 3) {
      for (Operation op : {Operation::add, Operation::subtract, Operation::multiply}) {
        for (const Formula& a : atoms) {
          for (const Formula& b : atoms) {
            if (a.is_constant() && b.is_constant()) continue;
            thresholds.push_back(Formula::binary(op, a, b));
          }
        }
      }
    }
    for (std::size_t variable : space_.split_variables) {
      for (const Formula& t : thresholds) {
        Split split{Formula::variable(variable), t, std::vector<bool>(points_.size()), {}, {}};
        std::uint64_t h = 1469598103934665603ULL ^ variable;
        bool defined = true;
        std::size_t below_count = 0;
        for (std::size_t i = 0; i < points_.size() && defined; ++i) {
          const auto tv = t.evaluate(points_[i]);
          defined = tv.has_value();
          if (!defined) break;
          split.below[i] = points_[i][variable] < *tv;
          below_count += split.below[i];
          h = (h ^ (split.below[i] ? 1U : 2U)) * 1099511628211ULL;
        }
        // A side with no point says nothing: no split there.
        if (!defined || below_count == 0 || below_count == points_.size()) continue;
        if (!distinct.insert(h).second) continue;
        for (std::size_t k = 0; k < sample_.size(); ++k) set_bit(split.sample_side[split.below[sample_[k]] ? 0 : 1], k);
        splits_.push_back(std::move(split));
      }
    }
  }

  // Conditions "f = 0" (written f < 1; f >= 0 at every point) for f over the
  // condition variables and the constants, up to condition_size nodes: such
  // as "k mod 3 = 0". One split per distinct partition of the points.
  void prepare_conditions(std::unordered_set<std::uint64_t>& distinct) {
    if (space_.condition_variables.empty()) return;
    std::vector<std::vector<Formula>> by_size(space_.condition_size + 1);
    std::vector<std::vector<std::vector<std::int64_t>>> values_by_size(space_.condition_size + 1);
    std::unordered_set<std::uint64_t> seen;
    const auto keep = [&](Formula f, std::size_t size) {
      std::vector<std::int64_t> values;
      values.reserve(points_.size());
      std::uint64_t h = 1469598103934665603ULL;
      for (const auto& point : points_) {
        const auto v = f.evaluate(point);
        if (!v) return;
        values.push_back(*v);
        h = (h ^ static_cast<std::uint64_t>(*v)) * 1099511628211ULL;
      }
      if (!seen.insert(h).second) return;
      by_size[size].push_back(f);
      values_by_size[size].push_back(values);
      // As a condition: every value >= 0, some 0 and some not.
      bool nonnegative = true;
      std::size_t zeros = 0;
      std::uint64_t partition = 1469598103934665603ULL;
      for (std::int64_t v : values) {
        nonnegative = nonnegative && v >= 0;
        zeros += v == 0;
        partition = (partition ^ (v == 0 ? 1U : 2U)) * 1099511628211ULL;
      }
      if (!nonnegative || zeros == 0 || zeros == values.size() || splits_.size() >= 400) return;
      if (!distinct.insert(partition).second) return;
      Split split{f, Formula::constant(1), std::vector<bool>(points_.size()), {}, {}};
      for (std::size_t i = 0; i < values.size(); ++i) split.below[i] = values[i] == 0;
      for (std::size_t k = 0; k < sample_.size(); ++k) set_bit(split.sample_side[split.below[sample_[k]] ? 0 : 1], k);
      splits_.push_back(std::move(split));
    };
    for (std::size_t v : space_.condition_variables) keep(Formula::variable(v), 1);
    for (std::int64_t c : space_.constants) {
      if (c > 0) keep(Formula::constant(c), 1);
    }
    for (std::size_t size = 3; size <= space_.condition_size; size += 2) {
      for (Operation op : {Operation::modulo, Operation::subtract, Operation::add, Operation::multiply,
                           Operation::divide, Operation::bit_xor}) {
        for (std::size_t left = 1; left + 1 < size; left += 2) {
          const std::size_t right = size - 1 - left;
          for (const Formula& a : by_size[left]) {
            for (const Formula& b : by_size[right]) {
              if (a.is_constant() && b.is_constant()) continue;
              charge_(1);
              keep(Formula::binary(op, a, b), size);
            }
          }
        }
      }
    }
  }

  std::optional<Formula> best_split() const {
    std::optional<Formula> best;
    for (const Split& split : splits_) {
      if (!split.pieces[0].formula || !split.pieces[1].formula) continue;
      Formula f = Formula::select_less(split.left, split.threshold, *split.pieces[0].formula, *split.pieces[1].formula);
      if (!best || f.size() < best->size()) best = std::move(f);
    }
    return best;
  }

  const SearchSpace& space_;
  const std::vector<std::vector<std::int64_t>>& points_;
  const std::vector<Wanted>& wanted_;
  const std::function<void(std::uint64_t)>& charge_;
  std::vector<std::size_t> sample_;
  Mask full_{};
  std::vector<Entry> bank_;
  std::vector<std::int64_t> signatures_;
  std::vector<std::vector<std::uint32_t>> by_size_;
  std::unordered_set<std::uint64_t> seen_;
  std::vector<std::int64_t> signature_;
  std::vector<Split> splits_;
  std::optional<Formula> whole_;
  std::size_t examined_ = 0;
};

}  // namespace

SearchResult find_formula(const SearchSpace& space, const std::vector<std::vector<std::int64_t>>& points,
                          const std::vector<Wanted>& wanted, const std::function<void(std::uint64_t)>& charge) {
  if (points.empty() || points.size() != wanted.size()) return {};
  Enumerator enumerator(space, points, wanted, charge);
  return enumerator.run();
}

std::optional<Formula> find_affine(const std::vector<std::size_t>& variables,
                                   const std::vector<std::vector<std::int64_t>>& points,
                                   const std::vector<std::int64_t>& values) {
  const std::size_t k = variables.size() + 1;
  if (points.size() < k + 1 || points.size() != values.size()) return std::nullopt;
  // Least squares by the normal equations, then rounded and checked exactly.
  std::vector<std::vector<long double>> a(k, std::vector<long double>(k + 1, 0));
  for (std::size_t i = 0; i < points.size(); ++i) {
    std::vector<long double> row{1};
    for (std::size_t v : variables) row.push_back(static_cast<long double>(points[i][v]));
    for (std::size_t r = 0; r < k; ++r) {
      for (std::size_t c = 0; c < k; ++c) a[r][c] += row[r] * row[c];
      a[r][k] += row[r] * static_cast<long double>(values[i]);
    }
  }
  for (std::size_t c = 0; c < k; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < k; ++r) {
      if (std::fabs(a[r][c]) > std::fabs(a[pivot][c])) pivot = r;
    }
    if (std::fabs(a[pivot][c]) < 1e-9L) return std::nullopt;  // a variable constant over the points
    std::swap(a[c], a[pivot]);
    for (std::size_t r = 0; r < k; ++r) {
      if (r == c) continue;
      const long double f = a[r][c] / a[c][c];
      for (std::size_t j = c; j <= k; ++j) a[r][j] -= f * a[c][j];
    }
  }
  std::vector<std::int64_t> coefficient(k);
  for (std::size_t c = 0; c < k; ++c) {
    const long double x = a[c][k] / a[c][c];
    if (!(std::fabs(x) < 1e12L)) return std::nullopt;
    coefficient[c] = static_cast<std::int64_t>(std::llround(static_cast<double>(x)));
  }
  for (std::size_t i = 0; i < points.size(); ++i) {
    std::int64_t y = coefficient[0];
    for (std::size_t j = 0; j < variables.size(); ++j) y += coefficient[j + 1] * points[i][variables[j]];
    if (y != values[i]) return std::nullopt;
  }
  // c1·v1 + … + c0, leaving out zero terms and unit factors.
  std::optional<Formula> sum;
  for (std::size_t j = 0; j < variables.size(); ++j) {
    const std::int64_t c = coefficient[j + 1];
    if (c == 0) continue;
    Formula term = Formula::variable(variables[j]);
    const std::int64_t magnitude = c < 0 ? -c : c;
    if (magnitude != 1) term = Formula::binary(Operation::multiply, Formula::constant(magnitude), term);
    if (!sum) {
      sum = c < 0 ? Formula::binary(Operation::subtract, Formula::constant(0), term) : term;
    } else {
      sum = Formula::binary(c < 0 ? Operation::subtract : Operation::add, *sum, term);
    }
  }
  if (!sum) return Formula::constant(coefficient[0]);
  if (coefficient[0] != 0) {
    const std::int64_t c0 = coefficient[0];
    sum = Formula::binary(c0 < 0 ? Operation::subtract : Operation::add, *sum, Formula::constant(c0 < 0 ? -c0 : c0));
  }
  return sum;
}

}  // namespace grundy::pattern
