// Checkpoints of a long take-and-break computation: the values so far, enough to
// resume after a crash or kill -9 with an identical sequence (every engine is a
// function of the values before each heap, so no engine state is saved).
//
// File layout (little-endian, this project's hosts):
//   "GRUNDYCK"  8 bytes
//   u32 version (1), u32 length L of the rule's normal form, L bytes of it
//   u64 count N, then N × u16 values g(0..N-1)
//   u64 checksum of everything before it (see checkpoint.cpp)
// Written to FILE.tmp, flushed to disk, then renamed over FILE, so a crash leaves
// either the old checkpoint or the new one, never half of one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/take_and_break/engine.hpp"

namespace grundy::take_and_break {

struct Checkpoint {
  std::string rule;  // normal form of the game code
  std::vector<Value> values;
};

// Throws InputError when the file cannot be written.
void write_checkpoint(const std::string& path, const std::string& rule, const std::vector<Value>& values);
// The same of values[0..count) (a distributed run saves only its verified prefix).
void write_checkpoint(const std::string& path, const std::string& rule, const Value* values, std::uint64_t count);

// nullopt when `path` does not exist. Throws InputError for a file that is not a
// checkpoint, is truncated, or fails its checksum (saying so and how to go on).
[[nodiscard]] std::optional<Checkpoint> read_checkpoint(const std::string& path);

// What a run of g(0..upto) of `rule` resumes from: nullopt when `path` is empty
// or does not exist; InputError for another game's checkpoint (or a bad file).
// The values are cut to upto + 1; `held` is how many the file holds, so that
// a run rewrites it only with more (a short run never shrinks a long one).
struct ResumedCheckpoint {
  std::vector<Value> values;
  std::uint64_t held = 0;
};
[[nodiscard]] std::optional<ResumedCheckpoint> resume_checkpoint(const std::string& path, const std::string& rule,
                                                                 std::uint64_t upto);

// The checksum a checkpoint ends with, of `bytes` (everything before it). For
// tests and the fuzz harness, which make files that pass it to reach the checks
// behind it.
[[nodiscard]] std::uint64_t checkpoint_checksum(std::string_view bytes);

}  // namespace grundy::take_and_break
