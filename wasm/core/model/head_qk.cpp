// SPDX-License-Identifier: Apache-2.0
#include "model/head_qk.hpp"

#include <algorithm>
#include <new>

#include "model/model_error.hpp"
#include "model/streamed_pass.hpp"
#include "model/forward_detail.hpp"

namespace attnlab::model {

HeadQk headOf(const ModelConfig& c, const LayerQk& layer, int head, const ForwardDeviations& deviations) {
  const HeadLayout layout{c.heads, c.kvHeads, c.headDim, deviations.tiledGqa};
  const Eigen::Index d = c.headDim;
  HeadQk out;
  out.q = layer.q.middleCols(head * d, d);
  out.k = layer.k.middleCols(layout.keyHead(head) * d, d);
  out.logits = out.q * out.k.transpose() * layer.scale;
  out.scale = layer.scale;
  return out;
}

std::string requestProblem(const ModelConfig& c, const QkRequest& r) {
  if (r.ids.empty()) return "ids: give at least one token id";
  if (static_cast<std::int64_t>(r.ids.size()) > c.tokenLimit())
    return "ids: " + std::to_string(r.ids.size()) + " tokens, more than the model's " + std::to_string(c.tokenLimit()) +
           (c.slidingWindow > 0 && c.tokenLimit() == c.slidingWindow ? "-token sliding window" : " positions");
  for (const std::int64_t id : r.ids)
    if (id < 0 || id >= c.vocab)
      return "ids: token id " + std::to_string(id) + " is outside the vocabulary [0, " + std::to_string(c.vocab - 1) +
             "]";
  if (r.layer < 0 || r.layer >= c.layers)
    return "layer: " + std::to_string(r.layer) + " is outside [0, " + std::to_string(c.layers - 1) + "]";
  if (r.head < 0 || r.head >= c.heads)
    return "head: " + std::to_string(r.head) + " is outside [0, " + std::to_string(c.heads - 1) + "]";
  return "";
}

double memoryEstimateBytes(const Checkpoint& checkpoint, const QkRequest& r) {
  const ModelConfig& c = checkpoint.config;
  const double t = static_cast<double>(r.ids.size()), d = 8;  // activations in double
  // A step holds its layer's bytes (the page and headless put them all before it runs), the matrix being used as
  // float (tensor_reader.hpp: readWeights) with its raw copy, and the vectors widened to double.
  double layerRaw = 0, largestRaw = 0, largestFloat = 0, vectors = 0;
  for (const NeededTensor& tensor : neededTensors(c, std::max(0, std::min(r.layer, c.layers - 1)))) {
    const TensorSpan& span = checkpoint.span(tensor.names.front());
    const double raw = static_cast<double>(span.end - span.begin), count = static_cast<double>(span.numel());
    layerRaw += raw;
    largestRaw = std::max(largestRaw, raw);
    if (span.shape.size() > 1)
      largestFloat = std::max(largestFloat, 4 * count);
    else
      vectors += d * count;
  }
  const double layerWeights = layerRaw + largestFloat + vectors;
  const double width = 6.0 * c.hidden + 2.0 * c.intermediate + (c.heads + 2.0 * c.kvHeads) * c.headDim;
  // incl. embedding rows; the attention mix holds a head's logits, their product's temporary and the softmax's rows
  const double activations = t * width * d + 3 * t * t * d + 3 * t * c.hidden * d;
  const double outputs = (2 * t * c.headDim + t * t) * d;
  return layerWeights + largestRaw + activations + outputs;
}

PassOutcome forEachLayerQk(ByteSource& source, const Checkpoint& checkpoint, const std::vector<std::int64_t>& ids,
                           int lastLayer, const LayerVisitor& visit, const ForwardDeviations& deviations) {
  PassOutcome out;
  StreamedPass pass(checkpoint, ids, lastLayer, deviations);
  LayerQk layer;
  while (!pass.done()) {
    if (!pass.step(source, layer)) break;
    if (!visit(layer)) {
      out.stopped = true;
      break;
    }
  }
  out.error = pass.problem();
  out.ok = out.error.empty();
  return out;
}

QkOutcome computeHeadQk(ByteSource& source, const Checkpoint& checkpoint, const QkRequest& request) {
  QkOutcome out;
  out.error = requestProblem(checkpoint.config, request);
  if (!out.error.empty()) return out;
  const PassOutcome pass = forEachLayerQk(
      source, checkpoint, request.ids, request.layer,
      [&](const LayerQk& layer) {
        if (layer.layer == request.layer) out.head = headOf(checkpoint.config, layer, request.head, request.deviations);
        return true;
      },
      request.deviations);
  out.ok = pass.ok;
  out.error = pass.error;
  return out;
}

QkOutcome modelHeadQk(ByteSource& source, const QkRequest& request) {
  try {
    const Checkpoint checkpoint = openCheckpoint(source);
    return computeHeadQk(source, checkpoint, request);
  } catch (const ModelError& e) {
    QkOutcome out;
    out.error = e.what();
    return out;
  } catch (const std::bad_alloc&) {
    QkOutcome out;
    out.error = "not enough memory to open the model";
    return out;
  }
}

}  // namespace attnlab::model
