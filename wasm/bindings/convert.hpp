// Boundary helpers: JS typed arrays in, JSON envelopes out. Nothing here throws into JS.
#pragma once
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "attnlab/experiment.hpp"

namespace attnlab::bindings {

inline std::vector<double> toDoubles(const emscripten::val& array) {
  if (array.isUndefined() || array.isNull()) return {};
  return emscripten::convertJSArrayToNumberVector<double>(array);
}

// {"ok":true,"value":...} or {"ok":false,"error":"..."}; the TS facade turns errors into Error.
inline std::string envelope(const Outcome& out) {
  Json j;
  j["ok"] = out.ok;
  if (out.ok) j["value"] = out.value;
  else {
    j["error"] = out.error;
    j["badInput"] = out.badInput;
  }
  return j.dump();
}

// Parses JSON text without exceptions escaping.
inline bool parseJson(const std::string& text, Json& out, std::string& error) {
  out = Json::parse(text, nullptr, false);
  if (out.is_discarded()) {
    error = "malformed JSON passed to the core";
    return false;
  }
  return true;
}

}  // namespace attnlab::bindings
