// SPDX-License-Identifier: Apache-2.0
#include "numerics/transformer/layer_math.hpp"

#include "numerics/kernels/float_product.hpp"

#include <cmath>
#include <limits>

namespace attnlab::model {

MatrixXd layerNorm(const MatrixXd& x, const VectorXd& weight, const VectorXd& bias, double eps) {
  MatrixXd out(x.rows(), x.cols());
  for (Eigen::Index t = 0; t < x.rows(); ++t) {
    const double mean = x.row(t).mean();
    const Eigen::RowVectorXd centred = x.row(t).array() - mean;
    const double variance = centred.squaredNorm() / static_cast<double>(x.cols());  // biased, as torch
    out.row(t) = (centred / std::sqrt(variance + eps)).cwiseProduct(weight.transpose()) + bias.transpose();
  }
  return out;
}

MatrixXd rmsNorm(const MatrixXd& x, const VectorXd& weight, double eps) {
  MatrixXd out(x.rows(), x.cols());
  for (Eigen::Index t = 0; t < x.rows(); ++t) {
    const double meanSquare = x.row(t).squaredNorm() / static_cast<double>(x.cols());
    out.row(t) = (x.row(t) / std::sqrt(meanSquare + eps)).cwiseProduct(weight.transpose());
  }
  return out;
}

void activate(MatrixXd& x, Activation activation) {
  const double root2OverPi = std::sqrt(2.0 / 3.14159265358979323846);
  x = x.unaryExpr([&](double v) {
    switch (activation) {
      case Activation::GeluErf:
        return 0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0)));
      case Activation::GeluTanh:
        return 0.5 * v * (1.0 + std::tanh(root2OverPi * (v + 0.044715 * v * v * v)));
      case Activation::Relu:
        return v > 0 ? v : 0.0;
      case Activation::Silu:
        return v / (1.0 + std::exp(-v));
    }
    return v;
  });
}

MatrixXd linear(const MatrixXd& x, const RowMatrixF& weight, const VectorXd& bias) {
  MatrixXd y = floatProductTransposed(x, weight);  // in float, as the model's own runtime (float_product.hpp)
  if (bias.size()) y.rowwise() += bias.transpose();
  return y;
}

MatrixXd conv1d(const MatrixXd& x, const RowMatrixF& weight, const VectorXd& bias) {
  MatrixXd y = floatProductTransposed(x, RowMatrixF(weight.transpose()));
  if (bias.size()) y.rowwise() += bias.transpose();
  return y;
}

MatrixXd attentionMix(const MatrixXd& q, const MatrixXd& k, const MatrixXd& v, const HeadLayout& layout, double scale,
                      bool causal) {
  const Eigen::Index tokens = q.rows(), d = layout.headDim;
  MatrixXd out(tokens, static_cast<Eigen::Index>(layout.heads) * d);
  for (int h = 0; h < layout.heads; ++h) {
    const int g = layout.keyHead(h);
    MatrixXd logits = q.middleCols(h * d, d) * k.middleCols(g * d, d).transpose() * scale;
    for (Eigen::Index i = 0; i < tokens; ++i) {
      const Eigen::Index visible = causal ? i + 1 : tokens;
      const double top = logits.row(i).head(visible).maxCoeff();
      double sum = 0;
      for (Eigen::Index j = 0; j < tokens; ++j) {
        logits(i, j) = j < visible ? std::exp(logits(i, j) - top) : 0.0;
        sum += logits(i, j);
      }
      logits.row(i) /= sum;
    }
    out.middleCols(h * d, d) = logits * v.middleCols(g * d, d);
  }
  return out;
}

VectorXd ropeInverseFrequencies(int headDim, const RopeConfig& rope, std::int64_t tokens) {
  const int half = headDim / 2;
  double base = rope.theta;
  if (rope.scaling == RopeScaling::Dynamic && static_cast<double>(tokens) > rope.originalMaxPositions)
    base *= std::pow(rope.factor * static_cast<double>(tokens) / rope.originalMaxPositions - (rope.factor - 1),
                     static_cast<double>(headDim) / (headDim - 2));
  VectorXd inv(half);
  for (int i = 0; i < half; ++i) inv(i) = 1.0 / std::pow(base, 2.0 * i / headDim);
  if (rope.scaling == RopeScaling::Linear) inv /= rope.factor;
  if (rope.scaling == RopeScaling::Llama3) {
    const double pi = 3.14159265358979323846;
    const double lowWavelength = rope.originalMaxPositions / rope.lowFreqFactor;
    const double highWavelength = rope.originalMaxPositions / rope.highFreqFactor;
    for (int i = 0; i < half; ++i) {
      const double wavelength = 2 * pi / inv(i);
      if (wavelength > lowWavelength) {
        inv(i) /= rope.factor;
      } else if (wavelength >= highWavelength) {  // between the two: smooth interpolation
        const double smooth =
            (rope.originalMaxPositions / wavelength - rope.lowFreqFactor) / (rope.highFreqFactor - rope.lowFreqFactor);
        inv(i) = (1 - smooth) * inv(i) / rope.factor + smooth * inv(i);
      }
    }
  }
  return inv;
}

void applyRope(MatrixXd& x, int heads, int headDim, const RopeConfig& rope, bool interleaved) {
  const int half = headDim / 2;
  const VectorXd inv = ropeInverseFrequencies(headDim, rope, x.rows());
  for (Eigen::Index t = 0; t < x.rows(); ++t)
    for (int i = 0; i < half; ++i) {
      const double angle = static_cast<double>(t) * inv(i), c = std::cos(angle), s = std::sin(angle);
      for (int h = 0; h < heads; ++h) {
        const Eigen::Index a = h * headDim + (interleaved ? 2 * i : i),
                           b = h * headDim + (interleaved ? 2 * i + 1 : i + half);
        const double xa = x(t, a), xb = x(t, b);
        x(t, a) = xa * c - xb * s;  // rotate_half: (x1, x2) -> (x1 cos - x2 sin, x2 cos + x1 sin)
        x(t, b) = xb * c + xa * s;
      }
    }
}

double warmUp() {
  const Eigen::Index tokens = 16, width = 128;
  MatrixXd x(tokens, width);
  for (Eigen::Index i = 0; i < x.size(); ++i) x(i) = std::sin(0.37 * static_cast<double>(i));
  RowMatrixF w(width, width);
  for (Eigen::Index i = 0; i < w.size(); ++i) w(i) = static_cast<float>(std::cos(0.11 * static_cast<double>(i)) / 16);
  const VectorXd ones = VectorXd::Ones(width), zeros = VectorXd::Zero(width);
  const HeadLayout layout{2, 2, static_cast<int>(width / 2)};
  double sum = 0;
  for (int round = 0; round < 24; ++round) {
    MatrixXd y = layerNorm(linear(x, w, zeros), ones, zeros, 1e-12);
    activate(y, Activation::GeluErf);
    y = attentionMix(y, y, linear(y, w, zeros), layout, 0.125, round % 2 == 1);
    sum += y.sum();
  }
  return sum;
}

}  // namespace attnlab::model
