// SPDX-License-Identifier: Apache-2.0
#include "model/checkpoint.hpp"

#include <set>

#include "lab/json_parse.hpp"
#include "numerics/shared/text.hpp"
#include "model/model_error.hpp"

namespace attnlab::model {
namespace {

constexpr std::uint64_t kMaxConfigBytes = 16u << 20;
const char* const kSingleFile = "model.safetensors";
const char* const kIndexFile = "model.safetensors.index.json";

std::string readWhole(ByteSource& source, const std::string& file, std::uint64_t limit) {
  std::uint64_t size = 0;
  if (!source.fileSize(file, size)) throw ModelError(file + ": " + source.whyAbsent(file));
  if (size > limit)
    throw ModelError(file + ": " + std::to_string(size) + " bytes, above the limit of " + std::to_string(limit));
  std::string bytes, error;
  if (!source.read(file, 0, size, bytes, error) || bytes.size() != size)
    throw ModelError(file + ": " + (error.empty() ? "the read failed" : error));
  return bytes;
}

// One safetensors file's header: its tensors, spans validated against the file's size.
std::map<std::string, TensorSpan> readHeader(ByteSource& source, const std::string& file, std::uint64_t& fileSize) {
  if (!source.fileSize(file, fileSize)) throw ModelError(file + ": " + source.whyAbsent(file));
  std::string first, error;
  if (fileSize >= 8 && !source.read(file, 0, 8, first, error)) throw ModelError(file + ": " + error);
  const std::uint64_t n = safetensorsHeaderLength(file, first, fileSize);
  std::string header;
  if (!source.read(file, 8, n, header, error) || header.size() != n) throw ModelError(file + ": " + error);
  return parseSafetensorsHeader(file, header, fileSize);
}

// A shard's name must be a plain file of the folder: no path, no parent, no control character (messages begin with it).
bool plainFileName(const std::string& name) {
  for (const char c : name)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return false;
  return !name.empty() && name.size() < 256 && name.find_first_of("/\\") == std::string::npos && name != "." &&
         name != "..";
}

std::map<std::string, TensorSpan> readShards(ByteSource& source, Checkpoint& c) {
  const JsonParse parsed = parseJsonBounded(readWhole(source, kIndexFile, kMaxConfigBytes), kModelFileLimits);
  const std::string where = std::string(kIndexFile) + ": ";
  if (parsed.fault == JsonFault::Limit) throw ModelError(where + parsed.error);
  const Json& index = parsed.value;
  if (!parsed.ok() || !index.is_object() || !index.contains("weight_map") || !index["weight_map"].is_object())
    throw ModelError(where + "no weight_map object");
  std::set<std::string> shards;
  for (const auto& [name, file] : index["weight_map"].items()) {
    if (!file.is_string() || !plainFileName(file.get<std::string>()))
      throw ModelError(where + "tensor " + quotedText(name) + " maps to something that is not a file of the folder: " +
                       (file.is_string() ? quotedText(file.get<std::string>()) : printableText(file.dump())));
    shards.insert(file.get<std::string>());
  }
  std::map<std::string, TensorSpan> all;
  for (const std::string& shard : shards) {
    std::uint64_t size = 0;
    for (auto& [name, span] : readHeader(source, shard, size))
      if (!all.emplace(name, span).second)
        throw ModelError(shard + ": tensor " + quotedText(name) + " is also in another shard");
    c.files.push_back(shard);
    c.fileBytes += size;
  }
  for (const auto& [name, file] : index["weight_map"].items()) {
    const auto it = all.find(name);
    if (it == all.end() || it->second.file != file.get<std::string>())
      throw ModelError(file.get<std::string>() + ": tensor " + quotedText(name) +
                       " listed in the index is not in this shard");
  }
  return all;
}

// What a dtype the reader does not take is, for the refusal (F64 is neither quantized nor integer).
const char* dtypeKind(const std::string& dtype) {
  if (dtype == "F64") return "double-precision (F64)";
  if (dtype.rfind("F8", 0) == 0) return "quantized (8-bit float)";
  if (dtype == "BOOL") return "boolean";
  return "integer or quantized";
}

std::string shapeText(const std::vector<std::int64_t>& shape) {
  std::string out = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + "]";
}

const char* familyPrefix(Family family) {
  switch (family) {
    case Family::Bert:
      return "bert.";
    case Family::Roberta:
      return "roberta.";
    case Family::DistilBert:
      return "distilbert.";
    case Family::Gpt2:
      return "transformer.";
    default:
      return "model.";
  }
}

void resolve(Checkpoint& c, const std::map<std::string, TensorSpan>& all, const NeededTensor& t) {
  const TensorSpan* found = nullptr;
  for (const std::string& name : t.names)
    if (const auto it = all.find(c.prefix + name); it != all.end()) found = &it->second;
  const std::string full = c.prefix + t.names.front();
  const std::string where = c.files.size() == 1 ? c.files.front() : std::string(kIndexFile);
  if (!found) throw ModelError(where + ": tensor '" + full + "' is missing");
  if (found->dtype != "F32" && found->dtype != "F16" && found->dtype != "BF16")
    throw ModelError(found->file + ": tensor " + quotedText(full, 120) + " has dtype " + found->dtype + ": " +
                     dtypeKind(found->dtype) + " weights are not supported (F32, F16, BF16)");
  if (found->shape != t.shape)
    throw ModelError(found->file + ": tensor '" + full + "' has shape " + shapeText(found->shape) +
                     ", config.json implies " + shapeText(t.shape));
  if (c.dtype.empty())
    c.dtype = found->dtype;
  else if (c.dtype != found->dtype)
    c.dtype = "mixed";
  c.needed.emplace(t.names.front(), *found);
}

}  // namespace

const TensorSpan& Checkpoint::span(const std::string& name) const {
  const auto it = needed.find(name);
  if (it == needed.end()) throw ModelError("tensor '" + prefix + name + "' was not checked when the model was opened");
  return it->second;
}

Checkpoint openCheckpoint(ByteSource& source) {
  Checkpoint c;
  c.config = parseModelConfig(readWhole(source, "config.json", kMaxConfigBytes));
  std::map<std::string, TensorSpan> all;
  std::uint64_t size = 0;
  if (source.fileSize(kSingleFile, size)) {
    all = readHeader(source, kSingleFile, size);
    c.files.push_back(kSingleFile);
    c.fileBytes = size;
  } else if (source.fileSize(kIndexFile, size)) {
    all = readShards(source, c);
  } else {
    throw ModelError(std::string(kSingleFile) + ": " + source.whyAbsent(kSingleFile) + " (and " + kIndexFile + ": " +
                     source.whyAbsent(kIndexFile) + "; .bin files are not read)");
  }
  const std::vector<NeededTensor> embeddings = neededTensors(c.config, -1);
  const std::string& first = embeddings.front().names.front();
  c.prefix = all.count(first)                                   ? ""
             : all.count(familyPrefix(c.config.family) + first) ? familyPrefix(c.config.family)
                                                                : "";
  for (int layer = -1; layer < c.config.layers; ++layer)
    for (const NeededTensor& t : layer < 0 ? embeddings : neededTensors(c.config, layer)) resolve(c, all, t);
  return c;
}

}  // namespace attnlab::model
