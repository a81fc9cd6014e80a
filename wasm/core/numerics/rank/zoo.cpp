// SPDX-License-Identifier: Apache-2.0
// The synthetic head zoo, exactly as docs/theory/rank.md#head-zoo defines it, and the E7 study on it.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "numerics/rank/zoo.hpp"
#include "numerics/shared/rng.hpp"

namespace attnlab {

namespace {
const char* const kFamilies[kZooFamilies] = {"generic", "lowrank", "positional", "sink", "keymean", "sharp", "broad"};
enum Family { Generic, Lowrank, Positional, Sink, Keymean, Sharp, Broad };

RowMatrix normals(Rng& rng, int rows, int cols, double scale) {  // row-major draw order
  RowMatrix m(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) m(i, j) = scale * rng.normal();
  return m;
}

RowMatrix projection(Family f, int variant, Rng& rng) {
  const int D = kZooWidth, H = kZooHeadDim;
  if (f != Lowrank) return normals(rng, D, H, 1.0 / std::sqrt(D));
  const int r0 = variant + 1;  // inner rank
  const RowMatrix left = normals(rng, D, r0, 1.0 / std::sqrt(D));
  const RowMatrix right = normals(rng, r0, H, 1.0 / std::sqrt(r0));
  return left * right;
}

double frequency(int i) { return std::pow(10000.0, -i / 16.0); }

// A_q = alpha I and A_k = alpha R(w_i s) on the sinusoidal pairs: p_t · A_k maps p_t to p_{t+s}.
void positionalProjections(int variant, RowMatrix& aq, RowMatrix& ak) {
  const double alpha = 1.5 + 0.5 * (variant / 3);
  const int shift = variant % 3 - 1;
  aq = RowMatrix::Zero(kZooWidth, kZooHeadDim);
  ak = RowMatrix::Zero(kZooWidth, kZooHeadDim);
  for (int i = 0; i < 16; ++i) {
    const double c = std::cos(frequency(i) * shift), s = std::sin(frequency(i) * shift);
    aq(2 * i, 2 * i) = aq(2 * i + 1, 2 * i + 1) = alpha;
    ak(2 * i, 2 * i) = alpha * c;       // sin -> sin
    ak(2 * i, 2 * i + 1) = -alpha * s;  // sin -> cos
    ak(2 * i + 1, 2 * i) = alpha * s;   // cos -> sin
    ak(2 * i + 1, 2 * i + 1) = alpha * c;
  }
}

double targetRange(Family f, int v) {
  switch (f) {
    case Generic:
      return 4 + 0.5 * v;
    case Positional:
      return 4 + 2.0 * (v / 3);
    case Sharp:
      return 10 + 2.0 * v;
    case Broad:
      return 0.25 + 0.25 * v;
    default:
      return 6;  // lowrank, sink, keymean
  }
}
}  // namespace

const char* zooFamilyName(int family) {
  if (family < 0 || family >= kZooFamilies) throw std::invalid_argument("family must be in [0, 7)");
  return kFamilies[family];
}

int zooFamilyIndex(const std::string& name) {
  for (int f = 0; f < kZooFamilies; ++f)
    if (name == kFamilies[f]) return f;
  throw std::invalid_argument(
      "family must be one of generic | lowrank | positional | sink | keymean | sharp | broad, got '" + name + "'");
}

RowMatrix zooTokens() {
  RowMatrix x(kZooTokens, kZooWidth);
  for (int t = 0; t < kZooTokens; ++t)
    for (int i = 0; i < 16; ++i) {
      x(t, 2 * i) = std::sin(t * frequency(i));
      x(t, 2 * i + 1) = std::cos(t * frequency(i));
    }
  Rng rng(2026, NormalMethod::BoxMuller);  // a fixed catalogue, not a run's random data: Box–Muller whatever rng says
  for (int t = 0; t < kZooTokens; ++t)
    for (int c = 32; c < kZooWidth; ++c) x(t, c) = rng.normal() * 2.0 / std::sqrt(c - 31.0);
  Eigen::RowVectorXd mu(kZooWidth);
  for (int c = 0; c < kZooWidth; ++c) mu(c) = rng.normal();
  x.rowwise() += 3.0 * mu / mu.norm();  // common offset: BERT-like anisotropy
  return x;
}

ZooHead zooHead(int family, int variant, const RowMatrix& tokens) {
  zooFamilyName(family);
  if (variant < 0 || variant >= kZooVariants) throw std::invalid_argument("variant must be in [0, 12)");
  const Family f = static_cast<Family>(family);
  Rng rng(2026ULL * 1000 + 16 * family + variant + 1, NormalMethod::BoxMuller);  // fixed, as above
  RowMatrix aq, ak;
  if (f == Positional) {
    positionalProjections(variant, aq, ak);
  } else {
    aq = projection(f, variant, rng);
    ak = projection(f, variant, rng);
  }
  ZooHead h;
  h.q = tokens * aq;
  h.k = tokens * ak;
  if (f == Sink) h.k.row(0) += (2.0 + variant) * h.q.colwise().mean().normalized();
  if (f == Keymean) {
    const RowMatrix b = normals(rng, 1, kZooHeadDim, 1.0);
    h.k.rowwise() += (2.0 + variant) * b.row(0).normalized();
  }
  h.targetRange = targetRange(f, variant);
  h.logits = h.q * h.k.transpose() / 8.0;
  double meanRange = 0;
  for (int i = 0; i < h.logits.rows(); ++i) meanRange += h.logits.row(i).maxCoeff() - h.logits.row(i).minCoeff();
  meanRange /= h.logits.rows();
  h.logits *= h.targetRange / meanRange;
  return h;
}

ZooRow zooRowFrom(const InteractionResult& r, const std::string& family, int variant, double betaMult) {
  ZooRow row;
  row.family = family;
  row.variant = variant;
  row.betaMult = betaMult;
  row.rVis = r.rVis;
  row.rRawTau = r.tolerance.at(0).raw;
  row.rVisTau = r.tolerance.at(0).visible;
  row.rEffRaw = r.rEffRaw;
  row.rEffVis = r.rEffVis;
  row.kSvd = r.kSvd;
  row.lowerBound = r.lowerBound;
  row.lowerBounds = r.lowerBounds;
  row.kComb = r.combined.k;
  row.combRank = r.combined.rank;
  row.combDegree = r.combined.degree;
  row.nonVacuous = r.nonVacuous;
  row.reductionTau = row.rRawTau - row.rVisTau;
  row.reductionEff = row.rEffRaw - row.rEffVis;
  row.svdError = r.svdError;
  row.combError = r.combined.verifiedError;
  return row;
}

ZooRow zooConfiguration(int family, int variant, double betaMult, const ZooOptions& options) {
  if (!(betaMult > 0 && betaMult <= 16)) throw std::invalid_argument("betaMult must be in (0, 16]");
  const ZooHead head = zooHead(family, variant, zooTokens());
  InteractionOptions io;
  io.taus = {options.tau};
  io.epsOut = options.epsOut;
  io.eps = options.eps;
  io.curves = false;  // the zoo's rows need the residuals' decisions, not their curves
  return zooRowFrom(interactionAnalysis(betaMult * head.logits, io), zooFamilyName(family), variant, betaMult);
}

namespace {
void accumulate(ZooFamilyMeans& m, const ZooRow& r) {
  ++m.heads;
  m.rVis += r.rVis;
  m.rRawTau += r.rRawTau;
  m.rVisTau += r.rVisTau;
  m.rEffRaw += r.rEffRaw;
  m.rEffVis += r.rEffVis;
  m.kSvd += r.kSvd;
  m.lowerBound += r.lowerBound;
  m.lowerBoundPoolData += r.lowerBounds.poolData;
  m.nonVacuous += r.nonVacuous ? 1 : 0;
}

void divide(ZooFamilyMeans& m) {
  for (double* x : {&m.rVis, &m.rRawTau, &m.rVisTau, &m.rEffRaw, &m.rEffVis, &m.kSvd, &m.lowerBound, &m.nonVacuous,
                    &m.lowerBoundPoolData})
    *x /= m.heads;
}
}  // namespace

ZooSummary summarizeZoo(const std::vector<ZooRow>& rows) {
  ZooSummary s;
  if (rows.empty()) return s;
  std::vector<double> redTau, redEff, flag, negSvd, negLogComb;
  for (const ZooRow& r : rows) {
    auto it = std::find_if(s.families.begin(), s.families.end(),
                           [&](const ZooFamilyMeans& m) { return m.family == r.family && m.betaMult == r.betaMult; });
    if (it == s.families.end()) {
      s.families.push_back(ZooFamilyMeans{r.family, r.betaMult});
      it = s.families.end() - 1;
    }
    accumulate(*it, r);
    redTau.push_back(r.reductionTau);
    redEff.push_back(r.reductionEff);
    flag.push_back(r.nonVacuous ? 1 : 0);
    negSvd.push_back(-r.kSvd);
    negLogComb.push_back(-std::log(std::max(1, r.kComb)));
    s.fractionEffPositive += r.reductionEff > 0 ? 1 : 0;
  }
  for (ZooFamilyMeans& m : s.families) divide(m);
  const double count = static_cast<double>(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    s.meanReductionTau += redTau[i] / count;
    s.meanReductionEff += redEff[i] / count;
  }
  s.fractionEffPositive /= count;
  if (rows.size() >= 2)
    for (const auto& [name, red] : {std::pair{"tau", &redTau}, std::pair{"eff", &redEff}}) {
      s.spearman.emplace_back(std::string(name) + ":nonVacuous", spearman(*red, flag));
      s.spearman.emplace_back(std::string(name) + ":-kSvd", spearman(*red, negSvd));
      s.spearman.emplace_back(std::string(name) + ":-logKComb", spearman(*red, negLogComb));
    }
  return s;
}

double zooConfigurationBytes() {
  return 8.0 * kZooTokens * kZooWidth + 3 * 8.0 * kZooTokens * kZooHeadDim + interactionBytes(kZooTokens, kZooTokens);
}

}  // namespace attnlab
