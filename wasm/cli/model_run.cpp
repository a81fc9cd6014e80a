// SPDX-License-Identifier: Apache-2.0
#include "model_run.hpp"

#include <new>

#include "host/model_run.hpp"
#include "lab/model_study.hpp"
#include "model/checkpoint.hpp"
#include "model/head_stack.hpp"
#include "model/model_error.hpp"
#include "model/model_request.hpp"
#include "model/study_job.hpp"
#include "model_files.hpp"

namespace attnlab::cli {

CommandOnModel prepareCommandOnModel(const std::vector<std::string>& words, int maxPool) {
  CommandOnModel out;
  const model::ModelRequestParse request = model::takeModelRequest(words);
  out.present = request.present;
  if (!out.present) return out;
  out.prepared.error = request.error;
  if (!request.error.empty()) return out;
  const CommandParse parsed = parseCommandLine(request.rest, maxPool);
  if (!parsed.ok) return out.prepared.error = parsed.error, out;
  const CommandLine& c = parsed.command;
  out.id = c.id;
  if (c.kind == CommandKind::Plan && request.request.corpus) {
    out.prepared.error = "plan: a study's plan tokenizes the corpus: npm run lab -- plan " + c.id +
                         " model=<folder> corpus=<file> ... -o jobs.jsonl; attnlab run-job runs each of its jobs";
    return out;
  }
  if (c.kind != CommandKind::Run) {
    out.prepared.error = "model=: give an experiment's run (attnlab <experiment> model=<folder> ids=...)";
    return out;
  }
  if (!c.files.empty()) {
    out.prepared.error = "model=: a model gives the heads; leave out the files";
    return out;
  }
  FolderByteSource source(request.request.folder);
  out.prepared = prepareModelRun(c.id, c.params, c.maxSeconds, request.request, source);
  return out;
}

namespace {

Outcome refusal(const std::string& error) {
  Outcome out;
  out.badInput = true;
  out.error = error;
  return out;
}

Json windowsJson(const std::vector<CorpusWindow>& windows) {
  Json out = Json::array();
  for (const CorpusWindow& w : windows) out.push_back({{"n", w.n}, {"window", w.window}, {"ids", w.ids}});
  return out;
}

// The study's job lines for the folder (lab/model_study.hpp: studyJobLines), as `npm run lab -- plan` writes them.
Json studyLines(const model::ModelRequest& r, const CommandLine& c, const CorpusTokens& tokens, Json& windows) {
  FolderByteSource source(r.folder);
  const PreparedRun prepared = prepareRun(c.id, c.params, c.maxSeconds, {});
  if (!prepared.ok) throw ParamError(prepared.error);
  const model::Checkpoint checkpoint = model::openCheckpoint(source);
  const int lastLayer = r.lastLayer.value_or(checkpoint.config.layers - 1);
  if (lastLayer >= checkpoint.config.layers)
    throw ParamError("lastLayer: " + std::to_string(lastLayer) + " is beyond the model's " +
                     std::to_string(checkpoint.config.layers) + " layers");
  WindowRequest w;
  w.stream = tokens.stream;
  w.prefix = tokens.prefix;
  if (r.dropFirst && !w.prefix.empty()) w.prefix.erase(w.prefix.begin());
  w.suffix = tokens.suffix;
  w.lengths = r.corpus->lengths;
  w.windowsPerLength = r.corpus->windows;
  w.tokenLimit = checkpoint.config.tokenLimit();
  windows = windowsJson(corpusWindows(w));
  StudyPlan plan;
  plan.params = prepared.params;
  plan.eps = r.corpus->eps;
  plan.lastLayer = lastLayer;
  plan.model = {
      {"folder", r.folder}, {"name", checkpoint.config.name}, {"fingerprint", model::checkpointFingerprint(source)}};
  return studyJobLines(plan, windows);
}

}  // namespace

Outcome runCorpusStudy(const std::vector<std::string>& words, const CorpusTokens& tokens, const Progress& progress) {
  const model::ModelRequestParse request = model::takeModelRequest(words);
  if (!request.error.empty()) return refusal(request.error);
  if (!request.present || !request.request.corpus) return refusal("corpus: give model=<folder> and corpus=<file>");
  const CommandParse parsed = parseCommandLine(request.rest, 0);
  if (!parsed.ok) return refusal(parsed.error);
  if (parsed.command.kind != CommandKind::Run || parsed.command.id != "rank-zoo")
    return refusal("corpus: a study runs rank-zoo (rank-zoo model=<folder> corpus=<file> ...)");
  try {
    Json windows;
    const Json lines = studyLines(request.request, parsed.command, tokens, windows);
    FolderByteSource source(request.request.folder);
    Json runs = Json::array();
    for (std::size_t i = 0; i < lines.size(); ++i) {
      progress.step(static_cast<double>(i), static_cast<double>(lines.size()), "window");
      Outcome job = model::runStudyJob(source, lines[i], progress);
      if (!job.ok) return job;
      for (Json& run : job.value) runs.push_back(std::move(run));
    }
    Outcome out;
    out.ok = true;
    out.value = combineModelStudy(windows, runs, lines.at(0).at("params").value("seed", std::uint64_t{1}));
    return out;
  } catch (const Stopped&) {
    return refusal("stopped");
  } catch (const ParamError& e) {
    return refusal(e.what());
  } catch (const model::ModelError& e) {
    return refusal(request.request.folder + ": " + e.what());
  } catch (const std::bad_alloc&) {
    return refusal("not enough memory for the study");
  }
}

}  // namespace attnlab::cli
