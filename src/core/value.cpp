#include "grundy/core/value.hpp"

#include <algorithm>
#include <stdexcept>

namespace grundy {

const char* to_string(Outcome outcome) noexcept {
  switch (outcome) {
    case Outcome::P: return "P";
    case Outcome::N: return "N";
    case Outcome::D: return "D";
  }
  return "?";
}

Value Value::infinite(std::vector<Nimber> reachable) {
  std::sort(reachable.begin(), reachable.end());
  reachable.erase(std::unique(reachable.begin(), reachable.end()), reachable.end());
  Value v;
  v.reachable_ = std::make_shared<const std::vector<Nimber>>(std::move(reachable));
  return v;
}

void Value::not_finite() const {
  throw std::logic_error("Value::nimber() of the infinite value " + to_string());
}

const std::vector<Nimber>& Value::reachable() const noexcept {
  static const std::vector<Nimber> none;
  return reachable_ != nullptr ? *reachable_ : none;
}

Outcome Value::outcome() const noexcept {
  if (is_finite()) return nimber_ == 0 ? Outcome::P : Outcome::N;
  // A move to a follower of value 0 wins; without one, the player to move can
  // still avoid losing by moving to an infinite follower (Smith): a draw.
  return std::binary_search(reachable_->begin(), reachable_->end(), Nimber{0}) ? Outcome::N : Outcome::D;
}

std::string Value::to_string() const {
  if (is_finite()) return std::to_string(nimber_);
  std::string out = "∞";
  if (reachable_->empty()) return out;
  out += "(";
  for (std::size_t i = 0; i < reachable_->size(); ++i) out += (i ? "," : "") + std::to_string((*reachable_)[i]);
  return out + ")";
}

Value infinite_sum(const Value& a, const Value& b) {
  if (!a.is_finite() && !b.is_finite()) return Value::infinite({});
  const Value& loopy = a.is_finite() ? b : a;
  const Nimber shift = a.is_finite() ? a.nimber() : b.nimber();
  std::vector<Nimber> shifted;
  shifted.reserve(loopy.reachable().size());
  for (Nimber k : loopy.reachable()) shifted.push_back(k ^ shift);
  return Value::infinite(std::move(shifted));
}

}  // namespace grundy
