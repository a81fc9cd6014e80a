// SPDX-License-Identifier: Apache-2.0
// Nothing non-finite leaves the core: every registered experiment, run with each numeric
// parameter at the ends of its declared range (an open end: the nearest double inside it) and the others
// cheap, and run on extreme uploads, either succeeds with every number of its result finite, or is refused
// as bad input with a message naming the parameter or the input. The Json is walked before any dump:
// nlohmann writes NaN and ±inf as null, which would hide them.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <limits>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "lab/experiment.hpp"
#include "experiment_fixture.hpp"

using attnlab::Json;

namespace {

// Runs whose plan estimates more than this are not run (the CLI's --max-seconds would be needed); the
// test counts them and requires most extremes to run.
constexpr double kMaxSecondsPerRun = 1.0;
// Memory budget of every run (MiB): an extreme that needs more is refused, naming its size parameters.
constexpr double kBudgetMiB = 128;

// The path of the first non-finite number in j ("" when none): "points[3].kSvd".
std::string firstNonFinite(const Json& j, const std::string& path = "") {
  if (j.is_number_float() && !std::isfinite(j.get<double>())) return path.empty() ? "(the result)" : path;
  if (j.is_object())
    for (const auto& item : j.items())
      if (std::string bad = firstNonFinite(item.value(), path.empty() ? item.key() : path + "." + item.key());
          !bad.empty())
        return bad;
  if (j.is_array())
    for (std::size_t i = 0; i < j.size(); ++i)
      if (std::string bad = firstNonFinite(j[i], path + "[" + std::to_string(i) + "]"); !bad.empty()) return bad;
  return "";
}

// The two ends of p's range, each inside it (an open end moves to the nearest double inside).
std::vector<double> rangeEnds(const attnlab::ParamDecl& p) {
  const double lo = p.minOpen ? std::nextafter(p.min, p.max) : p.min;
  const double hi = p.maxOpen ? std::nextafter(p.max, p.min) : p.max;
  return {lo, hi};
}

bool numeric(const attnlab::ParamDecl& p) {
  return p.kind != attnlab::ParamKind::Enum && p.kind != attnlab::ParamKind::Text && p.key != "seed" &&
         p.key != "budget";
}

bool isList(const attnlab::ParamDecl& p) {
  return p.kind == attnlab::ParamKind::IntList || p.kind == attnlab::ParamKind::RealList;
}

struct Tally {
  int ran = 0, refused = 0, tooLong = 0;
  std::string skipped;  // the runs estimated too long, for the summary
};

// One run: ok with a finite result, or refused as bad input naming `names` (any one of them, as a word).
void checkRun(const std::string& id, const Json& params, const attnlab::Inputs& inputs,
              const std::vector<std::string>& names, Tally& tally) {
  const attnlab::Outcome plan = attnlab::planExperiment(id, params, inputs);
  if (plan.ok && plan.value["estimatedSeconds"].is_number() &&
      plan.value["estimatedSeconds"].get<double>() > kMaxSecondsPerRun) {
    ++tally.tooLong;
    tally.skipped += " " + id + " " + params.dump();
    return;
  }
  const attnlab::Outcome out = attnlab::runExperiment(id, params, inputs, attnlab::Progress());
  INFO(id << " " << params.dump() << (inputs.empty() ? "" : " with uploads") << " -> " << (out.ok ? "ok" : out.error));
  if (out.ok) {
    ++tally.ran;
    CHECK(firstNonFinite(out.value) == "");
    return;
  }
  ++tally.refused;
  CHECK(out.badInput);
  bool named = false;
  for (const auto& name : names)
    named = named || std::regex_search(out.error, std::regex("(^|[^A-Za-z0-9_])" + name + "($|[^A-Za-z0-9_])"));
  CHECK(named);
}

attnlab::Inputs parsed(const std::string& id, const std::vector<std::pair<std::string, std::string>>& files) {
  attnlab::Inputs inputs;
  for (const auto& [input, text] : files) {
    const std::string name = input + (text.front() == '{' ? ".json" : ".csv");
    const attnlab::ParseOutcome p = attnlab::parseExperimentInput(id, input, name, text, kBudgetMiB * 1024 * 1024);
    INFO(p.error);
    REQUIRE(p.ok);
    inputs[input] = p.array;
  }
  return inputs;
}

// An 8 × 8 pattern: a unit diagonal, and the given values off it.
std::string pattern(const std::vector<std::string>& offDiagonal) {
  std::string csv;
  for (int i = 0; i < 8; ++i) csv += std::to_string(i) + "," + std::to_string(i) + ",1\n";
  for (std::size_t k = 0; k < offDiagonal.size(); ++k)
    csv += std::to_string(k) + "," + std::to_string((k + 3) % 8) + "," + offDiagonal[k] + "\n";
  return csv;
}

// A one-head qk bundle (n = 6, d_h = 3) with q[0][0] as given.
std::string qkBundle(const std::string& q00) {
  std::ostringstream s;
  s << R"({"format": "qk", "q": [[)" << q00 << ",0.5,-0.2]";
  for (int i = 1; i < 6; ++i) s << ",[" << 0.1 * i << "," << -0.3 + 0.05 * i << "," << 0.2 << "]";
  s << R"(], "k": [[0.3,0.1,-0.4])";
  for (int i = 1; i < 6; ++i) s << ",[" << -0.1 * i << "," << 0.25 << "," << 0.05 * i << "]";
  s << "]}";
  return s.str();
}

}  // namespace

TEST_CASE("every experiment at each numeric parameter's range ends: finite results or a refusal naming it",
          "[finite]") {
  const auto cheap = fixture::cheapParams();
  Tally tally;
  const auto start = std::chrono::steady_clock::now();
  for (const auto& e : attnlab::experiments()) {
    REQUIRE(cheap.count(e.id) == 1);
    for (const auto& p : e.params) {
      if (!numeric(p)) continue;
      for (const double end : rangeEnds(p)) {
        Json params = cheap.at(e.id);
        params["budget"] = kBudgetMiB;
        const bool integer = p.kind == attnlab::ParamKind::Int || p.kind == attnlab::ParamKind::IntList;
        const Json value = integer ? Json(static_cast<std::int64_t>(end)) : Json(end);
        params[p.key] = isList(p) ? Json::array({value}) : value;
        checkRun(e.id, params, {}, {p.key}, tally);
      }
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  INFO("ran " << tally.ran << ", refused " << tally.refused << ", above " << kMaxSecondsPerRun << " s " << tally.tooLong
              << ", in " << seconds << " s");
  CHECK(tally.ran + tally.refused >= 3 * tally.tooLong);  // most extremes are actually run
  WARN("range ends: ran " << tally.ran << ", refused " << tally.refused << ", estimated above " << kMaxSecondsPerRun
                          << " s (not run) " << tally.tooLong << ":" << tally.skipped << "; in " << seconds << " s");
}

TEST_CASE("extreme uploads: finite results or a refusal naming the input", "[finite]") {
  Tally tally;
  // Paper 1: a pattern whose entries span 1e-200 .. 1e200, and one with the smallest subnormal.
  for (const auto& values :
       std::vector<std::vector<std::string>>{{"1e-200", "1e200"}, {"5e-324"}, {"5e-324", "1e300"}, {"1e200"}}) {
    const attnlab::Inputs in = parsed("sparse-approx", {{"pattern", pattern(values)}});
    checkRun("sparse-approx", {{"d", 8}, {"redraws", 2}, {"budget", kBudgetMiB}}, in, {"pattern"}, tally);
    checkRun("sparse-approx", {{"d", 64}, {"redraws", 2}, {"budget", kBudgetMiB}}, in, {"pattern"}, tally);
  }
  // Paper 3: a head bundle with a huge query entry (the logits overflow at 1e308).
  for (const char* q00 : {"1e20", "1e154", "1e308", "-1e308", "1e-320"}) {
    const std::string bundle = qkBundle(q00);
    const attnlab::Inputs in = parsed("rank-interaction", {{"q", bundle}, {"k", bundle}});
    checkRun("rank-interaction", {{"taus", "1"}, {"budget", kBudgetMiB}}, in, {"q", "k", "logits", "input"}, tally);
    checkRun("rank-zoo", {{"budget", kBudgetMiB}}, in, {"q", "k", "logits", "input"}, tally);
  }
  CHECK(tally.tooLong == 0);
  CHECK(tally.ran > 0);
}

TEST_CASE("extremes inside the declared ranges run rather than being refused", "[finite]") {
  // Each was refused or non-finite once: mu2 = 1e6 (the theory grid went to 1.15e6, past mu2's own ceiling),
  // eps2 = 5e-324 (ln(1/eps2) of an overflowed 1/eps2 made Theorem R's bound and the offset infinite).
  const auto finite = [](const std::string& id, const Json& params) {
    const attnlab::Outcome out = attnlab::runExperiment(id, params, {}, attnlab::Progress());
    INFO(id << " " << params.dump() << " -> " << out.error);
    REQUIRE(out.ok);
    CHECK(firstNonFinite(out.value) == "");
    return out.value;
  };
  const Json transition = finite("rmt-transition", {{"d", 40}, {"mu2", "1000000"}, {"seeds", 1}});
  CHECK(transition["theory"]["pools"][0]["curve"]["mu2"].back().get<double>() == 1e6);
  const Json approx = finite("sparse-approx", {{"n", 32}, {"d", 300}, {"eps2", 5e-324}});
  CHECK(approx["delta"].get<double>() > 744);  // the proof's offset ln(1/eps2) + ln(1+eps1), computed as -ln(eps2)
  CHECK(approx["delta"].get<double>() < 746);
  const Json dmin = finite("sparse-dmin", {{"ns", "16"}, {"seeds", 1}, {"eps2", 5e-324}});
  CHECK(dmin["perN"][0]["bound"].get<double>() > 0);
  // The bound still refuses an eps1 that puts it past the largest double, naming eps1.
  const attnlab::Outcome tiny =
      attnlab::runExperiment("sparse-approx", {{"n", 32}, {"eps1", 1e-200}}, {}, attnlab::Progress());
  CHECK_FALSE(tiny.ok);
  CHECK(tiny.badInput);
  CHECK_THAT(tiny.error, Catch::Matchers::StartsWith("eps1 = 1e-200"));
}
