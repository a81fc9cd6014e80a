// SPDX-License-Identifier: Apache-2.0
// A sweep in shards (lab/sweep.hpp): every experiment's own shards pass its checks and merge to the
// one-process run; a shard edited in any way the merge could be fooled by (another job's coordinates,
// a value out of range, a null result, truncated, another plan) is refused with a reason; only
// canonical names count; a merge with missing jobs says so at its top level; the plan's hash does not
// depend on argument order or spelled-out defaults.
#include <catch2/catch.hpp>
#include <functional>
#include <map>

#include "lab/sweep.hpp"
#include "experiment_fixture.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;

namespace {

// Every job of a plan run, as its shard file's text.
std::vector<std::string> shards(const Json& lines) {
  std::vector<std::string> out;
  for (const auto& line : lines) {
    const Outcome r = runExperimentJob(line.at("experiment").get<std::string>(),
                                       {{"params", line.at("params")}, {"at", line.at("at")}}, {}, Progress());
    REQUIRE(r.ok);
    out.push_back(shardOf(line, r.value).dump());
  }
  return out;
}

Json folder(const std::vector<std::string>& texts) {
  Json files = Json::array();
  for (std::size_t i = 0; i < texts.size(); ++i)
    files.push_back({{"name", std::to_string(i) + ".json"}, {"text", texts[i]}});
  return files;
}

Json planned(const std::string& id, const Json& params) {
  const Outcome out = planSweep(id, params);
  INFO(out.error);
  REQUIRE(out.ok);
  return out.value;
}

// The shard text of job `index` with one edit applied.
std::string edited(const std::string& text, const std::function<void(Json&)>& edit) {
  Json shard = Json::parse(text);
  edit(shard);
  return shard.dump();
}

}  // namespace

#ifndef ATTNLAB_WASM_TESTS  // every experiment end to end: natively (the wasm build runs the fault cases below)
TEST_CASE("every experiment's shards pass its own checks and merge to the one-process run", "[sweep]") {
  const std::map<std::string, Json> cheap = fixture::cheapParams();
  for (const auto& e : experiments()) {
    INFO(e.id);
    const auto found = cheap.find(e.id);
    REQUIRE(found != cheap.end());  // add cheap parameters for a new experiment here
    const Json lines = planned(e.id, found->second);
    const std::vector<std::string> texts = shards(lines);
    for (std::size_t i = 0; i < texts.size(); ++i) CHECK(shardProblem(lines[i], texts[i]) == "");
    const Outcome merged = combineSweep(lines, "results", folder(texts));
    REQUIRE(merged.ok);
    CHECK(merged.value.at("missing").empty());
    CHECK(merged.value.at("refused").empty());
    const Outcome whole = runExperiment(e.id, found->second, {}, Progress());
    REQUIRE(whole.ok);
    CHECK(merged.value.at("result").dump() == whole.value.dump());
  }
}
#endif

TEST_CASE("a shard edited to fool the merge is refused with its reason", "[sweep]") {
  const Json dmin = planned("sparse-dmin", {{"ns", "16,32"}, {"seeds", 2}, {"step", 4}});
  const std::vector<std::string> texts = shards(dmin);
  const Json& line = dmin[3];  // n = 32, seed index 1
  REQUIRE(line.at("at").at("seedIndex") == 1);
  const auto refusal = [&](const std::function<void(Json&)>& edit) {
    return shardProblem(line, edited(texts[3], edit));
  };
  CHECK(shardProblem(line, texts[3]) == "");
  CHECK_THAT(refusal([](Json& s) { s["at"]["seedIndex"] = 0; }), Contains("its at"));
  CHECK_THAT(refusal([](Json& s) { s["result"]["seedIndex"] = 0; }),
             Contains("result.seedIndex = 0 is not this job's seedIndex = 1"));
  CHECK_THAT(refusal([](Json& s) {
               s["result"]["dmin"] = -7;
               s["result"]["capped"] = false;
             }),
             Contains("result.dmin = -7 is outside"));
  CHECK_THAT(refusal([](Json& s) {
               s["result"]["dmin"] = 999999;
               s["result"]["capped"] = false;
             }),
             Contains("result.dmin = 999999 is outside"));
  CHECK_THAT(refusal([](Json& s) {
               s["result"]["dmin"] = nullptr;
               s["result"]["capped"] = false;
             }),
             Contains("result.capped = false but result.dmin = null"));
  CHECK_THAT(refusal([](Json& s) { s["result"] = nullptr; }), Contains("its result is null"));
  CHECK_THAT(refusal([](Json& s) { s.erase("result"); }), Contains("holds no result"));
  CHECK_THAT(refusal([](Json& s) { s["result"]["rho"] = "x"; }), Contains("result.rho: expected number"));
  CHECK_THAT(refusal([](Json& s) { s["index"] = 2; }), Contains("holds job 2, not job 3"));
  CHECK_THAT(refusal([](Json& s) { s["app"] = "0.0.9"; }), Contains("written by attnlab \"0.0.9\""));
  CHECK_THAT(refusal([](Json& s) { s["experiment"] = "rank-beta"; }), Contains("a result of \"rank-beta\""));
  CHECK_THAT(refusal([](Json& s) { s["params"]["seed"] = "9"; }), Contains("its params"));
  CHECK_THAT(shardProblem(line, texts[3].substr(0, 40)), Contains("not JSON (truncated"));
  CHECK_THAT(shardProblem(line, ""), Contains("empty"));
  // A shard of the same job in a sweep of other parameters: another plan.
  const Json other = planned("sparse-dmin", {{"ns", "16,32"}, {"seeds", 3}, {"step", 4}});
  CHECK(other[3].at("at") == line.at("at"));
  CHECK_THAT(shardProblem(line, shards(Json::array({other[3]}))[0]), Contains("a result of another plan"));

  // rank-beta: a point claiming another beta (the merge would draw it at β = 1), ranks out of order.
  const Json beta = planned("rank-beta", {{"n", 24}, {"d", 2}, {"betas", "1,2"}});
  const std::vector<std::string> points = shards(beta);
  CHECK(shardProblem(beta[1], points[1]) == "");
  CHECK_THAT(shardProblem(beta[1], edited(points[1], [](Json& s) { s["result"]["beta"] = 1; })),
             Contains("result.beta = 1 is not this job's beta = 2"));
  CHECK_THAT(shardProblem(beta[1], edited(points[1], [](Json& s) { s["result"]["kSvd"] = 99; })),
             Contains("result.kSvd = 99 is outside [0, 24]"));
  CHECK_THAT(
      shardProblem(beta[1],
                   edited(points[1], [](Json& s) { s["result"]["lowerBound"] = s["result"]["kSvd"].get<int>() + 1; })),
      Contains("above"));

  // rmt-transition: an overlap is a squared cosine.
  const Json rmt = planned("rmt-transition", {{"d", 30}, {"mu2", "2"}, {"seeds", 1}});
  const std::vector<std::string> pooled = shards(rmt);
  CHECK(shardProblem(rmt[0], pooled[0]) == "");
  CHECK_THAT(shardProblem(rmt[0], edited(pooled[0], [](Json& s) { s["result"]["overlap"] = 1.5; })),
             Contains("result.overlap = 1.5 is outside [0, 1]"));
}

TEST_CASE("only canonical names are results; missing and refused jobs make a partial merge", "[sweep]") {
  CHECK(shardIndex("7.json") == 7);
  CHECK(shardIndex("0.json") == 0);
  CHECK(shardIndex("123456789.json") == 123456789);
  for (const char* name :
       {"02.json", "00.json", "7.JSON", ".json", "7.json.tmp", "7.jsonx", "x7.json", "1234567890.json", "-1.json", "7"})
    CHECK(shardIndex(name) == -1);

  const Json lines = planned("sparse-dmin", {{"ns", "16,32"}, {"seeds", 2}, {"step", 4}});
  const std::vector<std::string> texts = shards(lines);
  Json files = folder(texts);
  files.push_back({{"name", "02.json"}, {"text", texts[2]}});
  const Outcome foreign = combineSweep(lines, "out/results", files);
  CHECK_FALSE(foreign.ok);
  CHECK(foreign.badInput);
  CHECK_THAT(foreign.error, Contains("out/results holds a foreign file '02.json'"));

  Json partial = Json::array();
  partial.push_back({{"name", "0.json"}, {"text", texts[0]}});
  partial.push_back({{"name", "1.json"}, {"error", "a FIFO, not a regular file"}});
  partial.push_back({{"name", "2.json"}, {"text", "{\"app\": \"0.1.0\", \"result\": nul"}});
  const Outcome merged = combineSweep(lines, "out/results", partial);
  REQUIRE(merged.ok);
  CHECK(merged.value.at("missing") == Json::array({1, 2, 3}));
  CHECK(merged.value.at("refused").size() == 2);
  CHECK(merged.value.at("refused")[0].at("file") == "out/results/1.json");
  CHECK_THAT(merged.value.at("refused")[0].at("reason").get<std::string>(), Contains("FIFO"));
  CHECK(merged.value.at("result").at("partial") == Json{{"done", 1}, {"total", 4}, {"missing", {1, 2, 3}}});
  CHECK(merged.value.at("result").at("jobsDone") == 1);
}

TEST_CASE("a plan's hash names the sweep, whatever the argument order; jobs files are re-planned", "[sweep]") {
  const std::string a = planHash("sparse-dmin", {{"ns", "16,32"}, {"seeds", "2"}});
  CHECK(a.size() == 16);
  CHECK(planHash("sparse-dmin", {{"seeds", "2"}, {"ns", "16,32"}, {"step", "16"}}) == a);
  CHECK(planHash("sparse-dmin", {{"ns", "16,32"}, {"seeds", "2"}, {"seed", "2"}}) != a);
  CHECK(planHash("sparse-dmin", {{"ns", "16,32,48"}, {"seeds", "2"}}) != a);

  const Json lines = planned("rank-beta", {{"n", 24}, {"betas", "1,2,4"}});
  std::string text;
  for (const auto& line : lines) text += line.dump() + "\n";
  const Outcome read = readSweepJobs("rank-beta", "jobs.jsonl", text);
  REQUIRE(read.ok);
  CHECK(read.value == lines);
  Json tampered = lines;
  tampered[1]["at"]["beta"] = 3;
  std::string bad;
  for (const auto& line : tampered) bad += line.dump() + "\n";
  const Outcome refused = readSweepJobs("rank-beta", "jobs.jsonl", bad);
  CHECK_FALSE(refused.ok);
  CHECK(refused.badInput);
  CHECK_THAT(refused.error, Contains("jobs.jsonl line 2: its at"));
  const Outcome alone = readSweepJob("rank-beta", lines[2].dump());
  CHECK(alone.ok);
  CHECK_FALSE(readSweepJob("rank-beta", tampered[1].dump()).ok);
}
