// SPDX-License-Identifier: Apache-2.0
// A model request (model/model_request.hpp) parsed once for every host, and an experiment's run on a checkpoint's
// heads prepared from it (host/model_run.hpp): the heads equal the stacks a study's job reads, the parameters are
// resolved as for files, and every refusal names its key before a byte of weights is read.
#include <catch2/catch.hpp>

#include "host/model_run.hpp"
#include "model/checkpoint.hpp"
#include "model/head_stack.hpp"
#include "model/model_request.hpp"
#include "model_fixture.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

std::string refusal(const std::vector<std::string>& words) { return model::takeModelRequest(words).error; }

}  // namespace

TEST_CASE("model request: the model's keys are taken off an experiment's words", "[model][cli]") {
  const model::ModelRequestParse p =
      model::takeModelRequest({"rank-zoo", "model=/m", "ids=101,7,102", "betaMults=1,2", "lastLayer=3", "dropFirst=1"});
  REQUIRE(p.present);
  REQUIRE(p.error.empty());
  CHECK(p.rest == std::vector<std::string>{"rank-zoo", "betaMults=1,2"});
  CHECK(p.request.folder == "/m");
  CHECK(p.request.hasIds);
  CHECK(model::requestIds(p.request) == std::vector<std::int64_t>{7, 102});
  CHECK(p.request.lastLayer == 3);
  CHECK_FALSE(p.request.text);
  CHECK_FALSE(p.request.corpus);

  const model::ModelRequestParse none = model::takeModelRequest({"rank-zoo", "n=64", "eps=0.1"});
  CHECK_FALSE(none.present);
  CHECK(none.rest == std::vector<std::string>{"rank-zoo", "n=64", "eps=0.1"});  // without corpus=, the experiment's

  const model::ModelRequestParse study =
      model::takeModelRequest({"rank-zoo", "model=/m", "corpus=c.txt", "n=64,128", "windows=4", "eps=0.05,0.1"});
  REQUIRE(study.request.corpus);
  CHECK(study.request.corpus->lengths == std::vector<std::int64_t>{64, 128});
  CHECK(study.request.corpus->windows == 4);
  CHECK(study.request.corpus->eps == std::vector<double>{0.05, 0.1});
  CHECK(study.rest == std::vector<std::string>{"rank-zoo"});
  CHECK(model::takeModelRequest({"rank-zoo", "model=/m", "corpus=c.txt"}).request.corpus->lengths ==
        std::vector<std::int64_t>{128});
}

TEST_CASE("model request: each refusal names its key and the allowed values", "[model][cli]") {
  CHECK_THAT(refusal({"model=/m", "weights=2"}), StartsWith("weights: '2' is not 0 or 1"));
  CHECK_THAT(refusal({"model=/m", "dropFirst=yes"}), StartsWith("dropFirst: 'yes' is not 0 or 1"));
  CHECK_THAT(refusal({"model=/m", "lastLayer=-1"}), StartsWith("lastLayer: '-1' is not a layer number from 0"));
  CHECK_THAT(refusal({"model=/m", "model=/n"}), StartsWith("model is given twice"));
  CHECK_THAT(refusal({"model="}), StartsWith("model: give the model's folder"));
  CHECK_THAT(refusal({"model=/m", "ids=1,x"}), StartsWith("ids: 'x' is not a token id"));
  CHECK_THAT(refusal({"model=/m", "ids=1", "text=a"}), StartsWith("model: give text= or ids=, not both"));
  CHECK_THAT(refusal({"model=/m", "corpus=c", "text=a"}), StartsWith("corpus: a study reads the corpus"));
  CHECK_THAT(refusal({"model=/m", "corpus=c", "weights=1"}), StartsWith("corpus: a study reads the corpus"));
  CHECK_THAT(refusal({"model=/m", "corpus=c", "n=8,8"}), StartsWith("n: give 1 to 8 different window lengths"));
  CHECK_THAT(refusal({"model=/m", "corpus=c", "n=1"}), StartsWith("n: give 1 to 8"));
  CHECK_THAT(refusal({"model=/m", "corpus=c", "n=eight"}), StartsWith("n: 'eight' is not a list of window lengths"));
  CHECK_THAT(refusal({"model=/m", "corpus=c", "windows=0"}),
             StartsWith("windows: '0' is not a number of windows in [1, 1000]"));
  CHECK_THAT(refusal({"model=/m", "corpus=c", "windows=1001"}), StartsWith("windows: "));
  CHECK_THAT(refusal({"model=/m", "corpus=c", "eps=0.1,0.2,0.3,0.4"}),
             StartsWith("eps: a study takes 1 to 3 error levels"));
  CHECK_THAT(refusal({"model=/m", "corpus=c", "eps=x"}), StartsWith("eps: 'x' is not a list of 1 to 3 numbers"));
}

TEST_CASE("model request: its keys are declared once, with help", "[model][cli]") {
  const Json keys = model::modelRequestKeysJson();
  std::vector<std::string> names;
  for (const Json& k : keys) {
    names.push_back(k.at("key").get<std::string>());
    CHECK_FALSE(k.at("help").get<std::string>().empty());
  }
  CHECK(names == std::vector<std::string>{"model", "text", "ids", "lastLayer", "dropFirst", "weights", "corpus", "n",
                                          "windows", "eps"});
}

TEST_CASE("a run on a model's heads: the study job's stacks, the scale in Q, refusals before reading", "[model][cli]") {
  fixture::FolderSource source("bert-f32");
  const std::vector<std::string> words = {"model=x", "ids=2,7,9,11,5,3", "lastLayer=1", "dropFirst=1"};
  const model::ModelRequest request = model::takeModelRequest(words).request;
  const PreparedRun run = prepareModelRun("rank-zoo", Json{{"seed", "1"}}, "3600", request, source);
  REQUIRE(run.ok);
  CHECK(run.params.at("scale") == 1.0);  // each layer's attention scale is in its Q
  const model::Checkpoint checkpoint = model::openCheckpoint(source);
  const Inputs stacks = model::modelHeadStacks(source, checkpoint, {7, 9, 11, 5, 3}, 1, false);
  CHECK(run.inputs.at("q").values == stacks.at("q").values);
  CHECK(run.inputs.at("k").shape == stacks.at("k").shape);
  CHECK(run.inputs.at("q").shape ==
        std::vector<std::int64_t>{2, checkpoint.config.heads, 5, checkpoint.config.headDim});

  const PreparedRun weights = prepareModelRun("rank-zoo", Json::object(), "3600",
                                              model::takeModelRequest({"model=x", "weights=1"}).request, source);
  REQUIRE(weights.ok);
  CHECK(weights.params.at("bilinear") == "1");
  CHECK(weights.inputs.at("q").shape[2] == checkpoint.config.hidden);

  const auto refused = [&](const std::string& id, const std::vector<std::string>& w, const Json& params) {
    return prepareModelRun(id, params, "3600", model::takeModelRequest(w).request, source).error;
  };
  CHECK_THAT(refused("rank-beta", words, Json::object()), StartsWith("model=: only rank-interaction and rank-zoo"));
  CHECK_THAT(refused("rank-zoo", {"model=x", "text=hi"}, Json::object()),
             StartsWith("text=: this host takes token ids"));
  CHECK_THAT(refused("rank-zoo", {"model=x", "corpus=c.txt"}, Json::object()),
             StartsWith("corpus: a study is planned"));
  CHECK_THAT(refused("rank-zoo", {"model=x", "ids=1,2", "lastLayer=7"}, Json::object()),
             StartsWith("lastLayer: 7 is beyond the model's 2 layers"));
  CHECK_THAT(refused("rank-zoo", {"model=x", "ids=1,99999"}, Json::object()), StartsWith("ids: token id 99999"));
  CHECK_THAT(refused("rank-zoo", {"model=x", "ids=1,2"}, Json{{"budget", "x"}}), Contains("budget"));
  CHECK_THAT(refused("rank-zoo", {"model=x", "ids=1,2"}, Json{{"betaMults", "1"}, {"nope", "1"}}), Contains("nope"));
}
