// SPDX-License-Identifier: Apache-2.0
// `model-qk model=<folder> ids=<id,id,...> layer=<i> head=<h>`: the arguments of every host (the native CLI
// today) parsed once, and the result as JSON: {model, family, ids, layer, head, keyHead, scale, q, k, logits},
// each matrix {rows, cols, data} row-major.
#pragma once
#include <string>
#include <vector>

#include "lab/json.hpp"
#include "model/checkpoint.hpp"
#include "model/head_qk.hpp"

namespace attnlab::model {

// The memory the pass may take unless budget= says otherwise: what a wasm module can hold (its 4 GiB, as the
// experiments' budget ceiling); natively budget= may raise it.
constexpr double kDefaultQkBudgetMiB = 4000;
constexpr std::int64_t kMaxQkBudgetMiB = 1 << 20;

struct QkCommand {
  bool ok = false;
  std::string error;     // one line naming the argument, when !ok
  std::string folder;    // model=
  bool hasText = false;  // text= was given instead of ids= (request.ids empty): the host tokenizes it
  std::string text;
  double budgetMiB = kDefaultQkBudgetMiB;  // budget=
  QkRequest request;
};

// args: the words after "model-qk".
QkCommand parseQkCommand(const std::vector<std::string>& args);
// What `<program> model-qk --help` prints.
std::string qkCommandUsage(const std::string& program);
Json matrixJson(const Eigen::MatrixXd& m);
// Bytes headQkJson takes for `tokens` tokens, its tree and its text: each number as a Json value and as ~24 characters.
double headJsonBytes(const ModelConfig& config, std::size_t tokens);
// "" when `estimateBytes` fits `budgetBytes`, else one line naming what needs it, both sizes in MiB and `remedy`
// (what the host lets the user change). Hosts ask before the pass (or the printing) allocates.
std::string budgetProblem(const std::string& what, double estimateBytes, double budgetBytes, const std::string& remedy);
Json headQkJson(const ModelConfig& config, const QkRequest& request, const HeadQk& head);

}  // namespace attnlab::model
