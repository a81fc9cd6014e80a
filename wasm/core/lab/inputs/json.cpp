// SPDX-License-Identifier: Apache-2.0
// .json reader, event by event (nlohmann's SAX parser): no document tree is built, nesting is
// refused past the rule's rank as soon as it is seen, and only the numbers are kept.
//   sparse: {"n": 300 (optional), "entries": [[i, j, value], ...]}
//   dense (or a sparse rule's dense grid): {"shape": [...], "data": [...]} (data flat or nested) or nested arrays
// The events are json_reader.hpp's; here what they saw becomes the array, or the message that says why not.
#include <algorithm>
#include <cmath>

#include "lab/inputs/json_reader.hpp"

namespace attnlab::input_detail {
namespace {

std::string entriesResult(const Source& src, JsonReader& r, InputArray& out) {
  if (r.sawData_) return "give either entries or data, not both";
  if (r.entryCount_ == 0) return "field entries: is empty";
  const auto rows = static_cast<std::int64_t>(r.maxIndex_[0]) + 1, cols = static_cast<std::int64_t>(r.maxIndex_[1]) + 1;
  const std::int64_t needed = std::max(rows, cols);
  out.sparse = true;
  out.shape = src.rule.square ? std::vector<std::int64_t>{needed, needed} : std::vector<std::int64_t>{rows, cols};
  if (r.sawN_) {
    if (r.n_ != std::floor(r.n_) || r.n_ < static_cast<double>(needed))
      return "field n must be an integer at least 1 + the largest index (" + std::to_string(needed) + "), got " +
             quoteInput(r.nText_);
    if (r.n_ > static_cast<double>(src.rule.maxSide))
      return "field n = " + r.nText_ + " is above the largest allowed, " + std::to_string(src.rule.maxSide);
    const auto n = static_cast<std::int64_t>(r.n_);
    out.shape = {n, n};
  }
  if (std::string e = duplicateProblem(out.values, [](std::size_t q) { return "entries[" + std::to_string(q) + "]"; });
      !e.empty())
    return e;
  if (std::string e = nonzeroProblem(out, "the file"); !e.empty()) return e;
  return shapeProblem(src.rule, out.shape);
}

std::string gridResult(const Source& src, JsonReader& r, InputArray& out) {
  if (r.sawN_) return "field n goes with entries; data carries its own shape";
  if (r.leaf_ == 0) return "data holds no numbers";
  std::vector<std::int64_t> shape(r.gridShape_.begin(), r.gridShape_.begin() + r.leaf_);
  const double held = static_cast<double>(out.values.size());
  if (r.sawShape_) {
    std::uint64_t claimed = 0;
    if (!checkedProduct(r.declaredShape_, 1, claimed) || claimed != out.values.size())
      return "field shape " + shapeText(r.declaredShape_) + " = " + number(elementCount(r.declaredShape_)) +
             " elements but data holds " + number(held) + " numbers";
    if (r.leaf_ > 1 && shape != r.declaredShape_)
      return "field shape " + shapeText(r.declaredShape_) + " does not match the nesting of data " + shapeText(shape);
    shape = r.declaredShape_;
  }
  if (std::string e = shapeProblem(src.rule, shape); !e.empty()) return e;
  if (src.rule.kind == InputRule::Kind::Dense) {
    out.sparse = false;
    out.shape = shape;
    return "";
  }
  const std::vector<double> grid = std::move(out.values);
  return gridToTriplets(src.rule, shape, grid, out);
}

}  // namespace

std::string parseJson(const Source& src, InputArray& out, bool* absent, double* bundleScale) {
  if (std::string e = budgetProblem(src, estimateTextBytes(src.rule, src.bytes, true), "the file"); !e.empty())
    return e;
  out.values.reserve(numberTokenUpperBound(src.bytes));  // never grows past the estimate
  if (src.rule.headBundle) {
    bool notBundle = false, isAbsent = false;
    double scale = 0;
    const std::string e = parseHeadBundle(src, out, notBundle, isAbsent, scale);
    if (!notBundle) {
      if (absent) *absent = isAbsent;
      if (bundleScale) *bundleScale = scale;
      return e;
    }
    out.values.clear();  // keeps the reservation
  }
  JsonReader r(src.rule, out.values);
  const char* begin = src.bytes.data();
  if (!Json::sax_parse(begin, begin + src.bytes.size(), &r) || !r.error.empty())
    return r.error.empty() ? "not valid JSON" : r.error;
  const bool sparse = src.rule.kind == InputRule::Kind::SparsePattern;
  if (r.sawEntries_) {
    if (!sparse)
      return "field entries is a sparse [i, j, value] list, but " + src.rule.name +
             " takes a dense array ({\"shape\": [...], \"data\": [...]} or nested arrays)";
    return entriesResult(src, r, out);
  }
  if (r.sawData_) return gridResult(src, r, out);
  return sparse ? "field entries: expected an array of [i, j, value]" : "field data: expected an array of numbers";
}

}  // namespace attnlab::input_detail
