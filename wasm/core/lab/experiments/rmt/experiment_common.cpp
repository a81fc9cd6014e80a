// SPDX-License-Identifier: Apache-2.0
// Common parameters and readers of the paper-2 experiments (see lab/experiments/rmt/experiment_common.hpp).
#include <cmath>
#include <map>
#include <numeric>

#include "lab/experiments/rmt/experiment_common.hpp"
#include "numerics/shared/rng.hpp"  // childStream

namespace attnlab {

ParamDecl rmtParam(const std::string& key, double def) {
  const auto pick = [&](double fallback) { return def >= 0 ? def : fallback; };
  if (key == "d")
    return ParamDecl::integer(
        "d", static_cast<std::int64_t>(pick(400)), 2, 8192,
        "Dimension of the embeddings; the vocabulary has V = d/δ tokens and there are N = d/γ sequences.");
  if (key == "delta")
    return ParamDecl::real("delta", pick(0.5), 0.01, 16,
                           "δ = d/V: dimension over vocabulary size (the table's aspect ratio).");
  if (key == "gamma")
    return ParamDecl::real("gamma", pick(0.25), 0.01, 16,
                           "γ = d/N: dimension over the number of sequences (the sample's aspect ratio).");
  if (key == "T")
    return ParamDecl::integer("T", static_cast<std::int64_t>(pick(10)), 3, kMaxSequenceLength,
                              "Sequence length: tokens pooled into one vector (at least the default prefix k = 3; "
                              "a custom R file brings its own T, from 1).",
                              "tokens");
  if (key == "mu2")
    return ParamDecl::real("mu2", pick(2), 0, 1e6, "‖μ‖²: strength of the class signal in every token embedding.");
  if (key == "R")
    return ParamDecl::text(
        "R", "prefix:3", 64,
        "Positional correlation of the token classes: prefix:k (the first k tokens carry the label), "
        "ar:phi (a stationary sign chain, correlation phi^|t−t'|) or decay:r0 (agreement r0^(t−1)); "
        "or choose a T × T matrix file.");
  if (key == "pool")
    return ParamDecl::text(
        "pool", "mean", 4096,
        "Pooling weights: mean, causal (harmonic, from parameter-free causal attention), causal:tau, "
        "optimal (top eigenvector of R), last, or T comma-separated weights.");
  if (key == "pools")
    return ParamDecl::text(
        "pools", "mean,causal,optimal", 4096,
        "Poolings compared, comma-separated (mean, causal, causal:tau, optimal, last; custom weights "
        "written with / between them, e.g. 0.5/0.3/0.2).");
  if (key == "variant")
    return ParamDecl::choice(
        "variant", "A", {"A", "B"},
        "Embedding table: A subtracts each class's noise mean (clean theory), B is a raw iid table "
        "(the theory then corrects for the finite vocabulary).");
  if (key == "centre")
    return ParamDecl::choice(
        "centre", "0", {"0", "1"},
        "Subtracts the mean pooled vector before forming the covariance (removes the table-mean spike of table B).");
  throw std::logic_error("no common paper-2 parameter named " + key);
}

InputRule correlationInput() {
  InputRule rule;
  rule.name = "R";
  rule.kind = InputRule::Kind::Dense;
  rule.minRank = rule.maxRank = 2;
  rule.minSide = 1;
  rule.maxSide = kMaxSequenceLength;
  rule.square = true;
  rule.replaces = {"T", "R"};  // the file brings its own T and replaces the R text
  return rule;
}

const InputArray* correlationFile(const Inputs& inputs) {
  const auto file = inputs.find("R");
  return file == inputs.end() ? nullptr : &file->second;
}

double sequenceLength(const RmtFields& v, const InputArray* file) {
  return file ? static_cast<double>(file->shape[0]) : v.T;
}

PositionalModel readPositions(const RmtFields& v, const InputArray* file) {
  if (!file) return namingParam("R", [&] { return parsePositionalModel(v.R, v.T); });
  return namingParam("R", [&] {
    const auto T = static_cast<Eigen::Index>(file->shape.at(0));
    Eigen::MatrixXd R(T, T);
    for (Eigen::Index i = 0; i < T; ++i)
      for (Eigen::Index j = 0; j < T; ++j) R(i, j) = file->values.at(static_cast<std::size_t>(i * T + j));
    return customModel(R);
  });
}

Eigen::VectorXd readPooling(const std::string& key, const std::string& text, const PositionalModel& m) {
  return namingParam(key, [&] { return poolingWeights(parsePooling(text), m.R); });
}

std::vector<std::string> splitPools(const std::string& key, const std::string& text) {
  std::vector<std::string> pools;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    std::string item = text.substr(start, comma - start);
    for (char& c : item) c = c == '/' ? ',' : c;
    if (item.empty()) throw ParamError(key + ": an empty entry in " + quoteValue(text));
    pools.push_back(item);
    start = comma + 1;
  }
  if (pools.size() > 8) throw ParamError(key + " must list at most 8 poolings, got " + std::to_string(pools.size()));
  return pools;
}

bool variantB(const RmtFields& v) { return v.variant == "B"; }

SimulationConfig simulationConfig(const RmtFields& v, const PositionalModel& m, const Eigen::VectorXd& w) {
  SimulationConfig c;
  c.d = v.d;
  c.delta = v.delta;
  c.gamma = v.gamma;
  c.mu2 = v.mu2;
  c.positions = m;
  c.weights = w;
  c.variant = variantB(v) ? TableVariant::B : TableVariant::A;
  c.centre = v.centre;
  c.seed = v.seed;
  c.normals = v.rng;
  return c;
}

PooledTheory pooledTheory(const PoolingScalars& pooling, bool b, bool centred, double mu2, double delta, double gamma) {
  PooledTheory t;
  t.pooling = pooling;
  t.snr =
      pooledSnr(b, centred, pooling.alpha, pooling.kappa, pooling.weightSum, mu2, expectedTableOffsets(b, mu2, delta));
  t.top = topEigenTheory(t.snr, delta, gamma, pooling.kappa);
  t.thresholds = transitionThresholds(delta, gamma);
  return t;
}

double mu2AtRho(double rho, const PoolingScalars& pooling, bool b, double delta) {
  return rho / pooling.snrGain - (b ? delta : 0.0);  // docs/theory/rmt.md#snr, #variant-b: rho = gain (mu2 [+ delta])
}

std::uint64_t poolSweepStream(std::uint64_t experimentStream, int seedIndex) {
  const std::uint64_t s =
      childStream(experimentStream, static_cast<std::uint64_t>(seedIndex)) & ((std::uint64_t{1} << 53) - 1);
  return s == 0 ? 1 : s;
}

std::vector<Json> poolSweepJobs(std::uint64_t experimentStream, int seeds, std::size_t pools, std::size_t points) {
  std::vector<Json> jobs;
  for (int k = 0; k < seeds; ++k)
    for (std::size_t p = 0; p < pools; ++p)
      for (std::size_t i = 0; i < points; ++i)
        jobs.push_back({{"pool", p}, {"point", i}, {"seedIndex", k}, {"stream", poolSweepStream(experimentStream, k)}});
  return jobs;
}

PoolSweepJob readPoolSweepJob(const Job& job, int seeds, std::size_t pools, std::size_t points) {
  const int pool = job.at.at("pool").get<int>(), point = job.at.at("point").get<int>();
  const int seedIndex = job.at.at("seedIndex").get<int>();
  if (pool < 0 || pool >= static_cast<int>(pools) || point < 0 || point >= static_cast<int>(points) || seedIndex < 0 ||
      seedIndex >= seeds)
    throw ParamError("job coordinates " + quoteValue(job.at.dump()) + " do not belong to these parameters");
  return {pool, point, seedIndex};
}

// Seconds per T³ of one eigenvalues-only check of R (T = 512, d = 50: rmt-ridge with ntrain = ntest = 100, 36 jobs,
// 9.3 s measured; rmt-transition, 75 jobs, 17.3 s measured).
constexpr double kEigenSecondsPerUnit = 2.4e-10;

double eigenCheckSeconds(const std::vector<std::string>& pools, double t) {
  double units = 1;
  for (const auto& pool : pools) units += pool.rfind("optimal", 0) == 0 ? 4 : 1;
  return kEigenSecondsPerUnit * units * t * t * t;
}

Json vectorJson(const Eigen::VectorXd& x) { return std::vector<double>(x.data(), x.data() + x.size()); }

MeanSd meanSd(const std::vector<double>& values) {
  if (values.empty()) return {};
  const double mean = std::accumulate(values.begin(), values.end(), 0.0) / values.size();
  double ss = 0;
  for (double x : values) ss += (x - mean) * (x - mean);
  const double sd = values.size() > 1 ? std::sqrt(ss / (values.size() - 1)) : 0.0;
  return {mean, sd, static_cast<int>(values.size())};
}

std::vector<SeedMeans> seedMeans(const Json& finished, const std::string& first, const std::string& second) {
  std::map<std::pair<int, int>, std::map<int, std::pair<double, double>>> byPoint;  // (pool, point) -> seed -> values
  for (const auto& entry : finished) {
    const Json& r = entry.at("result");
    byPoint[{r.at("pool").get<int>(), r.at("point").get<int>()}][r.at("seedIndex").get<int>()] = {
        r.at(first).get<double>(), r.at(second).get<double>()};
  }
  std::vector<SeedMeans> out;
  for (const auto& [key, seeds] : byPoint) {
    std::vector<double> a, b;
    for (const auto& [seedIndex, values] : seeds) {
      a.push_back(values.first);
      b.push_back(values.second);
    }
    out.push_back({key.first, key.second, meanSd(a), meanSd(b)});
  }
  return out;
}

}  // namespace attnlab
