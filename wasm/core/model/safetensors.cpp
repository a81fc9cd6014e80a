// SPDX-License-Identifier: Apache-2.0
#include "model/safetensors.hpp"

#include <algorithm>
#include <limits>

#include "lab/json_parse.hpp"
#include "numerics/shared/text.hpp"
#include "model/model_error.hpp"

namespace attnlab::model {
namespace {

[[noreturn]] void refuse(const std::string& file, const std::string& cause) { throw ModelError(file + ": " + cause); }

// A name as it may appear in a message: cut on a character boundary, control characters escaped (one line).
std::string printable(const std::string& name) { return printableText(name, 60); }

std::uint64_t unsignedField(const std::string& file, const std::string& name, const Json& value, const char* what) {
  if (!value.is_number_unsigned() && !(value.is_number_integer() && value.get<std::int64_t>() >= 0))
    refuse(file, "tensor '" + printable(name) + "': " + what + " must be non-negative integers");
  return value.get<std::uint64_t>();
}

TensorSpan parseEntry(const std::string& file, const std::string& name, const Json& entry, std::uint64_t dataStart) {
  if (!entry.is_object()) refuse(file, "tensor '" + printable(name) + "' is not an object in the header");
  const auto dtype = entry.find("dtype"), shape = entry.find("shape"), offsets = entry.find("data_offsets");
  if (dtype == entry.end() || shape == entry.end() || offsets == entry.end())
    refuse(file, "tensor '" + printable(name) + "' lacks dtype, shape or data_offsets");
  if (!dtype->is_string() || dtypeBytes(dtype->get<std::string>()) == 0)
    refuse(file, "tensor '" + printable(name) + "' has an unknown dtype " + printable(dtype->dump()));
  if (!shape->is_array() || shape->size() > 8)
    refuse(file, "tensor '" + printable(name) + "': shape must be a list of at most 8 sizes");
  if (!offsets->is_array() || offsets->size() != 2)
    refuse(file, "tensor '" + printable(name) + "': data_offsets must be [begin, end]");
  TensorSpan span;
  span.file = file;
  span.dtype = dtype->get<std::string>();
  std::uint64_t bytes = dtypeBytes(span.dtype);
  for (const Json& side : *shape) {
    const std::uint64_t n = unsignedField(file, name, side, "shape sizes");
    if (n != 0 && bytes > std::numeric_limits<std::uint64_t>::max() / n)
      refuse(file, "tensor '" + printable(name) + "': shape overflows");
    bytes *= n;
    span.shape.push_back(
        static_cast<std::int64_t>(std::min<std::uint64_t>(n, std::numeric_limits<std::int64_t>::max())));
  }
  const std::uint64_t begin = unsignedField(file, name, (*offsets)[0], "data_offsets");
  const std::uint64_t end = unsignedField(file, name, (*offsets)[1], "data_offsets");
  if (end < begin) refuse(file, "tensor '" + printable(name) + "': data_offsets end before they begin");
  if (end - begin != bytes)
    refuse(file, "tensor '" + printable(name) + "': its span holds " + std::to_string(end - begin) +
                     " bytes but shape x dtype needs " + std::to_string(bytes));
  span.begin = dataStart + begin;
  span.end = dataStart + end;
  return span;
}

}  // namespace

std::int64_t TensorSpan::numel() const {
  std::int64_t n = 1;
  for (const std::int64_t side : shape) n *= side;
  return n;
}

std::uint64_t dtypeBytes(const std::string& dtype) {
  if (dtype == "F64" || dtype == "I64" || dtype == "U64") return 8;
  if (dtype == "F32" || dtype == "I32" || dtype == "U32") return 4;
  if (dtype == "F16" || dtype == "BF16" || dtype == "I16" || dtype == "U16") return 2;
  if (dtype == "I8" || dtype == "U8" || dtype == "BOOL" || dtype == "F8_E4M3" || dtype == "F8_E5M2" ||
      dtype == "F8_E8M0")
    return 1;
  return 0;  // F4, F6_* (packed below a byte) and anything else: not a span this reader can check
}

std::uint64_t safetensorsHeaderLength(const std::string& file, const std::string& firstEightBytes,
                                      std::uint64_t fileSize) {
  if (fileSize < 8 || firstEightBytes.size() < 8) refuse(file, "truncated: shorter than the 8-byte header length");
  std::uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | static_cast<unsigned char>(firstEightBytes[static_cast<std::size_t>(i)]);
  if (n > kMaxSafetensorsHeaderBytes)
    refuse(file, "header length " + std::to_string(n) + " is above the limit of 100000000 bytes");
  if (n > fileSize - 8)
    refuse(file, "truncated or lying header length: " + std::to_string(n) + " bytes claimed, " +
                     std::to_string(fileSize - 8) + " in the file");
  return n;
}

std::map<std::string, TensorSpan> parseSafetensorsHeader(const std::string& file, const std::string& headerText,
                                                         std::uint64_t fileSize) {
  if (headerText.empty() || headerText[0] != '{') refuse(file, "the header is not a JSON object");
  const JsonParse parsed = parseJsonBounded(headerText, kModelFileLimits);
  if (parsed.fault == JsonFault::Limit) refuse(file, "the header: " + parsed.error);
  if (!parsed.ok() || !parsed.value.is_object()) refuse(file, "the header is not valid JSON");
  const Json& header = parsed.value;
  const std::uint64_t dataStart = 8 + headerText.size();
  std::map<std::string, TensorSpan> tensors;
  for (const auto& [name, entry] : header.items()) {
    if (name == "__metadata__") {
      if (!entry.is_object()) refuse(file, "__metadata__ is not an object");
      for (const auto& [key, value] : entry.items())
        if (!value.is_string()) refuse(file, "__metadata__ '" + printable(key) + "' is not a string");
      continue;
    }
    tensors.emplace(name, parseEntry(file, name, entry, dataStart));
  }
  std::vector<const TensorSpan*> spans;
  for (const auto& [name, span] : tensors) spans.push_back(&span);
  std::sort(spans.begin(), spans.end(), [](const TensorSpan* a, const TensorSpan* b) {
    return a->begin != b->begin ? a->begin < b->begin : a->end < b->end;
  });
  std::uint64_t expected = dataStart;
  for (const TensorSpan* span : spans) {
    if (span->begin != expected)
      refuse(file, std::string(span->begin < expected ? "overlapping" : "holed") + " data_offsets at byte " +
                       std::to_string(span->begin - dataStart) + " of the data");
    expected = span->end;
  }
  if (expected != fileSize)
    refuse(file, expected < fileSize
                     ? "the data ends " + std::to_string(fileSize - expected) + " bytes before the end of the file"
                     : "truncated: the header's data needs " + std::to_string(expected) + " bytes, the file has " +
                           std::to_string(fileSize));
  return tensors;
}

}  // namespace attnlab::model
