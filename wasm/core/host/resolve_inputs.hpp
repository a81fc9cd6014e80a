// SPDX-License-Identifier: Apache-2.0
#pragma once
// The parameters a run with files runs with, resolved once for every host (the command line's prepareRun,
// the page's plan through the wasm binding): each input rule declares what its file determines
// (InputRule::replaces), the parameter a head bundle's own Q·K scale fills (scaleParam), and two head
// bundles of different scale are no one head.

#include <string>
#include <vector>

#include "lab/experiment.hpp"
#include "lab/schema.hpp"

namespace attnlab {

// One input a run was given: the input's name, its file as messages name it, a head bundle's own scale (0: none).
struct GivenInput {
  std::string input, file;
  double bundleScale = 0;
};

struct ResolvedInputs {
  bool ok = true;
  std::string error;               // starts with the input at fault (host/error_key.hpp finds it)
  Json params = Json::object();    // the given parameters without the keys a given file determines, with a
                                   // bundle's scale where they leave its parameter unset
  std::vector<std::string> notes;  // what was dropped or filled, for a command line's stderr
};

ResolvedInputs resolveInputs(const Experiment& e, const Json& params, const std::vector<GivenInput>& given);

}  // namespace attnlab
