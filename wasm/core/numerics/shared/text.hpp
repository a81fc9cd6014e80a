// SPDX-License-Identifier: Apache-2.0
// Message text without iostreams (their locale machinery was about 70 KB of the wasm module): text(...) joins its
// parts, writing numbers as `std::ostream <<` did: integers in full, doubles with 6 significant digits (%g).
#pragma once
#include <string>
#include <type_traits>

namespace attnlab {

// x with `significant` significant digits, as printf's %.*g (and an ostream with that precision) writes it.
std::string formatNumber(double x, int significant = 6);
// s padded with spaces to `width` bytes, as std::left << std::setw(width) wrote it.
std::string padRight(const std::string& s, std::size_t width);
// A string from a file (a model_type, a tensor or shard name, a JSON key) as a message may show it: control characters
// (C0, DEL, C1) escaped as \xNN or \uNNNN so the message stays one line, cut to at most `limit` bytes on a UTF-8
// character boundary, "..." marking a cut.
std::string printableText(const std::string& value, std::size_t limit = 60);
// printableText in single quotes.
std::string quotedText(const std::string& value, std::size_t limit = 60);

namespace detail {
inline void appendPart(std::string& out, const std::string& s) { out += s; }
inline void appendPart(std::string& out, const char* s) { out += s; }
inline void appendPart(std::string& out, char c) { out += c; }
inline void appendPart(std::string& out, double x) { out += formatNumber(x); }
template <class T,
          std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, char> && !std::is_same_v<T, bool>, int> = 0>
void appendPart(std::string& out, T x) {
  out += std::to_string(x);
}
}  // namespace detail

template <class... Parts>
std::string text(const Parts&... parts) {
  std::string out;
  (detail::appendPart(out, parts), ...);
  return out;
}

}  // namespace attnlab
