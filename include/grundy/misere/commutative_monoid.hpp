// Finite commutative monoids given by generators, as misère quotients need
// them (Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115,
// 2008): elements numbered from 0 (the identity), the action of each generator
// on every element, and for each element its normal form, the shortest word in
// the generators (then the first alphabetically, a < b < …) that makes it.
//
// The presentation is read from the normal forms: the words that are not
// normal forms are closed under multiplication, and the least of them (every
// proper divisor a normal form) give one relation each, word = normal form.
// They generate every relation of the monoid (each non-normal word rewrites to
// a normal one through them), so ⟨generators | relations⟩ is the monoid.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace grundy::misere {

using Element = std::uint32_t;

class CommutativeMonoid {
 public:
  // The trivial monoid {1}.
  CommutativeMonoid();
  // actions[g][x] = x · (generator g). Every element must be a product of
  // generators; the caller guarantees commutativity and associativity (the
  // tests check them with verify()).
  explicit CommutativeMonoid(std::vector<std::vector<Element>> actions);

  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] std::size_t generator_count() const noexcept { return actions_.size(); }
  [[nodiscard]] Element generator(std::size_t g) const { return actions_[g][0]; }
  [[nodiscard]] Element times_generator(Element x, std::size_t g) const { return actions_[g][x]; }
  [[nodiscard]] const std::vector<std::vector<Element>>& actions() const noexcept { return actions_; }

  [[nodiscard]] Element product(Element x, Element y) const;
  [[nodiscard]] Element power(Element x, std::uint64_t k) const;
  // x^i = x^(i+p) with i and p least: the index and period of x.
  [[nodiscard]] std::pair<std::uint64_t, std::uint64_t> index_and_period(Element x) const;

  // Exponents of the generators in x's normal form.
  [[nodiscard]] const std::vector<std::uint32_t>& word(Element x) const { return words_[x]; }
  [[nodiscard]] Element element(std::span<const std::uint32_t> exponents) const;
  // "1", "a", "ab^2c".
  [[nodiscard]] std::string word_text(Element x) const;
  [[nodiscard]] static std::string word_text(std::span<const std::uint32_t> exponents);
  [[nodiscard]] static std::string generator_name(std::size_t g);

  struct Relation {
    std::vector<std::uint32_t> word;  // a least word that is not a normal form
    Element equals = 0;               // the element it makes
  };
  [[nodiscard]] std::vector<Relation> relations() const;

  // The minimal ideal (kernel) of the monoid: z·Q with z the product of all
  // elements. kernel()[x] tells whether x lies in it.
  [[nodiscard]] std::vector<bool> kernel() const;

  // Products agree whichever way they are taken (commutative, associative,
  // identity 0): O(size^2 · generators); for the tests.
  [[nodiscard]] bool verify() const;

 private:
  void build_normal_forms();

  std::size_t size_ = 1;
  std::vector<std::vector<Element>> actions_;
  std::vector<std::vector<std::uint32_t>> words_;
  std::vector<Element> table_;  // size^2 products when small enough, else empty
};

}  // namespace grundy::misere
