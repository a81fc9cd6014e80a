// Each family's streamed forward pass up to one head's Q and K (head_qk.cpp chooses and checks).
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

HeadQk encoderHeadQk(const TensorReader& read, const ModelConfig& config, const QkRequest& request);  // BERT, RoBERTa, DistilBERT
HeadQk gpt2HeadQk(const TensorReader& read, const ModelConfig& config, const QkRequest& request);
HeadQk llamaHeadQk(const TensorReader& read, const ModelConfig& config, const QkRequest& request);    // LLaMA, Qwen2

// The chosen head's columns of Q and K (tokens × all heads' features) and its logits, unmasked.
HeadQk headFromProjections(const MatrixXd& q, const MatrixXd& k, int queryHead, int keyHead, int headDim, double scale);

}  // namespace attnlab::model
