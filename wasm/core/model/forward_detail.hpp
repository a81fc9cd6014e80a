// SPDX-License-Identifier: Apache-2.0
// Each family's streamed forward pass (head_qk.cpp chooses the family and checks the request): layers
// 0..lastLayer, each layer's all-heads Q and K handed to the visitor before the rest of its block runs.
#pragma once
#include "model/head_qk.hpp"
#include "numerics/transformer/layer_math.hpp"
#include "model/tensor_reader.hpp"

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

// What one step of a pass reads with and works on.
struct PassContext {
  const TensorReader& read;
  const ModelConfig& config;
  const std::vector<std::int64_t>& ids;
  Conventions conventions;
};

// A family's pass in steps: the embeddings of the ids (tokens × hidden), then layer by layer: the layer's
// all-heads Q and K from x and, when finishBlock, the rest of its block, which updates x.
struct FamilyPass {
  MatrixXd (*embed)(const PassContext& pass);
  LayerQk (*layer)(const PassContext& pass, MatrixXd& x, int layer, bool finishBlock);
};
FamilyPass familyPass(Family family);

MatrixXd encoderEmbed(const PassContext& pass);  // BERT, RoBERTa, DistilBERT
LayerQk encoderLayer(const PassContext& pass, MatrixXd& x, int layer, bool finishBlock);
MatrixXd gpt2Embed(const PassContext& pass);
LayerQk gpt2Layer(const PassContext& pass, MatrixXd& x, int layer, bool finishBlock);
MatrixXd llamaEmbed(const PassContext& pass);  // LLaMA, Qwen2
LayerQk llamaLayer(const PassContext& pass, MatrixXd& x, int layer, bool finishBlock);

}  // namespace attnlab::model
