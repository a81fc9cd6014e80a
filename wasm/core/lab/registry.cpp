// SPDX-License-Identifier: Apache-2.0
// The whole lab: every group of lab/registry_groups.hpp, in picker order. A group's own wasm module
// defines experiments() as that group alone (wasm/bindings/group_module.cpp), so this file is not linked there.
#include "lab/registry_groups.hpp"

namespace attnlab {

const std::vector<Experiment>& experiments() {
  static const std::vector<Experiment> all = [] {
    std::vector<Experiment> lab;
    for (auto group : {sparseGroup, rmtGroup, rankGroup, rankHeadsGroup})
      for (auto& e : group()) lab.push_back(std::move(e));
    return lab;
  }();
  return all;
}

}  // namespace attnlab
