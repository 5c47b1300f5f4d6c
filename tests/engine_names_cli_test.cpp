// The engine that valued each component, as a user reads it (issue 55: the
// choice of engine made in one place, search::GameEngines, and named by
// `--json` and `explain`): through the real program, a sum of the families
// each engine serves. A component a formula values names no engine.
//
// Values from outside the engines: Clobber 2×4 is 0 (MCGS's table), Kayles 7
// is 2 (Guy–Smith, 0.77: 0 1 2 3 1 4 3 2), Wythoff (3,5) is a P-position (the
// second pair of the golden ratio's), Node Kayles on the path of four is 0
// and on the path of three 2 (0.137, Dawson's Kayles shifted: 1 1 2 0 at 1–4).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "cli_runner.hpp"

namespace {

TEST(EngineNames, JsonNamesTheEngineOfEachComponent) {
  const nlohmann::json answer = cli_runner::grundy_json(
      "value --max-moves 0 'clobber(XOXO/OXOX) + cram(3x4) + nogo(.....) + nim(3) + kayles(7) + wythoff(3,5) + "
      "nodekayles(a(b,c),b(d),e(f),f(g))'");
  std::map<std::string, std::string> engine_of;
  std::map<std::string, int> value_of;
  for (const nlohmann::json& component : answer["components"]) {
    const std::string text = component["text"];
    engine_of[text] = component.contains("engine") ? component["engine"].get<std::string>() : "(a formula)";
    value_of[text] = component["value"];
  }
  EXPECT_EQ(engine_of["clobber(XOXO/OXOX)"], "part search");
  EXPECT_EQ(value_of["clobber(XOXO/OXOX)"], 0);
  EXPECT_EQ(engine_of["cram(3x4)"], "region search");
  EXPECT_EQ(engine_of["nogo(.....)"], "part search");
  EXPECT_EQ(engine_of["nim(3)"], "(a formula)");
  EXPECT_EQ(engine_of["kayles(7)"], "(a formula)");
  EXPECT_EQ(value_of["kayles(7)"], 2);
  EXPECT_EQ(engine_of["wythoff(3,5)"], "definition");
  EXPECT_EQ(value_of["wythoff(3,5)"], 0);
  ASSERT_EQ(engine_of.count("nodekayles(a,b(a),c(a),d(b),e,f(e),g(f))"), 1U) << answer.dump();
  EXPECT_EQ(engine_of["nodekayles(a,b(a),c(a),d(b),e,f(e),g(f))"], "graph search");
  EXPECT_EQ(value_of["nodekayles(a,b(a),c(a),d(b),e,f(e),g(f))"], 2);
}

TEST(EngineNames, ExplainSaysWhichSearchValuedAComponent) {
  const cli_runner::CliRun run = cli_runner::grundy("explain 'cram(3x4) + clobber(XOXO/OXOX) + nim(3)'");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find("g = 01  (1)  (valued by the region search)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("(valued by the part search)"), std::string::npos) << run.out;
}

}  // namespace
