// The table of a Python game's values as Solver<G, Table> wants one (the
// interface of solver_tables.hpp: find, set, erase_all, a memory bound), over
// PythonObjectTable (python_object_table.hpp), which keys Python objects by
// their hash, identity and ==.
//
// Python's part: an == that raises becomes grundy.GameError naming the
// position; the bound counts the key objects' own bytes, not only the slots;
// erasing keys (a search abandoned) keeps the pending Python error, as their
// destructors may run Python code.
#pragma once

#include <cstddef>

#include "grundy/nimber.hpp"
#include "python_object_table.hpp"
#include "python_rule.hpp"

namespace grundy::python {

class PythonRuleTable {
 public:
  PythonRuleTable(const PythonRule& rule, std::size_t initial_capacity);

  void set_memory_limit(std::size_t bytes) noexcept { memory_limit_ = bytes; }
  [[nodiscard]] std::size_t size() const noexcept { return table_.size(); }
  [[nodiscard]] std::size_t memory_bytes() const noexcept { return table_.bytes(); }

  // The value stored for p (a single position), or kEmpty.
  [[nodiscard]] Nimber find(const RulePosition& p);
  // Stores p's value; LimitError when a new key would pass the bound.
  void set(const RulePosition& p, Nimber value);
  // Removes every key whose value is `value` (the solver's in-progress marks).
  void erase_all(Nimber value) noexcept;

  template <class F>
  void for_each(F&& visit) const {
    table_.for_each(visit);
  }

 private:
  const PythonRule* rule_;
  PythonObjectTable table_;
  std::size_t memory_limit_ = 0;
};

}  // namespace grundy::python
