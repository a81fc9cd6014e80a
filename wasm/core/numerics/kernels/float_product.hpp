// SPDX-License-Identifier: Apache-2.0
// The forward pass's big products (x Wᵀ of every projection and MLP) in float, the way a model's own runtime does
// them: the weights are float already (F32, F16 and BF16 are exact in float), the activations are rounded to float,
// each dot product is summed in four float lanes in one fixed order and the result widened back to double. The same
// code natively and in wasm (vector types: SSE there, wasm SIMD here), so both give the same bits. About 1e-7
// relative per product, far inside the 1e-5 the model tests allow; norms, activations, softmax and RoPE stay double.
#pragma once
#include <Eigen/Dense>

namespace attnlab::model {

using RowMatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// x (tokens × in) times wᵀ, w given as [out, in] (nn.Linear's layout), row-major float: tokens × out.
Eigen::MatrixXd floatProductTransposed(const Eigen::MatrixXd& x, const RowMatrixF& w);

}  // namespace attnlab::model
