// SPDX-License-Identifier: Apache-2.0
// Every JSON text the core is given (a model's config.json, a safetensors header, a shard index, job lines, result
// files, what the bindings pass) parsed in time linear in its length. nlohmann's own parse inserts each key of an
// ordered_json object by a linear search of the keys before it (200,000 keys: 33 s); this one appends and finds
// duplicates in a hash set, and bounds nesting, keys per object and values, each limit stated in its refusal.
#pragma once
#include <cstddef>
#include <string>

#include "lab/json.hpp"

namespace attnlab {

struct JsonLimits {
  int maxDepth = 64;                       // arrays and objects open inside each other
  std::size_t maxKeysPerObject = 1000000;  // members of one object
  std::size_t maxValues = 64000000;        // values of the whole text, arrays and objects included
};

// What real inputs need, with room: a config.json has ~50 keys (id2label of a classifier: thousands) nested ~4 deep;
// a safetensors header ~300 tensors per shard of a 7B model (DeepSeek-V3's index: ~91,000 entries in one object).
constexpr JsonLimits kModelFileLimits{32, 200000, 4000000};

enum class JsonFault {
  None,
  Syntax,  // not JSON: callers say so in their own words
  Limit,   // JSON beyond a limit, or a key given twice: `error` says which
};

struct JsonParse {
  JsonFault fault = JsonFault::None;
  bool ok() const { return fault == JsonFault::None; }
  Json value;
  std::string error;  // one line, no file name (the caller adds it), when !ok()
};

// Parses `text` as one JSON value. A key given twice in one object is refused by name: readers disagree on which copy
// wins (nlohmann and Python keep the last, others the first), so a file meaning two things is not read.
JsonParse parseJsonBounded(const std::string& text, const JsonLimits& limits = {});

}  // namespace attnlab
