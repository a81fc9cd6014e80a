// Each family's streamed forward pass (head_qk.cpp chooses the family and checks the request): layers
// 0..lastLayer, each layer's all-heads Q and K handed to the visitor before the rest of its block runs.
#pragma once
#include "attnlab/model/head_qk.hpp"
#include "layer_math.hpp"
#include "tensor_reader.hpp"

namespace attnlab::model {

// The model's conventions with a request's deviations (negative controls) applied.
struct Conventions {
  double eps;
  Activation activation;
  bool interleavedRope, tiledGqa;
  Conventions(const ModelConfig& config, const ForwardDeviations& d)
      : eps(d.normEps > 0 ? d.normEps : config.normEps),
        activation(!d.otherGelu                               ? config.activation
                   : config.activation == Activation::GeluErf ? Activation::GeluTanh
                                                              : Activation::GeluErf),
        interleavedRope(d.interleavedRope),
        tiledGqa(d.tiledGqa) {}
};

// A pass of one family over layers 0..lastLayer; it ends early when the visitor returns false.
struct Pass {
  const TensorReader& read;
  const ModelConfig& config;
  const std::vector<std::int64_t>& ids;
  int lastLayer;
  Conventions conventions;
  const LayerVisitor& visit;
  // Hands layer `layer`'s projections to the visitor; whether to go on to its block.
  bool offer(int layer, const MatrixXd& q, const MatrixXd& k) const {
    const bool more = visit(LayerQk{layer, q, k, config.attentionScale(layer)});
    return more && layer < lastLayer;
  }
};

void encoderPass(const Pass& pass);  // BERT, RoBERTa, DistilBERT
void gpt2Pass(const Pass& pass);
void llamaPass(const Pass& pass);  // LLaMA, Qwen2

}  // namespace attnlab::model
