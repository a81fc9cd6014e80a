// SPDX-License-Identifier: Apache-2.0
// Paper 1 end to end, sparse-dmin: reproducible sweeps, the fast scan against the paper's literal scan, curves,
// caps, the log-law fit, progress, uploads and the d_min table (docs/theory/sparse.md#dmin-table).
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "lab/experiment.hpp"
#include "lab/experiments/sparse/approx.hpp"
#include "sparse_fixture.hpp"

using namespace attnlab;
using namespace sparse_fixture;
using Catch::Matchers::WithinAbs;

namespace {

std::vector<Json> dminValues(const Json& result, std::size_t q) { return result["perN"][q]["dmin"]; }

}  // namespace

TEST_CASE("sparse-dmin: same seed, same d_min; job order and subsets do not matter", "[sparse][dmin]") {
  const Json params = {{"ns", "32,64"}, {"seeds", 3}, {"seed", 9}};
  const Json a = run("sparse-dmin", params), b = run("sparse-dmin", params);
  CHECK(a == b);
  const Json other = run("sparse-dmin", {{"ns", "32,64"}, {"seeds", 3}, {"seed", 10}});
  CHECK(other["perN"] != a["perN"]);
  // A point's numbers do not depend on which other n are listed.
  const Json alone = run("sparse-dmin", {{"ns", "64"}, {"seeds", 3}, {"seed", 9}});
  CHECK(dminValues(alone, 0) == dminValues(a, 1));

  const Experiment* e = findExperiment("sparse-dmin");
  const ParamValues values = validate(e->params, params);
  const std::vector<Json> jobs = e->plan(values, {});
  REQUIRE(jobs.size() == 6);
  CHECK(jobs[1]["n"] == 64);  // a job's coordinates carry its n and its stream, apart from the parameters
  CHECK(jobs[1]["stream"].get<std::uint64_t>() < (std::uint64_t{1} << 53));
  Json finished = Json::array();
  for (std::size_t q = jobs.size(); q-- > 0;)  // reversed order, as a pool might finish them
    finished.push_back({{"index", q}, {"result", e->runJob(Job{values, jobs[q], nullptr}, Progress())}});
  const auto combine = [&](const Json& done) { return e->combine(values, done); };
  CHECK(combine(finished)["perN"] == a["perN"]);
  // Any subset: only finished seeds appear, never a null placeholder.
  const Json partial = combine(Json::array({finished[0], finished[2]}));  // jobs 5 and 3: n = 64
  REQUIRE(partial["perN"].size() == 1);
  CHECK(partial["perN"][0]["n"] == 64);
  CHECK(partial["perN"][0]["seedsDone"] == 2);
  CHECK(partial["perN"][0]["seeds"] == Json::array({1, 2}));
  CHECK(partial["jobsDone"] == 2);
  CHECK(partial["jobsTotal"] == 6);
  const Json sub = combine(Json::array({finished[0]}));
  REQUIRE(sub["perN"].size() == 1);
  CHECK(sub["perN"][0]["seedsDone"] == 1);
  CHECK(sub["perN"][0]["dmin"].size() == 1);
  CHECK(sub["perN"][0]["sd"] == 0.0);
  CHECK(sub["fit"].is_null());  // one n only
  CHECK(combine(Json::array())["perN"].empty());
}

// The paper's literal scan (a fresh draw per grid point, every draw checked in full) is the oracle:
// the experiment's fast scan evaluates the very same draws and only skips work that cannot change a
// verdict, so every seed's d_min must coincide with it, not just the means.
std::vector<Json> paperScan(const Json& params) {
  const Experiment* e = findExperiment("sparse-dmin");
  const ParamValues values = validate(e->params, params);
  using F = ConstructionFields;
  const ParamList<F> fields{{&F::causal, constructionParam("causal")},
                            {&F::proj, constructionParam("proj")},
                            {&F::split, constructionParam("split")},
                            {&F::delta, constructionParam("delta")},
                            {&F::rng, rngParam()}};
  Construction c;
  readConstruction(fields.read(values), c);
  std::vector<Json> dmins;
  for (const Json& at : e->plan(values, {})) {
    const std::uint64_t stream = at["stream"];
    Rng rng(values.seed(), childStream(stream, 0), NormalMethod::BoxMuller);
    const SparsePattern a = samplePattern(at["n"], 2, 2.0, c.causal, rng);
    SparseApproximator approximator(a, c);
    const ScanOutcome out =
        scanMinimalWidth(approximator, 16, 16384, 1, ScanMode::Paper, values.seed(), stream, Progress());
    dmins.push_back(out.capped ? Json(nullptr) : Json(out.dmin));
  }
  return dmins;
}

TEST_CASE("sparse-dmin: every seed's d_min equals the paper's literal scan", "[sparse][dmin]") {
  const Json base = {{"ns", "64"}, {"seeds", 40}, {"seed", 4}};
  const Json fast = run("sparse-dmin", base);
  CHECK(dminValues(fast, 0) == paperScan(base));
  CHECK(fast["perN"][0]["sd"].get<double>() > 0);
  for (const char* split : {"sym", "asym"}) {  // also for the other construction choices
    const Json p = {{"ns", "48"}, {"seeds", 6}, {"split", split}, {"proj", "orth"}, {"causal", 1}};
    CHECK(dminValues(run("sparse-dmin", p), 0) == paperScan(p));
  }
}

TEST_CASE("sparse-dmin: one curve per list value, sharing patterns across curves", "[sparse][dmin]") {
  const Json r = run("sparse-dmin", {{"ns", "32,64"}, {"seeds", 2}, {"draws", "1,4"}});
  REQUIRE(r["curves"].size() == 2);
  CHECK(r["curveParam"] == "draws");
  CHECK(r["curves"][1]["param"] == "draws");
  CHECK(r["curves"][1]["value"] == 4);
  CHECK(r["perN"] == r["curves"][0]["perN"]);
  CHECK(r["fit"] == r["curves"][0]["fit"]);
  // Common random numbers: 4 draws per grid point include the single draw, so d_min never grows.
  for (std::size_t q = 0; q < 2; ++q)
    for (std::size_t s = 0; s < 2; ++s)
      CHECK(r["curves"][1]["perN"][q]["dmin"][s].get<int>() <= r["curves"][0]["perN"][q]["dmin"][s].get<int>());
  const Json single = run("sparse-dmin", {{"ns", "32"}, {"seeds", 1}});
  REQUIRE(single["curves"].size() == 1);
  CHECK(single["curves"][0]["param"].is_null());
}

TEST_CASE("sparse-dmin: a scan that never passes is capped, not a number", "[sparse][dmin]") {
  const Json r = run("sparse-dmin", {{"ns", "128"}, {"seeds", 2}, {"dmax", 48}});
  const Json& point = r["perN"][0];
  CHECK(point["dmin"] == Json::array({nullptr, nullptr}));
  CHECK(point["capped"] == true);
  CHECK(point["cappedSeeds"] == 2);
  CHECK(point["mean"].is_null());
  CHECK(point["dcap"] == 48);
  // dmax below step leaves no grid point: every job is capped at 0 rather than refused.
  const Json empty = run("sparse-dmin", {{"ns", "64"}, {"seeds", 1}, {"step", 32}, {"dmax", 16}});
  CHECK(empty["perN"][0]["capped"] == true);
  CHECK(empty["perN"][0]["dmin"] == Json::array({nullptr}));
  // A tight budget lowers the cap instead of refusing the sweep.
  const Json tight = run("sparse-dmin", {{"ns", "256"}, {"seeds", 1}, {"budget", 2}});
  const int dcap = tight["perN"][0]["dcap"];
  CHECK(dcap < 200);
  CHECK(dcap % 16 == 0);
  CHECK(tight["perN"][0]["capped"] == true);
  Construction c;
  CHECK(approximationBytes(256, 0, dcap, c, false) <= 2 * 1024.0 * 1024.0);
  CHECK(approximationBytes(256, 512, dcap + 16, c, false) > 2 * 1024.0 * 1024.0);
}

TEST_CASE("sparse-dmin: the fit of d_min against ln n recovers an exact law", "[sparse][dmin]") {
  // Combine is pure: feed it made-up job results lying on d = 10 + 20 ln n.
  const Json params = {{"ns", "16,64,256"}, {"seeds", 1}};
  Json finished = Json::array();
  for (int q = 0; q < 3; ++q) {
    const int n = 16 << (2 * q);
    finished.push_back({{"index", q},
                        {"result",
                         {{"curve", 0},
                          {"nIndex", q},
                          {"seedIndex", 0},
                          {"n", n},
                          {"dmin", 10 + 20 * std::log(n)},
                          {"dcap", 16384}}}});
  }
  const Json fit = combineExperiment("sparse-dmin", params, finished).value["fit"];
  CHECK_THAT(fit["a"].get<double>(), WithinAbs(10, 1e-9));
  CHECK_THAT(fit["b"].get<double>(), WithinAbs(20, 1e-9));
  CHECK_THAT(fit["r2"].get<double>(), WithinAbs(1, 1e-12));
}

TEST_CASE("sparse-dmin: the fit goes through the per-n means; r2 ignores seed scatter", "[sparse][dmin]") {
  // Two seeds per n at law ± 7: the means lie exactly on d = 10 + 20 ln n, so r2 = 1.
  const Json params = {{"ns", "16,64,256"}, {"seeds", 2}};
  Json finished = Json::array();
  for (int q = 0; q < 3; ++q)
    for (int s = 0; s < 2; ++s) {
      const int n = 16 << (2 * q);
      finished.push_back({{"index", 2 * q + s},
                          {"result",
                           {{"curve", 0},
                            {"nIndex", q},
                            {"seedIndex", s},
                            {"n", n},
                            {"dmin", 10 + 20 * std::log(n) + (s ? 7 : -7)},
                            {"dcap", 16384}}}});
    }
  const Json r = combineExperiment("sparse-dmin", params, finished).value;
  CHECK_THAT(r["fit"]["b"].get<double>(), WithinAbs(20, 1e-9));
  CHECK_THAT(r["fit"]["r2"].get<double>(), WithinAbs(1, 1e-12));
  CHECK_THAT(r["perN"][1]["sd"].get<double>(), WithinAbs(7 * std::sqrt(2.0), 1e-9));
}

TEST_CASE("sparse-dmin reports progress per grid point and stops on request", "[sparse][dmin]") {
  int calls = 0;
  double last = -1;
  const Outcome ok =
      runExperiment("sparse-dmin", {{"ns", "64"}, {"seeds", 1}}, {}, Progress([&](double done, double total) {
                      ++calls;
                      CHECK(done >= last);
                      CHECK(done <= total);
                      last = done;
                      return true;
                    }));
  CHECK(ok.ok);
  CHECK(calls >= 10);
  const Outcome stopped =
      runExperiment("sparse-dmin", {{"ns", "256"}, {"seeds", 1}}, {}, Progress([](double, double) { return false; }));
  CHECK_FALSE(stopped.ok);
  CHECK(stopped.error == "stopped");
}

TEST_CASE("sparse-dmin with an uploaded pattern scans that pattern", "[sparse][dmin][upload]") {
  std::vector<double> t;
  for (int i = 0; i < 50; ++i) t.insert(t.end(), {double(i), double((7 * i) % 50), 1.0});
  const Json r = run("sparse-dmin", {{"ns", "50"}, {"seeds", 2}}, t);
  CHECK(r["perN"][0]["n"] == 50);
  CHECK(r["perN"][0]["seedsDone"] == 2);
  fails("sparse-dmin", {{"seeds", 1}}, "ns: with an uploaded pattern n comes from the file", t);
}

TEST_CASE(
    "d_min table at n = 128 (docs/theory/sparse.md#dmin-table): the three constructions land within 15% of the table",
    "[sparse][reproduction]") {
  // Gaussian asym 299, Gaussian sym 235, orthogonal asym 101 (3 seeds each); a cheap default guard.
  const std::pair<Json, double> rows[] = {
      {{{"split", "asym"}}, 299}, {{{"split", "sym"}}, 235}, {{{"proj", "orth"}}, 101}};
  for (const auto& [choice, mean] : rows) {
    Json params = {{"ns", "128"}, {"seeds", 3}};
    params.update(choice);
    const Json r = run("sparse-dmin", params);
    INFO(choice.dump());
    CHECK_THAT(r["perN"][0]["mean"].get<double>(), WithinAbs(mean, 0.15 * mean));
  }
}

// The d_min table (docs/theory/sparse.md#dmin-table; a numpy reference, not the paper's): each mean within ±15%. Hidden
// from the default run
// (~20 s); ctest runs it natively as catch2_native_reference_tables.
TEST_CASE("reproduction of the d_min table (docs/theory/sparse.md#dmin-table)", "[.slow][sparse][reproduction]") {
  struct Row {
    const char* proj;
    const char* split;
    const char* ns;
    std::vector<double> means;
  };
  const Row table[] = {
      {"gauss", "asym", "128,256,512,1024,2048", {299, 347, 384, 469, 507}},
      {"gauss", "sym", "128,256,512,1024", {235, 251, 299, 384}},
      {"orth", "asym", "128,256,512,1024", {101, 165, 240, 341}},
  };
  for (const Row& row : table) {
    const Json r = run("sparse-dmin", {{"ns", row.ns}, {"seeds", 3}, {"proj", row.proj}, {"split", row.split}});
    for (std::size_t q = 0; q < row.means.size(); ++q) {
      INFO(row.proj << "/" << row.split << " n = " << r["perN"][q]["n"]);
      CHECK_THAT(r["perN"][q]["mean"].get<double>(), WithinAbs(row.means[q], 0.15 * row.means[q]));
    }
  }
}

// Issue acceptance: on the "d_min grows like log n" preset the slope is positive with r2 >= 0.9.
TEST_CASE("the log-n preset: d_min grows like ln n", "[.slow][sparse][reproduction]") {
  // The preset as shipped (3 seeds, rng=box-muller); on the ziggurat, 6 seeds: with 3, r2 falls below 0.9 for
  // about one seed value in twelve with either stream (seed 1..12: box-muller 0.871 at seed 5, ziggurat 0.888 at seed
  // 1).
  for (const auto& [rng, seeds] :
       {std::pair<std::string, int>{"box-muller", 3}, std::pair<std::string, int>{"ziggurat", 6}}) {
    const Json r = run("sparse-dmin", {{"ns", "512,1024,2048,3072"}, {"seeds", seeds}, {"rng", rng}});
    INFO(rng << ", " << seeds << " seeds: " << r["fit"].dump());
    CHECK(r["fit"]["b"].get<double>() > 0);
    CHECK(r["fit"]["r2"].get<double>() >= 0.9);
    // Theorem R is an upper bound, about ten times the measured d_min (docs/theory/sparse.md#theorem-r).
    for (const auto& point : r["perN"]) CHECK(point["bound"].get<double>() > 5 * point["mean"].get<double>());
  }
}
