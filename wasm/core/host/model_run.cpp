// SPDX-License-Identifier: Apache-2.0
#include "host/model_run.hpp"

#include <algorithm>
#include <new>

#include "host/resolve_inputs.hpp"
#include "lab/schema.hpp"
#include "model/checkpoint.hpp"
#include "model/head_qk.hpp"
#include "model/head_stack.hpp"
#include "model/model_error.hpp"
#include "model/qk_command.hpp"
#include "model/weight_heads.hpp"

namespace attnlab {
namespace {

PreparedRun refused(const std::string& error) {
  PreparedRun run;
  run.error = error;
  return run;
}

std::string joined(const std::vector<std::string>& ids) {
  std::string out;
  for (std::size_t i = 0; i < ids.size(); ++i) out += (i ? (i + 1 == ids.size() ? " and " : ", ") : "") + ids[i];
  return out;
}

// "" when the request fits the checkpoint: the ids (or weights only), the last layer, the stacks' memory.
std::string requestProblem(const model::ModelRequest& request, const model::Checkpoint& checkpoint, int lastLayer,
                           double budgetBytes) {
  const model::ModelConfig& c = checkpoint.config;
  if (lastLayer >= c.layers)
    return "lastLayer: " + std::to_string(lastLayer) + " is beyond the model's " + std::to_string(c.layers) +
           " layers (0-" + std::to_string(c.layers - 1) + ")";
  int tokens = c.hidden;
  if (request.weights) {
    if (std::string problem = model::weightHeadsProblem(c); !problem.empty()) return problem;
  } else {
    model::QkRequest qk;
    qk.ids = model::requestIds(request);
    if (std::string problem = model::requestProblem(c, qk); !problem.empty()) return problem;
    tokens = static_cast<int>(qk.ids.size());
  }
  const double bytes = model::headStackBytes(c, lastLayer + 1, tokens);
  if (bytes > budgetBytes)
    return model::budgetProblem("the heads of layers 0-" + std::to_string(lastLayer) + " on " + std::to_string(tokens) +
                                    (request.weights ? " residual dimensions" : " tokens"),
                                bytes, budgetBytes, "read fewer layers (lastLayer=) or give a larger budget=");
  return "";
}

}  // namespace

std::vector<std::string> headExperimentIds() {
  std::vector<std::string> ids;
  for (const Experiment& e : experiments())
    for (const InputRule& rule : e.inputs)
      if (rule.name == "q") ids.push_back(e.id);
  return ids;
}

std::string modelRunHelp(const std::string& id) {
  const std::vector<std::string> heads = headExperimentIds();
  if (std::find(heads.begin(), heads.end(), id) == heads.end()) return "";
  std::string out = "\na model's heads, in place of the inputs q and k:\n";
  for (const model::ModelKey& k : model::modelRequestKeys()) {
    const std::string key = k.key;
    if (key == "corpus") {
      if (id != "rank-zoo") break;
      out += "a study over a corpus (with model=; npm run lab and Python tokenize it):\n";
    }
    std::string word = key + "=" + k.value;
    word.resize(std::max<std::size_t>(word.size(), 15), ' ');
    out += "  " + word + " " + k.help + "\n";
  }
  return out;
}

PreparedRun prepareModelRun(const std::string& id, const Json& params, const std::string& maxSeconds,
                            const model::ModelRequest& request, model::ByteSource& source) {
  const std::vector<std::string> heads = headExperimentIds();
  if (std::find(heads.begin(), heads.end(), id) == heads.end())
    return refused("model=: only " + joined(heads) + " read a model's heads");
  if (request.corpus)
    return refused("corpus: a study is planned, then run job by job: npm run lab -- plan " + id +
                   " model=<folder> corpus=<file> ... -o jobs.jsonl tokenizes the corpus once; attnlab run-job runs "
                   "each job");
  if (!request.weights && !request.hasIds)
    return refused("text=: this host takes token ids (ids=<id,id,...>) or weights=1; npm run lab tokenizes a text");
  Json given = params;
  if (request.weights && id == "rank-zoo" && !given.contains("bilinear")) given["bilinear"] = "1";
  double budget = 0;
  try {  // the parameters first: their budget bounds the stacks
    budget = validate(findExperiment(id)->params, given).budgetBytes();
  } catch (const std::exception& bad) {
    return refused(bad.what());
  }
  try {
    const model::Checkpoint checkpoint = model::openCheckpoint(source);
    const int lastLayer = request.lastLayer.value_or(checkpoint.config.layers - 1);
    if (std::string problem = requestProblem(request, checkpoint, lastLayer, budget); !problem.empty())
      return refused(problem);
    Inputs inputs = model::modelHeadStacks(source, checkpoint,
                                           request.weights ? std::vector<std::int64_t>{} : model::requestIds(request),
                                           lastLayer, request.weights);
    const std::string name = checkpoint.config.name;
    return prepareRunOn(id, given, maxSeconds, std::move(inputs), {{"q", name, 1.0}, {"k", name, 0}});
  } catch (const model::ModelError& e) {
    return refused(e.what());
  } catch (const std::bad_alloc&) {
    return refused("not enough memory for the model's heads");
  }
}

}  // namespace attnlab
