#include "naive_engine.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "grundy/core/input_error.hpp"

namespace grundy::take_and_break::detail {

void value_overflow(std::uint64_t n) {
  throw LimitError("g(" + std::to_string(n) + ") exceeds 65535, the largest value the compact (16-bit) table stores");
}

namespace {

// Marks the xors of the splits (a, m - a) for a in [from, to].
void mark_pairs(const Value* g, std::uint64_t m, std::uint64_t from, std::uint64_t to, Marks& marks) {
  for (std::uint64_t a = from; a <= to; ++a) marks.set(static_cast<unsigned>(g[a] ^ g[m - a]));
}

}  // namespace

NaiveEngine::NaiveEngine(const GameCode& code, unsigned threads) : shape_(code) {
  if (threads > 1) helper_ = std::make_unique<Helper>();
  set_width(64);
}

void NaiveEngine::extend_to(std::uint64_t count) {
  while (values_.size() < count) {
    push(compute_naive(values_.size()));
    if (use_s2_) append_s2_row();
    if (helper_ && values_.size() > 2 * kParallelPairs) choice_.heaps_done(1);
  }
}

void NaiveEngine::restore(std::vector<Value> values) {
  values_ = std::move(values);
  std::size_t width = 64;
  for (Value v : values_) {
    while (v >= width) width *= 2;
  }
  set_width(width);
  if (use_s2_) {
    std::vector<Value> all = std::move(values_);
    values_.clear();
    s2_.clear();
    for (Value v : all) {
      values_.push_back(v);
      append_s2_row();
    }
  }
}

void NaiveEngine::set_width(std::size_t width) {
  const std::size_t old_words = width_ / 64;
  width_ = width;
  marks_.resize(width);
  helper_marks_.resize(width);
  if (use_s2_ && !s2_.empty() && old_words != width / 64) {
    // Rows widen with the values: copy each into its wider place.
    const std::size_t rows = s2_.size() / old_words;
    std::vector<std::uint64_t> wider(rows * (width / 64), 0);
    for (std::size_t r = 0; r < rows; ++r) {
      std::copy_n(s2_.begin() + static_cast<std::ptrdiff_t>(r * old_words), old_words,
                  wider.begin() + static_cast<std::ptrdiff_t>(r * (width / 64)));
    }
    s2_ = std::move(wider);
  }
}

void NaiveEngine::append_s2_row() {
  const std::size_t words = width_ / 64;
  const std::uint64_t x = values_.size() - 1;
  if ((x + 1) * words * 8 > kS2Bytes) {
    use_s2_ = false;
    s2_ = {};
    return;
  }
  s2_.resize((x + 1) * words, 0);
  std::uint64_t* row = s2_.data() + x * words;
  const Value* g = values_.data();
  for (std::uint64_t b = 1; 2 * b <= x; ++b) {
    const unsigned v = g[b] ^ g[x - b];
    row[v >> 6] |= std::uint64_t{1} << (v & 63);
  }
}

std::uint64_t NaiveEngine::compute_naive(std::uint64_t n) {
  const Value* g = values_.data();
  marks_.clear();
  for (std::uint64_t k : shape_.whole) {
    if (n == k) marks_.set(0);
  }
  for (std::uint64_t k : shape_.single) {
    if (n > k) marks_.set(g[n - k]);
  }
  for (std::uint64_t k : shape_.pair) {
    if (n < k + 2) continue;
    const std::uint64_t m = n - k;
    const std::uint64_t last = shape_.unequal ? (m - 1) / 2 : m / 2;
    if (last == 0) continue;
    if (helper_ && last >= kParallelPairs && choice_.use()) {
      const std::uint64_t mid = last / 2;
      helper_->post([this, g, m, mid, last] {
        helper_marks_.clear();
        mark_pairs(g, m, mid + 1, last, helper_marks_);
      });
      mark_pairs(g, m, 1, mid, marks_);
      helper_->wait();
      marks_.merge(helper_marks_);
    } else {
      mark_pairs(g, m, 1, last, marks_);
    }
  }
  for (std::uint64_t k : shape_.triple) {
    if (n < k + 3) continue;
    const std::uint64_t m = n - k;
    if (use_s2_) {
      const std::size_t words = width_ / 64;
      for (std::uint64_t a = 1; a + 2 <= m; ++a) marks_.merge_xor(s2_.data() + (m - a) * words, g[a]);
      continue;
    }
    for (std::uint64_t a = 1; 3 * a <= m; ++a) {
      for (std::uint64_t b = a; 2 * b <= m - a; ++b) {
        marks_.set(static_cast<unsigned>(g[a] ^ g[b] ^ g[m - a - b]));
      }
    }
  }
  return marks_.mex();
}

}  // namespace grundy::take_and_break::detail
