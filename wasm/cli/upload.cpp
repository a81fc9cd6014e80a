#include "upload.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>

#include "attnlab/json.hpp"

namespace attnlab::cli {
namespace {

constexpr double kIndexLimit = 2147483648.0;  // 2^31, as the web parser

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string extension(const std::string& path) {
  const auto dot = path.find_last_of('.');
  return dot == std::string::npos ? "" : lower(path.substr(dot + 1));
}

bool readBytes(const std::string& path, std::string& bytes, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open '" + path + "'";
    return false;
  }
  bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

// Problem with one value of a triplet (field 0 = i, 1 = j, 2 = value), or "" if fine.
std::string fieldProblem(int field, double x) {
  if (!std::isfinite(x)) return "is not a finite number";
  if (field == 2) return x < 0 ? "must be >= 0" : "";
  if (x != std::floor(x)) return "must be a whole number";
  if (x < 0 || x >= kIndexLimit) return "must be in [0, 2^31)";
  return "";
}

bool parseNumber(const std::string& token, double& x) {
  if (token.empty()) return false;
  char* end = nullptr;
  x = std::strtod(token.c_str(), &end);
  return end == token.c_str() + token.size();
}

bool readCsv(const std::string& path, std::vector<double>& out, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot open '" + path + "'";
    return false;
  }
  static const char* const kFields[] = {"i", "j", "value"};
  std::string line;
  int lineNo = 0;
  bool sawData = false;
  while (std::getline(in, line)) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    for (char& c : line)
      if (c == ',' || c == ';' || c == '\t') c = ' ';
    std::istringstream ss(line);
    std::vector<std::string> cells;
    for (std::string cell; ss >> cell;) cells.push_back(cell);
    double x = 0;
    bool anyNumber = false;
    for (const auto& cell : cells) anyNumber = anyNumber || parseNumber(cell, x);
    if (!sawData && !anyNumber) {  // a header row such as "i,j,value"
      sawData = true;
      continue;
    }
    sawData = true;
    const std::string where = path + " line " + std::to_string(lineNo) + ": ";
    if (cells.size() != 3) {
      error = where + "expected 3 fields (i, j, value), got " + std::to_string(cells.size());
      return false;
    }
    for (int f = 0; f < 3; ++f) {
      if (!parseNumber(cells[f], x)) {
        error = where + "field " + kFields[f] + " '" + cells[f] + "' is not a number";
        return false;
      }
      const std::string problem = fieldProblem(f, x);
      if (!problem.empty()) {
        error = where + "field " + kFields[f] + " '" + cells[f] + "' " + problem;
        return false;
      }
      out.push_back(x);
    }
  }
  if (out.empty()) {
    error = path + ": no entries (expected rows \"i,j,value\")";
    return false;
  }
  return true;
}

bool readJson(const std::string& path, std::vector<double>& out, std::string& error) {
  std::string text;
  if (!readBytes(path, text, error)) return false;
  const Json doc = Json::parse(text, nullptr, false);
  if (doc.is_discarded()) {
    error = path + ": not valid JSON";
    return false;
  }
  if (!doc.is_object() || !doc.contains("entries") || !doc["entries"].is_array() || doc["entries"].empty()) {
    error = path + ": field entries: expected a non-empty array of [i, j, value]";
    return false;
  }
  double maxIndex = -1;
  const Json& entries = doc["entries"];
  for (std::size_t k = 0; k < entries.size(); ++k) {
    const Json& e = entries[k];
    const std::string where = path + ": entries[" + std::to_string(k) + "]";
    if (!e.is_array() || e.size() != 3) {
      error = where + ": expected [i, j, value]";
      return false;
    }
    for (int f = 0; f < 3; ++f) {
      const std::string problem = e[f].is_number() ? fieldProblem(f, e[f].get<double>()) : "is not a number";
      if (!problem.empty()) {
        error = where + "[" + std::to_string(f) + "] " + problem;
        return false;
      }
      out.push_back(e[f].get<double>());
      if (f < 2) maxIndex = std::max(maxIndex, out.back());
    }
  }
  if (doc.contains("n")) {
    const Json& n = doc["n"];
    if (!n.is_number_integer() || n.get<double>() < maxIndex + 1) {
      error = path + ": field n must be an integer at least 1 + the largest index (" +
              std::to_string(static_cast<long long>(maxIndex + 1)) + ")";
      return false;
    }
    // A larger n adds empty rows; an explicit zero carries the size so the core can report them.
    if (n.get<double>() > maxIndex + 1) out.insert(out.end(), {n.get<double>() - 1, n.get<double>() - 1, 0.0});
  }
  return true;
}

template <class T>
double loadLittleEndian(const unsigned char* p) {
  T x;
  std::memcpy(&x, p, sizeof(T));  // x86-64 and wasm are little-endian, like the accepted dtypes
  return static_cast<double>(x);
}

double halfToDouble(std::uint16_t h) {
  const int exponent = (h >> 10) & 0x1f, fraction = h & 0x3ff;
  const double sign = (h & 0x8000) ? -1.0 : 1.0;
  if (exponent == 0) return sign * std::ldexp(fraction / 1024.0, -14);
  if (exponent == 31) return fraction ? std::nan("") : sign * INFINITY;
  return sign * std::ldexp(1.0 + fraction / 1024.0, exponent - 15);
}

struct NpyHeader {
  std::string dtype;  // kind and size, e.g. "f8"
  bool fortran = false;
  std::size_t rows = 0, cols = 0, dataStart = 0;
};

// The header of a 2-D .npy file (format versions 1–3, spec paper3 §8.1).
bool parseNpyHeader(const std::string& path, const std::string& bytes, NpyHeader& h, std::string& error) {
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  if (bytes.size() < 12 || std::memcmp(data, "\x93NUMPY", 6) != 0) {
    error = path + ": not a .npy file (no \\x93NUMPY magic)";
    return false;
  }
  const int major = data[6];
  if (major < 1 || major > 3) {
    error = path + ": .npy format version " + std::to_string(major) + " is not supported";
    return false;
  }
  const std::size_t lengthAt = major == 1 ? 10 : 12;
  const std::size_t length = major == 1 ? data[8] | (data[9] << 8)
                                        : data[8] | (data[9] << 8) | (data[10] << 16) | (std::size_t{data[11]} << 24);
  h.dataStart = lengthAt + length;
  if (bytes.size() < h.dataStart) {
    error = path + ": truncated .npy header";
    return false;
  }
  const std::string header = bytes.substr(lengthAt, length);
  std::smatch m;
  if (!std::regex_search(header, m, std::regex("'descr'\\s*:\\s*'([<>|=]?)([a-zA-Z])(\\d+)'"))) {
    error = path + ": .npy header has no readable 'descr'";
    return false;
  }
  h.dtype = m[2].str() + m[3].str();
  if (m[1] == ">") {
    error = path + ": big-endian dtype '>" + h.dtype + "' is not supported (save with '<" + h.dtype + "')";
    return false;
  }
  h.fortran = std::regex_search(header, std::regex("'fortran_order'\\s*:\\s*True"));
  if (!std::regex_search(header, m, std::regex("'shape'\\s*:\\s*\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*,?\\s*\\)"))) {
    error = path + ": expected a 2-D array (shape (n, n)) in the .npy header";
    return false;
  }
  h.rows = std::stoul(m[1]);
  h.cols = std::stoul(m[2]);
  if (h.rows != h.cols || h.rows == 0) {
    error = path + ": shape (" + std::to_string(h.rows) + ", " + std::to_string(h.cols) +
            ") is not a square n × n pattern";
    return false;
  }
  return true;
}

using ElementLoader = double (*)(const unsigned char*);

// Loader and byte width of a dtype, or nullptr.
ElementLoader elementLoader(const std::string& dtype, std::size_t& width) {
  struct Entry {
    const char* dtype;
    ElementLoader load;
    std::size_t width;
  };
  static const Entry kTable[] = {
      {"f8", loadLittleEndian<double>, 8},
      {"f4", loadLittleEndian<float>, 4},
      {"f2", [](const unsigned char* p) { return halfToDouble(static_cast<std::uint16_t>(p[0] | (p[1] << 8))); }, 2},
      {"i8", loadLittleEndian<std::int64_t>, 8},
      {"i4", loadLittleEndian<std::int32_t>, 4},
      {"i2", loadLittleEndian<std::int16_t>, 2},
      {"i1", loadLittleEndian<std::int8_t>, 1},
      {"u4", loadLittleEndian<std::uint32_t>, 4},
      {"u2", loadLittleEndian<std::uint16_t>, 2},
      {"u1", loadLittleEndian<std::uint8_t>, 1},
      {"b1", loadLittleEndian<std::uint8_t>, 1},
  };
  for (const Entry& e : kTable)
    if (dtype == e.dtype) {
      width = e.width;
      return e.load;
    }
  return nullptr;
}

// A dense n × n .npy array -> triplets of its nonzeros in row-major order.
bool readNpy(const std::string& path, std::vector<double>& out, std::string& error) {
  std::string bytes;
  NpyHeader h;
  if (!readBytes(path, bytes, error) || !parseNpyHeader(path, bytes, h, error)) return false;
  std::size_t width = 0;
  const ElementLoader load = elementLoader(h.dtype, width);
  if (!load) {
    error = path + ": dtype '" + h.dtype + "' is not supported (use float64, float32, float16 or integers)";
    return false;
  }
  if (bytes.size() < h.dataStart + h.rows * h.cols * width) {
    error = path + ": the data is shorter than its shape (" + std::to_string(h.rows) + ", " + std::to_string(h.cols) + ")";
    return false;
  }
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data()) + h.dataStart;
  for (std::size_t i = 0; i < h.rows; ++i)
    for (std::size_t j = 0; j < h.cols; ++j) {
      const double v = load(data + (h.fortran ? j * h.rows + i : i * h.cols + j) * width);
      if (!std::isfinite(v) || v < 0) {
        std::ostringstream s;
        s << path << ": element (" << i << ", " << j << ") = " << v << " must be finite and >= 0";
        error = s.str();
        return false;
      }
      if (v > 0) out.insert(out.end(), {static_cast<double>(i), static_cast<double>(j), v});
    }
  if (out.empty()) {
    error = path + ": the array has no nonzero entry";
    return false;
  }
  return true;
}

}  // namespace

bool readUpload(const std::string& path, std::vector<double>& out, std::string& error) {
  out.clear();
  const std::string ext = extension(path);
  if (ext == "npy") return readNpy(path, out, error);
  if (ext == "json") return readJson(path, out, error);
  if (ext == "csv" || ext == "txt" || ext == "tsv") return readCsv(path, out, error);
  error = path + ": unsupported file type (use .csv, .npy or .json)";
  return false;
}

}  // namespace attnlab::cli
