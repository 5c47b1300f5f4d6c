// Files a run writes (tables, checkpoints, placement tables): checked before the
// work starts, written so that a crash never leaves a half-written file in place,
// and never turned into something else than what the user named.
//
// - A regular file (or a name not yet taken) is written to a temporary beside it,
//   flushed to disk and renamed over it: a crash or a full disk leaves the old file
//   whole, and the temporary is removed on failure.
// - A symbolic link is followed: the file it points to is replaced, the link stays.
// - A special file (FIFO, character or block device, socket) is written in place,
//   as `cat > FILE` would: renaming over it would replace /dev/null or a pipe a
//   reader is waiting on with a regular file.
// - A directory, a missing or unwritable directory, or a read-only file is refused
//   before any work, with the system's reason.
#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

namespace grundy {

struct OutputFile {
  std::string path;     // as the user gave it, for messages
  std::string target;   // what is written: symbolic links followed
  bool in_place = false;  // a special file: written directly, no temporary
};

// Checks that PATH can be written and decides how. `what` names the file in
// messages ("--output file", "checkpoint"). Throws InputError otherwise.
[[nodiscard]] OutputFile prepare_output_file(const std::string& path, std::string_view what);

// Writes the file: `write` receives the open stream and calls write_bytes.
// Throws InputError "cannot write PATH: REASON" (errno's text) on any failure
// (open, write, flush, fsync, close, rename), having removed the temporary.
void write_output_file(const OutputFile& file, std::string_view what,
                       const std::function<void(std::FILE*)>& write);

// fwrite that throws (caught by write_output_file, which reports errno).
void write_bytes(std::FILE* file, const void* data, std::size_t size);

// Refuses a NUL byte in a file name: the system would open the name cut at it.
void check_file_name(std::string_view path, std::string_view what);

}  // namespace grundy
