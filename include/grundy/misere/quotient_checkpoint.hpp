// Checkpoints of a long quotient computation (`grundy quotient --checkpoint`):
// the quotient of the heaps done, enough to go on after Ctrl-C, kill -9 or a
// crash without redoing them. A resumed quotient is verified again before it
// is used (quotient_verification.hpp), so even a file that passes its
// checksum cannot bring a wrong quotient in.
//
// File layout (little-endian):
//   "GRUNDYMQ"  8 bytes
//   u32 version (1)
//   u32 length L, L bytes of the rule (as `grundy quotient` names it)
//   u32 |Q|, u32 generators G, G × |Q| u32: the generators' actions
//   |Q| bytes: 1 for the elements of P, 0 otherwise
//   u64 N+1, (N+1) × u32: Φ(0..N)
//   u64 E, E × u64: the heaps at which the quotient grew
//   u64 checksum of everything before it (word_checksum, grundy/core/checksum.hpp)
// Written to FILE.tmp, flushed to disk and renamed over FILE (output_file.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grundy/misere/quotient.hpp"

namespace grundy::misere {

struct QuotientCheckpoint {
  std::string rule;
  MisereQuotient quotient;
  std::vector<std::uint64_t> expansion_heaps;
};

// Throws InputError when the file cannot be written.
void write_quotient_checkpoint(const std::string& path, const QuotientCheckpoint& checkpoint);

// The largest checkpoint read: 2 GiB. A quotient built within --memory M
// writes a file smaller than M (an element costs 64 + 8·heaps bytes of memory,
// 4·generators + 1 <= 4·heaps + 1 bytes of file), so any quotient built
// within the default --memory 2048 reads back; a regular file's size is known
// before the read, so a larger one is refused at once.
inline constexpr std::size_t kQuotientFileLimit = std::size_t{2} << 30;

// nullopt when `path` does not exist. Throws InputError for a file that is
// not a regular file (a FIFO, a device, a directory), is longer than
// kQuotientFileLimit, is not a quotient checkpoint, is truncated, fails its
// checksum or holds actions that are not a monoid's; `poll` is called while
// it reads (a Context's poll: Ctrl-C ends the read).
[[nodiscard]] std::optional<QuotientCheckpoint> read_quotient_checkpoint(const std::string& path,
                                                                         const std::function<void()>& poll = {});

// Refuses a checkpoint path that could not be written, before any work.
void check_quotient_checkpoint_path(const std::string& path);

}  // namespace grundy::misere
