// SPDX-License-Identifier: Apache-2.0
// The command line of every host (host/command_line.hpp): the forms and options, the rule that tells a
// file from a parameter, the words for a file a host could not read, the resolution of a run's files (a
// head bundle's scale) and its time budget, and what plan and combine print. The native CLI and
// `npm run lab` both call these; tests/web/verdicts.test.ts checks that they agree end to end.
#include <catch2/catch.hpp>

#include <chrono>
#include <regex>
#include <vector>

#include "host/command_line.hpp"
#include "numerics/shared/decimal.hpp"
#include "host/error_key.hpp"
#include "lab/value_syntax.hpp"

using attnlab::CommandKind;
using attnlab::Json;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {
attnlab::CommandParse parse(std::vector<std::string> args, int maxPool = 0) {
  return attnlab::parseCommandLine(args, maxPool);
}

const std::string kBundleHalf =
    R"({"format": "qk", "q": [[1, 0], [0, 1], [1, 1]], "k": [[1, 0], [0, 1], [1, -1]], "scale": 0.5})";
const std::string kBundleQuarter =
    R"({"format": "qk", "q": [[1, 0], [0, 1], [1, 1]], "k": [[1, 0], [0, 1], [1, -1]], "scale": 0.25})";
}  // namespace

TEST_CASE("command line: the forms", "[command-line]") {
  CHECK(parse({}).ok);
  CHECK(parse({}).command.kind == CommandKind::Usage);
  CHECK_FALSE(parse({}).command.asked);
  CHECK(parse({"--help"}).command.asked);
  CHECK(parse({"--schema"}).command.kind == CommandKind::Schema);
  CHECK(parse({"--syntax"}).command.kind == CommandKind::Syntax);
  CHECK(parse({"--syntax", "x"}).error == "--syntax takes no argument, got 'x'");
  CHECK(parse({"rank-beta", "n=64", "--help"}).command.kind == CommandKind::Help);

  const auto run = parse({"attention-map", "n=48", "beta=2", "--max-seconds=10"});
  REQUIRE(run.ok);
  CHECK(run.command.kind == CommandKind::Run);
  CHECK(run.command.params == Json{{"n", "48"}, {"beta", "2"}});
  CHECK(run.command.maxSeconds == "10");
  CHECK(parse({"attention-map"}).command.maxSeconds == "3600");

  CHECK_THAT(parse({"nope"}).error, StartsWith("unknown experiment 'nope' (known: attention-map, "));
  CHECK(parse({"--frobnicate"}).error == "expected an experiment id first, got '--frobnicate'");
  CHECK(parse({"attention-map", "n"}).error == "expected key=value, got 'n'");
  CHECK(parse({"attention-map", "=3"}).error == "expected key=value, got '=3'");
  CHECK(parse({"attention-map", "n=3", "n=4"}).error == "n is given twice: give each parameter once");
  CHECK_THAT(parse({"attention-map", "--max-seconds", "0"}).error,
             StartsWith("--max-seconds must be a positive number"));
  CHECK(parse({"attention-map", "--max-seconds"}).error == "--max-seconds needs a value");
  // An option given twice is refused as a parameter given twice is, in every spelling.
  CHECK(parse({"attention-map", "--max-seconds", "5", "--max-seconds=7"}).error ==
        "--max-seconds is given twice: give each option once");
  CHECK(parse({"attention-map", "--pool", "1", "--pool", "1"}, 4).error ==
        "--pool is given twice: give each option once");
  CHECK(parse({"combine", "rank-beta", "--jobs", "a", "r", "--jobs=b"}).error ==
        "--jobs is given twice: give each option once");
  CHECK(parse({"combine", "rank-beta", "-o", "a", "r", "-o", "b"}).error == "-o is given twice: give each option once");
  CHECK(parse({"combine", "rank-beta", "r", "--allow-partial", "--allow-partial"}).error ==
        "--allow-partial is given twice: give each option once");
  CHECK(parse({"run-job", "rank-beta", "--index", "1", "--index", "2"}).error ==
        "--index is given twice: give each option once");
  CHECK(parse({"plan", "rank-beta", "--missing", "r", "--missing", "s"}).error ==
        "--missing is given twice: give each option once");
}

TEST_CASE("command line: 100,000 key=value words are parsed in linear time, a repeat still refused", "[command-line]") {
  // ordered_json's contains() and operator[] searched the keys one by one: 40,000 words took 9 s natively.
  std::vector<std::string> args{"attention-map"};
  for (int i = 0; i < 100000; ++i) args.push_back("k" + std::to_string(i) + "=1");
  const auto started = std::chrono::steady_clock::now();
  const auto parsed = parse(args);
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(5));  // quadratic: about a minute
  REQUIRE(parsed.ok);
  CHECK(parsed.command.params.size() == 100000);
  CHECK(parsed.command.params.begin().key() == "k0");  // the order given
  CHECK(parsed.command.params.at("k99999") == "1");
  args.push_back("k7=2");
  CHECK(parse(args).error == "k7 is given twice: give each parameter once");
  CHECK(parse({"rank-interaction", "q=a.npy", "q=b.npy"}).error == "q is given twice: give each parameter once");
}

TEST_CASE("command line: --pool only where a host runs workers, within its cores", "[command-line]") {
  CHECK_THAT(parse({"rank-beta", "--pool", "2"}).error, StartsWith("--pool: this program runs in one thread"));
  CHECK(parse({"rank-beta", "--pool", "2"}, 4).command.pool == 2);
  CHECK(parse({"rank-beta", "--pool=4"}, 4).command.pool == 4);
  CHECK(parse({"rank-beta"}, 4).command.pool == 0);
  for (const char* bad : {"0", "5", "x", "-1", "2.0", ""})
    CHECK(parse({"rank-beta", std::string("--pool=") + bad}, 4).error ==
          "--pool must be an integer in [1, 4] (the cores of this machine), got '" + std::string(bad) + "'");
}

TEST_CASE("command line: a file or a parameter", "[command-line]") {
  // rmt-spectrum's R is both a parameter (ar:0.5) and an input: a file only with one of its formats, in any case.
  for (const char* file : {"R.csv", "R.CSV", "dir/my R.Npy"}) {
    const auto c = parse({"rmt-spectrum", std::string("R=") + file}).command;
    REQUIRE(c.files.size() == 1);
    CHECK(c.files[0] == std::make_pair(std::string("R"), std::string(file)));
    CHECK_FALSE(c.params.contains("R"));
  }
  CHECK(parse({"rmt-spectrum", "R=ar:0.5"}).command.params == Json{{"R", "ar:0.5"}});
  CHECK(parse({"rmt-spectrum", "R=.csv"}).command.params == Json{{"R", ".csv"}});  // no name before the extension
  // An input that is no parameter is always a file; upload= is the old spelling of an experiment's only input.
  CHECK(parse({"sparse-approx", "pattern=p.txt"}).command.files[0].first == "pattern");
  CHECK(parse({"sparse-approx", "upload=p.csv"}).command.files[0].first == "pattern");
  CHECK(parse({"sparse-approx", "upload=p.csv", "pattern=q.csv"}).error ==
        "pattern is given twice: give each parameter once");
  // Another experiment's input is a parameter, which validation refuses by name.
  CHECK(parse({"attention-map", "pattern=p.csv"}).command.params == Json{{"pattern", "p.csv"}});
}

TEST_CASE("command line: plan, run-job and combine", "[command-line]") {
  const auto plan = parse({"plan", "rank-beta", "n=64", "-o", "jobs.jsonl", "--missing", "out/", "--print", "index"});
  REQUIRE(plan.ok);
  CHECK(plan.command.kind == CommandKind::Plan);
  CHECK(plan.command.params == Json{{"n", "64"}});
  CHECK(plan.command.output == "jobs.jsonl");
  CHECK(plan.command.missingDir == "out/");
  CHECK(plan.command.print == "index");
  const auto job = parse({"run-job", "rank-beta", "--jobs", "j.jsonl", "--index", "7"});
  CHECK(job.command.kind == CommandKind::RunJob);
  CHECK(job.command.index == 7);
  const auto combine = parse({"combine", "rank-beta", "--jobs", "j.jsonl", "out/", "--allow-partial"});
  CHECK(combine.command.resultsDir == "out/");
  CHECK(combine.command.allowPartial);
  CHECK(parse({"plan"}).error == "plan needs an experiment id");
  CHECK(parse({"run-job", "rank-beta", "--index", "x"}).error == "--index must be a job index (0, 1, ...), got 'x'");
  CHECK(parse({"run-job", "rank-beta", "--index"}).error == "--index needs a value");
  CHECK(parse({"plan", "rank-beta", "--allow-partial"}).error == "unexpected argument '--allow-partial'");
  CHECK(parse({"combine", "rank-beta", "a/", "b/"}).error == "unexpected argument 'b/'");
  CHECK(parse({"plan", "rank-beta", "n=1", "n=2"}).error == "n is given twice: give each parameter once");
}

TEST_CASE("command line: a file a host could not read, in one set of words", "[command-line]") {
  CHECK(attnlab::fileProblem("p.csv", "file", 10).empty());
  CHECK(attnlab::fileProblem("p.csv", "file", attnlab::kInputFileLimitBytes).empty());
  CHECK(attnlab::fileProblem("p.csv", "file", attnlab::kInputFileLimitBytes + 1) ==
        "'p.csv' holds 536870913 bytes, above the limit of 536870912 for input files");
  CHECK(attnlab::fileProblem("p.csv", "missing", 0) == "cannot open 'p.csv'");
  CHECK(attnlab::fileProblem("d", "directory", 0) == "'d' is a directory, not a regular file");
  CHECK(attnlab::fileProblem("f", "FIFO", 0) == "'f' is a FIFO, not a regular file");
  CHECK(attnlab::fileProblem("z", "character device", 0) == "'z' is a character device, not a regular file");
  CHECK(attnlab::fileProblem("s", "other", 0) == "'s' is not a plain file, not a regular file");
}

TEST_CASE("command line: a run's files resolved, its time budget judged", "[command-line]") {
  using attnlab::ReadInput;
  const Json none = Json::object();
  // A head bundle's scale becomes the run's scale, with a note; two bundles of one scale agree.
  auto run =
      attnlab::prepareRun("rank-interaction", none, "3600",
                          {ReadInput{"q", "a.json", kBundleHalf, ""}, ReadInput{"k", "c.json", kBundleHalf, ""}});
  REQUIRE(run.ok);
  CHECK(run.params == Json{{"scale", 0.5}});
  CHECK(run.notes == std::vector<std::string>{"scale=0.5 from the head bundle a.json"});
  CHECK(run.inputs.size() == 2);
  // A scale given on the command line wins over the bundle's.
  run = attnlab::prepareRun("rank-interaction", Json{{"scale", "0.1"}}, "3600",
                            {ReadInput{"q", "a.json", kBundleHalf, ""}});
  REQUIRE(run.ok);
  CHECK(run.params == Json{{"scale", "0.1"}});
  CHECK(run.notes.empty());
  run = attnlab::prepareRun("rank-interaction", none, "3600",
                            {ReadInput{"q", "a.json", kBundleHalf, ""}, ReadInput{"k", "b.json", kBundleQuarter, ""}});
  CHECK_FALSE(run.ok);
  CHECK(
      run.error ==
      "k: the head bundles 'a.json' (scale 0.5) and 'b.json' (scale 0.25) disagree on scale: give Q and K of one head");
  // What a file determines is not used, and the note says so (the page's run drops the same keys: one rule).
  run = attnlab::prepareRun("rank-interaction", Json{{"d", "3"}, {"scale", "0.1"}}, "3600",
                            {ReadInput{"q", "a.json", kBundleHalf, ""}, ReadInput{"k", "c.json", kBundleHalf, ""}});
  REQUIRE(run.ok);
  CHECK(run.params == Json{{"scale", "0.1"}});
  CHECK(run.notes == std::vector<std::string>{"d=3 ignored: the file a.json determines it"});
  // The parameters are judged before any file; a file's fault names the input.
  run = attnlab::prepareRun("sparse-approx", Json{{"d", "0"}}, "3600",
                            {ReadInput{"pattern", "p.csv", "", "cannot open 'p.csv'"}});
  CHECK_THAT(run.error, StartsWith("d must be"));
  run = attnlab::prepareRun("sparse-approx", none, "3600", {ReadInput{"pattern", "p.csv", "", "cannot open 'p.csv'"}});
  CHECK(run.error == "pattern: cannot open 'p.csv'");
  run = attnlab::prepareRun("sparse-approx", none, "3600", {ReadInput{"pattern", "p.csv", "0,0,1\n1,x,1\n", ""}});
  CHECK(run.error == "pattern: p.csv: line 2: field j 'x' is not a finite number");
  // The time budget: the plan's estimate against --max-seconds; a sweep reports its jobs.
  run = attnlab::prepareRun("rank-beta", none, "3600", {});
  REQUIRE(run.ok);
  CHECK(run.jobs > 1);
  run = attnlab::prepareRun("rank-beta", none, "0.001", {});
  CHECK_THAT(run.error, StartsWith("this run is estimated at ") && Contains("above the 0.001 s allowed"));
  // A tiny limit: the estimate in seconds that mean something (no "1 s (0.0 h)"), and a --max-seconds that lets it run.
  run = attnlab::prepareRun("attention-map", Json{{"n", "24"}}, "1e-300", {});
  CHECK_THAT(run.error, StartsWith("this run is estimated at ") && !Contains(" 1 s") && !Contains(" h)") &&
                            Contains("above the 1e-300 s allowed"));
  const std::string suggested = run.error.substr(run.error.find("give --max-seconds ") + 19);
  CHECK(attnlab::prepareRun("attention-map", Json{{"n", "24"}}, suggested.substr(0, suggested.find(' ')), {}).ok);
  // Bad parameters are left for the run to name (the plan cannot estimate them).
  run = attnlab::prepareRun("rank-beta", Json{{"n", "3"}}, "3600", {});
  CHECK_FALSE(run.ok);
  CHECK_THAT(run.error, StartsWith("n must be"));
}

TEST_CASE("command line: what plan and combine print", "[command-line]") {
  const Json lines = Json::array({{{"index", 0}, {"seed", "a"}}, {{"index", 1}, {"seed", 7}}, {{"index", 2}}});
  CHECK(attnlab::planOutput(lines, Json::array(), "") ==
        lines[0].dump() + "\n" + lines[1].dump() + "\n" + lines[2].dump() + "\n");
  CHECK(attnlab::planOutput(lines, Json::array({0}), "seed") == "7\nnull\n");
  CHECK(attnlab::planOutput(lines, Json::array({1, 2, 99}), "seed") == "a\n");
  const Json checked = {{"refused", Json::array({{{"file", "3.json"}, {"reason", "not this plan"}}})}};
  CHECK(attnlab::refusedLines(checked) == "attnlab: refused 3.json: not this plan\n");
  Json merged = {{"missing", Json::array()}, {"done", 4}};
  CHECK(attnlab::combineVerdict(merged, 4, "out/", false) == std::make_pair(std::string(), 0));
  merged = {{"missing", Json::array({0, 2})}, {"done", 2}};
  const auto [line, code] = attnlab::combineVerdict(merged, 4, "out/", false);
  CHECK(line ==
        "attnlab: combined 2 of 4 jobs; missing: 0 2 (run them: attnlab plan ... --missing out/); the result is "
        "partial\n");
  CHECK(code == attnlab::kIncompleteExit);
  CHECK(attnlab::combineVerdict(merged, 4, "out/", true).second == 0);
  Json many = Json::array();
  for (int i = 0; i < 25; ++i) many.push_back(i);
  CHECK_THAT(attnlab::combineVerdict({{"missing", many}, {"done", 0}}, 25, "r/", false).first,
             Contains("18 19 ... (run them"));
}

TEST_CASE("a refusal's structured key: the parameter or input it starts with", "[command-line][error-key]") {
  const attnlab::Experiment& map = *attnlab::findExperiment("attention-map");
  CHECK(attnlab::errorKey(map, "n must be an integer in [2, 4096], got 'abc'") == "n");
  CHECK(attnlab::errorKey(map, "beta: too large") == "beta");
  CHECK(attnlab::errorKey(map, "nothing here").empty());
  CHECK(attnlab::errorKey(map, "unknown parameter 'zzz'").empty());
  CHECK(attnlab::errorKey(map, "needle: ...").empty());  // n is not a prefix of another word
  const attnlab::Experiment& spectrum = *attnlab::findExperiment("rmt-spectrum");
  CHECK(attnlab::errorKey(spectrum, "R: ar:phi needs a number phi in [-1, 1]") == "R");
  const attnlab::Experiment& approx = *attnlab::findExperiment("sparse-approx");
  CHECK(attnlab::errorKey(approx, "pattern: p.csv: line 2: field j 'x' is not a finite number") == "pattern");
  // Every refusal of a bad value by validation names its key: checked here for one bad value of each parameter.
  for (const attnlab::Experiment& e : attnlab::experiments()) {
    for (const attnlab::ParamDecl& p : e.params) {
      const attnlab::Outcome out = attnlab::planExperiment(e.id,
                                                           Json{{p.key,
                                                                 "\x01"
                                                                 "bad"}},
                                                           {});
      if (out.ok) continue;  // a text parameter may take it and fail later, or not at all
      INFO(e.id << ": " << out.error);
      CHECK(attnlab::errorKey(e, out.error) == p.key);
    }
  }
}

TEST_CASE("command line: --syntax is the syntax the core reads", "[command-line]") {
  const Json syntax = attnlab::valueSyntaxJson();
  const std::regex decimal(syntax.at("decimal").at("pattern").get<std::string>());
  for (const std::string text :
       {"0", "-1.5", ".5", "5.", "1e-3", "2E+4", "+1", "0x10", " 1", "1 ", "", "e5", "1e", "--1", "inf"}) {
    double x = 0;
    CHECK(std::regex_match(text, decimal) == attnlab::parseDecimal(text, x));
  }
  // The core reads the pattern by hand (no std::regex in the module): the same language on every text of
  // up to five characters over the pattern's alphabet (and one more).
  const std::string alphabet = "-+.eE1x";
  std::vector<std::string> texts{""};
  for (std::size_t len = 0, from = 0; len < 5; ++len) {
    const std::size_t to = texts.size();
    for (std::size_t t = from; t < to; ++t)
      for (char c : alphabet) texts.push_back(texts[t] + c);
    from = to;
  }
  for (const std::string& text : texts) {
    INFO("'" << text << "'");
    CHECK(std::regex_match(text, decimal) == attnlab::matchesDecimal(text));
  }
  CHECK(texts.size() > 19000);
  double x = 0;
  const std::size_t longest = syntax.at("decimal").at("maxLength").get<std::size_t>();
  CHECK(attnlab::parseDecimal(std::string(longest, '1'), x));
  CHECK_FALSE(attnlab::parseDecimal(std::string(longest + 1, '1'), x));
  const std::string first = syntax.at("text").at("first"), last = syntax.at("text").at("last");
  const std::string excluded = syntax.at("text").at("excluded");
  for (int c = 0; c < 256; ++c) {
    const char ch = static_cast<char>(c);
    const bool declared = c >= first[0] && c <= last[0] && excluded.find(ch) == std::string::npos;
    CHECK(attnlab::isTextChar(ch) == declared);
  }
}
