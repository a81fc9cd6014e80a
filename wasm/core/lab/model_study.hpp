// SPDX-License-Identifier: Apache-2.0
// A model studied over a corpus, as paper 3's calibration grid is (84 BERT-base heads × n ∈ {64, 128, 256} × 5
// temperatures × 3 ε, summarised by the Spearman correlation of effective dimension and SVD certificate): the
// corpus's token stream cut into windows of exactly n tokens, and the merge of rank-zoo's results on every window
// into one study (docs/theory/rank.md#model-study). The hosts tokenize and run each window's heads; this is the rest.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "lab/experiment.hpp"
#include "lab/json.hpp"

namespace attnlab {

struct CorpusWindow {
  int n = 0, window = 0;          // the length, and the window's number among those of its length (from 0)
  std::vector<std::int64_t> ids;  // exactly n ids: the tokenizer's special tokens around a stretch of the corpus
};

struct WindowRequest {
  std::vector<std::int64_t> stream;          // the corpus's tokens, without special tokens
  std::vector<std::int64_t> prefix, suffix;  // the special tokens the tokenizer puts around one sequence
  std::vector<std::int64_t> lengths;         // n of each window, each once
  int windowsPerLength = 1;
  std::int64_t tokenLimit = 0;  // the model's positions
};

// Consecutive, non-overlapping windows from the start of the stream, for each length in turn; throws ParamError
// naming the key (n, windows, corpus) when a length does not fit the model or the corpus is too short.
std::vector<CorpusWindow> corpusWindows(const WindowRequest& request);

// The study's merge. runs: [{"n", "window", "eps", "result": rank-zoo's result on that window's heads}]; windows:
// what corpusWindows gave. value: {"windows", "rows" (every row tagged with n, window, eps), "heads" (each head's
// spread over its rows), "association" (Spearman of rEffVis and kSvd over the rows, with a bootstrap interval over
// heads drawn from `seed`), "bands" (the published measurements, with their sources)}.
Json combineModelStudy(const Json& windows, const Json& runs, std::uint64_t seed, int bootstraps = 1000);

// A study in shards (lab/model_study_shards.cpp), like any sweep (lab/sweep.hpp): one job line per window,
//   {"app", "experiment": "rank-zoo", "study": "corpus", "plan", "index", "jobs", "params", "eps", "lastLayer",
//    "model": {"folder", "name", "fingerprint"}, "n", "window", "ids"}
// `plan` hashes everything but model.folder (where the folder is mounted may differ from machine to machine); a job
// runs on a folder only when its fingerprint (model/head_stack.hpp) is the line's. A shard is
// {"app", "experiment", "study", "plan", "index", "result": {"runs": [{"n", "window", "eps", "result"}]}}.
struct StudyPlan {
  Json params;               // rank-zoo's, validated
  Json eps = Json::array();  // the ε grid; empty: params' eps
  int lastLayer = 0;
  Json model;  // {"folder", "name", "fingerprint"}
};
Json studyJobLines(const StudyPlan& plan, const Json& windows);
// True when a jobs file's first line is a study's.
bool isStudyJobs(const std::string& text);
// value: the lines, checked: a study's, indices 0, 1, ... in order, one plan whose hash they reproduce.
Outcome readStudyJobs(const std::string& fileName, const std::string& text);
Json studyShard(const Json& line, const Json& runs);
// Every shard of the folder checked against its line, then merged (combineModelStudy): value {"result", "missing",
// "refused", "done", "total"} as combineSweep's; missing windows leave the result partial.
Outcome combineStudyShards(const Json& jobs, const std::string& folder, const Json& files);

}  // namespace attnlab
