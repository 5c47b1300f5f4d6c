// Issue 56, finding 5: `grundy check` reads a certificate a line at a time,
// its memory what the claims keep. A gzip of two header lines and 128 Mi
// newlines took 5.3 GB and 26 s (40 bytes a line held); /dev/zero was read
// to 1 GiB before its refusal. Now a line no certificate has is refused when
// it is read, with file:line:column, and the file is opened as every reader
// of grundy opens its files (a device, a FIFO, a missing file, a link loop,
// an empty name: refused at once, with the reason).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <string>

#include "measured_run.hpp"

namespace {

std::string temp(const std::string& name) { return ::testing::TempDir() + "check_streaming_" + name; }

// A gzip file of the header, then `repeat` copies of `body`.
std::string gzip_of(const std::string& name, const std::string& body, std::size_t repeat) {
  const std::string path = temp(name);
  gzFile out = gzopen(path.c_str(), "wb1");
  const std::string head = "grundy-certificate 1\ngame clobber\n";
  gzwrite(out, head.data(), static_cast<unsigned>(head.size()));
  for (std::size_t i = 0; i < repeat; ++i) gzwrite(out, body.data(), static_cast<unsigned>(body.size()));
  gzclose(out);
  return path;
}

// 64 MiB of newlines (a gzip of 64 KB): refused at line 3 before the rest is
// read, in the memory of the process itself.
TEST(CheckStreaming, ABlankLineIsRefusedAtOnceWhateverFollows) {
  const std::string path = gzip_of("newlines.gz", std::string(1 << 20, '\n'), 64);
  const measured_run::Measured run = measured_run::run({"check", path});
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.err, "grundy: " + path +
                         ":3:1: certificate refused: a blank line, and a certificate has none (every line is 'root', "
                         "'part' or the checksum)\n");
  EXPECT_LT(run.seconds, 1.0);
  EXPECT_LT(run.peak_megabytes, 30.0 + measured_run::kSanitizerMegabytes);
}

// A line of 64 MiB without a newline: refused when it passes 8192 bytes.
TEST(CheckStreaming, AnEndlessLineIsRefusedAtItsBound) {
  const std::string path = gzip_of("one-line.gz", std::string(1 << 20, 'X'), 64);
  const measured_run::Measured run = measured_run::run({"check", path});
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.err, "grundy: " + path +
                         ":3: certificate refused: the line is longer than 8192 bytes, longer than any line of a "
                         "certificate\n");
  EXPECT_LT(run.peak_megabytes, 30.0 + measured_run::kSanitizerMegabytes);
}

TEST(CheckStreaming, AForeignLineIsRefusedWithItsColumn) {
  const std::string path = gzip_of("foreign.gz", "part XO 1\nnote X 1\n", 1);
  const measured_run::Measured run = measured_run::run({"check", path});
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.err, "grundy: " + path +
                         ":4:1: certificate refused: expected 'root POSITION VALUE', 'part PART VALUE' or the "
                         "checksum line, found 'note'\n");
  // A value that is none: its column.
  const std::string bad_value = gzip_of("value.gz", "part XO 1x\npart XOX 0\n", 1);
  const measured_run::Measured value = measured_run::run({"check", bad_value});
  EXPECT_EQ(value.status, 2);
  EXPECT_EQ(value.err, "grundy: " + bad_value +
                           ":3:9: certificate refused: '1x' is not a nim-value (0 to 255, decimal)\n");
}

// Refused before a byte is read, each with its reason.
TEST(CheckStreaming, WhatIsNoFileIsRefusedAtOnceWithTheReason) {
  const std::string fifo = temp("fifo");
  ::unlink(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string loop = temp("loop");
  ::unlink(loop.c_str());
  ASSERT_EQ(::symlink(loop.c_str(), loop.c_str()), 0);
  const std::string missing = temp("missing");
  struct Case {
    std::string file;
    std::string message;
  };
  for (const Case& c : {Case{"/dev/zero", "/dev/zero: the certificate is a device (such as /dev/zero or a terminal), "
                                          "not a regular file"},
                        Case{fifo, fifo + ": the certificate is a FIFO or a pipe, not a regular file"},
                        Case{loop, loop + ": cannot open the certificate (Too many levels of symbolic links)"},
                        Case{missing, missing + ": cannot open the certificate (No such file or directory)"},
                        Case{"", "certificate name is empty"}}) {
    const measured_run::Measured run = measured_run::run({"check", c.file});
    EXPECT_EQ(run.status, 2) << c.file;
    EXPECT_EQ(run.err, "grundy: " + c.message + "\n");
    EXPECT_LT(run.seconds, 1.0) << c.file;
    EXPECT_LT(run.peak_megabytes, 30.0 + measured_run::kSanitizerMegabytes) << c.file;
  }
  ::unlink(fifo.c_str());
  ::unlink(loop.c_str());
}

// What is kept is the claims: a certificate grundy writes still proves,
// read a line at a time, gzip-compressed or not.
TEST(CheckStreaming, AWrittenCertificateStillProves) {
  const std::string file = temp("clobber-2x6.certificate");
  const measured_run::Measured written =
      measured_run::run({"value", "--certificate", file, "clobber(XOXOXO/OXOXOX)"});
  ASSERT_EQ(written.status, 0) << written.err;
  const measured_run::Measured run = measured_run::run({"check", file});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("Proven: clobber(XOXOXO/OXOXOX) has nim-value "), std::string::npos) << run.out;
  EXPECT_LT(run.peak_megabytes, 30.0 + measured_run::kSanitizerMegabytes);
}

}  // namespace
