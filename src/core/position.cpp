#include "grundy/core/position.hpp"

#include <mutex>

#include "grundy/core/definition.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy {

namespace {

// The run's solver by the definition, for components that give no value of
// their own: one per Context (its table serves every such question of the run),
// locked, as a run may ask from two threads.
struct RunDefinition {
  std::mutex mutex;
  DefinitionSolver solver;
  explicit RunDefinition(Context& context) : solver(context) {}
};

}  // namespace

Value Component::value(Context& context) const {
  // g = mex of the options' values, each option valued by the definition
  // (definition.hpp: the generic Solver over for_each_option). A ruleset that
  // knows better (a closed form, an engine) overrides this; the conformance
  // suite holds it to the same definition.
  const std::shared_ptr<RunDefinition> definition =
      context.shared<RunDefinition>("values by the definition", [&] { return std::make_shared<RunDefinition>(context); });
  MexSet seen;
  for_each_option(context, [&](ComponentOption&& option) {
    context.charge();
    std::lock_guard lock(definition->mutex);
    seen.insert(definition->solver.value(option.after));
    return true;
  });
  return Value(seen.mex());
}

std::string Component::text() const { return head() + "(" + arguments() + ")"; }

bool Component::same_as(const Component& other) const { return this == &other || text() == other.text(); }

OptionList Component::options_to_value(Context& context, Nimber target, std::size_t limit) const {
  // Past this many options a rule must override with something exact: valuing a
  // million positions one by one is already seconds of work.
  constexpr std::uint64_t kScanLimit = 1'000'000;
  OptionList result;
  std::uint64_t seen = 0;
  bool truncated = false;
  for_each_option(context, [&](ComponentOption&& option) {
    if (++seen > kScanLimit) {
      truncated = true;
      return false;
    }
    context.charge();
    const Value v = option.after.value(context);
    if (v == Value(target)) {
      if (result.total != UINT64_MAX) ++result.total;
      if (result.listed.size() < limit) result.listed.push_back(std::move(option));
    }
    return true;
  });
  if (truncated) throw LimitError(text() + " has too many moves to list the moves to value " + std::to_string(target));
  return result;
}

namespace {

const std::vector<ComponentPtr>& no_components() {
  static const std::vector<ComponentPtr> none;
  return none;
}

}  // namespace

Position::Position(ComponentPtr component)
    : parts_(std::make_shared<const std::vector<ComponentPtr>>(std::vector<ComponentPtr>{std::move(component)})) {}

Position::Position(std::vector<ComponentPtr> components) {
  if (!components.empty()) parts_ = std::make_shared<const std::vector<ComponentPtr>>(std::move(components));
}

const std::vector<ComponentPtr>& Position::components() const noexcept { return parts_ ? *parts_ : no_components(); }

std::string Position::text() const {
  if (empty()) return "0";
  std::string out;
  const auto& parts = *parts_;
  std::size_t i = 0;
  while (i < parts.size()) {
    if (i) out += " + ";
    const std::string key = parts[i]->merge_key();
    out += parts[i]->head();
    out += '(';
    out += parts[i]->arguments();
    std::size_t j = i + 1;
    if (!key.empty()) {
      for (; j < parts.size() && parts[j]->merge_key() == key; ++j) {
        out += ',';
        out += parts[j]->arguments();
      }
    }
    out += ')';
    i = j;
  }
  return out;
}

Value Position::value(Context& context) const {
  Value total;
  for (const ComponentPtr& part : components()) total = total + part->value(context);
  return total;
}

Position Position::replaced(std::size_t index, const Position& part) const {
  std::vector<ComponentPtr> out;
  const auto& parts = components();
  out.reserve(parts.size() + part.size());
  out.insert(out.end(), parts.begin(), parts.begin() + static_cast<std::ptrdiff_t>(index));
  out.insert(out.end(), part.components().begin(), part.components().end());
  out.insert(out.end(), parts.begin() + static_cast<std::ptrdiff_t>(index) + 1, parts.end());
  return Position(std::move(out));
}

Position operator+(const Position& a, const Position& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  std::vector<ComponentPtr> out(a.components());
  out.insert(out.end(), b.components().begin(), b.components().end());
  return Position(std::move(out));
}

bool operator==(const Position& a, const Position& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!a[i].same_as(b[i])) return false;
  }
  return true;
}

void for_each_move(const Position& position, Context& context, const std::function<bool(Move&&)>& visit) {
  for (std::size_t i = 0; i < position.size(); ++i) {
    bool go_on = true;
    position[i].for_each_option(context, [&](ComponentOption&& option) {
      go_on = visit(Move{i, std::move(option.action), std::move(option.after), position});
      return go_on;
    });
    if (!go_on) return;
  }
}

}  // namespace grundy
