// SPDX-License-Identifier: Apache-2.0
// The safetensors container, validated as the reference reader (huggingface/safetensors) does:
// 8-byte little-endian header length N (at most 100,000,000), N bytes of JSON {name: {dtype, shape,
// data_offsets: [begin, end]}} with an optional "__metadata__" of strings, then the data; the spans,
// sorted, tile [0, data size) with no hole and no overlap, each span is numel × element size, and the
// data ends at the end of the file.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace attnlab::model {

constexpr std::uint64_t kMaxSafetensorsHeaderBytes = 100000000;

struct TensorSpan {
  std::string file;                  // the safetensors file holding it
  std::string dtype;                 // "F32", "F16", "BF16", ... as written
  std::vector<std::int64_t> shape;   // C order
  std::uint64_t begin = 0, end = 0;  // absolute byte offsets in the file (8 + N + data_offsets)
  std::int64_t numel() const;
};

// Bytes per element of a safetensors dtype; 0 for a name the format does not define.
std::uint64_t dtypeBytes(const std::string& dtype);

// The header's length from the first 8 bytes of `file` of `fileSize` bytes; throws ModelError naming `file`.
std::uint64_t safetensorsHeaderLength(const std::string& file, const std::string& firstEightBytes,
                                      std::uint64_t fileSize);
// Parses and validates the header text of `file`; throws ModelError naming `file` and the cause.
std::map<std::string, TensorSpan> parseSafetensorsHeader(const std::string& file, const std::string& headerText,
                                                         std::uint64_t fileSize);

}  // namespace attnlab::model
