// SPDX-License-Identifier: Apache-2.0
// Machine-independent products: Eigen sizes a product's blocks from the CPU's caches, and a different
// size rounds differently. Every core entry point pins the sizes (numerics/kernels/blocking.hpp), so a run gives
// the same bits whatever cache sizes the machine (here: the test) had set before.
#include <catch2/catch.hpp>

#include <Eigen/Core>
#include <cmath>

#include "numerics/kernels/blocking.hpp"
#include "lab/experiment.hpp"

using namespace attnlab;

namespace {
// The shared link whose numbers moved between a 32 KiB-L1 and a 48 KiB-L1 machine.
const Json kLink = {{"n", 512},       {"d", 128},     {"causal", "1"}, {"proj", "orth"},
                    {"split", "sym"}, {"delta", 2.5}, {"row", 3},      {"seed", 11}};

std::string runWithMachineCaches(std::ptrdiff_t l1, std::ptrdiff_t l2, std::ptrdiff_t l3) {
  Eigen::setCpuCacheSizes(l1, l2, l3);
  const Outcome out = runExperiment("sparse-approx", kLink, {}, Progress());
  INFO(out.error);
  REQUIRE(out.ok);
  return out.value.dump();
}

double productEntryWithCaches(std::ptrdiff_t l1, std::ptrdiff_t l2, std::ptrdiff_t l3) {
  Eigen::setCpuCacheSizes(l1, l2, l3);
  Eigen::MatrixXd a(64, 3000), b(3000, 64);
  for (Eigen::Index i = 0; i < a.size(); ++i) a.data()[i] = std::sin(0.37 * static_cast<double>(i)) * 1e3;
  for (Eigen::Index i = 0; i < b.size(); ++i) b.data()[i] = std::cos(0.91 * static_cast<double>(i)) * 1e-3;
  const Eigen::MatrixXd c = a * b;
  return c.sum();
}
}  // namespace

TEST_CASE("the cache sizes change a long product's last bits (why the core pins them)", "[blocking]") {
  // Without the pin, two machines disagree: this is the hazard the pin removes.
  CHECK(productEntryWithCaches(32 * 1024, 512 * 1024, 256 << 20) !=
        productEntryWithCaches(48 * 1024, 1280 * 1024, 32 << 20));
  pinProductBlocking();
}

TEST_CASE("a run gives the same bits whatever cache sizes the machine reports", "[blocking]") {
  const std::string amd = runWithMachineCaches(32 * 1024, 512 * 1024, 256 << 20);
  const std::string intel = runWithMachineCaches(48 * 1024, 1280 * 1024, 32 << 20);
  const std::string small = runWithMachineCaches(16 * 1024, 256 * 1024, 512 * 1024);
  CHECK(amd == intel);
  CHECK(amd == small);
  const BlockingSizes pinned = pinnedBlockingSizes();
  CHECK(Eigen::l1CacheSize() == pinned.l1);
  CHECK(Eigen::l2CacheSize() == pinned.l2);
  CHECK(Eigen::l3CacheSize() == pinned.l3);
}
