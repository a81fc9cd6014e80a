// SPDX-License-Identifier: Apache-2.0
// One group's wasm module for the page (CMakeLists.txt builds one per group, ATTNLAB_GROUP naming its
// function in lab/registry_groups.hpp): its experiments() is that group alone, so the linker leaves the
// other groups' code out (the whole lab's registry.cpp is not linked).
#include "lab/registry_groups.hpp"

namespace attnlab {

const std::vector<Experiment>& experiments() {
  static const std::vector<Experiment> group = ATTNLAB_GROUP();
  return group;
}

}  // namespace attnlab
