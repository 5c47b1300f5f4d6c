// Engine<N>'s tables in a table file (table_file.hpp): saved, cleared and
// loaded back (included at the end of engine.hpp).
#pragma once


namespace grundy::placement::detail {

template <std::size_t N>
void Engine<N>::save(TableWriter& out) const {
  // Shared tables: the other thread's writes wait (spinning) until the save is done.
  const WriteLock lock(*tables_);
  const std::uint64_t count = tables_->values.size();
  out.put(count);
  tables_->values.for_each([&](const Region<N>& r, std::uint16_t v) {
    out.put(r.height);
    out.put(r.width);
    for (std::uint64_t w : r.cells.words) out.put(w);
    out.put(v);
  });
}

template <std::size_t N>
void Engine<N>::clear_tables() {
  const WriteLock lock(*tables_);
  tables_->values.clear();
  tables_->wins.clear();
}

template <std::size_t N>
std::string Engine<N>::load(TableReader& in) {
  std::uint64_t count = 0;
  if (!in.get(count)) return "a section is cut short";
  constexpr std::uint64_t kEntryBytes = 2 + 2 + 8 * N + 2;
  if (count > in.left() / kEntryBytes) {
    return "a section declares " + std::to_string(count) + " entries, more than the file holds";
  }
  // Entries come in the saved table's slot order: inserted into a smaller
  // table they wrap around onto the slots filled first and linear probing
  // crawls (a 46-million-entry table had not loaded after minutes). Room
  // first, when the bound allows it (else remember grows or flushes as usual).
  std::size_t capacity = tables_->values.capacity();
  while (capacity * 3 < count * 4) capacity <<= 1;
  if (capacity > tables_->values.capacity() &&
      (!bounded() || may_grow(ValueTable::bytes_for(capacity) - tables_->values.memory_bytes()))) {
    tables_->values.reserve(static_cast<std::size_t>(count));
  }
  for (std::uint64_t i = 0; i < count; ++i) {
    Region<N> r;
    std::uint16_t v = 0;
    bool ok = in.get(r.height) && in.get(r.width);
    for (std::uint64_t& w : r.cells.words) ok = ok && in.get(w);
    ok = ok && in.get(v);
    if (!ok) return "an entry is cut short";
    if (r.height == 0 || r.width == 0 || std::size_t{r.height} * r.width > Bits<N>::kCapacity) {
      return "an entry has a box of " + std::to_string(r.height) + "x" + std::to_string(r.width) +
             ", which no region of a " + std::to_string(N) + "-word table has";
    }
    if (!r.cells.any() || !(r.cells.minus(box_cells(r.height, r.width)) == Bits<N>{})) {
      return "an entry's cells are not inside its box";
    }
    if (v > most_moves(r.cells.count())) return "an entry has value " + std::to_string(v) + ", more than its moves";
    remember(r, v);
  }
  return {};
}

}  // namespace grundy::placement::detail
