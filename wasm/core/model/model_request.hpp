// SPDX-License-Identifier: Apache-2.0
// A run on a model's heads as every host is given it: `<experiment> model=<folder> (text="..." | ids=<id,...>)
// [lastLayer=<i>] [dropFirst=1] [weights=1]`, or a study over a corpus with `corpus=<file> [n=<n,...>] [windows=K]
// [eps=<ε,...>]`. The keys are declared once here (modelRequestKeys: the help of every host) and parsed once
// (takeModelRequest: the native CLI, Python, and `npm run lab` through the wasm binding); what a host cannot serve
// (tokenizing a text natively, a corpus in a one-shot native run) it refuses by name. host/model_run.hpp turns a
// request and a checkpoint into an experiment's run.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lab/json.hpp"

namespace attnlab::model {

struct ModelKey {
  const char* key;
  const char* value;  // its syntax, as usage lines show it
  const char* help;
};
// Every key of a model request, in the order a link or a command line writes them.
const std::vector<ModelKey>& modelRequestKeys();
// The keys as JSON [{key, value, help}], for the hosts' help and the generated declarations.
Json modelRequestKeysJson();

struct CorpusRequest {
  std::string path;                        // corpus=: a UTF-8 text file
  std::vector<std::int64_t> lengths{128};  // n=: each window length in tokens, 1 to 8 different, each >= 2
  int windows = 1;                         // windows=: windows of each length, 1 to 1000
  std::vector<double> eps;                 // eps=: the ε grid, 0 to 3 values (none: the experiment's eps)
};

struct ModelRequest {
  std::string folder;  // model=
  std::optional<std::string> text;
  std::vector<std::int64_t> ids;  // ids=, when given (hosts that cannot tokenize)
  bool hasIds = false;
  std::optional<int> lastLayer;
  bool dropFirst = false, weights = false;
  std::optional<CorpusRequest> corpus;
};

struct ModelRequestParse {
  bool present = false;  // model= was given
  std::string error;     // one line naming the key, when the words are refused ("" otherwise)
  ModelRequest request;
  std::vector<std::string> rest;  // the other words, in order: the experiment's command line
};

// Takes the model's keys out of a command line's words (`rank-zoo model=bert text="..." betaMults=1,2`); without
// model= nothing is taken and present is false (a model key without model= is then the experiment's to refuse).
ModelRequestParse takeModelRequest(const std::vector<std::string>& words);
Json modelRequestJson(const ModelRequestParse& parsed);

// The ids a request's pass reads: ids= without its first token when dropFirst=1.
std::vector<std::int64_t> requestIds(const ModelRequest& request);

}  // namespace attnlab::model
