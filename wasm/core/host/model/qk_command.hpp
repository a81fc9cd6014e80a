// SPDX-License-Identifier: Apache-2.0
// `model-qk model=<folder> ids=<id,id,...> layer=<i> head=<h>`: the arguments of every host (the native CLI
// today) parsed once, and the result as JSON: {model, family, ids, layer, head, keyHead, scale, q, k, logits},
// each matrix {rows, cols, data} row-major.
#pragma once
#include <string>
#include <vector>

#include "lab/json.hpp"
#include "host/model/checkpoint.hpp"
#include "host/model/head_qk.hpp"

namespace attnlab::model {

struct QkCommand {
  bool ok = false;
  std::string error;     // one line naming the argument, when !ok
  std::string folder;    // model=
  bool hasText = false;  // text= was given instead of ids= (request.ids empty): the host tokenizes it
  std::string text;
  QkRequest request;
};

// args: the words after "model-qk".
QkCommand parseQkCommand(const std::vector<std::string>& args);
// What `<program> model-qk --help` prints.
std::string qkCommandUsage(const std::string& program);
Json matrixJson(const Eigen::MatrixXd& m);
Json headQkJson(const ModelConfig& config, const QkRequest& request, const HeadQk& head);

}  // namespace attnlab::model
