// SPDX-License-Identifier: Apache-2.0
#include "host/resolve_inputs.hpp"

#include <algorithm>

namespace attnlab {
namespace {

const InputRule* ruleOf(const Experiment& e, const std::string& name) {
  const auto found = std::find_if(e.inputs.begin(), e.inputs.end(), [&](const InputRule& r) { return r.name == name; });
  return found == e.inputs.end() ? nullptr : &*found;
}

}  // namespace

ResolvedInputs resolveInputs(const Experiment& e, const Json& params, const std::vector<GivenInput>& given) {
  ResolvedInputs out;
  out.params = params.is_object() ? params : Json::object();
  const GivenInput* firstBundle = nullptr;
  for (const GivenInput& g : given) {
    const InputRule* rule = ruleOf(e, g.input);
    if (!rule) continue;  // not this experiment's input: its run names it
    for (const std::string& key : rule->replaces) {
      if (!out.params.contains(key)) continue;
      out.notes.push_back(key + "=" +
                          (out.params[key].is_string() ? out.params[key].get<std::string>() : out.params[key].dump()) +
                          " ignored: the file " + g.file + " determines it");
      out.params.erase(key);
    }
    if (g.bundleScale <= 0) continue;
    if (firstBundle && firstBundle->bundleScale != g.bundleScale) {
      out.ok = false;
      out.error = g.input + ": the head bundles " + quoteValue(firstBundle->file) + " (scale " +
                  Json(firstBundle->bundleScale).dump() + ") and " + quoteValue(g.file) + " (scale " +
                  Json(g.bundleScale).dump() + ") disagree on scale: give Q and K of one head";
      return out;
    }
    if (!firstBundle) firstBundle = &g;
    if (!rule->scaleParam.empty() && !out.params.contains(rule->scaleParam)) {
      out.params[rule->scaleParam] = g.bundleScale;
      out.notes.push_back(rule->scaleParam + "=" + Json(g.bundleScale).dump() + " from the head bundle " + g.file);
    }
  }
  return out;
}

}  // namespace attnlab
