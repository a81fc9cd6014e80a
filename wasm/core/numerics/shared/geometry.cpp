// SPDX-License-Identifier: Apache-2.0
#include "numerics/shared/geometry.hpp"

#include <cmath>
#include <stdexcept>

namespace attnlab {

Geometry parseGeometry(const std::string& name) {
  if (name == "sphere") return Geometry::Sphere;
  if (name == "ball") return Geometry::Ball;
  if (name == "gauss") return Geometry::Gauss;
  throw std::invalid_argument("geometry must be one of sphere | ball | gauss, got '" + name + "'");
}

RowMatrix samplePoints(Geometry geometry, int n, int d, Rng& rng) {
  RowMatrix x(n, d);
  for (int i = 0; i < n; ++i) {
    double norm2 = 0;
    for (int c = 0; c < d; ++c) {
      x(i, c) = rng.normal();
      norm2 += x(i, c) * x(i, c);
    }
    double scale = 1.0 / std::sqrt(norm2);
    if (geometry != Geometry::Sphere) {
      const double rho = geometry == Geometry::Ball ? 1.0 : 0.5;
      scale *= rho * std::pow(rng.uniform(), 1.0 / d);
    }
    x.row(i) *= scale;
  }
  return x;
}

RowMatrix selfAttentionLogits(Geometry geometry, const RowMatrix& x, double beta) {
  RowMatrix logits = beta * (x * x.transpose());
  if (geometry == Geometry::Gauss) {
    const Eigen::RowVectorXd halfNorms = 0.5 * beta * x.rowwise().squaredNorm().transpose();
    logits.rowwise() -= halfNorms;
  }
  return logits;
}

}  // namespace attnlab
