// SPDX-License-Identifier: Apache-2.0
// The forward pass as resumable steps, for hosts whose reads are asynchronous (the page reads a File with
// File.slice(a, b).arrayBuffer() between layers): before each step the host asks which byte ranges it
// reads, fetches them into a ByteSource, and runs the step, which reads nothing else. One step is one
// layer (the first also embeds the ids); the activations are kept between steps, each layer's weights
// are freed when its step ends. forEachLayerQk is this pass run with a source that reads on demand.
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <string>
#include <vector>

#include "model/head_qk.hpp"

namespace attnlab::model {

struct ByteRange {
  std::string file;
  std::uint64_t begin = 0, end = 0;  // [begin, end) in the file
};

class StreamedPass {
 public:
  // Layers 0..lastLayer of `checkpoint` (which must outlive the pass) on `ids`.
  StreamedPass(const Checkpoint& checkpoint, std::vector<std::int64_t> ids, int lastLayer,
               ForwardDeviations deviations = {});
  // Why the pass cannot run or stopped ("" while it can): the request's fault, or a failed step's.
  const std::string& problem() const { return problem_; }
  bool done() const { return !problem_.empty() || next_ > lastLayer_; }
  int nextLayer() const { return next_; }
  // What the next step reads: the ids' rows of the token table and the other embedding tensors with layer 0;
  // every tensor of a layer below lastLayer; only the norm, W_Q and W_K (with biases) at lastLayer.
  std::vector<ByteRange> nextReads() const { return readsAt(next_); }
  // What the step of `layer` reads (they depend on the layer alone, not on the activations): a host may fetch the
  // next layer's bytes while this one runs.
  std::vector<ByteRange> readsAt(int layer) const;
  // Runs the next layer through `source`; false (and problem()) when a read or the memory fails.
  bool step(ByteSource& source, LayerQk& out);

 private:
  const Checkpoint* checkpoint_;
  std::vector<std::int64_t> ids_;
  int lastLayer_;
  ForwardDeviations deviations_;
  std::string problem_;
  int next_ = 0;
  Eigen::MatrixXd x_;  // the activations entering layer next_
};

}  // namespace attnlab::model
