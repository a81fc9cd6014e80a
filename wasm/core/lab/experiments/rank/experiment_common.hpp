// SPDX-License-Identifier: Apache-2.0
// The paper-3 experiment family (docs/theory/rank.md#experiments): rank-beta, rank-n, rank-eps (sweeps of one pure
// point each), rank-ladder (one instance, every certificate's error curve), rank-interaction (one head) and rank-zoo
// (the synthetic 84-head calibration study), built on the rank_* numerics. Shared here: the common
// parameters, the seed convention, the lower bounds as results write them, the U1 path choice and
// the bring-your-own-head inputs.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "lab/experiment.hpp"
#include "lab/job_checks.hpp"
#include "lab/param_fields.hpp"
#include "numerics/rank/head.hpp"
#include "numerics/rank/interaction.hpp"
#include "numerics/rank/point.hpp"
#include "lab/result_fields.hpp"

namespace attnlab {

// The point parameters a rank experiment declares with rankParam (geometry, d, n, beta, eps) and its seed.
struct RankPointFields : RunParams {
  std::string geometry;
  int d = 0, n = 0;
  double beta = 0, eps = 0;
};

// rank-beta, rank-n and rank-eps share one sweep: one job per listed value of the swept parameter
// (betas, n or eps), the others fixed; `params` lists the parameters in panel order.
enum class RankAxis { Beta, N, Eps };
// A sweep's parameters, whatever its axis: the swept list (betas, n or eps) is read into `swept`, and the
// point field of the swept parameter is left undeclared (0).
struct RankSweepParams : RankPointFields {
  std::vector<double> swept;
  std::string svd;
};
// The rank certificates' invariants at `at` ("" or "points/*/"): kSvd, kCheb, the lower bounds and upper in [0, n]
// (n a number, or the key of the result's own n), every lower bound at most the upper certificates.
void rankCertificateChecks(JobCheck& check, const std::string& at, double n);
void rankCertificateChecks(JobCheck& check, const std::string& at, const std::string& nKey);
Experiment rankSweepExperiment(RankAxis axis, std::string id, ParamList<RankSweepParams> params);

// The generator seed of user seed s: 12344 + s, so the default seed 1 draws the point sets of
// docs/theory/rank.md#reference-tables (generator seed 12345, docs/theory/rank.md#prng) and the page's presets
// reproduce the reference tables.
constexpr std::uint64_t kRankSeedOffset = 12344;
ParamDecl rankSeedParam();

// The process itself (code, heap arenas, the parsed inputs' bookkeeping), added to every estimate so the
// budget compares with what the operating system reports (as attention-map does).
constexpr double kRankProcessBytes = 12.0 * 1024 * 1024;
// Peak bytes of one synthetic point (rank-beta/n/eps, rank-ladder): X, L, P and U1's spectrum, residual
// and verification product, measured at ≈ 5 n² doubles (n = 1024: 40.6 MB); 6.5 n² leaves headroom.
// (rankPointBytes, the library's bound, is about twice the measured peak.)
double rankSweepPointBytes(int n, int d);
// Time of the truncated-SVD certificate's full eigendecomposition (svd=full) against the n³ the time models
// count for auto (Lanczos where it can): measured natively, rank-ladder n = 1024 and 2048, 1.7× and 1.9×.
constexpr double kFullSvdTimeFactor = 1.8;

// One of the common parameters by key: geometry, d, n, beta, eps, svd, refit. `def` overrides the
// default of numeric ones when >= 0.
ParamDecl rankParam(const std::string& key, double def = -1);

// The point parameters of a run (geometry, d, n, beta, eps and the seed).
RankPointParams rankPointParams(const RankPointFields& v);
// Checks one point's parameters (rethrown as ParamError naming the key).
void requireRankPoint(const RankPointParams& p);

// U1's options for this instance. "auto" uses U3's certificate as a guess of the Lanczos block (the
// partial path is fast when the guess is well below n; near n/4 and above the full path is faster).
SvdOptions svdOptionsFor(const std::string& path, int kChebGuess, int n);

// The lower bounds by name, as every rank result writes them (docs/theory/rank.md#lower-bounds).
struct NamedLowerBounds {
  int frobenius = 0, diagonal = 0;
  std::optional<int> poolGeometric;  // null without coordinates (uploaded heads)
  int poolData = 0;
};
ATTNLAB_NAMED_FIELDS(NamedLowerBounds, (frobenius, "LB-F"), (diagonal, "LB-DD"), (poolGeometric, "LB-POOL-GEO"),
                     (poolData, "LB-POOL-DATA"))
NamedLowerBounds namedLowerBounds(const LowerBounds& b);
// A certificate's rank or degree as a result writes it: null where the library says none (-1).
inline std::optional<int> unlessNegative(int x) { return x >= 0 ? std::optional<int>(x) : std::nullopt; }

// A point's result: its certificates and how they were obtained.
struct PointOutcome {
  RankPoint point;
  ChebCertificate cheb;
  SvdCertificate svd;
};
// U3 first (cheap; its k guides U1's path), then U1, then the lower bounds, with labelled progress.
PointOutcome computeRankPoint(const RankInstance& inst, const RankPointParams& p, const std::string& svdPath,
                              const Progress& progress, double base = 0, double total = 1);

// The bring-your-own-head inputs (docs/theory/rank.md#head-inputs): "q", "k" (rank 2-4: (n, d_h), (H, n, d_h), (L, H,
// n, d_h)), "attention" and "logits" (square in the last two dimensions).
std::vector<InputRule> headInputs(const std::vector<std::string>& replaces);
// The uploaded heads, in file order, as validated arrays; empty when no head file was given.
// Refuses (ParamError naming the input) a Q without K, a shape mismatch, or several kinds at once.
struct UploadedHeads {
  HeadFormat format = HeadFormat::QK;
  int count = 0;  // heads in the files (H, or L·H)
  int layers = 1, perLayer = 1;
  bool layered = false;  // given as (L, H, n, ·), even with L = 1 (a model's heads): labels name the layer
  int n = 0, width = 0;  // tokens, d_h (qk)
};
UploadedHeads describeUploadedHeads(const Inputs& inputs, double budgetBytes);
// Head `index` of the upload, validated (values) by validateHead; throws ParamError naming the field.
HeadArrays uploadedHead(const Inputs& inputs, int index, double scale, double budgetBytes,
                        std::vector<std::string>* warnings = nullptr);
// Time of one head's spectra and certificates: n³ each (n the uploaded heads' tokens, else builtInTokens), or for Q and
// K narrower than their tokens (a model's heads: their factors) a measured n^1.7.
double headJobSeconds(const Job& job, double budgetBytes, double secondsPerUnit, double builtInTokens);
// "L3H7" style label of head `index` for heads given by layer, "H7" for a list of heads, "uploaded head" for one.
std::string headLabel(const UploadedHeads& heads, int index);

}  // namespace attnlab
