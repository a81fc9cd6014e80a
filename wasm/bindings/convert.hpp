// SPDX-License-Identifier: Apache-2.0
// Boundary helpers: JS typed arrays in, JSON envelopes out. Nothing here throws into JS.
#pragma once
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "host/error_key.hpp"
#include "lab/experiment.hpp"
#include "lab/json_parse.hpp"
#include "host/resolve_inputs.hpp"

namespace attnlab::bindings {

inline std::vector<double> toDoubles(const emscripten::val& array) {
  if (array.isUndefined() || array.isNull()) return {};
  return emscripten::convertJSArrayToNumberVector<double>(array);
}

// A Uint8Array's bytes, copied once.
inline std::string toBytes(const emscripten::val& array) {
  if (array.isUndefined() || array.isNull()) return {};
  const std::vector<unsigned char> raw = emscripten::convertJSArrayToNumberVector<unsigned char>(array);
  return std::string(raw.begin(), raw.end());
}

// {name: {shape: number[], sparse: boolean, values: Float64Array}} -> Inputs (already parsed and
// checked by parseInput; the experiment re-checks what it needs).
inline Inputs toInputs(const emscripten::val& object) {
  Inputs inputs;
  if (object.isUndefined() || object.isNull()) return inputs;
  const emscripten::val keys = emscripten::val::global("Object").call<emscripten::val>("keys", object);
  const int count = keys["length"].as<int>();
  for (int i = 0; i < count; ++i) {
    const std::string name = keys[i].as<std::string>();
    const emscripten::val item = object[name];
    InputArray array;
    for (double side : toDoubles(item["shape"])) array.shape.push_back(static_cast<std::int64_t>(side));
    array.sparse = item["sparse"].as<bool>();
    array.values = toDoubles(item["values"]);
    inputs[name] = std::move(array);
  }
  return inputs;
}

// What a run was given, for resolveInputs: each input's file name (the input's own when absent) and a head
// bundle's own scale (bundleScale, 0 when absent).
inline std::vector<GivenInput> givenInputs(const emscripten::val& object) {
  std::vector<GivenInput> given;
  if (object.isUndefined() || object.isNull()) return given;
  const emscripten::val keys = emscripten::val::global("Object").call<emscripten::val>("keys", object);
  for (int i = 0, count = keys["length"].as<int>(); i < count; ++i) {
    const std::string name = keys[i].as<std::string>();
    const emscripten::val item = object[name];
    GivenInput g{name, name, 0};
    if (item["file"].typeOf().as<std::string>() == "string") g.file = item["file"].as<std::string>();
    if (item["bundleScale"].typeOf().as<std::string>() == "number") g.bundleScale = item["bundleScale"].as<double>();
    given.push_back(std::move(g));
  }
  return given;
}

inline emscripten::val fromInput(const InputArray& array) {
  emscripten::val out = emscripten::val::object();
  emscripten::val shape = emscripten::val::array();
  for (std::int64_t side : array.shape) shape.call<void>("push", static_cast<double>(side));
  out.set("shape", shape);
  out.set("sparse", array.sparse);
  out.set("values", emscripten::val::global("Float64Array")
                        .new_(emscripten::typed_memory_view(array.values.size(), array.values.data())));
  return out;
}

// An outcome the binding itself decides: a refusal (badInput: the caller's input is at fault) or a value.
inline Outcome failed(std::string error, bool badInput = false) {
  Outcome out;
  out.error = std::move(error);
  out.badInput = badInput;
  return out;
}

inline Outcome succeeded(Json value) {
  Outcome out;
  out.ok = true;
  out.value = std::move(value);
  return out;
}

// {"ok":true,"value":...} or {"ok":false,"error":"...","badInput":bool,"key"?:"..."}; the TS facade turns
// errors into CoreError. `id`: the experiment whose parameter or input a refusal may name (host/error_key.hpp).
inline std::string envelope(const Outcome& out, const std::string& id = "") {
  Json j;
  j["ok"] = out.ok;
  if (out.ok)
    j["value"] = out.value;
  else {
    j["error"] = out.error;
    j["badInput"] = out.badInput;
    const Experiment* e = out.badInput && !id.empty() ? findExperiment(id) : nullptr;
    if (e)
      if (std::string key = errorKey(*e, out.error); !key.empty()) j["key"] = key;
  }
  return j.dump();
}

// Parses JSON text without exceptions escaping.
inline bool parseJson(const std::string& text, Json& out, std::string& error) {
  JsonParse parsed = parseJsonBounded(text);  // linear in the text, its limits named when refused
  if (!parsed.ok()) {
    error = parsed.fault == JsonFault::Limit ? "JSON passed to the core: " + parsed.error
                                             : "malformed JSON passed to the core";
    return false;
  }
  out = std::move(parsed.value);
  return true;
}

}  // namespace attnlab::bindings
