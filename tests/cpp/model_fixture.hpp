// SPDX-License-Identifier: Apache-2.0
// The model reader's test fixtures (tests/fixtures/models, written by make_models.py with Debian's torch):
// a ByteSource over a fixture folder with files replaceable in memory, the expected Q, K and logits, and
// the error of a run against them relative to the largest |value|. The folder is found through
// ATTNLAB_MODEL_FIXTURES, natively and in the wasm suite (NODERAWFS).
#pragma once
#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "lab/json.hpp"
#include "model/head_qk.hpp"

namespace fixture {

inline std::string modelFolder(const std::string& name) { return std::string(ATTNLAB_MODEL_FIXTURES) + "/" + name; }

inline attnlab::Json readJson(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return attnlab::Json::parse(text.str());
}

// A fixture folder read from disk, with any file replaced (or added) in memory.
class FolderSource : public attnlab::model::ByteSource {
 public:
  explicit FolderSource(const std::string& name) : folder_(modelFolder(name)) {}
  std::map<std::string, std::string> replaced;
  std::string whole(const std::string& file) {
    if (replaced.count(file)) return replaced[file];
    std::ifstream in(folder_ + "/" + file, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
  }
  bool fileSize(const std::string& file, std::uint64_t& size) override {
    if (replaced.count(file)) return size = replaced[file].size(), true;
    std::ifstream in(folder_ + "/" + file, std::ios::binary | std::ios::ate);
    if (!in) return false;
    size = static_cast<std::uint64_t>(in.tellg());
    return true;
  }
  bool read(const std::string& file, std::uint64_t offset, std::uint64_t length, std::string& bytes,
            std::string& error) override {
    const std::string all = whole(file);
    if (offset > all.size() || length > all.size() - offset) return error = "beyond the end of the file", false;
    bytes = all.substr(offset, length);
    return true;
  }

 private:
  std::string folder_;
};

inline Eigen::MatrixXd matrix(const attnlab::Json& m) {
  Eigen::MatrixXd out(m["rows"].get<Eigen::Index>(), m["cols"].get<Eigen::Index>());
  for (Eigen::Index i = 0; i < out.rows(); ++i)
    for (Eigen::Index j = 0; j < out.cols(); ++j)
      out(i, j) = m["data"][static_cast<std::size_t>(i * out.cols() + j)].get<double>();
  return out;
}

// max |got - want| / max |want|; infinite when the shapes differ.
inline double relativeError(const Eigen::MatrixXd& got, const Eigen::MatrixXd& want) {
  if (got.rows() != want.rows() || got.cols() != want.cols()) return INFINITY;
  return (got - want).cwiseAbs().maxCoeff() / want.cwiseAbs().maxCoeff();
}

struct Expected {
  attnlab::model::QkRequest request;
  Eigen::MatrixXd q, k, logits;
  double scale;
};

inline Expected expected(const std::string& name) {
  const attnlab::Json e = readJson(modelFolder(name) + "/expected.json");
  Expected out;
  out.request.ids = e["ids"].get<std::vector<std::int64_t>>();
  out.request.layer = e["layer"].get<int>();
  out.request.head = e["head"].get<int>();
  out.q = matrix(e["q"]);
  out.k = matrix(e["k"]);
  out.logits = matrix(e["logits"]);
  out.scale = e["scale"].get<double>();
  return out;
}

// The largest of the three relative errors of a run of `name` (with deviations) against its expected values.
inline double worstError(const std::string& name, const attnlab::model::ForwardDeviations& deviations = {}) {
  Expected want = expected(name);
  want.request.deviations = deviations;
  FolderSource source(name);
  const attnlab::model::QkOutcome got = attnlab::model::modelHeadQk(source, want.request);
  if (!got.ok) return INFINITY;
  return std::max({relativeError(got.head.q, want.q), relativeError(got.head.k, want.k),
                   relativeError(got.head.logits, want.logits)});
}

}  // namespace fixture
