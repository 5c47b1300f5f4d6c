// Parsing takes no Context (docs/architecture.md, "The path of one query"): a
// Position is a plain value, and what valuing it computes belongs to the run
// that values it. Expected values are published (OEIS A002186, Kayles) or
// follow from the definition by hand (the graphs below).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "grundy/core/context.hpp"
#include "grundy/core/input_error.hpp"
#include "grundy/language/registry.hpp"
#include "test_support.hpp"

namespace grundy {
namespace {

namespace fs = std::filesystem;

Position parse(const std::string& text) { return Registry::builtin().parse(text); }

struct ScratchFile {
  explicit ScratchFile(const std::string& name)
      : path((fs::temp_directory_path() / ("grundy-context-free-" + std::to_string(::getpid()) + "-" + name)).string()) {}
  ~ScratchFile() { fs::remove(path); }
  void write(const std::string& text) const { std::ofstream(path, std::ios::trunc) << text; }
  std::string path;
};

TEST(ContextFreeParsing, TermsParsedApartShareTheSequenceOfTheRunThatValuesThem) {
  const auto kayles = testing::reference_terms("oeis_A002186_kayles_0.77_terms.txt");
  const Position small = parse("kayles(10)");
  const Position large = parse("kayles(70)");
  Context run;
  EXPECT_EQ(large.value(run), Value(Nimber{kayles.at(70)}));
  // kayles(10) is within the sequence this run extended for kayles(70): found
  // with no work, so a stopped run still answers it.
  run.request_stop();
  EXPECT_EQ(small.value(run), Value(Nimber{kayles.at(10)}));
  // Another run has computed nothing: it starts the sequence, polls, and stops.
  Context other;
  other.request_stop();
  EXPECT_THROW((void)small.value(other), Cancelled);
  other.start_request();
  EXPECT_EQ(small.value(other), Value(Nimber{kayles.at(10)}));
}

// A rule remembers the run it last served (rule.cpp, run_of); valued by many
// runs in turn — more than it remembers — each answers from its own engine.
TEST(ContextFreeParsing, ARuleValuedByManyRunsInTurnAnswersFromEachRunsOwnEngine) {
  const auto kayles = testing::reference_terms("oeis_A002186_kayles_0.77_terms.txt");
  const Position p = parse("kayles(30)");
  const Value expected{Nimber{kayles.at(30)}};
  std::vector<std::unique_ptr<Context>> runs;
  for (int i = 0; i < 100; ++i) runs.push_back(std::make_unique<Context>());
  for (int round = 0; round < 2; ++round) {
    for (const auto& run : runs) EXPECT_EQ(p.value(*run), expected);
  }
  // Each has its engine: a stopped run that computed the value still answers,
  // a stopped new one has to compute, and stops.
  runs[7]->request_stop();
  EXPECT_EQ(p.value(*runs[7]), expected);
  Context fresh;
  fresh.request_stop();
  EXPECT_THROW((void)p.value(fresh), Cancelled);
  runs[99]->request_stop();
  EXPECT_EQ(p.value(*runs[99]), expected);
}

TEST(ContextFreeParsing, OnePositionValuedByRunsWithTheirOwnSettings) {
  const auto kayles = testing::reference_terms("oeis_A002186_kayles_0.77_terms.txt");
  const Position p = parse("kayles(60) + 0.77(61)");
  // The naive engine (sparse engine off) and the sparse one, each a run's own.
  ContextOptions naive;
  naive.fast_paths.sparse_engine = false;
  ContextOptions two_threads;
  two_threads.threads = 2;
  Context first(naive);
  Context second(two_threads);
  const Value expected{Nimber{kayles.at(60) ^ kayles.at(61)}};
  EXPECT_EQ(p.value(first), expected);
  EXPECT_EQ(p.value(second), expected);
}

// A file read again (the web page and `grundy play` read the expression at
// every request) finds the run's values only if its contents are the same:
// a file that changed is a new graph, never valued with the old one's table.
TEST(ContextFreeParsing, AGraphFileThatChangedIsValuedAfresh) {
  const ScratchFile file("changing.graph");
  Context run;
  file.write("a: b\nb:\n");  // a -> b -> end: g(b) = 0, g(a) = 1
  const Position before = parse("graph(@" + file.path + ")(a)");
  EXPECT_EQ(before.value(run), Value(Nimber{1}));
  file.write("a: b c\nb: c\nc:\n");  // g(c) = 0, g(b) = 1, g(a) = mex{1, 0} = 2
  const Position after = parse("graph(@" + file.path + ")(a)");
  EXPECT_EQ(after.value(run), Value(Nimber{2}));
  EXPECT_EQ(before.value(run), Value(Nimber{1}));  // the first graph keeps its own values
  // Read again unchanged: the same values.
  EXPECT_EQ(parse("graph(@" + file.path + ")(a) + graph(@" + file.path + ")(b)").value(run), Value(Nimber{2 ^ 1}));
}

// The other half: a file read again with the same contents finds what the run
// computed for it. A ring of 2^17 vertices (each moves to the next; every
// value is ∞, docs/loopy.md) is labelled by the loopy labelling, which polls;
// a stopped run answers the second read, so it computed nothing.
TEST(ContextFreeParsing, AGraphFileReadAgainUnchangedFindsTheRunsValues) {
  const ScratchFile file("ring.graph");
  constexpr int kVertices = 1 << 17;
  std::string text;
  for (int v = 0; v < kVertices; ++v) text += "v" + std::to_string(v) + ": v" + std::to_string((v + 1) % kVertices) + "\n";
  file.write(text);
  const std::string expression = "graph(@" + file.path + ")(v0)";
  Context run;
  const Value ring = parse(expression).value(run);
  EXPECT_FALSE(ring.is_finite());
  run.request_stop();
  EXPECT_EQ(parse(expression).value(run), ring);
  // The labelling polls: a stopped run with nothing computed does stop.
  Context other;
  other.request_stop();
  EXPECT_THROW((void)parse(expression).value(other), Cancelled);
}

TEST(ContextFreeParsing, ANodeKaylesFileThatChangedIsValuedAfresh) {
  const ScratchFile file("changing-kayles.graph");
  Context run;
  file.write("a: b\nb:\n");  // one edge: taking either vertex takes both, g = 1
  const Position edge = parse("nodekayles(@" + file.path + ")");
  EXPECT_EQ(edge.value(run), Value(Nimber{1}));
  file.write("a:\nb:\n");  // two lone vertices: 1 xor 1 = 0
  EXPECT_EQ(parse("nodekayles(@" + file.path + ")").value(run), Value(Nimber{0}));
  EXPECT_EQ(edge.value(run), Value(Nimber{1}));
}

TEST(ContextFreeParsing, TheComponentBoundIsTheParsersAndAnErrorKeepsItsColumn) {
  ParseOptions few;
  few.max_components = 3;
  EXPECT_NO_THROW((void)Registry::builtin().parse("nim(1,2,3)", few));
  try {
    (void)Registry::builtin().parse("nim(1,2) + kayles(1,2)", few);
    FAIL() << "four components were read under a bound of three";
  } catch (const LimitError& e) {
    EXPECT_EQ(e.where().column, 12U);  // kayles(…), the term that passed the bound
    EXPECT_NE(e.message().find("more than 3 components"), std::string::npos) << e.message();
  }
  // A file named by two terms is read once: as many polls as one term's read.
  const ScratchFile shared("twice.graph");
  shared.write("a: b\nb:\n");
  int polls = 0;
  ParseOptions counted;
  counted.poll = [&polls] { ++polls; };
  (void)Registry::builtin().parse("graph(@" + shared.path + ")(a)", counted);
  const int one_read = polls;
  ASSERT_GT(one_read, 0);
  polls = 0;
  const Position both =
      Registry::builtin().parse("graph(@" + shared.path + ")(a) + graph(@" + shared.path + ")(b)", counted);
  EXPECT_EQ(polls, one_read);
  Context run;
  EXPECT_EQ(both.value(run), Value(Nimber{1 ^ 0}));
  // A read polled while a file is read stops it.
  const ScratchFile file("polled.graph");
  file.write("a: b\nb:\n");
  ParseOptions stopped;
  stopped.poll = [] { throw Cancelled(); };
  EXPECT_THROW((void)Registry::builtin().parse("graph(@" + file.path + ")(a)", stopped), Cancelled);
}

}  // namespace
}  // namespace grundy
