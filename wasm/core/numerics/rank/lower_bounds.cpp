// SPDX-License-Identifier: Apache-2.0
// Lower bounds (docs/theory/rank.md#lower-bounds, #facts: F4, F5, F6). Each is rigorous on its own.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "numerics/rank/error.hpp"
#include "numerics/rank/lower_bounds.hpp"
#include "numerics/kernels/vector_lanes.hpp"

namespace attnlab {

int frobeniusTailBound(const std::vector<double>& sigma, double frobeniusSq, int rows, double eps) {
  const double allowance = rows * eps * eps;
  double tail = frobeniusSq;
  for (std::size_t k = 0; k < sigma.size(); ++k) {
    if (tail <= allowance) return static_cast<int>(k);
    tail -= sigma[k] * sigma[k];
  }
  return static_cast<int>(sigma.size());
}

int frobeniusTailBound(const RowMatrix& b, double eps) {
  if (b.rows() == 0) return 0;
  const Eigen::MatrixXd gram =
      b.cols() <= b.rows() ? Eigen::MatrixXd(b.transpose() * b) : Eigen::MatrixXd(b * b.transpose());
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(gram, Eigen::EigenvaluesOnly);
  std::vector<double> sigma(gram.rows());
  for (Eigen::Index l = 0; l < gram.rows(); ++l)
    sigma[l] = std::sqrt(std::max(eig.eigenvalues()(gram.rows() - 1 - l), 0.0));
  return frobeniusTailBound(sigma, b.squaredNorm(), static_cast<int>(b.rows()), eps);
}

// docs/theory/rank.md#lower-bounds: rows by decreasing P_{i,c(i)} (ties by index); accept i when its own dominance and
// that of every accepted row survive; off_j tracks sum_{l in S, l != j} P_{j,c(l)}.
int diagonalDominanceBound(const RowMatrix& p, double eps, bool identityColumns) {
  const int rows = static_cast<int>(p.rows());
  std::vector<int> col(rows);
  std::vector<double> peak(rows);
  for (int i = 0; i < rows; ++i) {
    Eigen::Index j = i;
    if (!identityColumns) p.row(i).maxCoeff(&j);  // Eigen returns the first maximum: smallest j on ties
    col[i] = static_cast<int>(j);
    peak[i] = p(i, j);
  }
  std::vector<int> order(rows);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return peak[a] > peak[b]; });
  std::vector<char> used(p.cols(), 0);
  std::vector<int> accepted;
  std::vector<double> off;
  for (int i : order) {
    if (peak[i] <= eps) break;
    if (used[col[i]]) continue;
    double own = 0;
    for (int s : accepted) own += p(i, col[s]);
    if (peak[i] - own <= eps) continue;
    bool keeps = true;
    for (std::size_t a = 0; a < accepted.size() && keeps; ++a) {
      const int s = accepted[a];
      keeps = peak[s] - (off[a] + p(s, col[i])) > eps;
    }
    if (!keeps) continue;
    for (std::size_t a = 0; a < accepted.size(); ++a) off[a] += p(accepted[a], col[i]);
    accepted.push_back(i);
    off.push_back(own);
    used[col[i]] = 1;
  }
  return static_cast<int>(accepted.size());
}

RowMatrix poolColumns(const RowMatrix& p, const std::vector<int>& rows, const std::vector<int>& cellOfKey) {
  const int cells = static_cast<int>(rows.size());
  RowMatrix b = RowMatrix::Zero(cells, cells);
  for (int a = 0; a < cells; ++a)
    for (Eigen::Index j = 0; j < p.cols(); ++j)
      if (cellOfKey[j] >= 0) b(a, cellOfKey[j]) += p(rows[a], j);
  return b;
}

int pooledBound(const RowMatrix& b, double eps) {
  return std::max(diagonalDominanceBound(b, eps, true), frobeniusTailBound(b, eps));
}

namespace {

std::vector<int> greedyPacking(const RowMatrix& points, double theta) {
  std::vector<int> centres;
  for (Eigen::Index i = 0; i < points.rows(); ++i) {
    bool far = true;
    for (int r : centres)
      if ((points.row(i) - points.row(r)).norm() < theta) {
        far = false;
        break;
      }
    if (far) centres.push_back(static_cast<int>(i));
  }
  return centres;
}

// Each key to its nearest centre if within rho, else dropped (-1); ties to the earlier centre.
std::vector<int> nearestCells(const RowMatrix& points, const std::vector<int>& centres, double rho) {
  std::vector<int> cell(points.rows(), -1);
  for (Eigen::Index j = 0; j < points.rows(); ++j) {
    double best = rho;
    for (std::size_t a = 0; a < centres.size(); ++a) {
      const double dist = (points.row(j) - points.row(centres[a])).norm();
      if (dist < best || (dist == best && cell[j] < 0)) {
        best = dist;
        cell[j] = static_cast<int>(a);
      }
    }
  }
  return cell;
}

}  // namespace

// Whether sum_j min(P_ij, P_rj) > delta, the sum taken in order j = 0, 1, ... (as the wasm build's Eigen summed it).
// First eight running sums side by side in 2-lane vectors (the fast part; b < a ? b : a is std::min, one f64x2.pmin in
// wasm): with terms >= 0, both that sum and the in-order one lie within (n - 1) u of the exact sum in relative terms
// (u = DBL_EPSILON / 2), so only a sum within a few n DBL_EPSILON of delta needs the in-order sum to decide; it stops
// at the first partial sum above delta (partial sums only grow).
bool overlapExceeds(const RowMatrix& p, int i, int r, double delta) {
  const double *a = p.row(i).data(), *b = p.row(r).data();
  const Eigen::Index n = p.cols();
  const auto smaller = [](DoubleLanes x, DoubleLanes y) { return y < x ? y : x; };
  DoubleLanes s0 = {0, 0}, s1 = {0, 0}, s2 = {0, 0}, s3 = {0, 0};
  Eigen::Index j = 0;
  for (; j + 8 <= n; j += 8) {
    s0 += smaller(loadLanes<DoubleLanes>(a + j), loadLanes<DoubleLanes>(b + j));
    s1 += smaller(loadLanes<DoubleLanes>(a + j + 2), loadLanes<DoubleLanes>(b + j + 2));
    s2 += smaller(loadLanes<DoubleLanes>(a + j + 4), loadLanes<DoubleLanes>(b + j + 4));
    s3 += smaller(loadLanes<DoubleLanes>(a + j + 6), loadLanes<DoubleLanes>(b + j + 6));
  }
  const DoubleLanes s = (s0 + s1) + (s2 + s3);
  double fast = s[0] + s[1];
  for (; j < n; ++j) fast += std::min(a[j], b[j]);
  const double margin = 4.0 * double(n + 4) * std::numeric_limits<double>::epsilon() * fast;
  if (fast > delta + margin) return true;
  if (fast < delta - margin) return false;
  double sum = 0;
  for (j = 0; j < n; ++j)
    if ((sum += std::min(a[j], b[j])) > delta) return true;
  return false;
}

int geometricPoolingBound(const RowMatrix& p, const RowMatrix& points, double beta, double eps,
                          const GeoPoolingOptions& options) {
  int best = 0;
  for (double c : options.spacings) {
    const double theta = c / std::sqrt(beta);
    const std::vector<int> centres = greedyPacking(points, theta);
    if (static_cast<int>(centres.size()) <= best) continue;  // cannot beat the current bound
    for (double f : options.radii) {
      const double rho = 2 * f * theta * 0.999;
      best = std::max(best, pooledBound(poolColumns(p, centres, nearestCells(points, centres, rho)), eps));
    }
  }
  return best;
}

int dataPoolingBound(const RowMatrix& p, double eps, const std::vector<double>& deltas) {
  const int rows = static_cast<int>(p.rows());
  std::vector<double> peak(rows);
  for (int i = 0; i < rows; ++i) peak[i] = p.row(i).maxCoeff();
  std::vector<int> order(rows);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return peak[a] > peak[b]; });
  int best = 0;
  for (double delta : deltas) {
    std::vector<int> centres;
    for (int i : order) {
      bool separate = true;
      for (int r : centres)
        if (overlapExceeds(p, i, r, delta)) {
          separate = false;
          break;
        }
      if (separate) centres.push_back(i);
    }
    if (static_cast<int>(centres.size()) <= best) continue;
    std::vector<int> cell(p.cols(), 0);  // a partition: every key to argmax_r P_rj
    for (Eigen::Index j = 0; j < p.cols(); ++j)
      for (std::size_t a = 1; a < centres.size(); ++a)
        if (p(centres[a], j) > p(centres[cell[j]], j)) cell[j] = static_cast<int>(a);
    best = std::max(best, pooledBound(poolColumns(p, centres, cell), eps));
  }
  return best;
}

std::vector<std::pair<std::string, int>> LowerBounds::named() const {
  std::vector<std::pair<std::string, int>> out{{"LB-F", frobenius}, {"LB-DD", diagonal}};
  if (poolGeometric >= 0) out.emplace_back("LB-POOL-GEO", poolGeometric);
  out.emplace_back("LB-POOL-DATA", poolData);
  return out;
}

LowerBounds lowerBounds(const RowMatrix& p, const std::vector<double>& sigma, double frobeniusSq,
                        const RowMatrix* points, double beta, double eps) {
  requireEps(eps);
  LowerBounds lb;
  if (eps >= 1) {
    if (points) lb.poolGeometric = 0;
    return lb;
  }
  lb.frobenius = frobeniusTailBound(sigma, frobeniusSq, static_cast<int>(p.rows()), eps);
  lb.diagonal = diagonalDominanceBound(p, eps);
  if (points) lb.poolGeometric = geometricPoolingBound(p, *points, beta, eps);
  lb.poolData = dataPoolingBound(p, eps);
  lb.best = std::max({lb.frobenius, lb.diagonal, lb.poolGeometric, lb.poolData});
  return lb;
}

double lowerBoundsBytes(int nq, int nk) {
  const double square = 8.0 * std::min(nq, nk) * std::min(nq, nk);
  return 3 * square + 8.0 * (nq + nk);
}

}  // namespace attnlab
