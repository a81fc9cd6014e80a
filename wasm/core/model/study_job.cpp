// SPDX-License-Identifier: Apache-2.0
#include "model/study_job.hpp"

#include <new>

#include "model/head_stack.hpp"
#include "model/model_error.hpp"

namespace attnlab::model {

Outcome runStudyJob(ByteSource& source, const Json& line, const Progress& progress) {
  Outcome out;
  try {
    const std::string want = line.at("model").at("fingerprint").get<std::string>(), got = checkpointFingerprint(source);
    if (got != want) {
      out.badInput = true;
      out.error = "model: this folder's fingerprint " + got + " is not the study's " + want +
                  " (another model, or its config or headers changed): plan the study again on this folder";
      return out;
    }
    const Checkpoint checkpoint = openCheckpoint(source);
    const Inputs heads = modelHeadStacks(source, checkpoint, line.at("ids").get<std::vector<std::int64_t>>(),
                                         line.at("lastLayer").get<int>(), false);
    Json grid = line.at("eps");
    if (grid.empty()) grid.push_back(nullptr);
    Json runs = Json::array();
    for (const Json& eps : grid) {
      Json params = line.at("params");
      params["scale"] = 1.0;  // each layer's attention scale is in its Q (head_stack.hpp), as a head bundle's scale 1
      if (!eps.is_null()) params["eps"] = eps;
      Outcome run = runExperiment("rank-zoo", params, heads, progress);
      if (!run.ok) return run;
      runs.push_back({{"n", line.at("n")},
                      {"window", line.at("window")},
                      {"eps", eps.is_null() ? run.value.at("eps") : eps},
                      {"result", std::move(run.value)}});
    }
    out.ok = true;
    out.value = std::move(runs);
  } catch (const ModelError& e) {
    out.badInput = true;
    out.error = e.what();
  } catch (const std::bad_alloc&) {
    out.error = "not enough memory for the window's heads";
  } catch (const std::exception& e) {
    out.badInput = true;
    out.error = std::string("the job line is not a model study's: ") + e.what();
  }
  return out;
}

}  // namespace attnlab::model
