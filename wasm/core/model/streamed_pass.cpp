// SPDX-License-Identifier: Apache-2.0
#include "model/streamed_pass.hpp"

#include <new>

#include "model/model_error.hpp"
#include "model/forward_detail.hpp"

namespace attnlab::model {
namespace {

// The tensors a layer's queries and keys come from (all a step reads at the last layer).
bool feedsQueriesAndKeys(const std::string& name) {
  for (const char* part : {"attention.self.query.", "attention.self.key.", "attention.q_lin.", "attention.k_lin.",
                           ".ln_1.", "attn.c_attn.", "input_layernorm.", "self_attn.q_proj.", "self_attn.k_proj."})
    if (name.find(part) != std::string::npos) return true;
  return false;
}

ByteRange whole(const TensorSpan& span) { return {span.file, span.begin, span.end}; }

// Finite weights can still overflow (F32 products, a norm of huge values): refused after the step that made the
// NaN or Inf, naming the layer, instead of printed as JSON null.
void requireFinite(const Eigen::MatrixXd& values, int layer, const char* what) {
  if (values.allFinite()) return;
  throw ModelError("layer " + std::to_string(layer) + ": " + what +
                   " hold NaN or Inf (an overflow of the model's numbers, which are finite as read)");
}

}  // namespace

FamilyPass familyPass(Family family) {
  if (family == Family::Gpt2) return {gpt2Embed, gpt2Layer};
  if (family == Family::Llama || family == Family::Qwen2) return {llamaEmbed, llamaLayer};
  return {encoderEmbed, encoderLayer};
}

StreamedPass::StreamedPass(const Checkpoint& checkpoint, std::vector<std::int64_t> ids, int lastLayer,
                           ForwardDeviations deviations)
    : checkpoint_(&checkpoint), ids_(std::move(ids)), lastLayer_(lastLayer), deviations_(deviations) {
  QkRequest request;
  request.ids = ids_;
  request.layer = lastLayer;
  problem_ = requestProblem(checkpoint.config, request);
}

std::vector<ByteRange> StreamedPass::readsAt(int layer) const {
  std::vector<ByteRange> reads;
  if (!problem_.empty() || layer < 0 || layer > lastLayer_) return reads;
  const ModelConfig& c = checkpoint_->config;
  if (layer == 0) {
    const std::vector<NeededTensor> embeddings = neededTensors(c, -1);
    const TensorSpan& table = checkpoint_->span(embeddings.front().names.front());  // the token table comes first
    const std::uint64_t rowBytes = (table.end - table.begin) / static_cast<std::uint64_t>(table.shape[0]);
    for (const std::int64_t id : ids_) {
      const std::uint64_t begin = table.begin + static_cast<std::uint64_t>(id) * rowBytes;
      reads.push_back({table.file, begin, begin + rowBytes});
    }
    for (std::size_t i = 1; i < embeddings.size(); ++i)
      reads.push_back(whole(checkpoint_->span(embeddings[i].names.front())));
  }
  for (const NeededTensor& tensor : neededTensors(c, layer))
    if (layer < lastLayer_ || feedsQueriesAndKeys(tensor.names.front()))
      reads.push_back(whole(checkpoint_->span(tensor.names.front())));
  return reads;
}

bool StreamedPass::step(ByteSource& source, LayerQk& out) {
  if (done()) {
    if (problem_.empty()) problem_ = "the pass has no layer left";
    return false;
  }
  try {
    const TensorReader read{source, *checkpoint_};
    const ModelConfig& c = checkpoint_->config;
    const PassContext pass{read, c, ids_, Conventions(c, deviations_)};
    const FamilyPass family = familyPass(c.family);
    if (next_ == 0) {
      x_ = family.embed(pass);
      requireFinite(x_, 0, "the embeddings entering the layer");
    }
    out = family.layer(pass, x_, next_, next_ < lastLayer_);
    requireFinite(out.q, next_, "the queries");
    requireFinite(out.k, next_, "the keys");
    if (next_ < lastLayer_) requireFinite(x_, next_, "the hidden states leaving the layer");
    if (++next_ > lastLayer_) x_.resize(0, 0);
    return true;
  } catch (const ModelError& e) {
    problem_ = e.what();
  } catch (const std::bad_alloc&) {
    problem_ = "not enough memory for the forward pass";
  }
  x_.resize(0, 0);
  return false;
}

}  // namespace attnlab::model
