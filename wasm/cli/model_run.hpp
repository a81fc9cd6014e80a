// SPDX-License-Identifier: Apache-2.0
// `attnlab <experiment> model=<folder> ids=<id,...> [lastLayer=<i>] [dropFirst=1] ...` (or weights=1): an experiment
// that takes heads, run on a checkpoint folder's heads (host/model_run.hpp), the folder read by path. Shared with the
// Python package (attnlab.run with model=).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "host/command_line.hpp"

namespace attnlab::cli {

struct CommandOnModel {
  bool present = false;  // the words give model=; otherwise the caller parses them as any command line
  std::string id;        // the experiment
  PreparedRun prepared;  // its run on the heads, or (ok false) the one line of its refusal
};
// maxPool: as parseCommandLine's.
CommandOnModel prepareCommandOnModel(const std::vector<std::string>& words, int maxPool);

// `rank-zoo model=<folder> corpus=<file> [n=...] [windows=K] [eps=...]` on a corpus whose tokens the host gives
// (Python tokenizes with Hugging Face's tokenizers): the windows cut by the core (lab/model_study.hpp), each window
// run as `attnlab run-job` runs a study's job, and merged as `attnlab combine` merges the shards. stream: the corpus's
// ids without special tokens; prefix, suffix: the special tokens the tokenizer puts around one sequence.
struct CorpusTokens {
  std::vector<std::int64_t> stream, prefix, suffix;
};
Outcome runCorpusStudy(const std::vector<std::string>& words, const CorpusTokens& tokens, const Progress& progress);

}  // namespace attnlab::cli
