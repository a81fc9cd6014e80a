// SPDX-License-Identifier: Apache-2.0
// The pieces of a transformer block on tokens × features matrices in double: the layer maths of the model reader
// (model/), which decides from config.json which activation, norm and rotation a checkpoint uses.
#pragma once
#include <Eigen/Dense>
#include <cstdint>

namespace attnlab::model {

using Eigen::MatrixXd;
using Eigen::VectorXd;

enum class Activation { GeluErf, GeluTanh, Relu, Silu };
enum class RopeScaling { None, Linear, Dynamic, Llama3 };

struct RopeConfig {
  double theta = 10000;
  RopeScaling scaling = RopeScaling::None;
  double factor = 1;
  double lowFreqFactor = 1, highFreqFactor = 4;  // llama3
  double originalMaxPositions = 8192;            // llama3 (original_max_position_embeddings)
};

MatrixXd layerNorm(const MatrixXd& x, const VectorXd& weight, const VectorXd& bias, double eps);
MatrixXd rmsNorm(const MatrixXd& x, const VectorXd& weight, double eps);  // x / sqrt(mean(x²) + eps) * weight
void activate(MatrixXd& x, Activation activation);
using RowMatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// nn.Linear: x Wᵀ + b with W [out, in]; bias may be empty. The product in float (float_product.hpp).
MatrixXd linear(const MatrixXd& x, const RowMatrixF& weight, const VectorXd& bias);
// Conv1D (GPT-2): x W + b with W [in, out].
MatrixXd conv1d(const MatrixXd& x, const RowMatrixF& weight, const VectorXd& bias);

// Multi-head attention's mix: softmax(Q_h K_gᵀ × scale (+ causal mask)) V_g for every query head h, g its
// key head; q is tokens × (heads·headDim), k and v tokens × (kvHeads·headDim). Returns tokens × (heads·headDim).
struct HeadLayout {
  int heads, kvHeads, headDim;
  bool tiledGqa = false;  // negative control: g = h % kvHeads
  int keyHead(int h) const { return tiledGqa ? h % kvHeads : h / (heads / kvHeads); }
};
MatrixXd attentionMix(const MatrixXd& q, const MatrixXd& k, const MatrixXd& v, const HeadLayout& layout, double scale,
                      bool causal);

// The inverse frequencies of the rotation pairs for a text of `tokens` tokens, with the model's scaling (transformers'
// rope init functions; dynamic scaling depends on the length).
VectorXd ropeInverseFrequencies(int headDim, const RopeConfig& rope, std::int64_t tokens);
// RoPE on every head of x (tokens × (heads·headDim)) at positions 0..tokens-1 (spec: rotate_half over the
// whole head_dim; interleaved rotates pairs (2i, 2i+1) instead, as a negative control).
void applyRope(MatrixXd& x, int heads, int headDim, const RopeConfig& rope, bool interleaved);

// Runs the pass's kernels (the float products, layer norm, GELU, the attention mix) on small made-up matrices and
// returns a sum of the results (so that nothing is left out). A host whose compiler tiers (V8 first compiles wasm
// quickly, then optimises what runs often) calls it while the first layer's bytes are read: the first layer then runs
// optimised code instead of the quick one, about 3× slower in Chromium. It computes nothing the pass uses.
double warmUp();

}  // namespace attnlab::model
